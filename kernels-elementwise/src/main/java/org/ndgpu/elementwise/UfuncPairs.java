package org.ndgpu.elementwise;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;

/**
 * The ufuncs of two outputs (frexp, modf, divmod): NumPy's loop from the table, broadcasting, any
 * strides, and an optional {@code out} for each result (same_kind casting, as NumPy's), both
 * results written by one kernel.
 *
 * <pre>{@code
 * NDArray[] qr = Providers.ufuncs().call2(Ufunc.DIVMOD, null, null, a, 3);   // Nd.divmod(a, 3)
 * }</pre>
 */
final class UfuncPairs {
    private UfuncPairs() {}

    private static final Map<SpecKey, Spec> SPECS = new ConcurrentHashMap<>();

    static NDArray[] call(Ufunc op, NDArray out1, NDArray out2, Object... operands) {
        String name = op.numpyName();
        if (operands.length != op.nin()) {
            throw new NdException(name + ": expected " + op.nin() + " operand" + (op.nin() > 1 ? "s" : "") + ", got "
                    + operands.length);
        }
        DType[] eff = UfuncLibrary.effectiveDtypes(name, operands);
        UfuncLoops.Loop loop = UfuncLoops.resolve(name, eff);
        UfuncLoops.checkScalarsFit(name, operands, loop.in());
        List<long[]> shapes = new ArrayList<>();
        Device device = null;
        for (Object o : operands) {
            if (o instanceof NDArray a) {
                shapes.add(a.shape());
                if (device == null) device = a.device();
            }
        }
        long[] shape = LoopPlan.shape(name, shapes);
        NDArray[] outs = {out1, out2};
        DType[] results = {loop.out(), loop.out2()};
        for (int k = 0; k < 2; k++) {
            NDArray o = outs[k];
            if (o == null) continue;
            o.live(name);
            Operands.checkWriteable(name, o);
            if (!Arrays.equals(o.shape(), shape)) {
                throw new ShapeException(name + ": output " + (k + 1) + " has shape " + Shapes.str(o.shape())
                        + ", but the operands broadcast to " + Shapes.str(shape));
            }
            Operands.checkCast(name, results[k], o.dtype(), Casting.SAME_KIND);
            if (device == null) device = o.device();
        }
        if (device == null) device = Device.current();
        for (int k = 0; k < 2; k++) if (outs[k] == null) outs[k] = NDArray.empty(device, results[k], shape, Order.C);
        Spec spec = spec(name, op, operands, eff, loop, outs[0].dtype(), outs[1].dtype());
        Object[] args = new Object[operands.length + 2];
        for (int k = 0; k < operands.length; k++)
            args[k] = operands[k] instanceof Boolean b ? (b ? 1 : 0) : operands[k];
        args[operands.length] = outs[0];
        args[operands.length + 1] = outs[1];
        ElementwiseLoop.run(spec, args, shape);
        return outs;
    }

    private static Spec spec(
            String name, Ufunc op, Object[] operands, DType[] eff, UfuncLoops.Loop loop, DType d1, DType d2) {
        return SPECS.computeIfAbsent(SpecKey.of(name, d1, d2, operands, eff), x -> {
            List<Param> params = new ArrayList<>();
            var body = new StringBuilder();
            var kname = new StringBuilder("nd_").append(name);
            String[] u = new String[operands.length];
            for (int k = 0; k < operands.length; k++) {
                boolean array = operands[k] instanceof NDArray;
                // a Java number travels already converted to the loop type
                DType pd = array ? eff[k] : loop.in()[k].real();
                params.add(new Param("a" + k, pd, array ? Kind.IN : Kind.SCALAR));
                kname.append(array ? "_" : "_s").append(pd.descr().substring(1));
                u[k] = "_u" + k;
                body.append("const ")
                        .append(CTypes.compute(loop.in()[k]))
                        .append(" _u")
                        .append(k)
                        .append(" = ")
                        .append(CTypes.cast(pd, loop.in()[k], "a" + k))
                        .append(";\n");
            }
            params.add(new Param("y", d1, Kind.OUT));
            params.add(new Param("y2", d2, Kind.OUT));
            kname.append("_to_")
                    .append(d1.descr().substring(1))
                    .append('_')
                    .append(d2.descr().substring(1));
            body.append(UfuncExpressions.pair(op, loop.in()[0], u))
                    .append('\n')
                    .append("y = ")
                    .append(CTypes.cast(loop.out(), d1, "_r0"))
                    .append(";\n")
                    .append("y2 = ")
                    .append(CTypes.cast(loop.out2(), d2, "_r1"))
                    .append(";");
            return new Spec(
                    kname.toString(), params, "{\n" + body + "\n}", UfuncExpressions.preamble(op), "", "", List.of());
        });
    }
}
