package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * The blocked triangular solves of {@link BlockedFactor} (getrs, potrs, solve_triangular): every
 * diagonal block's inverse at once (nd_trtri, one work-group a block), then per block two GEMMs,
 * reading one array and writing another so that no block is copied aside: getrs's L y = P b and
 * U x = y go from x to a second array and back.
 */
final class BlockedTriangular {
    private BlockedTriangular() {}

    private static final int NB = BlockedFactor.NB;

    /**
     * x = t^-1 x in place for each matrix t of the stack {@code a} (batch, n, n) read as triangular
     * (its {@code lower} or upper triangle; with {@code unit} its diagonal taken as ones, not read),
     * x (batch, n, r), both C-contiguous, as LAPACK's blocked trsm: the inverses of all diagonal
     * blocks of {@link BlockedFactor#NB} in one launch, then per block two GEMMs (the block's rows of the answer,
     * the update of the rest), the answer built in a second array and copied back once.
     */
    static void solve(NDArray a, NDArray x, boolean lower, boolean unit, Blas blas) {
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        if (n == 0 || r == 0) return;
        try (NDArray y = NDArray.empty(x.device(), x.dtype(), x.shape(), Order.C)) {
            solve(a, x, y, lower, unit, blas);
            BlockedFactor.copy(x.device(), x.dtype(), y, y.offset(), r, x, x.offset(), r, b * n, r);
        }
    }

    /**
     * dst = t^-1 src as {@link #solve(NDArray, NDArray, boolean, boolean, Blas)}, src (batch, n,
     * r) consumed: per block, its rows of dst are the block's inverse times its rows of src (one GEMM),
     * and the rest of src is updated by the block column times them (another).
     */
    static void solve(NDArray a, NDArray src, NDArray dst, boolean lower, boolean unit, Blas blas) {
        Device dev = src.device();
        DType dt = src.dtype();
        long b = src.shape(0), n = src.shape(1), r = src.shape(2);
        if (n == 0 || r == 0) return;
        long blocks = (n + NB - 1) / NB;
        try (NDArray inv = NDArray.empty(dev, dt, new long[] {blocks, NB, NB}, Order.C)) {
            for (int q = 0; q < b; q++) {
                BlockedFactor.Mat m = BlockedFactor.Mat.of(a, q, n, n);
                long e = m.elements(),
                        se = BlockedFactor.Mat.of(src, q, n, r).elements(),
                        de = BlockedFactor.Mat.of(dst, q, n, r).elements();
                BlockedFactor.trtri(dev, dt, a, m.bytes(), n, 0, n, inv, !lower, unit);
                for (long s = 0; s < blocks; s++) {
                    long i0 = lower ? s * NB : (blocks - 1 - s) * NB;
                    int w = (int) Math.min(NB, n - i0);
                    long si = se + i0 * r, di = de + i0 * r, invi = BlockedFactor.elements(inv) + i0 * NB;
                    BlockedFactor.gemm(inv, Op.N, w, r, w, 1, invi, NB, src, si, r, 0, dst, di, r, blas);
                    if (lower)
                        BlockedFactor.gemm(
                                a,
                                Op.N,
                                n - i0 - w,
                                r,
                                w,
                                -1,
                                e + (i0 + w) * n + i0,
                                n,
                                dst,
                                di,
                                r,
                                1,
                                src,
                                si + w * r,
                                r,
                                blas);
                    else BlockedFactor.gemm(a, Op.N, i0, r, w, -1, e + i0, n, dst, di, r, 1, src, se, r, blas);
                }
            }
        }
    }
}
