package org.ndgpu.linalg.impl;

import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * The blocked LU and Cholesky as first written (issue 41), kept while the new path of {@link
 * BlockedFactor} is timed against it on GPUs: {@code -Dndgpu.linalg.blocked=old} selects this one.
 * The panel of {@link BlockedFactor#NB} columns factored by one work-group through global memory
 * (nd_lu_panel), and the triangular solves by a kernel giving a row or column to a work-item
 * (nd_trsm_block, nd_potrf_trsm); the trailing updates by the device's GEMM as in the new path.
 */
final class BlockedFactorOld {
    private BlockedFactorOld() {}

    private static final int NB = BlockedFactor.NB, GROUP = BlockedFactor.GROUP;

    private static BackendKernel kernel(Device dev, DType dt, String name) {
        return BlockedFactor.kernel(dev, dt, name);
    }

    private static long groups(long items) {
        return BlockedFactor.groups(items);
    }

    private static void gemmMinus(
            Blas blas,
            NDArray buf,
            NDArray bc,
            long m,
            long n,
            long k,
            long aOff,
            long lda,
            long bOff,
            long ldb,
            Op opB,
            long cOff,
            long ldc) {
        BlockedFactor.gemmMinus(blas, buf, bc, m, n, k, aOff, lda, bOff, ldb, opB, cOff, ldc);
    }

    private static void swap(
            Device dev,
            BackendKernel k,
            NDArray x,
            long xBytes,
            long ldx,
            NDArray piv,
            long pivOff,
            long k0,
            long k1,
            long c0,
            long cols) {
        BlockedFactor.swap(dev, k, x, xBytes, ldx, piv, pivOff, k0, k1, c0, cols);
    }

    private static void trsmBlock(
            Device dev,
            BackendKernel k,
            NDArray a,
            long aBytes,
            long lda,
            long d0,
            int w,
            long xBytes,
            long ldx,
            long r0,
            long c0,
            long cols,
            boolean upper) {
        BlockedFactor.trsmBlock(dev, k, a, aBytes, lda, d0, w, xBytes, ldx, r0, c0, cols, upper);
    }

    /** The LU of each matrix of the C-contiguous stack {@code a} (batch, n, n); a is not changed. */
    static SmallFactor.Lu lu(NDArray a, Blas blas) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), n = a.shape(1);
        NDArray lu = a.copy(Order.C), piv = null, info = null;
        try {
            piv = NDArray.empty(dev, DType.INT32, new long[] {b, n}, Order.C);
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C).fill(0);
            BackendKernel panel = kernel(dev, dt, "nd_lu_panel"), swap = kernel(dev, dt, "nd_laswp");
            BackendKernel trsm = kernel(dev, dt, "nd_trsm_block");
            for (int q = 0; q < b; q++) {
                BlockedFactor.Mat m = BlockedFactor.Mat.of(lu, q, n, n);
                long pivOff = piv.offset() + q * n * 4, infoOff = info.offset() + q * 4L;
                for (long k0 = 0; k0 < n; k0 += NB) {
                    int w = (int) Math.min(NB, n - k0);
                    LaunchArgs.of(9)
                            .buffer(lu.buffer())
                            .i64(m.bytes())
                            .buffer(piv.buffer())
                            .i64(pivOff)
                            .buffer(info.buffer())
                            .i64(infoOff)
                            .i64(n)
                            .i64(k0)
                            .i32(w)
                            .launch(dev, panel, 1, GROUP);
                    swap(dev, swap, lu, m.bytes(), n, piv, pivOff, k0, k0 + w, 0, k0);
                    swap(dev, swap, lu, m.bytes(), n, piv, pivOff, k0, k0 + w, k0 + w, n - k0 - w);
                    long rest = n - k0 - w;
                    if (rest == 0) continue;
                    trsmBlock(dev, trsm, lu, m.bytes(), n, k0, w, m.bytes(), n, k0, k0 + w, rest, false);
                    long e = m.elements();
                    gemmMinus(
                            blas,
                            lu,
                            lu,
                            rest,
                            rest,
                            w,
                            e + (k0 + w) * n + k0,
                            n,
                            e + k0 * n + k0 + w,
                            n,
                            Op.N,
                            e + (k0 + w) * n + k0 + w,
                            n);
                }
            }
            return new SmallFactor.Lu(lu, piv, info);
        } catch (RuntimeException e) {
            for (NDArray x : new NDArray[] {lu, piv, info}) if (x != null) x.close();
            throw e;
        }
    }

    /**
     * x = a^-1 b for each matrix from its {@link #lu}: {@code x} (batch, n, r) holds b on entry and
     * is overwritten, or with {@code eye} (inv: r = n) is the identity first.
     */
    static void solve(SmallFactor.Lu f, NDArray x, boolean eye, Blas blas) {
        Device dev = x.device();
        DType dt = x.dtype();
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        BackendKernel swap = kernel(dev, dt, "nd_laswp");
        for (int q = 0; q < b; q++) {
            BlockedFactor.Mat xm = BlockedFactor.Mat.of(x, q, n, r);
            if (eye) {
                LaunchArgs.of(3)
                        .buffer(x.buffer())
                        .i64(xm.bytes())
                        .i64(n)
                        .launch(dev, kernel(dev, dt, "nd_eye"), groups(n * n), GROUP);
            }
            swap(dev, swap, x, xm.bytes(), r, f.piv(), f.piv().offset() + q * n * 4, 0, n, 0, r);
        }
        triangular(f.lu(), x, true, true, blas);
        triangular(f.lu(), x, false, false, blas);
    }

    /**
     * x = t^-1 x in place for each matrix t of the stack {@code a} (batch, n, n) read as triangular
     * (its {@code lower} or upper triangle; with {@code unit} its diagonal taken as ones, not read),
     * x (batch, n, r), both C-contiguous: diagonal blocks of {@link #NB} solved by a kernel, the rest
     * of the block column applied by a GEMM, as LAPACK's blocked trsm.
     */
    static void triangular(NDArray a, NDArray x, boolean lower, boolean unit, Blas blas) {
        Device dev = x.device();
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        if (n == 0 || r == 0) return;
        BackendKernel trsm = kernel(dev, x.dtype(), "nd_trsm_block");
        for (int q = 0; q < b; q++) {
            BlockedFactor.Mat m = BlockedFactor.Mat.of(a, q, n, n), xm = BlockedFactor.Mat.of(x, q, n, r);
            long e = m.elements(), xe = xm.elements();
            if (lower) {
                for (long i0 = 0; i0 < n; i0 += NB) {
                    int w = (int) Math.min(NB, n - i0);
                    trsmSolve(dev, trsm, a, m.bytes(), n, i0, w, x, xm.bytes(), r, false, unit);
                    gemmMinus(
                            blas,
                            a,
                            x,
                            n - i0 - w,
                            r,
                            w,
                            e + (i0 + w) * n + i0,
                            n,
                            xe + i0 * r,
                            r,
                            Op.N,
                            xe + (i0 + w) * r,
                            r);
                }
            } else {
                for (long i0 = (n - 1) / NB * NB; i0 >= 0; i0 -= NB) {
                    int w = (int) Math.min(NB, n - i0);
                    trsmSolve(dev, trsm, a, m.bytes(), n, i0, w, x, xm.bytes(), r, true, unit);
                    gemmMinus(blas, a, x, i0, r, w, e + i0, n, xe + i0 * r, r, Op.N, xe, r);
                }
            }
        }
    }

    // the diagonal block of a at (i0, i0) against rows i0 .. i0 + w - 1 of x (all r columns): a and x differ
    private static void trsmSolve(
            Device dev,
            BackendKernel k,
            NDArray a,
            long aBytes,
            long n,
            long i0,
            int w,
            NDArray x,
            long xBytes,
            long r,
            boolean upper,
            boolean unit) {
        LaunchArgs.of(15)
                .buffer(a.buffer())
                .i64(aBytes)
                .i64(n)
                .i64(i0)
                .i32(w)
                .buffer(x.buffer())
                .i64(xBytes)
                .i64(r)
                .i64(i0)
                .i64(0)
                .i64(r)
                .i32(upper ? 1 : 0)
                .i32(unit ? 1 : 0)
                .launch(dev, k, groups(r), GROUP);
    }

    /** The lower Cholesky factors (batch, n, n) of the lower triangles of {@code a}, and info (batch). */
    static NDArray[] cholesky(NDArray a, Blas blas) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), n = a.shape(1);
        NDArray l = a.copy(Order.C), info = null;
        try {
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C).fill(0);
            BackendKernel diag = kernel(dev, dt, "nd_potrf_diag"), trsm = kernel(dev, dt, "nd_potrf_trsm");
            for (int q = 0; q < b; q++) {
                BlockedFactor.Mat m = BlockedFactor.Mat.of(l, q, n, n);
                long infoOff = info.offset() + q * 4L, e = m.elements();
                for (long k0 = 0; k0 < n; k0 += NB) {
                    int w = (int) Math.min(NB, n - k0);
                    LaunchArgs.of(7)
                            .buffer(l.buffer())
                            .i64(m.bytes())
                            .buffer(info.buffer())
                            .i64(infoOff)
                            .i64(n)
                            .i64(k0)
                            .i32(w)
                            .launch(dev, diag, 1, GROUP);
                    long rest = n - k0 - w;
                    if (rest == 0) continue;
                    LaunchArgs.of(5)
                            .buffer(l.buffer())
                            .i64(m.bytes())
                            .i64(n)
                            .i64(k0)
                            .i32(w)
                            .launch(dev, trsm, groups(rest), GROUP);
                    gemmMinus(
                            blas,
                            l,
                            l,
                            rest,
                            rest,
                            w,
                            e + (k0 + w) * n + k0,
                            n,
                            e + (k0 + w) * n + k0,
                            n,
                            Op.T,
                            e + (k0 + w) * n + k0 + w,
                            n);
                }
                LaunchArgs.of(3)
                        .buffer(l.buffer())
                        .i64(m.bytes())
                        .i64(n)
                        .launch(dev, kernel(dev, dt, "nd_zero_upper"), groups(n * n), GROUP);
            }
            return new NDArray[] {l, info};
        } catch (RuntimeException e) {
            l.close();
            if (info != null) info.close();
            throw e;
        }
    }
}
