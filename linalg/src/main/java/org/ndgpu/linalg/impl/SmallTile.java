package org.ndgpu.linalg.impl;

/**
 * The work-group shape shared by the row-a-thread kernels of small stacks ({@link SmallGesv},
 * {@link SmallGaussJordan}, {@link SmallEigh}): the tile order, a power of two from 8 to 64 that
 * holds the matrix, and how many matrices a work-group takes, so that a group of small matrices
 * still has 64 threads.
 */
final class SmallTile {
    private SmallTile() {}

    /** The tile order for matrices of order {@code n} (at most 64): 8, 16, 32 or 64. */
    static int order(long n) {
        return n <= 8 ? 8 : n <= 16 ? 16 : n <= 32 ? 32 : 64;
    }

    /** Matrices a work-group takes at this tile order: 64 threads a group up to 16, else one matrix. */
    static int matricesPerGroup(int tile) {
        return tile <= 16 ? 64 / tile : 1;
    }
}
