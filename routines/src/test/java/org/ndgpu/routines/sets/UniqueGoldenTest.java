package org.ndgpu.routines.sets;

import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.ndarray.DType;
import org.ndgpu.testing.GoldenSource;

/**
 * Golden files of unique's compaction kernels, in both dialects, beside the sort kernels' goldens
 * (golden/sort); no device needed. After an intended change, regenerate with
 * {@code -Dndgpu.golden.update=true} and review the diff.
 */
class UniqueGoldenTest {
    private static void both(String file, java.util.function.Function<Dialect, String> source) {
        GoldenSource.check("sort/" + file + ".cl", source.apply(Dialect.OPENCL));
        GoldenSource.check("sort/" + file + ".cu", source.apply(Dialect.CUDA));
    }

    @Test
    void unique() {
        both("unique_float32", d -> UniqueValues.source(d, DType.FLOAT32));
        both("unique_float16", d -> UniqueValues.source(d, DType.FLOAT16));
        both("unique_int64", d -> UniqueValues.source(d, DType.INT64));
    }
}
