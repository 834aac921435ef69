package org.ndgpu.ndarray;

import org.ndgpu.spi.Providers;

/** In-place sorting, as numpy.ndarray.sort; the sort itself is module routines' radix sort. */
final class InPlaceSort {
    private InPlaceSort() {}

    /** Sorts {@code a} along {@code axis} in place; a view writes through to its base. */
    static void sort(NDArray a, int axis) {
        Operands.checkWriteable("sort", a);
        try (NDArray sorted = Providers.routines().sort("sort", a, axis, false)) {
            Copies.copyInto(sorted, a);
        }
    }
}
