package org.ndgpu.linalg.impl;

import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * The LU panel of {@link BlockedFactor} (its Javadoc says why), as LAPACK's recursive dgetrf2: the
 * columns halved, the left half factored (its row swaps made across whole rows by the leaves, where
 * dgetrf2 applies them to the other half later and getrf to the other block columns), U12 = L11^-1 A12 in
 * local memory (halves of at most 32), the right half's rows below updated by the device's GEMM, the
 * right half factored; leaves of {@link BlockedFactor#LEAF}
 * columns by one work-group (nd_lu_leaf). One matrix at a time ({@link #m}, its pivots' and info's
 * offsets set by the caller), the kernels fetched once.
 */
final class LuPanel {
    /** Work-items of the leaf kernel where it may launch with them, else BlockedFactor.GROUP. */
    private static final int LEAF_GROUP = 1024;

    /** Tests set it to run the GPU's wide leaf on a CPU device too (PoCL). */
    static volatile boolean wideLeafEverywhere;

    final Device dev;
    final Blas blas;
    final NDArray lu, piv, info;
    final long n;
    final BackendKernel leaf, trsm;
    final int leafGroup;
    BlockedFactor.Mat m;
    long pivOff, infoOff, pc;
    int pw;

    LuPanel(Device dev, Blas blas, NDArray lu, NDArray piv, NDArray info, long n) {
        this.dev = dev;
        this.blas = blas;
        this.lu = lu;
        this.piv = piv;
        this.info = info;
        this.n = n;
        DType dt = lu.dtype();
        // the leaf's chain per column is shorter the more rows a trip carries: on a GPU 1024 work-items
        // where the kernel may launch so (a CPU device has no latency to hide, and pays per work-item)
        BackendKernel big = dev.facts().isGpu() || wideLeafEverywhere
                ? BlockedFactor.kernel(dev, dt, "nd_lu_leaf", LEAF_GROUP)
                : null;
        leafGroup = big != null && big.maxBlockSize() >= LEAF_GROUP ? LEAF_GROUP : BlockedFactor.GROUP;
        leaf = leafGroup == LEAF_GROUP ? big : BlockedFactor.kernel(dev, dt, "nd_lu_leaf");
        trsm = BlockedFactor.kernel(dev, dt, "nd_trsm_small");
    }

    /** getrf2 of the block column at k0 of width w, rows k0 .. n - 1, its row swaps made across whole rows. */
    void panel(long k0, int w) {
        pc = 0;
        pw = (int) n;
        factor(k0, w);
    }

    /** getrf2 of columns j0 .. j0 + w - 1, rows j0 .. n - 1, its swaps made across whole rows. */
    private void factor(long j0, int w) {
        if (w <= BlockedFactor.LEAF) {
            int lanes = Integer.highestOneBit(Math.max(1, w - 1)) << 1;
            LaunchArgs.of(12)
                    .buffer(lu.buffer())
                    .i64(m.bytes())
                    .buffer(piv.buffer())
                    .i64(pivOff)
                    .buffer(info.buffer())
                    .i64(infoOff)
                    .i64(n)
                    .i64(j0)
                    .i32(w)
                    .i32(Math.max(lanes, w))
                    .i64(pc)
                    .i32(pw)
                    .launch(dev, leaf, 1, leafGroup);
            return;
        }
        int n1 = w / 2, n2 = w - n1;
        long e = m.elements();
        factor(j0, n1);
        // U12 = L11^-1 A12 (both at most 32 x 32) in local memory
        LaunchArgs.of(7)
                .buffer(lu.buffer())
                .i64(m.bytes())
                .i64(n)
                .i64(j0)
                .i32(n1)
                .i64(j0 + n1)
                .i32(n2)
                .launch(dev, trsm, 1, BlockedFactor.GROUP);
        long a12 = e + j0 * n + j0 + n1;
        BlockedFactor.gemmMinus(
                blas, lu, lu, n - j0 - n1, n2, n1, e + (j0 + n1) * n + j0, n, a12, n, Op.N, a12 + n1 * n, n);
        factor(j0 + n1, n2);
    }
}
