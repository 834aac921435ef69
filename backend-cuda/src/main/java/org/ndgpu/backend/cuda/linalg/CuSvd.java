package org.ndgpu.backend.cuda.linalg;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.conjIfComplex;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.cudaType;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.infos;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.letter;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.ptr;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.transposed;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.cuda.linalg.CudaLinalg.SvdAlgorithm;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Svd;

/**
 * svd (and lstsq on it) with cuSOLVER: gesvd, gesvdj, Xgesvdp, or gesvdjBatched for stacks of small
 * matrices, chosen by {@link CudaLinalg#svdAlgorithm()}.
 *
 * <p>Layout. cuSOLVER's gesvd wants rows &ge; columns. A wide or square row-major A is stored as
 * the column-major Y = A^T (n x m, n &ge; m), used as it is; a tall one is copied to column-major
 * Y = A. With Y = U_y S V_y^H: for Y = A^T, vh = U_y^T, which is U_y's storage read row-major, and
 * u = conj(V_y), which is gesvd's VT read row-major, so gesvd of a wide or square matrix needs no
 * copy of its results; for Y = A, u = U_y and vh = V_y^H (transposed copies).
 */
final class CuSvd {
    private static final int NO_VECTOR = 0, EIG_VECTOR = 1; // cusolverEigMode_t
    private final CuSolverHandle h;

    CuSvd(CuSolverHandle h) {
        this.h = h;
    }

    /** The routine for a (b, m, n) stack under the current setting. */
    static SvdAlgorithm choose(DType dt, long b, long m, long n, boolean full) {
        SvdAlgorithm a = CudaLinalg.svdAlgorithm();
        if (a != SvdAlgorithm.AUTO) return a;
        if (m <= 32 && n <= 32 && b > 1) return null; // gesvdjBatched
        // Xgesvdp (QDWH polar decomposition) is the fastest of cuSOLVER's routines on large real matrices;
        // the measurements are in linalg/README.md
        return !dt.isComplex() && Math.min(m, n) >= 256 ? SvdAlgorithm.GESVDP : SvdAlgorithm.GESVD;
    }

    Svd svd(NDArray a, boolean full) {
        long b = a.shape(0);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        DType dt = a.dtype(), rt = dt.real();
        if (b == 0 || k == 0) {
            return new Svd(
                    identitiesOrEmpty(dt, b, m, full ? m : k),
                    h.empty(rt, b, k),
                    identitiesOrEmpty(dt, b, full ? n : k, n));
        }
        SvdAlgorithm alg = choose(dt, b, m, n, full);
        if (alg == null) return batched(a, full);
        if (alg == SvdAlgorithm.GESVDP && (dt == DType.FLOAT32 || dt == DType.COMPLEX64)) {
            // Xgesvdp in single precision can return a wrong factorization, while double precision is exact and
            // costs little more (linalg/README.md): single precision runs in double and is rounded back
            DType wide = dt == DType.FLOAT32 ? DType.FLOAT64 : DType.COMPLEX128;
            Svd d;
            try (NDArray a64 = org.ndgpu.ndarray.Copies.copy(a, wide, org.ndgpu.ndarray.Order.C)) {
                d = svd(a64, full);
            }
            try (NDArray u = d.u();
                    NDArray s = d.s();
                    NDArray vh = d.vh()) {
                return new Svd(
                        org.ndgpu.ndarray.Copies.copy(u, dt, org.ndgpu.ndarray.Order.C),
                        org.ndgpu.ndarray.Copies.copy(s, rt, org.ndgpu.ndarray.Order.C),
                        org.ndgpu.ndarray.Copies.copy(vh, dt, org.ndgpu.ndarray.Order.C));
            }
        }
        boolean yIsAt = n >= m; // Y = A^T (stored as is) or Y = A (column-major copy)
        int rows = Math.max(m, n), cols = k; // Y is rows x cols, rows >= cols
        int ucols = full ? rows : cols; // columns of U_y
        NDArray y = yIsAt ? a.copy() : transposed(a);
        NDArray s = h.empty(rt, b, k);
        NDArray uy, vy; // U_y stored (b, ucols, rows); V_y^H (gesvd) or V_y stored (b, cols, cols)
        try (y;
                NDArray info = h.empty(DType.INT32, b)) {
            switch (alg) {
                case GESVD -> {
                    uy = h.empty(dt, b, ucols, rows);
                    vy = h.empty(dt, b, cols, cols);
                    gesvd(y, s, uy, vy, info, rows, cols, full);
                }
                case GESVDJ -> {
                    uy = h.empty(dt, b, ucols, rows);
                    vy = h.empty(dt, b, cols, cols);
                    gesvdj(y, s, uy, vy, info, rows, cols, full);
                }
                default -> {
                    uy = h.empty(dt, b, rows, rows);
                    vy = h.empty(dt, b, cols, cols);
                    gesvdp(y, s, uy, vy, info, rows, cols, full);
                    if (ucols != rows) {
                        int isz = dt.itemsize();
                        NDArray v = uy.view(
                                new long[] {b, ucols, rows},
                                new long[] {(long) rows * rows * isz, (long) rows * isz, isz},
                                uy.offset());
                        uy.close();
                        uy = v;
                    }
                }
            }
            for (long x : infos(info)) {
                if (x != 0) {
                    s.close();
                    uy.close();
                    vy.close();
                    throw new LinAlgException("svd: SVD did not converge (cuSOLVER "
                            + alg.name().toLowerCase(java.util.Locale.ROOT) + " info " + x + ")");
                }
            }
        }
        boolean vIsVh = alg == SvdAlgorithm.GESVD; // gesvd returns V^H, the others V
        NDArray u, vh;
        if (yIsAt) {
            vh = uy; // U_y storage read row-major = U_y^T
            u = vIsVh ? vy : conjIfComplex(transposedAndClose(vy)); // conj(V_y)
        } else {
            u = transposedAndClose(uy); // U_y
            vh = vIsVh ? transposedAndClose(vy) : conjIfComplex(vy); // V_y^H
        }
        return new Svd(u, s, vh);
    }

    private static NDArray transposedAndClose(NDArray x) {
        try (x) {
            return transposed(x);
        }
    }

    private NDArray identitiesOrEmpty(DType dt, long b, long r, long c) {
        return r == c && r > 0 ? h.identities(dt, b, r) : h.empty(dt, b, r, c);
    }

    private void gesvd(NDArray y, NDArray s, NDArray uy, NDArray vy, NDArray info, int rows, int cols, boolean full) {
        DType dt = y.dtype();
        String t = letter(dt);
        long b = y.shape(0);
        MemorySegment hd = h.begin();
        int lwork = h.bufferSize("cusolverDn" + t + "gesvd_bufferSize", hd, rows, cols);
        byte job = (byte) (full ? 'A' : 'S');
        int ucols = full ? rows : cols;
        try (NDArray work = h.work(dt, lwork);
                NDArray rwork = h.work(dt.real(), cols)) {
            for (long i = 0; i < b; i++) {
                h.call(
                        "cusolverDn" + t + "gesvd",
                        hd,
                        job,
                        job,
                        rows,
                        cols,
                        ptr(y, i * rows * cols),
                        rows,
                        ptr(s, i * cols),
                        ptr(uy, i * ucols * rows),
                        rows,
                        ptr(vy, i * cols * cols),
                        cols,
                        ptr(work),
                        lwork,
                        ptr(rwork),
                        ptr(info, i));
            }
        }
    }

    private void gesvdj(NDArray y, NDArray s, NDArray uy, NDArray vy, NDArray info, int rows, int cols, boolean full) {
        DType dt = y.dtype();
        String t = letter(dt);
        long b = y.shape(0);
        int econ = full ? 0 : 1, ucols = full ? rows : cols;
        MemorySegment hd = h.begin();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(ADDRESS);
            h.call("cusolverDnCreateGesvdjInfo", p);
            MemorySegment params = p.get(ADDRESS, 0);
            try {
                // this query's int* lwork comes before the gesvdjInfo_t
                MemorySegment lw = arena.allocate(JAVA_INT);
                h.call(
                        "cusolverDn" + t + "gesvdj_bufferSize",
                        hd,
                        EIG_VECTOR,
                        econ,
                        rows,
                        cols,
                        ptr(y),
                        rows,
                        ptr(s),
                        ptr(uy),
                        rows,
                        ptr(vy),
                        cols,
                        lw,
                        params);
                int lwork = lw.get(JAVA_INT, 0);
                try (NDArray work = h.work(dt, lwork)) {
                    for (long i = 0; i < b; i++) {
                        h.call(
                                "cusolverDn" + t + "gesvdj",
                                hd,
                                EIG_VECTOR,
                                econ,
                                rows,
                                cols,
                                ptr(y, i * rows * cols),
                                rows,
                                ptr(s, i * cols),
                                ptr(uy, i * ucols * rows),
                                rows,
                                ptr(vy, i * cols * cols),
                                cols,
                                ptr(work),
                                lwork,
                                ptr(info, i),
                                params);
                    }
                }
            } finally {
                CuSolverHandle.API.call("cusolverDnDestroyGesvdjInfo", params);
            }
        }
    }

    private void gesvdp(NDArray y, NDArray s, NDArray uy, NDArray vy, NDArray info, int rows, int cols, boolean full) {
        DType dt = y.dtype(), rt = dt.real();
        long b = y.shape(0);
        int econ = full ? 0 : 1, ty = cudaType(dt), ts = cudaType(rt);
        MemorySegment hd = h.begin(), params = h.params();
        if (params == null)
            throw new org.ndgpu.exceptions.DeviceException("svd: this cuSOLVER has no 64-bit API (cusolverDnXgesvdp)");
        long lr = rows, lc = cols;
        long[] ws = h.bufferSize64(
                "cusolverDnXgesvdp_bufferSize",
                hd,
                params,
                EIG_VECTOR,
                econ,
                lr,
                lc,
                ty,
                ptr(y),
                lr,
                ts,
                ptr(s),
                ty,
                ptr(uy),
                lr,
                ty,
                ptr(vy),
                lc,
                ty);
        try (NDArray work = h.work(DType.UINT8, ws[0]);
                Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(Math.max(1, ws[1]), 16), err = arena.allocate(JAVA_DOUBLE);
            for (long i = 0; i < b; i++) {
                h.call(
                        "cusolverDnXgesvdp",
                        hd,
                        params,
                        EIG_VECTOR,
                        econ,
                        lr,
                        lc,
                        ty,
                        ptr(y, i * rows * cols),
                        lr,
                        ts,
                        ptr(s, i * cols),
                        ty,
                        ptr(uy, i * rows * rows),
                        lr,
                        ty,
                        ptr(vy, i * cols * cols),
                        lc,
                        ty,
                        ptr(work),
                        ws[0],
                        host,
                        ws[1],
                        ptr(info, i),
                        err);
            }
        }
    }

    /**
     * The singular values alone (b, k), descending: gesvdjBatched without the vectors (jobz N, as
     * CuPy's svd(compute_uv=False) of a stack) for stacks of small matrices; the other routines
     * through {@link #svd}.
     */
    NDArray svdvals(NDArray a) {
        long b = a.shape(0);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        DType dt = a.dtype();
        if (b == 0 || k == 0 || choose(dt, b, m, n, false) != null) {
            Svd r = svd(a, false);
            r.u().close();
            r.vh().close();
            return r.s();
        }
        NDArray s = h.empty(dt.real(), b, k);
        // the vectors' arrays stay unwritten with jobz N; they are passed for their leading dimensions
        try (NDArray y = a.copy();
                NDArray uy = h.empty(dt, b, n, n);
                NDArray vy = h.empty(dt, b, m, m)) {
            gesvdjBatched(y, s, uy, vy, false);
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** gesvdjBatched: every matrix of the stack at once (m, n &lt;= 32), full U and V, on Y = A^T. */
    private Svd batched(NDArray a, boolean full) {
        long b = a.shape(0);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        DType dt = a.dtype();
        // Y = A^T is n x m; U_y n x n, V_y m x m
        NDArray s = h.empty(dt.real(), b, k);
        try (NDArray y = a.copy();
                NDArray uy = h.empty(dt, b, n, n);
                NDArray vy = h.empty(dt, b, m, m)) {
            gesvdjBatched(y, s, uy, vy, true);
            // vh = U_y^T (uy read row-major), its first k rows unless full; u = conj(V_y), its first k columns unless
            // full
            NDArray vh, u;
            try (NDArray top = uy.get(":, :" + (full ? n : k) + ", :")) {
                vh = top.copy();
            }
            try (NDArray ut = conjIfComplex(transposed(vy));
                    NDArray left = ut.get(":, :, :" + (full ? m : k))) {
                u = left.copy();
            }
            return new Svd(u, s, vh);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /**
     * One gesvdjBatched call on the stack y (b, m, n) read as n x m column-major matrices Y = A^T:
     * the singular values into s (b, k), and with {@code vectors} U_y into uy (b, n, n) and V_y
     * into vy (b, m, m); y is overwritten. Sorted descending; not converged throws LinAlgException.
     */
    private void gesvdjBatched(NDArray y, NDArray s, NDArray uy, NDArray vy, boolean vectors) {
        long b = y.shape(0);
        int m = (int) y.shape(1), n = (int) y.shape(2);
        String t = letter(y.dtype());
        int jobz = vectors ? EIG_VECTOR : NO_VECTOR;
        try (NDArray info = h.empty(DType.INT32, b);
                Arena arena = Arena.ofConfined()) {
            MemorySegment hd = h.begin();
            MemorySegment p = arena.allocate(ADDRESS);
            h.call("cusolverDnCreateGesvdjInfo", p);
            MemorySegment params = p.get(ADDRESS, 0);
            try {
                h.call("cusolverDnXgesvdjSetSortEig", params, 1);
                MemorySegment lw = arena.allocate(JAVA_INT);
                h.call(
                        "cusolverDn" + t + "gesvdjBatched_bufferSize",
                        hd,
                        jobz,
                        n,
                        m,
                        ptr(y),
                        n,
                        ptr(s),
                        ptr(uy),
                        n,
                        ptr(vy),
                        m,
                        lw,
                        params,
                        (int) b);
                int lwork = lw.get(JAVA_INT, 0);
                try (NDArray work = h.work(y.dtype(), lwork)) {
                    h.call(
                            "cusolverDn" + t + "gesvdjBatched",
                            hd,
                            jobz,
                            n,
                            m,
                            ptr(y),
                            n,
                            ptr(s),
                            ptr(uy),
                            n,
                            ptr(vy),
                            m,
                            ptr(work),
                            lwork,
                            ptr(info),
                            params,
                            (int) b);
                }
            } finally {
                CuSolverHandle.API.call("cusolverDnDestroyGesvdjInfo", params);
            }
            for (long x : infos(info)) {
                if (x != 0)
                    throw new LinAlgException("svd: SVD did not converge (cuSOLVER gesvdjBatched info " + x + ")");
            }
        }
    }

    /**
     * Least squares through the SVD, as numpy.linalg.lstsq: x = V diag(1/s) U^H b over the singular
     * values above eps * max(m, n) * max(s); residuals (squared 2-norms of b - a x per column) only
     * when the rank is n and m &gt; n. The singular values and the residual columns come to the host.
     */
    Lstsq lstsq(NDArray a, NDArray rhs) {
        int m = (int) a.shape(1), n = (int) a.shape(2), r = (int) rhs.shape(2), k = Math.min(m, n);
        DType dt = a.dtype(), rt = dt.real();
        if (k == 0) {
            try (NDArray z = h.zeros(dt, n, r)) {
                return new Lstsq(z.copy(), h.empty(rt, 0), 0, h.empty(rt, 0));
            }
        }
        Svd d = svd(a, false);
        try (NDArray u = d.u().reshape(m, k);
                NDArray vh = d.vh().reshape(k, n);
                NDArray s = d.s().reshape(k);
                NDArray b = rhs.reshape(m, r)) {
            d.u().close();
            d.vh().close();
            double[] sv = s.toDoubleArray();
            double eps = rt == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
            double cutoff = eps * Math.max(m, n) * sv[0];
            double[] inv = new double[k];
            int rank = 0;
            for (int i = 0; i < k; i++) {
                if (sv[i] > cutoff) {
                    inv[i] = 1 / sv[i];
                    rank++;
                }
            }
            NDArray x;
            try (NDArray ut = u.transpose(1, 0);
                    NDArray uh = conjIfComplex(ut.copy());
                    NDArray utb = uh.matmul(b);
                    NDArray w = h.upload(rt, inv, null, k, 1);
                    NDArray scaled = CuSolverHandle.scaleRows(utb, w);
                    NDArray vt = vh.transpose(1, 0);
                    NDArray v = conjIfComplex(vt.copy())) {
                x = v.matmul(scaled);
            }
            NDArray res;
            if (rank == n && m > n) {
                try (NDArray ax = a.reshape(m, n).matmul(x)) {
                    double[] p = CuSolverHandle.hostValues(ax), q = CuSolverHandle.hostValues(b);
                    int parts = dt.isComplex() ? 2 : 1;
                    double[] sum = new double[r];
                    for (int i = 0; i < p.length; i++) sum[(i / parts) % r] += (p[i] - q[i]) * (p[i] - q[i]);
                    res = h.upload(rt, sum, null, r);
                }
            } else {
                res = h.empty(rt, 0);
            }
            return new Lstsq(x, res, rank, s.copy());
        } finally {
            d.s().close();
        }
    }
}
