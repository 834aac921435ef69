package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.ndgpu.ndarray.DType;

import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.testing.GoldenSource;

/**
 * Golden files of the sort kernels' source (radix sort, its scan, the onesweep sort, unique's compaction, the bitonic network's local and
 * global steps, searchsorted), in both dialects; no device needed.
 * After an intended change, regenerate with {@code -Dndgpu.golden.update=true} and review the diff.
 */
class SortGoldenTest {
    private static void both(String file, java.util.function.Function<Dialect, String> source) {
        GoldenSource.check("sort/" + file + ".cl", source.apply(Dialect.OPENCL));
        GoldenSource.check("sort/" + file + ".cu", source.apply(Dialect.CUDA));
    }

    @Test
    void radixSort() {
        both("radix_sort_float32", d -> RadixSort.source(d, DType.FLOAT32, false));
        both("radix_argsort_float64", d -> RadixSort.source(d, DType.FLOAT64, true));
        both("radix_sort_float16", d -> RadixSort.source(d, DType.FLOAT16, false));
        both("radix_argsort_int16", d -> RadixSort.source(d, DType.INT16, true));
        both("radix_sort_uint8", d -> RadixSort.source(d, DType.UINT8, false));
        both("radix_sort_int64", d -> RadixSort.source(d, DType.INT64, false));
        both("radix_scan", RadixSort::scanSource);
    }

    @Test
    void onesweep() {
        both("onesweep_sort_float32", d -> OnesweepSort.source(d, DType.FLOAT32, false, OnesweepSort.per(d, DType.FLOAT32, false, OnesweepSort.LONG_ROW)));
        both("onesweep_argsort_float32", d -> OnesweepSort.source(d, DType.FLOAT32, true, OnesweepSort.per(d, DType.FLOAT32, true, OnesweepSort.LONG_ROW)));
        both("onesweep_argsort_float64", d -> OnesweepSort.source(d, DType.FLOAT64, true, OnesweepSort.per(d, DType.FLOAT64, true, OnesweepSort.LONG_ROW)));
        both("onesweep_sort_float16", d -> OnesweepSort.source(d, DType.FLOAT16, false, OnesweepSort.per(d, DType.FLOAT16, false, OnesweepSort.LONG_ROW)));
        both("onesweep_argsort_int16", d -> OnesweepSort.source(d, DType.INT16, true, OnesweepSort.per(d, DType.INT16, true, OnesweepSort.LONG_ROW)));
        both("onesweep_sort_uint8", d -> OnesweepSort.source(d, DType.UINT8, false, OnesweepSort.per(d, DType.UINT8, false, OnesweepSort.LONG_ROW)));
        both("onesweep_sort_int64", d -> OnesweepSort.source(d, DType.INT64, false, OnesweepSort.per(d, DType.INT64, false, OnesweepSort.LONG_ROW)));
        // NVIDIA's OpenCL ranks by warp as CUDA does (its warp instructions as inline PTX)
        GoldenSource.check("sort/onesweep_sort_float32_warp.cl",
                OnesweepSort.source(Dialect.OPENCL, DType.FLOAT32, false, OnesweepSort.per(true, DType.FLOAT32, false, OnesweepSort.LONG_ROW), true));
        GoldenSource.check("sort/onesweep_argsort_float32_warp.cl",
                OnesweepSort.source(Dialect.OPENCL, DType.FLOAT32, true, OnesweepSort.per(true, DType.FLOAT32, true, OnesweepSort.LONG_ROW), true));
        GoldenSource.check("sort/onesweep_argsort_float64_warp.cl", OnesweepSort.source(Dialect.OPENCL, DType.FLOAT64, true, OnesweepSort.PER, true));
    }

    @Test
    void nvidiaOpenClCapsRegistersAsCudaLaunchBoundsDo() {
        // CUDA caps through __launch_bounds__ in the source; PoCL and the 8-key passes get no option
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.CUDA, true, OnesweepSort.WARP_SORT_PER, false));
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.OPENCL, false, OnesweepSort.PER, false));
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.PER, true));
        // 3 groups of 256 (24-key sort, 16-key argsort): 85 registers, 80 on the multiple of 8; 4 groups: 64
        assertEquals(List.of("-cl-nv-maxrregcount=80"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_SORT_PER, false));
        assertEquals(List.of("-cl-nv-maxrregcount=80"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_PER, true));
        assertEquals(List.of("-cl-nv-maxrregcount=64"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_PER, false));
    }

    @Test
    void unique() {
        both("unique_float32", d -> UniqueValues.source(d, DType.FLOAT32));
        both("unique_float16", d -> UniqueValues.source(d, DType.FLOAT16));
        both("unique_int64", d -> UniqueValues.source(d, DType.INT64));
    }

    @Test
    void bitonicNetwork() {
        both("local_sort_float32", d -> Sorting.localSource(d, "nd_sort_local_float32", DType.FLOAT32, false));
        both("local_argsort_float16", d -> Sorting.localSource(d, "nd_argsort_local_float16", DType.FLOAT16, true));
        both("local_argsort_int32", d -> Sorting.localSource(d, "nd_argsort_local_int32", DType.INT32, true));
        both("step_argsort_float64", d -> ElementwiseLoop.source(d, Sorting.spec(DType.FLOAT64, true), new Layout(1, true, true)));
        both("step_sort_int8", d -> ElementwiseLoop.source(d, Sorting.spec(DType.INT8, false), new Layout(1, true, false)));
    }

    @Test
    void searchsorted() {
        both("searchsorted_float32", d -> ElementwiseLoop.source(d, Sorting.searchSpec(DType.FLOAT32), new Layout(1, false, true)));
        both("searchsorted_int64", d -> ElementwiseLoop.source(d, Sorting.searchSpec(DType.INT64), new Layout(1, true, true)));
    }
}
