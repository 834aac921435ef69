package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Solver;

/**
 * ndgpu's own factorizations, written once in the kernel dialect ({@link SmallFactor}), on every
 * device, in front of the device's other solver (the {@code fallback}: cuSOLVER on CUDA, EJML on
 * the host elsewhere). This class is the one place that picks between them ({@link #path}):
 * stacks of matrices of order up to 64 are factored by the one-work-group kernels on every device
 * (on CUDA too, where cuSOLVER's non-batched routines would loop over the stack); larger orders
 * by the blocked kernels where the fallback is the host (OpenCL), or where
 * {@code ndgpu.linalg.solver=own} asks for them on CUDA (to check them against cuSOLVER), else
 * by the fallback library. What these kernels do not take (complex dtypes, float64 on a device
 * without it, the decompositions not written here) goes to the fallback: {@link #runsOnDevice}
 * says which, and {@link #where} names both.
 */
final class DeviceSolver implements Solver {
    private final Device device;
    private final Solver fallback;
    /** Orders above the one-group kernels' are factored here (blocked), not by the fallback. */
    private final boolean blocked;

    /**
     * QR and eigh take the GPU-shaped kernels (one work-group per small matrix, blocked QR from
     * order 65): true on GPUs; on a CPU device (PoCL) the Jacobi kernel loses to EJML on the host
     * (each round is a barrier across a few work-items) and small QR gains nothing, so there only
     * blocked QR of sides from {@link #CPU_QR} runs here, where it won (linalg/README.md).
     */
    private final boolean orthogonalKernels;

    /** The smallest side from which a CPU device's blocked QR beat EJML on the host (linalg/README.md). */
    static final long CPU_QR = 768;

    DeviceSolver(Device device, Solver fallback, boolean ownEverywhere) {
        this(device, fallback, ownEverywhere, device.facts().isGpu());
    }

    /** As above, choosing the QR and eigh kernels on any device ({@code orthogonalKernels}), for tests. */
    DeviceSolver(Device device, Solver fallback, boolean ownEverywhere, boolean orthogonalKernels) {
        this.device = device;
        this.fallback = fallback;
        this.blocked = ownEverywhere || fallback instanceof HostSolver;
        this.orthogonalKernels = orthogonalKernels;
    }

    /** The solver behind this one, for what the kernels here do not take. */
    Solver fallback() {
        return fallback;
    }

    /** True when small QR and eigh, and blocked QR past them, run on the kernels here (GPUs). */
    boolean orthogonalKernels() {
        return orthogonalKernels;
    }

    /** True when orders above the one-group kernels' are factored by the blocked kernels here. */
    boolean blocked() {
        return blocked;
    }

    @Override
    public boolean supports(DType dtype) {
        return fallback.supports(dtype);
    }

    @Override
    public String where() {
        String small = "ndgpu's kernels on " + device.id() + " for orders up to " + SmallFactor.MAX;
        // a library in front names itself first, so reports (and tests) still see cuSOLVER
        return blocked
                ? "ndgpu's kernels on " + device.id() + " (LU and Cholesky; "
                        + (orthogonalKernels
                                ? "QR, SVD, and eigh up to order " + SmallFactor.MAX
                                : "QR from order " + CPU_QR)
                        + "), else " + fallback.where()
                : fallback.where() + ", with " + small + " (LU, Cholesky, QR, eigh)";
    }

    @Override
    public boolean hasEig() {
        return fallback.hasEig();
    }

    @Override
    public Eig eig(NDArray a, boolean vectors) {
        return fallback.eig(a, vectors);
    }

    /**
     * SciPy's factor-and-solve family on the fallback library where large orders go to it (cuSOLVER
     * on CUDA by default); with the blocked kernels here ({@code ndgpu.linalg.solver=own}, OpenCL)
     * ScipySolves runs them instead.
     */
    @Override
    public boolean hasFactorSolves(DType dtype) {
        return !blocked && fallback.hasFactorSolves(dtype);
    }

    @Override
    public NDArray[] luFactor(NDArray a) {
        return fallback.luFactor(a);
    }

    @Override
    public void luSolve(NDArray lu, NDArray piv, NDArray x, int trans) {
        fallback.luSolve(lu, piv, x, trans);
    }

    @Override
    public void choFactor(NDArray c, boolean lower, NDArray info) {
        fallback.choFactor(c, lower, info);
    }

    @Override
    public void choSolve(NDArray c, boolean lower, NDArray x) {
        fallback.choSolve(c, lower, x);
    }

    /** Who factors a stack: the one-group kernels, the blocked algorithm, or the fallback. */
    enum Path {
        SMALL,
        BLOCKED,
        HOST
    }

    /** True when the LU and Cholesky family runs here for stacks of {@code dt} of order {@code n}. */
    boolean runsOnDevice(DType dt, long n) {
        return path(dt, n) != Path.HOST;
    }

    /**
     * The path for stacks of {@code dt} of order {@code n}: orders up to 64 in one work-group per
     * matrix, on every device; larger ones blocked through the device's GEMM where {@link #blocked}
     * (on PoCL too, where that beat EJML on the host from order 256 up: linalg/README.md); the
     * fallback (HOST) for a library's large matrices, complex dtypes, float64 on a device without
     * it, or a device without a GEMM.
     */
    Path path(DType dt, long n) {
        if (!real(dt)) return Path.HOST;
        if (SmallFactor.fits(device, dt, n)) return Path.SMALL;
        if (!blocked) return Path.HOST;
        Blas blas = Blas.forDevice(device);
        return blas == null || !blas.supports(dt) || n >= Integer.MAX_VALUE ? Path.HOST : Path.BLOCKED;
    }

    /** True for the dtypes the kernels take on this device: float32, and float64 where it has it. */
    private boolean real(DType dt) {
        return dt == DType.FLOAT32 || (dt == DType.FLOAT64 && device.facts().fp64());
    }

    /** True when qr runs here for stacks of {@code dt} of shape (m, n); else on the fallback. */
    boolean qrOnDevice(DType dt, long m, long n) {
        return real(dt) && (smallQr(dt, m, n) || blockedQr(dt, m, n));
    }

    private boolean smallQr(DType dt, long m, long n) {
        return orthogonalKernels && SmallQr.fits(device, dt, m, n);
    }

    /** True when qr of (m, n) matrices is blocked here, as {@link #path}'s BLOCKED for the LU family. */
    private boolean blockedQr(DType dt, long m, long n) {
        Blas blas = Blas.forDevice(device);
        return blocked
                && (orthogonalKernels ? !SmallQr.fits(device, dt, m, n) : Math.min(m, n) >= CPU_QR)
                && blas != null
                && blas.supports(dt)
                && m * n < Integer.MAX_VALUE;
    }

    /**
     * The largest order whose stacks take ndgpu's Jacobi kernel for eigh with eigenvectors where the
     * fallback has a batched routine (cuSOLVER's syevjBatched): the kernel was faster there up to it;
     * values only (eigvalsh), at every order the kernel takes (BENCHMARKS.md, twenty-fifth session).
     */
    static final long JACOBI_VECTORS_MAX = 8;

    /**
     * True when eigh ({@code vectors}) or eigvalsh run here for stacks of {@code dt} of order
     * {@code n}; else on the fallback, whose batched routine (cuSOLVER's syevjBatched) takes eigh of
     * larger orders unless {@code ndgpu.linalg.solver=own} asks for the kernels here, to compare them.
     */
    boolean eighOnDevice(DType dt, long n, boolean vectors) {
        return orthogonalKernels
                && real(dt)
                && SmallEigh.fits(device, dt, n)
                && (blocked || !vectors || n <= JACOBI_VECTORS_MAX || !fallback.batchedEigh(dt, n));
    }

    private Path path(NDArray a) {
        return path(a.dtype(), a.shape(1));
    }

    private SmallFactor.Lu lu(NDArray a, Path p) {
        return p == Path.SMALL ? SmallFactor.lu(a) : BlockedFactor.lu(a, Blas.forDevice(device));
    }

    private static void luSolve(SmallFactor.Lu f, NDArray x, boolean eye, Path p) {
        if (p == Path.SMALL) SmallFactor.solve(f, x, eye);
        else BlockedFactor.solve(f, x, eye, Blas.forDevice(x.device()));
    }

    /** Throws "op: Singular matrix" where a pivot of any matrix is exactly zero, as getrf's info > 0. */
    private static void requireNonsingular(String op, NDArray info) {
        for (int v : info.toIntArray()) {
            if (v != 0) throw new LinAlgException(op + ": Singular matrix");
        }
    }

    @Override
    public NDArray solve(NDArray a, NDArray rhs) {
        Path p = path(a);
        if (p == Path.HOST) return fallback.solve(a, rhs);
        if (p == Path.SMALL && SmallGaussJordan.fits(device, a.dtype(), a.shape(1), rhs.shape(2)))
            return SmallGaussJordan.solve(a, rhs, "solve");
        if (p == Path.SMALL && SmallGesv.fits(device, a.dtype(), a.shape(1))) {
            if (rhs.isCContiguous()) return SmallGesv.solve(a, rhs, "solve");
            try (NDArray b = rhs.copy(Order.C)) {
                return SmallGesv.solve(a, b, "solve");
            }
        }
        try (SmallFactor.Lu f = lu(a, p)) {
            requireNonsingular("solve", f.info());
            NDArray x = rhs.copy(Order.C);
            try {
                luSolve(f, x, false, p);
                return x;
            } catch (RuntimeException e) {
                x.close();
                throw e;
            }
        }
    }

    @Override
    public NDArray inv(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return fallback.inv(a);
        if (p == Path.SMALL && SmallGaussJordan.fits(device, a.dtype(), a.shape(1), -1))
            return SmallGaussJordan.solve(a, null, "inv");
        if (p == Path.SMALL && SmallGesv.fits(device, a.dtype(), a.shape(1))) return SmallGesv.solve(a, null, "inv");
        try (SmallFactor.Lu f = lu(a, p)) {
            requireNonsingular("inv", f.info());
            NDArray x = NDArray.empty(device, a.dtype(), a.shape(), Order.C);
            try {
                luSolve(f, x, true, p);
                return x;
            } catch (RuntimeException e) {
                x.close();
                throw e;
            }
        }
    }

    @Override
    public NDArray det(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return fallback.det(a);
        try (SmallFactor.Lu f = lu(a, p)) {
            NDArray d = NDArray.empty(device, a.dtype(), new long[] {a.shape(0)}, Order.C);
            SmallFactor.slogdet(f, null, null, d);
            return d;
        }
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return fallback.slogdet(a);
        try (SmallFactor.Lu f = lu(a, p)) {
            long[] b = {a.shape(0)};
            NDArray sign = NDArray.empty(device, a.dtype(), b, Order.C);
            NDArray log = NDArray.empty(device, a.dtype(), b, Order.C);
            SmallFactor.slogdet(f, sign, log, null);
            return new Slogdet(sign, log);
        }
    }

    @Override
    public NDArray cholesky(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return fallback.cholesky(a);
        NDArray[] r = p == Path.SMALL ? SmallFactor.cholesky(a) : BlockedFactor.cholesky(a, Blas.forDevice(device));
        try (NDArray info = r[1]) {
            int[] bad = info.toIntArray();
            for (int i = 0; i < bad.length; i++) {
                if (bad[i] != 0) {
                    r[0].close();
                    throw new LinAlgException("cholesky: Matrix is not positive definite"
                            + (bad.length > 1 ? " (matrix " + i + " of the stack)" : ""));
                }
            }
        }
        return r[0];
    }

    /**
     * True when svd (and svdvals, pinv, matrixRank, cond and the 2-norms on it) runs here for stacks
     * of {@code dt} of shape (m, n): one-sided Jacobi ({@link JacobiSvd}) where the blocked kernels
     * run (OpenCL; CUDA with {@code ndgpu.linalg.solver=own}), on GPUs; a CPU device keeps EJML on
     * the host, which beat the kernels there (linalg/README.md).
     */
    boolean svdOnDevice(DType dt, long m, long n) {
        return blocked && orthogonalKernels && real(dt) && Math.min(m, n) < Integer.MAX_VALUE;
    }

    @Override
    public Svd svd(NDArray a, boolean fullMatrices) {
        return svdOnDevice(a.dtype(), a.shape(1), a.shape(2))
                ? JacobiSvd.svd(a, fullMatrices, this::qr)
                : fallback.svd(a, fullMatrices);
    }

    /**
     * True when svdvals of stacks of {@code dt} of shape (m, n) runs in one launch here ({@link
     * SmallSvd}: both sides up to 32, on GPUs), ahead of JacobiSvd's launch per round and the
     * library's batched routine.
     */
    boolean smallSvdvals(DType dt, long m, long n) {
        return orthogonalKernels && real(dt) && SmallSvd.fits(device, dt, m, n);
    }

    @Override
    public NDArray svdvals(NDArray a) {
        DType dt = a.dtype();
        long m = a.shape(1), n = a.shape(2);
        if (smallSvdvals(dt, m, n)) return SmallSvd.svdvals(a);
        return svdOnDevice(dt, m, n) ? JacobiSvd.svdvals(a) : fallback.svdvals(a);
    }

    @Override
    public Qr qr(NDArray a) {
        DType dt = a.dtype();
        long m = a.shape(1), n = a.shape(2);
        if (!real(dt)) return fallback.qr(a);
        if (smallQr(dt, m, n)) return SmallQr.qr(a);
        return blockedQr(dt, m, n) ? BlockedQr.qr(a, Blas.forDevice(device)) : fallback.qr(a);
    }

    /**
     * SmallEigh's kernel flags NaN and inf as it loads each matrix (info 2) and throws NumPy's error;
     * orders below 3, which NumPy answers with NaN, and a null dtype are not its.
     */
    @Override
    public boolean eighRefusesNonFinite(DType dtype, long n, boolean vectors) {
        return dtype != null && n >= 3 && eighOnDevice(dtype, n, vectors);
    }

    @Override
    public Eigh eigh(NDArray a) {
        return eighOnDevice(a.dtype(), a.shape(1), true) ? SmallEigh.eigh(a, true, "eigh") : fallback.eigh(a);
    }

    @Override
    public NDArray eigvalsh(NDArray a) {
        return eighOnDevice(a.dtype(), a.shape(1), false)
                ? SmallEigh.eigh(a, false, "eigvalsh").eigenvalues()
                : fallback.eigvalsh(a);
    }

    @Override
    public Lstsq lstsq(NDArray a, NDArray rhs) {
        return fallback.lstsq(a, rhs);
    }
}
