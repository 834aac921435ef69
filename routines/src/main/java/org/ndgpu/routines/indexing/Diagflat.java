package org.ndgpu.routines.indexing;

import java.util.Objects;
import org.ndgpu.ndarray.NDArray;

/** numpy.diagflat(v, k): the flattened input on the k-th diagonal of a new square array, on the device. */
public final class Diagflat {
    private Diagflat() {}

    /** numpy.diagflat(v, k): {@code diagflat([[1, 2], [3, 4]])} has 1, 2, 3, 4 on its diagonal. */
    public static NDArray diagflat(NDArray v, long k) {
        Objects.requireNonNull(v, "diagflat: v is null; expected an NDArray");
        v.live("diagflat");
        try (NDArray flat = v.reshape(-1)) {
            return Diagonals.diag("diagflat", flat, k);
        }
    }
}
