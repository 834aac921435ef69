package org.ndgpu.elementwise;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.CoreKernels;

/**
 * The core's casting copies, fills and ranges as elementwise loops: what {@code Copies} and
 * {@code Ranges} (module ndarray) run through the {@link CoreKernels} contract. The core has checked
 * the operands and allocated the result; this writes the kernel's body and launches it.
 */
public final class CoreKernelLibrary implements CoreKernels {
    // the previous call's cast and fill specs, by (from, to): a loop of one copy or fill builds no strings
    private static final CallSiteCache<DType, Spec> LAST_CAST = new CallSiteCache<>();
    private static final CallSiteCache<DType, Spec> LAST_FILL = new CallSiteCache<>();

    /** For ServiceLoader. */
    public CoreKernelLibrary() {}

    @Override
    public void castInto(NDArray src, NDArray out) {
        if (src.dtype().isTime() || out.dtype().isTime()) {
            TimeCasts.castInto(this, src, out);
            return;
        }
        ElementwiseLoop.run(castSpec(src.dtype(), out.dtype()), new Object[] {src, out}, out.shape());
    }

    private static Spec castSpec(DType from, DType to) {
        Spec spec = LAST_CAST.get(from, to.ordinal());
        if (spec != null) return spec;
        return LAST_CAST.put(
                from,
                to.ordinal(),
                new Spec(
                        "nd_copy_" + from + "_" + to,
                        List.of(new Param("x", from, Kind.IN), new Param("y", to, Kind.OUT)),
                        "y = " + CTypes.cast(from, to, "x") + ";"));
    }

    @Override
    public void fill(NDArray target, long value) {
        ElementwiseLoop.run(fillSpec(DType.INT64, target.dtype()), new Object[] {target, value}, target.shape());
    }

    @Override
    public void fill(NDArray target, double value) {
        ElementwiseLoop.run(fillSpec(DType.FLOAT64, target.dtype()), new Object[] {target, value}, target.shape());
    }

    /** The spec that fills an array of {@code to} with a scalar of {@code src} (int64 or float64). */
    private static Spec fillSpec(DType src, DType to) {
        Spec spec = LAST_FILL.get(src, to.ordinal());
        if (spec != null) return spec;
        return LAST_FILL.put(
                src,
                to.ordinal(),
                new Spec(
                        "nd_fill_" + src + "_" + to,
                        List.of(new Param("y", to, Kind.OUT), new Param("v", src, Kind.SCALAR)),
                        "y = " + CTypes.cast(src, to, "v") + ";"));
    }

    @Override
    public void arange(NDArray out, long start, long step) {
        DType dtype = out.dtype();
        var spec = new Spec(
                "nd_range_int64_" + dtype,
                List.of(
                        new Param("y", dtype, Kind.OUT),
                        new Param("v0", DType.INT64, Kind.SCALAR),
                        new Param("v1", DType.INT64, Kind.SCALAR)),
                "y = " + CTypes.cast(DType.INT64, dtype, "v0 + (long)i * v1") + ";");
        ElementwiseLoop.run(spec, new Object[] {out, start, step}, out.shape());
    }

    @Override
    public void arange(NDArray out, double first, double delta, double second) {
        DType dtype = out.dtype();
        DType p = dtype == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        String t = CTypes.compute(p);
        String mul = p == DType.FLOAT64 ? "nd_dmul_rn" : "nd_fmul_rn";
        var spec = new Spec(
                "nd_range_" + p + "_" + dtype,
                List.of(
                        new Param("y", dtype, Kind.OUT),
                        new Param("v0", p, Kind.SCALAR),
                        new Param("v1", p, Kind.SCALAR),
                        new Param("v2", p, Kind.SCALAR)),
                "y = " + CTypes.cast(p, dtype, "(i == 1 ? v2 : v0 + " + mul + "((" + t + ")i, v1))") + ";");
        ElementwiseLoop.run(spec, new Object[] {out, first, delta, second}, out.shape());
    }

    @Override
    public void linspace(NDArray out, double start, double step, double stop, boolean endpoint) {
        DType dtype = out.dtype();
        long num = out.size();
        long div = endpoint ? num - 1 : num;
        // i * step + start as NumPy: the product rounded on its own, never an fma
        String value = div > 0 ? "v0 + nd_dmul_rn((double)i, v1)" : "v0";
        String last = endpoint && num > 1 ? "(i == _n - 1) ? v2 : " : "";
        String y = "(" + last + "(" + value + "))";
        if (dtype.isInteger()) y = "floor" + y; // NumPy floors toward -inf before an integer cast
        var spec = new Spec(
                "nd_linspace_" + dtype + (endpoint ? "_e" : "") + (div > 0 ? "" : "_1"),
                List.of(
                        new Param("y", dtype, Kind.OUT), new Param("v0", DType.FLOAT64, Kind.SCALAR),
                        new Param("v1", DType.FLOAT64, Kind.SCALAR), new Param("v2", DType.FLOAT64, Kind.SCALAR)),
                "y = " + CTypes.cast(DType.FLOAT64, dtype, y) + ";");
        ElementwiseLoop.run(spec, new Object[] {out, start, step, stop}, out.shape());
    }
}
