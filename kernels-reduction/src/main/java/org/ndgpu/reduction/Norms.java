package org.ndgpu.reduction;

import static org.ndgpu.reduction.DeviceMath.tag;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Reduction;

/**
 * The 2-norm of vectors and the Frobenius norm of matrices, for {@code Nd.linalg().norm}: one
 * reduction kernel computing sqrt(sum |x|^2), with float32 accumulated in double where the device
 * has it. The result dtype is NumPy's: the real float dtype of the input (float64 for integers).
 *
 * <pre>{@code
 * Norms.norm(Nd.array(new double[]{3, 4}));                 // 5.0, a 0-d float64 array
 * Norms.norm(m, new int[]{1}, false);                       // the 2-norm of each row
 * }</pre>
 */
public final class Norms {
    private Norms() {}

    /** sqrt of the sum of |x|^2 over every element (numpy.linalg.norm(a) with no ord and no axis). */
    public static NDArray norm(NDArray a) {
        return norm(a, null, false);
    }

    /** The 2-norm over {@code axes} (null: all), keepdims as NumPy. */
    public static NDArray norm(NDArray a, int[] axes, boolean keepdims) {
        a.live(Reduction.NORM.numpyName());
        DType in = a.dtype();
        DType out = in.isBool() || in.isInteger() ? DType.FLOAT64 : in.real();
        boolean fp64 = a.device().facts().fp64();
        DType acc = BuiltinSpecs.accumulator(Reduction.MEAN, in, fp64).real();
        int[] ax = Shapes.axes(Reduction.NORM.numpyName(), axes, a.ndim());
        boolean[] red = new boolean[a.ndim()];
        for (int d : ax) red[d] = true;
        NDArray y = NDArray.empty(a.device(), out, DeviceReductions.resultShape(a.shape(), red, keepdims), Order.C);
        ReductionLoop.run(spec(in, out, acc), new Object[] {a, y}, ax);
        return y;
    }

    private static ReductionSpec spec(DType in, DType out, DType acc) {
        String ct = CTypes.compute(acc);
        String map = in.isComplex()
                ? "(" + ct + ")nd_abs2_" + tag(in) + "(x)"
                : "nd_sq_" + tag(acc) + "(" + CTypes.cast(in, acc, "x") + ")";
        return new ReductionSpec(
                "nd_norm2_" + tag(in) + "_" + tag(acc),
                List.of(new Param("x", in, Kind.IN), new Param("y", out, Kind.OUT)),
                ct,
                DeviceMath.bytes(acc),
                map,
                "(a + b)",
                "y = " + CTypes.cast(acc, out, "sqrt(a)") + ";",
                "0",
                true,
                false,
                DeviceMath.HELPERS,
                List.of());
    }
}
