package org.ndgpu.fuse;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.reduction.ReductionInlining;
import org.ndgpu.spi.Reduction;
import org.ndgpu.testing.GoldenSource;

/**
 * Golden files of fused kernels' source: a built-in reduction whose map is the fused expression,
 * and an elementwise kernel; no device needed. Regenerate with {@code -Dndgpu.golden.update=true}.
 */
class FuseGoldenTest {
    private static final long[] SHAPE = {8, 8};

    private static Node.Arg arg(int id, DType d) {
        return new Node.Arg(id, id, d, SHAPE);
    }

    private static Node.Op op(int id, String ufunc, DType d, Node... in) {
        List<DType> loop = java.util.Arrays.stream(in).map(n -> d).toList();
        return new Node.Op(id, Ufunc.of(ufunc), List.<Object>of((Object[]) in), loop, d, SHAPE);
    }

    private static void reduction(String file, String op, Node in, DType out) {
        var r = new Node.Reduce(99, Reduction.of(op), in, new int[] {1}, false, out, new long[] {8});
        var k = Kernels.reduction("fused_" + file, r, Set.of(), true);
        GoldenSource.check("fuse/" + file + ".cl", ReductionInlining.source(Dialect.OPENCL, k.spec()));
        GoldenSource.check("fuse/" + file + ".cu", ReductionInlining.source(Dialect.CUDA, k.spec()));
    }

    @Test
    void sumOfSquaredDifference() {
        Node x = arg(0, DType.FLOAT32), y = arg(1, DType.FLOAT32);
        Node d = op(2, "subtract", DType.FLOAT32, x, y);
        reduction("sum_sq_diff_f4", "sum", op(3, "multiply", DType.FLOAT32, d, d), DType.FLOAT32);
    }

    @Test
    void mapsThatReadTheInputMoreThanOnce() {
        Node x = arg(0, DType.FLOAT64), y = arg(1, DType.FLOAT64);
        Node s = op(2, "add", DType.FLOAT64, x, y);
        reduction("nansum_add_f8", "nansum", s, DType.FLOAT64);
        reduction("argmax_add_f8", "argmax", s, DType.INT64);
        Node c = new Node.Cast(3, s, DType.COMPLEX64);
        reduction("sum_cast_c8", "sum", c, DType.COMPLEX64);
        reduction("any_add_f8", "any", s, DType.BOOL);
    }

    @Test
    void elementwise() {
        Node x = arg(0, DType.FLOAT32), y = arg(1, DType.INT32);
        Node m = op(2, "multiply", DType.FLOAT64, x, y);
        var k = Kernels.elementwise("fused_mul", List.of(m, op(3, "sqrt", DType.FLOAT64, m)), Set.of());
        GoldenSource.check(
                "fuse/mul_sqrt.cl",
                ElementwiseLoop.source(Dialect.OPENCL, k.spec(), new ElementwiseLoop.Layout(2, false, true)));
    }
}
