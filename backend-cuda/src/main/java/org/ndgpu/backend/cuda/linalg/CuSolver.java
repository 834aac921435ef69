package org.ndgpu.backend.cuda.linalg;

import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.infos;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.letter;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.ptr;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.transposed;

import java.lang.foreign.MemorySegment;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.vendor.Solver;

/**
 * {@link Solver} on a CUDA device through cuSOLVER's dense routines, float32, float64, complex64
 * and complex128: LU (getrf/getrs) for solve, inv, det and slogdet; potrf for cholesky; SciPy's
 * lu_factor, lu_solve, cho_factor, cho_solve through {@link CuFactor}; eigh and eigvalsh through
 * {@link CuEigh}; geqrf with orgqr/ungqr for qr; svd and lstsq through {@link CuSvd}. Everything
 * stays on the device except devInfo (to raise LinAlgException) and, for det and slogdet, the LU
 * diagonal and pivots.
 *
 * <p>A row-major matrix is the column-major storage of its transpose, which most routines use as
 * it is (see each method); matrices of a stack are factored one call each.
 */
final class CuSolver implements Solver {
    private static final int LOWER = 0; // CUBLAS_FILL_MODE_LOWER
    private static final int OP_N = 0, OP_T = 1; // cublasOperation_t

    private final CuSolverHandle h;
    private final CuSvd svd;
    private final CuFactor factor;

    CuSolver(Device device) {
        this.h = new CuSolverHandle(device);
        this.svd = new CuSvd(h);
        this.factor = new CuFactor(h);
    }

    @Override
    public boolean hasFactorSolves(DType dt) {
        return dt == DType.FLOAT32 || dt == DType.FLOAT64;
    }

    @Override
    public synchronized NDArray[] luFactor(NDArray a) {
        return factor.luFactor(a);
    }

    @Override
    public synchronized void luSolve(NDArray lu, NDArray piv, NDArray x, int trans) {
        factor.luSolve(lu, piv, x, trans);
    }

    @Override
    public synchronized void choFactor(NDArray c, boolean lower, NDArray info) {
        factor.choFactor(c, lower, info);
    }

    @Override
    public synchronized void choSolve(NDArray c, boolean lower, NDArray x) {
        factor.choSolve(c, lower, x);
    }

    @Override
    public boolean supports(DType dt) {
        return dt == DType.FLOAT32 || dt == DType.FLOAT64 || dt == DType.COMPLEX64 || dt == DType.COMPLEX128;
    }

    @Override
    public boolean hasEig() {
        return CuEig.available(h);
    }

    @Override
    public synchronized Eig eig(NDArray a, boolean vectors) {
        return CuEig.eig(h, a, vectors);
    }

    @Override
    public String where() {
        return "cuSOLVER (" + CuSolverHandle.API.loadedFrom() + ") on " + h.device.id();
    }

    @Override
    public synchronized Svd svd(NDArray a, boolean fullMatrices) {
        try (var _ = h.device.use()) {
            return svd.svd(a, fullMatrices);
        }
    }

    /** The singular values without the vectors where the routine can skip them ({@link CuSvd#svdvals}). */
    @Override
    public synchronized NDArray svdvals(NDArray a) {
        try (var _ = h.device.use()) {
            return svd.svdvals(a);
        }
    }

    @Override
    public synchronized Lstsq lstsq(NDArray a, NDArray rhs) {
        try (var _ = h.device.use()) {
            return svd.lstsq(a, rhs);
        }
    }

    // ---------------------------------------------------------------- LU

    /** LU factors of each matrix's transpose (the stored layout) with 1-based pivots and devInfo. */
    private record Lu(NDArray lu, NDArray ipiv, NDArray info) implements AutoCloseable {
        @Override
        public void close() {
            lu.close();
            ipiv.close();
            info.close();
        }
    }

    private Lu lu(NDArray a) {
        long b = a.shape(0);
        int n = (int) a.shape(1);
        NDArray lu = a.copy(), ipiv = h.empty(DType.INT32, b, n), info = h.empty(DType.INT32, b);
        h.getrf(lu, n, b, ipiv, info);
        return new Lu(lu, ipiv, info);
    }

    @Override
    public synchronized NDArray solve(NDArray a, NDArray rhs) {
        try (var _ = h.device.use()) {
            long b = a.shape(0);
            int n = (int) a.shape(1), r = (int) rhs.shape(2);
            if (b == 0 || n == 0 || r == 0) return h.empty(a.dtype(), b, n, r);
            // getrs runs before getrf's info is read (a singular U only gives inf or NaN, then refused), so the
            // stream waits on the host once, at the end
            try (Lu f = lu(a);
                    NDArray x = transposed(rhs); // x: each right-hand side column-major (n x r)
                    NDArray sinfo = h.empty(DType.INT32, b)) {
                // the factors are of A^T; op T solves (A^T)^T x = A x
                h.getrs(OP_T, f.lu, n, f.ipiv, x, r, b, sinfo);
                return checked("solve", f.info, transposed(x));
            }
        }
    }

    /** {@code result}, or "Singular matrix" (closing it) where getrf's info shows an exactly zero pivot. */
    private static NDArray checked(String op, NDArray info, NDArray result) {
        try {
            requireNonsingularLast(op, info);
            return result;
        } catch (RuntimeException e) {
            result.close();
            throw e;
        }
    }

    private static void requireNonsingularLast(String op, NDArray info) {
        long[] v = infos(info);
        for (int i = 0; i < v.length; i++) {
            if (v[i] > 0) throw new LinAlgException(op + ": Singular matrix");
        }
    }

    @Override
    public synchronized NDArray inv(NDArray a) {
        try (var _ = h.device.use()) {
            long b = a.shape(0);
            int n = (int) a.shape(1);
            if (b == 0 || n == 0) return h.empty(a.dtype(), b, n, n);
            try (Lu f = lu(a);
                    NDArray sinfo = h.empty(DType.INT32, b)) {
                // X y = I with X = A^T gives y = A^-T, whose column-major storage is A^-1 in row-major; getrf's
                // info is read once, after getrs, as in solve
                NDArray y = h.identities(a.dtype(), b, n);
                h.getrs(OP_N, f.lu, n, f.ipiv, y, n, b, sinfo);
                return checked("inv", f.info, y);
            }
        }
    }

    /** {sign or its real part, its imaginary part, log|det|, det re, det im} per matrix, from the LU diagonal and pivots. */
    private double[][] luDeterminants(NDArray a) {
        long b = a.shape(0);
        int n = (int) a.shape(1);
        double[] sr = new double[(int) b],
                si = new double[(int) b],
                lg = new double[(int) b],
                dr = new double[(int) b],
                di = new double[(int) b];
        if (n == 0) {
            java.util.Arrays.fill(sr, 1);
            java.util.Arrays.fill(dr, 1);
            return new double[][] {sr, si, lg, dr, di};
        }
        try (Lu f = lu(a)) {
            int isz = a.itemsize();
            double[] re, im = null;
            try (NDArray d = f.lu.view(
                    new long[] {b, n}, new long[] {(long) n * n * isz, (long) (n + 1) * isz}, f.lu.offset())) {
                double[] v = CuSolverHandle.hostValues(d);
                if (a.dtype().isComplex()) {
                    re = new double[v.length / 2];
                    im = new double[v.length / 2];
                    for (int i = 0; i < re.length; i++) {
                        re[i] = v[2 * i];
                        im[i] = v[2 * i + 1];
                    }
                } else {
                    re = v;
                }
            }
            long[] piv = f.ipiv.toLongArray();
            for (int q = 0; q < b; q++) {
                double pr = 1, pi = 0, log = 0;
                boolean zero = false;
                for (int j = 0; j < n; j++) {
                    if (piv[q * n + j] != j + 1) {
                        pr = -pr;
                        pi = -pi;
                    }
                }
                for (int j = 0; j < n; j++) {
                    double x = re[q * n + j], y = im == null ? 0 : im[q * n + j];
                    double abs = Math.hypot(x, y);
                    if (abs == 0) zero = true;
                    else {
                        log += Math.log(abs);
                        // a real pivot's sign is its signum (an inf pivot too, as NumPy's); a complex one's x / |x|
                        double ur = im == null ? Math.signum(x) : x / abs, ui = y / abs, t = pr * ur - pi * ui;
                        pi = pr * ui + pi * ur;
                        pr = t;
                    }
                }
                sr[q] = zero ? 0 : pr;
                si[q] = zero ? 0 : pi;
                lg[q] = zero ? Double.NEGATIVE_INFINITY : log;
                // det = sign * exp(logabsdet), as NumPy's umath_linalg computes it
                dr[q] = zero ? 0 : pr * Math.exp(log);
                di[q] = zero ? 0 : pi * Math.exp(log);
            }
        }
        return new double[][] {sr, si, lg, dr, di};
    }

    @Override
    public synchronized NDArray det(NDArray a) {
        try (var _ = h.device.use()) {
            double[][] r = luDeterminants(a);
            return h.upload(a.dtype(), r[3], r[4], a.shape(0));
        }
    }

    @Override
    public synchronized Slogdet slogdet(NDArray a) {
        try (var _ = h.device.use()) {
            double[][] r = luDeterminants(a);
            return new Slogdet(
                    h.upload(a.dtype(), r[0], r[1], a.shape(0)),
                    h.upload(a.dtype().real(), r[2], null, a.shape(0)));
        }
    }

    // ---------------------------------------------------------------- Cholesky, eigh

    @Override
    public synchronized NDArray cholesky(NDArray a) {
        try (var _ = h.device.use()) {
            long b = a.shape(0);
            int n = (int) a.shape(1);
            if (b == 0 || n == 0) return h.empty(a.dtype(), b, n, n);
            // potrf 'L' of a column-major copy reads A's lower triangle and writes L column-major, read
            // row-major through the transpose; cuSOLVER's lower potrf is much faster than its upper one
            try (NDArray f = transposed(a);
                    NDArray info = h.empty(DType.INT32, b);
                    NDArray l = f.transpose(0, 2, 1)) {
                h.potrf(LOWER, f, n, b, info);
                long[] v = infos(info);
                for (int i = 0; i < v.length; i++) {
                    if (v[i] > 0) {
                        throw new LinAlgException("cholesky: Matrix is not positive definite"
                                + (v.length > 1 ? " (matrix " + i + " of the stack)" : ""));
                    }
                }
                return h.triangle(l, true, n, n);
            }
        }
    }

    @Override
    public synchronized Eigh eigh(NDArray a) {
        return CuEigh.eigh(h, a, true);
    }

    /** syevd or syevjBatched without the vectors, as CuPy's eigvalsh ({@link CuEigh}). */
    @Override
    public synchronized NDArray eigvalsh(NDArray a) {
        return CuEigh.eigh(h, a, false).eigenvalues();
    }

    @Override
    public boolean batchedEigh(DType dtype, long n) {
        return n <= CuEigh.BATCHED;
    }

    // ---------------------------------------------------------------- QR

    /** geqrf then orgqr (ungqr) on a column-major copy of each matrix: q (b, m, k), r (b, k, n). */
    @Override
    public synchronized Qr qr(NDArray a) {
        try (var _ = h.device.use()) {
            long b = a.shape(0);
            int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
            DType dt = a.dtype();
            if (b == 0 || k == 0) return new Qr(h.empty(dt, b, m, k), h.zeros(dt, b, k, n));
            String t = letter(dt), orgqr = dt.isComplex() ? "ungqr" : "orgqr";
            try (NDArray f = transposed(a);
                    NDArray tau = h.empty(dt, b, k);
                    NDArray info = h.empty(DType.INT32, b)) {
                MemorySegment hd = h.begin();
                int lw1 = h.bufferSize("cusolverDn" + t + "geqrf_bufferSize", hd, m, n, ptr(f), m);
                int lw2 = h.bufferSize("cusolverDn" + t + orgqr + "_bufferSize", hd, m, k, k, ptr(f), m, ptr(tau));
                int lwork = Math.max(lw1, lw2);
                NDArray r;
                try (NDArray work = h.work(dt, lwork)) {
                    for (long i = 0; i < b; i++) {
                        h.call(
                                "cusolverDn" + t + "geqrf",
                                hd,
                                m,
                                n,
                                ptr(f, i * m * n),
                                m,
                                ptr(tau, i * k),
                                ptr(work),
                                lwork,
                                ptr(info, i));
                    }
                    // R: the upper triangle of the first k rows of the factored A (f holds A column-major, so f^T is A)
                    try (NDArray ft = f.transpose(0, 2, 1);
                            NDArray top = ft.get(":, :" + k + ", :")) {
                        r = h.triangle(top, false, k, n);
                    }
                    for (long i = 0; i < b; i++) {
                        h.call(
                                "cusolverDn" + t + orgqr,
                                hd,
                                m,
                                k,
                                k,
                                ptr(f, i * m * n),
                                m,
                                ptr(tau, i * k),
                                ptr(work),
                                lwork,
                                ptr(info, i));
                    }
                }
                // Q: the first k columns of each column-major m x n matrix
                int isz = dt.itemsize();
                try (NDArray qs = f.view(
                        new long[] {b, k, m}, new long[] {(long) m * n * isz, (long) m * isz, isz}, f.offset())) {
                    return new Qr(transposed(qs), r);
                }
            }
        }
    }
}
