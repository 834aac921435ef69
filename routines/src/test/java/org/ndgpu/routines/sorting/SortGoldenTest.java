package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.ndarray.DType;
import org.ndgpu.testing.GoldenSource;

/**
 * Golden files of the sort kernels' source (radix sort, its scan, the onesweep sort, the bitonic network's local and
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

    /** The onesweep source for long rows; CUDA always ranks by warp, NVIDIA's OpenCL does with {@code warp}. */
    private static String onesweep(Dialect d, DType t, boolean indices, boolean warp) {
        return OnesweepSort.source(d, t, indices, OnesweepSort.per(warp, t, indices, OnesweepSort.LONG_ROW), warp);
    }

    private static String onesweep(Dialect d, DType t, boolean indices) {
        return onesweep(d, t, indices, d == Dialect.CUDA);
    }

    @Test
    void onesweep() {
        both("onesweep_sort_float32", d -> onesweep(d, DType.FLOAT32, false));
        both("onesweep_argsort_float32", d -> onesweep(d, DType.FLOAT32, true));
        both("onesweep_argsort_float64", d -> onesweep(d, DType.FLOAT64, true));
        both("onesweep_sort_float16", d -> onesweep(d, DType.FLOAT16, false));
        both("onesweep_argsort_int16", d -> onesweep(d, DType.INT16, true));
        both("onesweep_sort_uint8", d -> onesweep(d, DType.UINT8, false));
        both("onesweep_sort_int64", d -> onesweep(d, DType.INT64, false));
        // NVIDIA's OpenCL ranks by warp as CUDA does (its warp instructions as inline PTX)
        GoldenSource.check("sort/onesweep_sort_float32_warp.cl", onesweep(Dialect.OPENCL, DType.FLOAT32, false, true));
        GoldenSource.check(
                "sort/onesweep_argsort_float32_warp.cl", onesweep(Dialect.OPENCL, DType.FLOAT32, true, true));
        // 8-byte keys with indices keep 8 per work-item even where warps vote
        GoldenSource.check(
                "sort/onesweep_argsort_float64_warp.cl", onesweep(Dialect.OPENCL, DType.FLOAT64, true, true));
    }

    @Test
    void cudaSourceWithoutWarpRankingIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> OnesweepSort.source(Dialect.CUDA, DType.FLOAT32, false, OnesweepSort.PER, false));
    }

    @Test
    void nvidiaOpenClCapsRegistersAsCudaLaunchBoundsDo() {
        // CUDA caps through __launch_bounds__ in the source; PoCL and the 8-key passes get no option
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.CUDA, true, OnesweepSort.WARP_SORT_PER, false));
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.OPENCL, false, OnesweepSort.PER, false));
        assertEquals(List.of(), OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.PER, true));
        // 3 groups of 256 (24-key sort, 16-key argsort): 85 registers, 80 on the multiple of 8; 4 groups: 64
        assertEquals(
                List.of("-cl-nv-maxrregcount=80"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_SORT_PER, false));
        assertEquals(
                List.of("-cl-nv-maxrregcount=80"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_PER, true));
        assertEquals(
                List.of("-cl-nv-maxrregcount=64"),
                OnesweepSort.buildOptions(Dialect.OPENCL, true, OnesweepSort.WARP_PER, false));
    }

    @Test
    void bitonicNetwork() {
        both("local_sort_float32", d -> Sorting.localSource(d, "nd_sort_local_float32", DType.FLOAT32, false));
        both("local_argsort_float16", d -> Sorting.localSource(d, "nd_argsort_local_float16", DType.FLOAT16, true));
        both("local_argsort_int32", d -> Sorting.localSource(d, "nd_argsort_local_int32", DType.INT32, true));
        both(
                "step_argsort_float64",
                d -> ElementwiseLoop.source(d, Sorting.spec(DType.FLOAT64, true), new Layout(1, true, true)));
        both(
                "step_sort_int8",
                d -> ElementwiseLoop.source(d, Sorting.spec(DType.INT8, false), new Layout(1, true, false)));
    }

    @Test
    void searchsorted() {
        both(
                "searchsorted_float32",
                d -> ElementwiseLoop.source(d, Sorting.searchSpec(DType.FLOAT32), new Layout(1, false, true)));
        both(
                "searchsorted_int64",
                d -> ElementwiseLoop.source(d, Sorting.searchSpec(DType.INT64), new Layout(1, true, true)));
    }
}
