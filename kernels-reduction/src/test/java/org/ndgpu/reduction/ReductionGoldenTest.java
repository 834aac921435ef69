package org.ndgpu.reduction;

import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.ndarray.DType;
import org.ndgpu.reduction.ReductionSource.Mode;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;
import org.ndgpu.testing.GoldenSource;

/**
 * Golden files of the generated reduction and scan source, in both dialects; no device needed.
 * Each layout covers one branch of the template: the three passes, the row and column thread
 * arrangements, the strided loop with and without unrolling, the vector loop with a broadcast input.
 * After an intended change, regenerate with {@code -Dndgpu.golden.update=true} and review the diff.
 */
class ReductionGoldenTest {
    private static void both(String file, ReductionSpec spec, ReductionLayout lay) {
        GoldenSource.check("reduction/" + file + ".cl", ReductionSource.source(Dialect.OPENCL, spec, lay));
        GoldenSource.check("reduction/" + file + ".cu", ReductionSource.source(Dialect.CUDA, spec, lay));
    }

    private static ReductionSpec spec(String op, DType in, DType out) {
        return BuiltinSpecs.spec(Reduction.of(op), in, out, true);
    }

    @Test
    void sumColumnStrided() {
        both(
                "sum_f4_direct_column_k2_r1",
                spec("sum", DType.FLOAT32, DType.FLOAT32),
                new ReductionLayout(Mode.DIRECT, 2, 1, false, true, 256));
    }

    @Test
    void sumRowUnrolledToPartials() {
        both(
                "sum_f4_partials_row_k0_r2_unroll4",
                spec("sum", DType.FLOAT32, DType.FLOAT32),
                new ReductionLayout(Mode.TO_PARTIALS, 0, 2, true, true, 256, 0, 4, 0));
    }

    @Test
    void sumFromPartials64() {
        both(
                "sum_f4_final_k1_long",
                spec("sum", DType.FLOAT32, DType.FLOAT32),
                new ReductionLayout(Mode.FROM_PARTIALS, 1, 0, false, false, 256));
    }

    @Test
    void sumVectorLoop() {
        both(
                "sum_f4_direct_row_vec4_unroll2",
                spec("sum", DType.FLOAT32, DType.FLOAT32),
                new ReductionLayout(Mode.DIRECT, 1, 1, true, true, 256, 4, 2, 1));
    }

    @Test
    void argmaxVectorLoopReadsTheIndex() {
        both(
                "argmax_f8_direct_row_vec2_unroll2",
                spec("argmax", DType.FLOAT64, DType.INT64),
                new ReductionLayout(Mode.DIRECT, 1, 1, true, true, 128, 2, 2, 1));
    }

    @Test
    void varWithBroadcastMean() {
        both(
                "var_f4_partials_row_vec4_unroll4",
                spec("var", DType.FLOAT32, DType.FLOAT32),
                new ReductionLayout(Mode.TO_PARTIALS, 1, 1, true, false, 256, 4, 4, 1));
    }

    @Test
    void complexMeanStridedUnrolled() {
        both(
                "mean_c8_direct_column_k1_r2_unroll2",
                spec("mean", DType.COMPLEX64, DType.COMPLEX64),
                new ReductionLayout(Mode.DIRECT, 1, 2, false, true, 512, 0, 2, 0));
    }

    @Test
    void halfMaxAndIntAll() {
        both(
                "max_f2_direct_row_k3_r3",
                spec("max", DType.FLOAT16, DType.FLOAT16),
                new ReductionLayout(Mode.DIRECT, 3, 3, true, false, 256));
        both(
                "all_i2_direct_row_k1_r1",
                spec("all", DType.INT16, DType.BOOL),
                new ReductionLayout(Mode.DIRECT, 1, 1, true, true, 64));
    }

    private static void scan(String name, String op, ScanSource.Kernel kind, DType in, DType out, DType acc, int nk) {
        GoldenSource.check(
                "scan/" + name + ".cl", ScanSource.source(Dialect.OPENCL, name, Scan.of(op), kind, in, out, acc, nk));
        GoldenSource.check(
                "scan/" + name + ".cu", ScanSource.source(Dialect.CUDA, name, Scan.of(op), kind, in, out, acc, nk));
    }

    @Test
    void scans() {
        scan(
                "nd_cumsum_sequential_f4_f4_0",
                "cumsum",
                ScanSource.Kernel.SEQUENTIAL,
                DType.FLOAT32,
                DType.FLOAT32,
                DType.FLOAT64,
                0);
        scan(
                "nd_cumsum_tiles_f2_f2_1",
                "cumsum",
                ScanSource.Kernel.TILES,
                DType.FLOAT16,
                DType.FLOAT16,
                DType.FLOAT32,
                1);
        scan(
                "nd_cumsum_carry_f2_f2_1",
                "cumsum",
                ScanSource.Kernel.CARRY,
                DType.FLOAT16,
                DType.FLOAT16,
                DType.FLOAT32,
                1);
        // the two tile passes of the flattened float32 cumsum in float64 (reduce, then scan)
        scan(
                "nd_cumsum_totals_f4_f8_0",
                "cumsum",
                ScanSource.Kernel.TOTALS,
                DType.FLOAT32,
                DType.FLOAT64,
                DType.FLOAT64,
                0);
        scan(
                "nd_cumsum_tiles_f4_f8_0",
                "cumsum",
                ScanSource.Kernel.TILES,
                DType.FLOAT32,
                DType.FLOAT64,
                DType.FLOAT64,
                0);
        scan("nd_cumprod_tiles_i4_i8_2", "cumprod", ScanSource.Kernel.TILES, DType.INT32, DType.INT64, DType.INT64, 2);
        scan(
                "nd_cumprod_carry_c8_c8_3",
                "cumprod",
                ScanSource.Kernel.CARRY,
                DType.COMPLEX64,
                DType.COMPLEX64,
                DType.COMPLEX128,
                3);
        scan(
                "nd_cumsum_sequential_b1_i8_1",
                "cumsum",
                ScanSource.Kernel.SEQUENTIAL,
                DType.BOOL,
                DType.INT64,
                DType.INT64,
                1);
    }
}
