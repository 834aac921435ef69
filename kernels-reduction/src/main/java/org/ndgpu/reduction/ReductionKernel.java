package org.ndgpu.reduction;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.CheckedIndex;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.elementwise.KernelParams;
import org.ndgpu.elementwise.SpecialFunctions;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * A user-defined reduction, as CuPy's {@code cupy.ReductionKernel}: a map expression per element,
 * a reduce expression combining {@code a} and {@code b}, a post-map statement writing the output
 * from {@code a}, and an identity. Type placeholders bind to the arguments' dtypes as in
 * ElementwiseKernel; one definition runs on both dialects.
 *
 * <pre>{@code
 * var l2norm = new ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
 * NDArray n = l2norm.call(x);                           // over all axes: a 0-d array
 * NDArray rows = l2norm.call(x, new int[]{1}, false);   // one norm per row
 * var sumsq = l2norm.withReduceType("float64");         // accumulate in double
 * }</pre>
 *
 * <p>In the expressions: the input names; {@code _j}, the flat index within the reduced axes;
 * in the post-map also {@code _r}, the number of reduced elements; {@code _type_reduce}, the
 * accumulator's type. The identity is a number literal of the reduce type ("0", "1.5", "-inf",
 * "nan"); it is checked when the kernel is called. A {@code raw} input is a pointer to its array's
 * first element (C order), indexed by the snippets ({@code "raw T w"}, map {@code "x * w[_j]"}); in
 * checked mode ({@code ndgpu.debug}, on by default on PoCL) those subscripts are bounds-checked
 * ({@link CheckedIndex}). A raw output and several outputs are not supported, and the reduce type
 * is a NumPy dtype name or a placeholder.
 *
 * <p>A kernel is {@link Serializable}: it travels (to a Spark executor, say) as its definition and is
 * rebuilt there, compiling on its first call in that process through the device's program cache.
 */
public final class ReductionKernel implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    // never serialized: the kernel travels as its Definition (writeReplace)
    private final transient KernelParams in, out;
    private final transient String map, reduce, postMap, identity, name, reduceType, preamble;
    private final transient List<String> options;
    // true when an input is raw: checked mode then applies
    private final transient boolean raw;
    // the specs of the previous call, by its argument types (KernelParams.signature): a warm call builds no strings
    private final transient CallSiteCache<Void, Specs> lastSpecs = new CallSiteCache<>();

    /** A call's spec, and its checked form ({@link CheckedIndex}; null until a checked call needs it). */
    private record Specs(ReductionSpec spec, ReductionSpec checked) {}

    /** The serial form: the constructor's arguments; deserializing it builds the kernel anew. */
    private record Definition(
            String in,
            String out,
            String map,
            String reduce,
            String postMap,
            String identity,
            String name,
            String reduceType,
            String preamble,
            List<String> options)
            implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private Object readResolve() {
            return new ReductionKernel(in, out, map, reduce, postMap, identity, name, reduceType, preamble, options);
        }
    }

    @Serial
    private Object writeReplace() {
        return new Definition(
                in.toString(), out.toString(), map, reduce, postMap, identity, name, reduceType, preamble, options);
    }

    @Serial
    private void readObject(ObjectInputStream s) throws InvalidObjectException {
        throw new InvalidObjectException("ReductionKernel: deserialized only from its Definition (writeReplace)");
    }

    /** CuPy's positional form: {@code ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name)}. */
    public ReductionKernel(
            String inParams,
            String outParams,
            String mapExpr,
            String reduceExpr,
            String postMapExpr,
            String identity,
            String name) {
        this(inParams, outParams, mapExpr, reduceExpr, postMapExpr, identity, name, null, "", List.of());
    }

    /**
     * The full form: {@code reduceType} (null: the output's type) is a NumPy dtype name or a
     * placeholder, {@code preamble} is source placed before the kernel, {@code options} are
     * compiler flags.
     */
    public ReductionKernel(
            String inParams,
            String outParams,
            String mapExpr,
            String reduceExpr,
            String postMapExpr,
            String identity,
            String name,
            String reduceType,
            String preamble,
            List<String> options) {
        this.name = Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new NdException("ReductionKernel: name '" + name + "' is not a C identifier");
        this.in = KernelParams.parse(name, inParams);
        this.out = KernelParams.parse(name, outParams);
        if (out.size() != 1)
            throw new NdException(
                    name + ": a ReductionKernel has exactly one output parameter, got '" + outParams + "'");
        for (KernelParams ps : List.of(in, out)) {
            for (KernelParams.Param p : ps.params()) {
                if (p.raw() && ps == out)
                    throw new NdException(name + ": a raw output is not supported by ReductionKernel ('" + p + "')");
                if (p.name().equals("a") || p.name().equals("b")) {
                    throw new NdException(
                            name + ": parameter name '" + p.name() + "' is reserved for the reduce expression");
                }
            }
        }
        if (identity == null || identity.isBlank()) {
            throw new NdException(
                    name + ": an identity is required (the value a reduction of nothing gives, \"0\" for a sum)");
        }
        this.map = Objects.requireNonNull(mapExpr, "mapExpr");
        this.reduce = Objects.requireNonNull(reduceExpr, "reduceExpr");
        this.postMap = Objects.requireNonNull(postMapExpr, "postMapExpr");
        this.identity = identity.strip();
        this.reduceType = reduceType;
        this.preamble = preamble == null ? "" : preamble;
        this.options = List.copyOf(options);
        boolean anyRaw = false;
        for (KernelParams.Param p : in.params()) anyRaw |= p.raw();
        this.raw = anyRaw;
    }

    /** The same kernel accumulating in {@code type} (CuPy's reduce_type): a dtype name or a placeholder. */
    public ReductionKernel withReduceType(String type) {
        Objects.requireNonNull(type, "withReduceType: type is null");
        return new ReductionKernel(
                in.toString(), out.toString(), map, reduce, postMap, identity, name, type, preamble, options);
    }

    /** The same kernel with a preamble (helper functions) placed before it. */
    public ReductionKernel withPreamble(String text) {
        Objects.requireNonNull(text, "withPreamble: text is null");
        return new ReductionKernel(
                in.toString(), out.toString(), map, reduce, postMap, identity, name, reduceType, text, options);
    }

    /** The same kernel compiled with {@code flags}. */
    public ReductionKernel withOptions(String... flags) {
        return new ReductionKernel(
                in.toString(),
                out.toString(),
                map,
                reduce,
                postMap,
                identity,
                name,
                reduceType,
                preamble,
                Operands.strings("withOptions", "flags", flags));
    }

    /** Reduces over every axis; {@code args} are the inputs (NDArrays or Java numbers). */
    public NDArray call(Object... args) {
        return call(args, null, false, null);
    }

    /** One input reduced over {@code axes} (null: all; negative counts from the end). */
    public NDArray call(Object arg, int[] axes, boolean keepdims) {
        return call(new Object[] {arg}, axes, keepdims, null);
    }

    /** One input reduced over one axis. */
    public NDArray call(Object arg, int axis) {
        return call(new Object[] {arg}, new int[] {axis}, false, null);
    }

    /**
     * The general form: inputs (broadcast together), axes (null: all), keepdims, and an optional
     * {@code out} of the result shape.
     */
    public NDArray call(Object[] args, int[] axes, boolean keepdims, NDArray out) {
        Objects.requireNonNull(args, "call: args is null");
        if (args.length != in.size()) {
            throw new NdException(name + ": expected " + in.size() + " inputs (" + in + "), got " + args.length);
        }
        Object[] outArgs = {out};
        KernelParams.Binding bind = KernelParams.bind(name, in, args, this.out, outArgs);
        long sig = KernelParams.signature(args, outArgs);
        List<long[]> shapes = new ArrayList<>();
        NDArray first = null;
        for (int k = 0; k < in.size(); k++) {
            KernelParams.Param p = in.get(k);
            if (p.raw()) {
                // indexed by the snippets in C order, as ElementwiseKernel's raw arrays
                NDArray a = (NDArray) args[k];
                a.live(name);
                if (!a.isCContiguous()) {
                    args = args.clone();
                    args[k] = a.copy();
                }
                continue;
            }
            if (args[k] instanceof NDArray a) {
                a.live(name);
                shapes.add(a.shape());
                if (first == null) first = a;
            } else if (args[k] instanceof Boolean b) {
                args = args.clone();
                args[k] = b ? 1 : 0;
            }
        }
        if (first == null) throw new NdException(name + ": at least one input that is not raw must be an NDArray");
        DType outType = bind.dtype(this.out.get(0));
        long[] shape = LoopPlan.shape(name, shapes);
        int[] ax = Shapes.axes(name, axes, shape.length);
        boolean[] red = new boolean[shape.length];
        for (int d : ax) red[d] = true;
        long[] resultShape = DeviceReductions.resultShape(shape, red, keepdims);
        NDArray result;
        if (out != null) {
            out.live(name);
            Operands.checkOutShape(name, out, resultShape);
            result = out;
        } else {
            result = NDArray.empty(first.device(), outType, resultShape, Order.C);
        }
        boolean checked = raw && CheckedIndex.on(first.device());
        Specs specs = sig < 0 ? null : lastSpecs.get(null, sig);
        if (specs == null || (checked && specs.checked() == null)) {
            ReductionSpec spec = specs != null ? specs.spec() : spec(bind, args, outType);
            specs = new Specs(spec, checked ? checked(spec) : null);
            if (sig >= 0) lastSpecs.put(null, sig, specs);
        }
        Object[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = result;
        if (checked) {
            runChecked(specs.checked(), all, ax, first.device());
        } else {
            ReductionLoop.run(specs.spec(), all, ax);
        }
        return result;
    }

    /** The spec of a call whose placeholders {@code bind} binds, with these arguments. */
    private ReductionSpec spec(KernelParams.Binding bind, Object[] args, DType outType) {
        List<Param> params = new ArrayList<>();
        for (int k = 0; k < in.size(); k++) {
            KernelParams.Param p = in.get(k);
            if (p.raw()) params.add(new Param(p.name(), ((NDArray) args[k]).dtype(), Kind.RAW));
            else params.add(new Param(p.name(), bind.dtype(p), args[k] instanceof NDArray ? Kind.IN : Kind.SCALAR));
        }
        params.add(new Param(this.out.get(0).name(), outType, Kind.OUT));
        DType rt = reduceDType(bind, outType);
        String ct = CTypes.compute(rt);
        String ident = identityLiteral(rt);
        // scipy.special's device functions when the kernel calls one (SpecialFunctions), before the bound type names
        String pre = DeviceMath.HELPERS
                + SpecialFunctions.headerFor(map, reduce, postMap, preamble)
                + bind.typedefs()
                + "typedef " + ct + " _type_reduce;\n" + preamble;
        return new ReductionSpec(
                name,
                params,
                ct,
                DeviceMath.bytes(rt),
                map,
                reduce,
                postMap,
                ident,
                true,
                map.contains("_j"),
                pre,
                options);
    }

    /**
     * Checked mode ({@link CheckedIndex}): {@code checked} is the spec with the snippets' subscripts of
     * raw arrays checked, which takes each raw array's size and the record before the output; a bad
     * index is an IndexException.
     */
    private void runChecked(ReductionSpec checked, Object[] args, int[] ax, org.ndgpu.device.Device device) {
        List<Param> params = checked.params();
        List<Object> all = new ArrayList<>(java.util.Arrays.asList(args).subList(0, args.length - 1));
        for (int k = 0; k < args.length - 1; k++) {
            if (params.get(k).kind() == Kind.RAW) all.add(((NDArray) args[k]).size());
        }
        try (NDArray record = CheckedIndex.record(device)) {
            all.add(record);
            all.add(args[args.length - 1]);
            ReductionLoop.run(checked, all.toArray(), ax);
            CheckedIndex.check(
                    record,
                    t -> CheckedIndex.culprit(
                            "ReductionKernel " + name, "raw parameter", CheckedIndex.targets(params), t));
        }
    }

    /** {@code spec} with the snippets' subscripts of raw arrays checked: each raw array's size and the record passed before the output. */
    private static ReductionSpec checked(ReductionSpec spec) {
        List<CheckedIndex.Target> ts = CheckedIndex.targets(spec.params());
        List<Param> params =
                new ArrayList<>(spec.params().subList(0, spec.params().size() - 1));
        for (CheckedIndex.Target t : ts) params.add(new Param(t.length(), DType.INT64, Kind.SCALAR));
        params.add(new Param(CheckedIndex.RECORD, DType.INT64, Kind.RAW));
        params.add(spec.out());
        String rec = CheckedIndex.RECORD;
        return new ReductionSpec(
                spec.name(),
                params,
                spec.reduceType(),
                spec.reduceBytes(),
                CheckedIndex.rewrite(spec.map(), ts, rec),
                CheckedIndex.rewrite(spec.reduce(), ts, rec),
                CheckedIndex.rewrite(spec.postMap(), ts, rec),
                spec.identity(),
                spec.hasIdentity(),
                spec.orderedIndex(),
                CheckedIndex.header(ts) + spec.preamble(),
                spec.options());
    }

    private DType reduceDType(KernelParams.Binding bind, DType outType) {
        if (reduceType == null) return outType;
        if (reduceType.length() == 1) {
            if (!bind.isBound(reduceType))
                throw new DTypeException(name + ": reduce type placeholder " + reduceType + " is not bound");
            return bind.types().get(reduceType);
        }
        for (DType d : DType.values()) if (d.numpyName().equals(reduceType)) return d;
        throw new DTypeException(
                name + ": reduce type '" + reduceType + "' is not a NumPy dtype name or a placeholder");
    }

    /** The identity as a C expression of {@code rt}, or a DTypeException when it is not a value of that type. */
    private String identityLiteral(DType rt) {
        String s = identity.toLowerCase(java.util.Locale.ROOT);
        String bad = name + ": identity '" + identity + "' is not a valid " + rt + " value";
        if (rt.isBool()) {
            return switch (s) {
                case "0", "false" -> "0";
                case "1", "true" -> "1";
                default -> throw new DTypeException(bad);
            };
        }
        if (rt.isInteger()) {
            try {
                if (rt == DType.UINT64 && s.matches("[0-9]+u?l{0,2}")) {
                    // uint64 beyond Long.MAX_VALUE (the identity of a min: 18446744073709551615) as its bits
                    long bits = Long.parseUnsignedLong(s.replaceAll("[ul]+$", ""));
                    return "(" + Long.toUnsignedString(bits) + "UL)";
                }
                long v = Long.decode(s.endsWith("l") ? s.substring(0, s.length() - 1) : s);
                org.ndgpu.ndarray.Scalars.checkFits(name + " identity", v, rt);
                return rt == DType.INT64 ? "(" + v + "L)" : rt == DType.UINT64 ? "(" + v + "UL)" : "(" + v + ")";
            } catch (NumberFormatException e) {
                throw new DTypeException(bad);
            }
        }
        String real = switch (s) {
            case "inf", "+inf", "infinity", "+infinity" -> "ND_INF";
            case "-inf", "-infinity" -> "(-ND_INF)";
            case "nan" -> "ND_NAN";
            default -> {
                String num = s.endsWith("f") ? s.substring(0, s.length() - 1) : s;
                try {
                    Double.parseDouble(num);
                } catch (NumberFormatException e) {
                    throw new DTypeException(bad);
                }
                if (num.contains("x") || num.contains("d")) throw new DTypeException(bad);
                yield "(" + num + ")";
            }
        };
        String rc = CTypes.compute(rt.real());
        if (rt.isComplex()) return "nd_" + DeviceMath.tag(rt) + "((" + rc + ")" + real + ", 0)";
        return "((" + rc + ")" + real + ")";
    }

    /** For JShell: {@code ReductionKernel(l2norm: (T x) -> (T y): map x * x, reduce a + b, post y = sqrt(a), identity 0)}. */
    @Override
    public String toString() {
        return "ReductionKernel(" + name + ": (" + in + ") -> (" + out + "): map " + map + ", reduce " + reduce
                + ", post " + postMap + ", identity " + identity
                + (reduceType != null ? ", reduce type " + reduceType : "") + ")";
    }
}
