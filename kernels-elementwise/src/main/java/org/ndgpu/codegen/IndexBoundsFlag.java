package org.ndgpu.codegen;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The bounds check that ufunc.at and the indexing routines queue before their own work: a kernel
 * that sets {@code flag[0]} (int64) to 1 where an index lies outside {@code [-len, len)}. Nothing is
 * read back here, so a kernel queued after it can test the flag, and its caller reads it once, at
 * the end, to raise NumPy's IndexError.
 */
public final class IndexBoundsFlag {
    private IndexBoundsFlag() {}

    private static final ConcurrentHashMap<DType, Spec> SPECS = new ConcurrentHashMap<>();

    /** Queues the check of every index of {@code ind} (any integer dtype, shape and strides; non-empty) into {@code flag}. */
    public static void flagOutside(NDArray ind, long len, NDArray flag) {
        Spec spec = SPECS.computeIfAbsent(
                ind.dtype(),
                t -> new Spec(
                        "nd_index_bounds_" + t,
                        List.of(
                                new Param("ind", t, Kind.IN),
                                new Param("flag", DType.INT64, Kind.RAW),
                                new Param("_len", DType.INT64, Kind.SCALAR)),
                        "long _t = (long)ind;\nif (_t < -_len || _t >= _len) flag[0] = 1;"));
        ElementwiseLoop.run(spec, new Object[] {ind, flag, len}, ind.shape());
    }
}
