package org.ndgpu.linalg.impl;

/**
 * Which kernels factor stacks of small matrices: {@link SmallGesv} and the round-fused Jacobi of
 * {@link SmallEigh}, unless the system property {@code ndgpu.linalg.small=old} asks for the former
 * ones ({@link SmallFactor}'s getrf and getrs, the three-barrier Jacobi), so that old and new can
 * be timed in one run on a GPU (BENCHMARKS.md). Read once; a measuring aid, not a setting.
 */
final class SmallKernelChoice {
    private SmallKernelChoice() {}

    /** True where {@code ndgpu.linalg.small=old} asks for the former small-matrix kernels. */
    static final boolean OLD = "old".equals(System.getProperty("ndgpu.linalg.small"));
}
