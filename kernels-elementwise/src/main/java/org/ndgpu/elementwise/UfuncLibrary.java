package org.ndgpu.elementwise;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.UfuncRunner;

/**
 * The NumPy ufuncs on the device, each one generated kernel through {@link ElementwiseLoop}:
 * NumPy 2 type resolution (the loop table of {@link UfuncLoops}; Java numbers are NEP 50 weak
 * scalars), broadcasting, any strides, and an optional {@code out} checked with NumPy's default
 * same_kind casting. Reached through NDArray's methods and the Nd facade:
 *
 * <pre>{@code
 * a.add(b);  a.mul(2.0);  Nd.sqrt(a);  Nd.add(a, b, out);  Nd.where(a.gt(0), a, 0);
 * }</pre>
 */
public final class UfuncLibrary implements UfuncRunner {
    /** Made by ServiceLoader (ndarray's {@code uses org.ndgpu.spi.UfuncRunner}); callers go through NDArray and Nd. */
    public UfuncLibrary() {}

    private static final Map<SpecKey, Spec> SPECS = new ConcurrentHashMap<>();

    /**
     * A resolved call: the ufunc, and each operand's kind and effective dtype and out's dtype packed in
     * {@code sig} (see {@link #signature}). Everything a warm call needs hangs off it, so it builds
     * no strings and searches no tables.
     */
    private record CallKey(Ufunc op, long sig) {
        // written out: a record's generated equals and hashCode go through method handles, slow until JIT-compiled
        @Override
        public boolean equals(Object o) {
            return o instanceof CallKey k && k.op == op && k.sig == sig;
        }

        @Override
        public int hashCode() {
            return op.ordinal() * 31 + Long.hashCode(sig);
        }
    }

    private record Resolved(UfuncLoops.Loop loop, Spec spec) {}

    private static final Map<CallKey, Resolved> RESOLVED = new ConcurrentHashMap<>();

    // the previous call's resolution: a loop of one ufunc (the common case) then skips the key and the map lookup
    private static final CallSiteCache<Ufunc, Resolved> LAST = new CallSiteCache<>();

    @Override
    public NDArray call(Ufunc op, NDArray out, Object... operands) {
        if (ComplexOperands.any(operands)) {
            NDArray[] made = ComplexOperands.arrays(operands);
            try {
                return call(op, out, ComplexOperands.replaced(operands, made));
            } finally {
                ComplexOperands.close(made);
            }
        }
        return switch (op) {
            case REAL, IMAG -> realImag(op, out, operands);
            case CLIP -> clip((NDArray) operands[0], operands[1], operands[2], out);
            case FREXP, MODF, DIVMOD ->
                throw new NdException(
                        op + ": a ufunc of two outputs; call Nd." + op + " (or UfuncRunner.call2), which returns both");
            default -> apply(op, out, operands);
        };
    }

    @Override
    public NDArray[] call2(Ufunc op, NDArray out1, NDArray out2, Object... operands) {
        if (op.nout() != 2)
            throw new NdException(op + ": not a ufunc of two outputs; call it through UfuncRunner.call");
        return UfuncPairs.call(op, out1, out2, operands);
    }

    @Override
    public NDArray where(Object cond, Object x, Object y, NDArray out) {
        if (ComplexOperands.any(new Object[] {x, y})) {
            NDArray[] made = ComplexOperands.arrays(new Object[] {x, y});
            try {
                Object[] xy = ComplexOperands.replaced(new Object[] {x, y}, made);
                return where(cond, xy[0], xy[1], out);
            } finally {
                ComplexOperands.close(made);
            }
        }
        if (x instanceof NDArray xa
                && y instanceof NDArray ya
                && xa.dtype() != ya.dtype()
                && (xa.dtype().isTime() || ya.dtype().isTime())) {
            // datetimes of two units meet in the finer one: their counts are converted, not reinterpreted
            DType t = DType.promote(xa.dtype(), ya.dtype());
            return where(cond, xa.astype(t), ya.astype(t), out);
        }
        Object[] ops = {cond, x, y};
        DType[] eff = effectiveDtypes("where", new Object[] {x, y});
        DType res = DType.promote(eff[0], eff[1]);
        DType[] loopIn = {DType.BOOL, res, res};
        UfuncLoops.checkScalarsFit("where", new Object[] {x, y}, new DType[] {res, res});
        DType[] operandDtypes = {operandDtype(cond, DType.BOOL), eff[0], eff[1]};
        String value = UfuncExpressions.truth(operandDtypes[0], "a0") + " ? " + "_u1 : _u2;";
        if (cond instanceof NDArray c) c.live("where"); // x and y were checked by effectiveDtypes; launch checks none
        return launch("where", ops, operandDtypes, loopIn, res, out, result -> result + " = " + value, null);
    }

    @Override
    public NDArray clip(NDArray a, Object lo, Object hi, NDArray out) {
        if (lo == null && hi == null) throw new NdException("clip: one of lo and hi must be given");
        if (a != null) {
            var b = UfuncLoops.clipBounds(lo, hi, a.live("clip").dtype());
            if (b.lo() == null && b.hi() == null) return apply(Ufunc.POSITIVE, out, a);
            lo = b.lo();
            hi = b.hi();
        }
        if (lo == null) return apply(Ufunc.MINIMUM, out, a, hi);
        if (hi == null) return apply(Ufunc.MAXIMUM, out, a, lo);
        return apply(Ufunc.CLIP, out, a, lo, hi);
    }

    private NDArray apply(Ufunc op, NDArray out, Object... operands) {
        String name = op.numpyName();
        DType[] eff = effectiveDtypes(name, operands, true);
        if (eff == null) return TimeUfuncs.apply(op, out, operands);
        if (op == Ufunc.POWER) IntegerPower.checkOperands(operands, eff);
        if (SpecialFunctions.isBessel(op)) {
            UfuncLoops.Loop loop = UfuncLoops.resolve(name, eff);
            UfuncLoops.checkScalarsFit(name, operands, loop.in());
            NDArray viaDouble = castFirst(op, out, operands, loop.in(), loop.out());
            if (viaDouble != null) return viaDouble;
        }
        long sig = signature(operands, eff, out);
        Resolved r = sig < 0 ? null : LAST.get(op, sig);
        if (r == null) {
            CallKey key = sig < 0 ? null : new CallKey(op, sig);
            r = key == null ? null : RESOLVED.get(key);
            if (r == null) {
                UfuncLoops.Loop loop = UfuncLoops.resolve(name, eff);
                DType outDtype = out != null ? out.dtype() : loop.out();
                r = new Resolved(
                        loop,
                        buildSpec(
                                name,
                                operands,
                                eff,
                                loop.in(),
                                loop.out(),
                                outDtype,
                                bodyMaker(op, operands.length, loop)));
                if (key != null) RESOLVED.put(key, r);
            }
            if (key != null) LAST.put(op, sig, r);
        }
        UfuncLoops.checkScalarsFit(name, operands, r.loop().in());
        Spec spec = r.spec();
        return launch(name, operands, eff, r.loop().in(), r.loop().out(), out, null, spec);
    }

    /**
     * A Bessel ufunc's call through its float64 kernel, or null when the operands already are float64
     * arrays (or numbers): each array operand of another dtype is cast to float64 first (a Java number
     * of a float32 loop rounded to float first, as the loop would take it), and a float32 loop's result
     * is rounded to float32 after, which is what that loop computes (in double, rounded once). So each
     * Bessel function builds one kernel per layout, not one per mix of operand dtypes.
     */
    private NDArray castFirst(Ufunc op, NDArray out, Object[] operands, DType[] loopIn, DType loopOut) {
        Object[] cast = null;
        for (int k = 0; k < operands.length; k++) {
            Object o = operands[k];
            if (o instanceof NDArray a && a.dtype() != DType.FLOAT64) {
                if (cast == null) cast = operands.clone();
                cast[k] = a.astype(DType.FLOAT64);
            } else if (o instanceof Number n && loopIn[k] == DType.FLOAT32 && !(o instanceof Float)) {
                if (cast == null) cast = operands.clone();
                cast[k] = (double) n.floatValue();
            }
        }
        if (cast == null) return null;
        try {
            if (loopOut == DType.FLOAT64) return apply(op, out, cast);
            try (NDArray r = apply(op, null, cast)) {
                if (out == null) return r.astype(loopOut);
                String name = op.numpyName();
                out.live(name);
                Operands.checkWriteable(name, out);
                if (!Arrays.equals(out.shape(), r.shape())) {
                    throw new ShapeException(name + ": output has shape " + Shapes.str(out.shape())
                            + ", but the operands broadcast to " + Shapes.str(r.shape()));
                }
                Operands.checkCast(name, loopOut, out.dtype(), Casting.SAME_KIND);
                try (NDArray rounded = r.astype(loopOut)) {
                    out.set("...", rounded);
                }
                return out;
            }
        } finally {
            for (int k = 0; k < cast.length; k++) {
                if (cast[k] != operands[k] && cast[k] instanceof NDArray a) a.close();
            }
        }
    }

    /**
     * Operand k's array flag and dtype ordinal in bits 8k..8k+7, and out's dtype ordinal plus one (0: no
     * out) in bits 56..62; -1 when there are too many operands to pack.
     */
    private static long signature(Object[] operands, DType[] eff, NDArray out) {
        if (operands.length > 7) return -1;
        long sig = out == null ? 0 : (long) (out.dtype().ordinal() + 1) << 56;
        for (int k = 0; k < operands.length; k++) {
            long code = (operands[k] instanceof NDArray ? 0x80 : 0) | eff[k].ordinal();
            sig |= code << (8 * k);
        }
        return sig;
    }

    private static BodyMaker bodyMaker(Ufunc op, int operands, UfuncLoops.Loop loop) {
        DType t = loop.in()[0];
        if (op == Ufunc.CLIP) {
            // numpy.clip(a, lo, hi) == minimum(maximum(a, lo), hi), NaN propagating
            String max =
                    CTypes.compute(t) + " _m = " + UfuncExpressions.expr(Ufunc.MAXIMUM, t, t, "_u0", "_u1") + ";\n";
            String min = CTypes.cast(t, loop.out(), UfuncExpressions.expr(Ufunc.MINIMUM, t, t, "_m", "_u2")) + ";";
            return result -> max + result + " = " + min;
        }
        String[] v = new String[operands];
        for (int k = 0; k < v.length; k++) v[k] = "_u" + k;
        String value = CTypes.cast(loop.out(), loop.out(), UfuncExpressions.expr(op, loop.in(), loop.out(), v)) + ";";
        return result -> result + " = " + value;
    }

    /** Array operands keep their dtype; Java numbers take one beside the arrays (NEP 50), or their own when all are numbers. */
    static DType[] effectiveDtypes(String name, Object[] operands) {
        return effectiveDtypes(name, operands, false);
    }

    /**
     * As {@link #effectiveDtypes(String, Object[])}, or null, when {@code nullForTime}, at the first
     * datetime64 or timedelta64 array: TimeUfuncs' operands. The operands before it are checked as
     * TimeUfuncs checks them (null, closed: the same exceptions), and no dtype is promoted with a time
     * one, so finding it here rather than in a pass of its own changes nothing but the interpreted calls.
     */
    private static DType[] effectiveDtypes(String name, Object[] operands, boolean nullForTime) {
        DType arrays = null;
        for (int k = 0; k < operands.length; k++) {
            Object o = operands[k];
            // NumPy names a ufunc's inputs x1, x2, ...
            if (o == null)
                throw new NullPointerException(
                        name + ": x" + (k + 1) + " is null; expected an NDArray or a Java number");
            if (o instanceof NDArray a) {
                DType d = a.live(name).dtype();
                if (nullForTime && d.isTime()) return null;
                arrays = arrays == null ? d : DType.promote(arrays, d);
            }
        }
        DType[] eff = new DType[operands.length];
        for (int k = 0; k < operands.length; k++) {
            Object o = operands[k];
            if (o instanceof NDArray a) eff[k] = a.dtype();
            else if (k == 1 && UfuncLoops.ldexpExponent(name, o)) eff[k] = DType.INT64;
            else if (arrays == null) eff[k] = DType.ofJavaValue(o);
            else eff[k] = Scalars.promoted(name, o, arrays);
        }
        return eff;
    }

    private static DType operandDtype(Object o, DType ifScalar) {
        return o instanceof NDArray a ? a.dtype() : ifScalar;
    }

    /** A ufunc's body, assigning its value to {@code result}: "y", or a declared "float _r" that is then converted into out's dtype. */
    private interface BodyMaker {
        String make(String result);
    }

    /**
     * Runs one ufunc kernel: array operand k is parameter a{k} (its own dtype), converted to the
     * loop type as _u{k}; a Java number is a scalar parameter already of the loop type; the result
     * y is converted to out's dtype. The callers have checked that every array operand is live.
     */
    private NDArray launch(
            String name,
            Object[] ops,
            DType[] opDtypes,
            DType[] loopIn,
            DType result,
            NDArray out,
            BodyMaker body,
            Spec resolved) {
        // the common case without allocating: every array operand (and out) already has one shape
        long[] same = null;
        boolean allSame = true, oneDevice = true;
        Device dev0 = null;
        for (Object o : ops) {
            if (o instanceof NDArray a) {
                if (same == null) {
                    same = a.shape();
                    dev0 = a.device();
                } else {
                    allSame &= a.hasShape(same);
                    oneDevice &= a.device() == dev0;
                }
            }
        }
        if (out != null) {
            Operands.checkWriteable(name, out);
            if (same != null) allSame &= out.hasShape(same);
        }
        if (allSame && same != null) {
            if (out != null) Operands.checkCast(name, result, out.dtype(), Casting.SAME_KIND);
            NDArray y = out != null ? out : NDArray.empty(dev0, result, same, Order.C);
            Spec spec = resolved != null ? resolved : specFor(name, ops, opDtypes, loopIn, result, y.dtype(), body);
            run(spec, ops, y, out == null, same, oneDevice ? dev0 : null);
            return y;
        }
        List<long[]> shapes = new ArrayList<>();
        Device device = null;
        for (Object o : ops) {
            if (o instanceof NDArray a) {
                shapes.add(a.shape());
                if (device == null) device = a.device();
            }
        }
        if (out != null) {
            out.live(name);
            shapes.add(out.shape());
            if (device == null) device = out.device();
        }
        if (device == null) device = Device.current();
        long[] shape = LoopPlan.shape(name, shapes);
        if (out != null) {
            if (!Arrays.equals(out.shape(), shape)) {
                throw new ShapeException(name + ": output has shape " + Shapes.str(out.shape())
                        + ", but the operands broadcast to " + Shapes.str(shape));
            }
            Operands.checkCast(name, result, out.dtype(), Casting.SAME_KIND);
        }
        NDArray y = out != null ? out : NDArray.empty(device, result, shape, Order.C);
        Spec spec = resolved != null ? resolved : specFor(name, ops, opDtypes, loopIn, result, y.dtype(), body);
        run(spec, ops, y, out == null, shape, null);
        return y;
    }

    /**
     * Runs the ufunc's kernel into y; {@code newOutput}: y was allocated for this call, so no input
     * overlaps it; {@code oneDevice}, when not null: every array operand has y's shape and is on
     * that device (and was checked live), so the loop's plan need not check them again.
     */
    private static void run(Spec spec, Object[] ops, NDArray y, boolean newOutput, long[] shape, Device oneDevice) {
        if (newOutput && oneDevice != null)
            ElementwiseLoop.runIntoNewChecked(spec, kernelArgs(ops, y), shape, oneDevice);
        else if (newOutput) ElementwiseLoop.runIntoNew(spec, kernelArgs(ops, y), shape);
        else ElementwiseLoop.run(spec, kernelArgs(ops, y), shape);
    }

    private static Spec specFor(
            String name, Object[] ops, DType[] opDtypes, DType[] loopIn, DType result, DType outDtype, BodyMaker body) {
        return SPECS.computeIfAbsent(
                SpecKey.of(name, outDtype, null, ops, opDtypes),
                x -> buildSpec(name, ops, opDtypes, loopIn, result, outDtype, body));
    }

    /** The operands (a Java boolean as 0 or 1) and the output, in the spec's parameter order. */
    private static Object[] kernelArgs(Object[] ops, NDArray y) {
        Object[] args = new Object[ops.length + 1];
        for (int k = 0; k < ops.length; k++) {
            Object o = ops[k];
            if (o instanceof Boolean bo) o = bo ? 1 : 0;
            args[k] = o;
        }
        args[ops.length] = y;
        return args;
    }

    private static Spec buildSpec(
            String name, Object[] ops, DType[] opDtypes, DType[] loopIn, DType result, DType outDtype, BodyMaker body) {
        List<Param> params = new ArrayList<>();
        var sb = new StringBuilder();
        var kname = new StringBuilder("nd_").append(name);
        for (int k = 0; k < ops.length; k++) {
            String v = "a" + k;
            if (ops[k] instanceof NDArray || ops[k] == NDArray.class) {
                params.add(new Param(v, opDtypes[k], Kind.IN));
                kname.append('_').append(code(opDtypes[k]));
                if (!name.equals("where") || k > 0) {
                    sb.append("const ")
                            .append(CTypes.compute(loopIn[k]))
                            .append(" _u")
                            .append(k)
                            .append(" = ")
                            .append(CTypes.cast(opDtypes[k], loopIn[k], v))
                            .append(";\n");
                }
            } else {
                // a Java number travels already converted to the loop type (bool and float16 as their carriers)
                DType sd = name.equals("where") && k == 0 ? DType.BOOL : loopIn[k].real();
                params.add(new Param(v, sd, Kind.SCALAR));
                kname.append("_s").append(code(sd));
                if (!name.equals("where") || k > 0) {
                    sb.append("const ")
                            .append(CTypes.compute(loopIn[k]))
                            .append(" _u")
                            .append(k)
                            .append(" = ")
                            .append(CTypes.cast(sd, loopIn[k], v))
                            .append(";\n");
                }
            }
        }
        params.add(new Param("y", outDtype, Kind.OUT));
        kname.append("_to_").append(code(outDtype));
        // when out's dtype differs, compute in the loop's result type, then convert
        String b = outDtype == result
                ? body.make("y")
                : body.make(CTypes.compute(result) + " _r") + "\ny = " + CTypes.cast(result, outDtype, "_r") + ";";
        return new Spec(
                kname.toString(),
                params,
                "{\n" + sb + b + "\n}",
                UfuncExpressions.preamble(Ufunc.of(name)),
                "",
                "",
                List.of());
    }

    /** The spec a call of {@code op} on arrays of these dtypes runs, for golden tests (no device needed). */
    static Spec specFor(Ufunc op, DType... arrays) {
        String name = op.numpyName();
        UfuncLoops.Loop loop = UfuncLoops.resolve(name, arrays);
        String[] v = new String[arrays.length];
        for (int k = 0; k < v.length; k++) v[k] = "_u" + k;
        String value = UfuncExpressions.expr(op, loop.in(), loop.out(), v) + ";";
        Object[] ops = new Object[arrays.length];
        for (int k = 0; k < ops.length; k++) ops[k] = NDArray.class; // only "is an array" matters
        return buildSpec(name, ops, arrays, loop.in(), loop.out(), loop.out(), result -> result + " = " + value);
    }

    /** The spec a call of {@code op} on arrays of these dtypes writing into an {@code out} array of dtype {@code out} runs, for golden tests. */
    static Spec specInto(Ufunc op, DType out, DType... arrays) {
        String name = op.numpyName();
        UfuncLoops.Loop loop = UfuncLoops.resolve(name, arrays);
        Object[] ops = new Object[arrays.length];
        for (int k = 0; k < ops.length; k++) ops[k] = NDArray.class;
        return buildSpec(name, ops, arrays, loop.in(), loop.out(), out, bodyMaker(op, arrays.length, loop));
    }

    private static String code(DType d) {
        return d.descr().substring(1);
    }

    private NDArray realImag(Ufunc op, NDArray out, Object[] operands) {
        String name = op.numpyName();
        if (!(operands[0] instanceof NDArray a))
            throw new DTypeException(name + ": expected an NDArray, got " + KernelParams.describe(operands[0]));
        a.live(name);
        DType res = a.dtype().real();
        String e = a.dtype().isComplex() ? (op == Ufunc.REAL ? "a0.x" : "a0.y") : (op == Ufunc.REAL ? "a0" : "0");
        if (out != null && !UfuncLoops.canCastSameKind(res, out.dtype())) {
            throw new DTypeException(name + ": cannot cast the result from " + res + " to the output's " + out.dtype()
                    + " with casting rule 'same_kind'");
        }
        DType od = out != null ? out.dtype() : res;
        var spec = SPECS.computeIfAbsent(
                SpecKey.of(name, od, null, new Object[] {a}, new DType[] {a.dtype()}),
                k -> new Spec(
                        "nd_" + name + "_" + code(a.dtype()) + "_to_" + code(od),
                        List.of(new Param("a0", a.dtype(), Kind.IN), new Param("y", od, Kind.OUT)),
                        "y = " + CTypes.cast(res, od, e) + ";"));
        NDArray y = out != null ? out : NDArray.empty(a.device(), od, a.shape(), Order.C);
        if (!Arrays.equals(y.shape(), a.shape())) {
            throw new ShapeException(
                    name + ": output has shape " + Shapes.str(y.shape()) + ", expected " + Shapes.str(a.shape()));
        }
        ElementwiseLoop.run(spec, new Object[] {a, y}, a.shape());
        return y;
    }
}
