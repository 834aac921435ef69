package org.ndgpu.reduction;

import org.ndgpu.reduction.ReductionSource.Mode;

/**
 * What a kernel is generated for: kept and reduced dimension counts after merging, the thread
 * arrangement, 32-bit indexing, and the block size that sizes the local buffer.
 */
record ReductionLayout(
        Mode mode, int nk, int nr, boolean row, boolean index32, int block, int vec, int unroll, int vecMask) {
    /** The generic layout: index arithmetic per element, one load in flight per thread. */
    ReductionLayout(Mode mode, int nk, int nr, boolean row, boolean index32, int block) {
        this(mode, nk, nr, row, index32, block, 0, 1, 0);
    }

    /** In the contiguous path ({@code vec > 0}): input {@code q} is read by vectors (else it is constant along the reduction). */
    boolean vector(int q) {
        return (vecMask >> q & 1) == 1;
    }

    // written out: a record's generated equals and hashCode go through method handles, slow until JIT-compiled
    @Override
    public boolean equals(Object o) {
        return o instanceof ReductionLayout l
                && l.mode == mode
                && l.nk == nk
                && l.nr == nr
                && l.row == row
                && l.index32 == index32
                && l.block == block
                && l.vec == vec
                && l.unroll == unroll
                && l.vecMask == vecMask;
    }

    @Override
    public int hashCode() {
        int h = mode.ordinal();
        h = h * 31 + nk;
        h = h * 31 + nr;
        h = h * 31 + (row ? 1 : 0);
        h = h * 31 + (index32 ? 1 : 0);
        h = h * 31 + block;
        h = h * 31 + vec;
        h = h * 31 + unroll;
        return h * 31 + vecMask;
    }
}
