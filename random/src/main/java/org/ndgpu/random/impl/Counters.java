package org.ndgpu.random.impl;

/** The generator side: reserves {@code units} of its counter stream for one call. */
@FunctionalInterface
public interface Counters {
    /** The key and the first counter of {@code units} counters kept for one call. */
    Draw reserve(long units);
}
