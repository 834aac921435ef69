package org.ndgpu.fuse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.UfuncLoops;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.reduction.ReductionInlining;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;
import org.ndgpu.spi.Tracer;

/**
 * One tracing of a fused lambda: the symbolic arrays it is called with route their operations
 * here, and each becomes a {@link Node}. Type resolution is the ufunc library's own
 * ({@link UfuncLoops}, NEP 50 weak scalars through {@link Scalars#weak}), so a fused function has
 * exactly the dtypes of the unfused calls; shapes broadcast here, so shape errors surface at the
 * call, named after the ufunc, as unfused.
 */
final class Trace implements Tracer {
    static final Set<Reduction> REDUCTIONS = EnumSet.of(
            Reduction.SUM, Reduction.PROD, Reduction.MEAN, Reduction.MAX, Reduction.MIN, Reduction.ALL, Reduction.ANY);
    /** The fusable reductions' names, sorted, for messages. */
    private static final List<String> REDUCTION_NAMES =
            REDUCTIONS.stream().map(Reduction::numpyName).sorted().toList();

    private static final Set<String> HOST_READS = Set.of(
            "item",
            "doubleValue",
            "toFloatArray",
            "toDoubleArray",
            "toLongArray",
            "toIntArray",
            "toBooleanArray",
            "toArray",
            "toBytes",
            "copyTo",
            "toHost",
            "str",
            "buffer",
            "to");

    /** An integer weak-scalar argument met an integer array of {@code dtype} in {@code op}: its value must fit, on every call. */
    record FitCheck(String op, int arg, DType dtype) {}

    private final String name;
    private final Device device;
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, Node> consed = new HashMap<>();
    final List<FitCheck> fitChecks = new ArrayList<>();
    // false for a capture's fuser: two equal calls make two arrays, which must not share one node
    private final boolean cons;

    Trace(String name, Device device) {
        this(name, device, true);
    }

    Trace(String name, Device device, boolean cons) {
        this.name = name;
        this.device = device;
        this.cons = cons;
    }

    /** The symbolic array the lambda receives for argument {@code index}. */
    NDArray argument(int index, Object value) {
        Node n = value instanceof NDArray a
                ? add(id -> new Node.Arg(id, index, a.dtype(), a.shape()), "arg" + index)
                : add(id -> new Node.WeakArg(id, index, value), "weak" + index);
        return symbolic(n);
    }

    /** The node behind a symbolic array the lambda returned. */
    Node nodeOf(NDArray a, String what) {
        if (a == null) throw new FuseException("fuse '" + name + "': the function returned null as " + what);
        if (a.symbol() == null || a.symbol().tracer() != this) {
            throw new FuseException(
                    "fuse '" + name + "': " + what + " is not computed from the arguments (an array made or captured"
                            + " outside the fused function); return a value computed from the arguments, or pass the array as an argument");
        }
        return (Node) a.symbol().node();
    }

    // ---------------------------------------------------------------- ufuncs

    @Override
    public NDArray call(Ufunc ufunc, NDArray out, Object... operands) {
        noOut(ufunc.numpyName(), out);
        if (ufunc == Ufunc.REAL || ufunc == Ufunc.IMAG || ufunc.nout() > 1) {
            throw new NdException(ufunc.numpyName() + ": cannot be fused yet (fuse '" + name
                    + "'); call it outside the fused function");
        }
        return apply(ufunc, operands);
    }

    @Override
    public NDArray clip(NDArray a, Object lo, Object hi, NDArray out) {
        noOut("clip", out);
        if (lo == null && hi == null) throw new NdException("clip: one of lo and hi must be given");
        // as the eager clip for constant bounds; a bound that is an argument of the fused function is
        // checked at each call against the loop's dtype (it may not move past the range)
        var b = UfuncLoops.clipBounds(lo, hi, nodeOf(a, "clip's array").dtype());
        if (b.lo() == null && b.hi() == null) return apply(Ufunc.POSITIVE, a);
        lo = b.lo();
        hi = b.hi();
        if (lo == null) return apply(Ufunc.MINIMUM, a, hi);
        if (hi == null) return apply(Ufunc.MAXIMUM, a, lo);
        return apply(Ufunc.CLIP, a, lo, hi);
    }

    @Override
    public NDArray where(Object cond, Object x, Object y, NDArray out) {
        noOut("where", out);
        List<Object> ops = operands("where", cond, x, y);
        DType[] eff = effective("where", ops.subList(1, 3));
        DType res = DType.promote(eff[0], eff[1]);
        checkFits("where", ops.subList(1, 3), new DType[] {res, res});
        DType condType = ops.get(0) instanceof Node n ? n.dtype() : DType.BOOL;
        return op(null, "where", ops, List.of(condType, res, res), res);
    }

    private NDArray apply(Ufunc op, Object... operands) {
        String ufunc = op.numpyName();
        List<Object> ops = operands(ufunc, operands);
        UfuncLoops.Loop loop = UfuncLoops.resolve(ufunc, effective(ufunc, ops));
        checkFits(ufunc, ops, loop.in());
        return op(op, ufunc, ops, List.of(loop.in()), loop.out());
    }

    /** The node of {@code op} (null: numpy.where), named {@code ufunc} in messages and its cons key. */
    private NDArray op(Ufunc op, String ufunc, List<Object> ops, List<DType> loopIn, DType out) {
        List<long[]> shapes = new ArrayList<>();
        var key = new StringBuilder(ufunc).append('(');
        for (Object o : ops) {
            if (o instanceof Node n) {
                shapes.add(n.shape());
                key.append('#').append(n.id());
            } else {
                Node.Weak w = (Node.Weak) o;
                key.append(w.arg() >= 0 ? "w" + w.arg() : w.value().getClass().getSimpleName() + ":" + w.value());
            }
            key.append(',');
        }
        long[] shape = LoopPlan.shape(ufunc, shapes);
        key.append(")->").append(out);
        return symbolic(add(id -> new Node.Op(id, op, List.copyOf(ops), loopIn, out, shape), key.toString()));
    }

    /** Array operands keep their dtype; numbers take one beside the arrays (NEP 50), or their own when all are numbers. */
    private DType[] effective(String ufunc, List<Object> ops) {
        DType arrays = null;
        for (Object o : ops)
            if (o instanceof Node n) arrays = arrays == null ? n.dtype() : DType.promote(arrays, n.dtype());
        DType[] eff = new DType[ops.size()];
        for (int k = 0; k < eff.length; k++) {
            Object o = ops.get(k);
            if (o instanceof Node n) eff[k] = n.dtype();
            else {
                Node.Weak w = (Node.Weak) o;
                if (k == 1 && org.ndgpu.elementwise.UfuncLoops.ldexpExponent(ufunc, w.value())) eff[k] = DType.INT64;
                else if (arrays == null) eff[k] = DType.ofJavaValue(w.value());
                else if (w.arg() >= 0
                        && arrays.isInteger()
                        && Scalars.comparesByValue(ufunc)
                        && Scalars.isJavaInteger(w.value())) {
                    // compared by value whatever each call passes (uint32_array < -1 as NumPy): int64, no fit check
                    eff[k] = DType.INT64;
                } else {
                    eff[k] = Scalars.promoted(ufunc, w.value(), arrays);
                }
            }
        }
        return eff;
    }

    /**
     * Checks each Java integer against its loop's input dtype, as the unfused ufunc does: a constant
     * now, an argument of the fused function at each call ({@link FitCheck}).
     */
    private void checkFits(String ufunc, List<Object> ops, DType[] loopIn) {
        for (int k = 0; k < loopIn.length; k++) {
            if (!(ops.get(k) instanceof Node.Weak w) || !Scalars.isJavaInteger(w.value()) || !loopIn[k].isInteger())
                continue;
            if (w.arg() >= 0) fitChecks.add(new FitCheck(ufunc, w.arg(), loopIn[k]));
            else Scalars.checkFits(ufunc, ((Number) w.value()).longValue(), loopIn[k]);
        }
    }

    private List<Object> operands(String op, Object... operands) {
        List<Object> ops = new ArrayList<>(operands.length);
        for (Object o : operands) {
            if (o instanceof NDArray a) {
                Node n = nodeOf(a, "an operand of " + op);
                ops.add(n instanceof Node.WeakArg w ? new Node.Weak(w.value(), w.index()) : n);
            } else if (o instanceof Number || o instanceof Boolean) {
                ops.add(new Node.Weak(o, -1));
            } else {
                throw new DTypeException(op + ": expected an NDArray or a Java number, got "
                        + (o == null ? "null" : o.getClass().getSimpleName()));
            }
        }
        return ops;
    }

    // ---------------------------------------------------------------- casts and reductions

    @Override
    public NDArray astype(NDArray a, DType to) {
        Node n = nodeOf(a, "the array of astype");
        return symbolic(add(id -> new Node.Cast(id, n, to), "cast#" + n.id() + "->" + to));
    }

    @Override
    public NDArray reduce(Reduction reduction, NDArray a, int[] axes, boolean keepdims, NDArray out, int ddof) {
        String op = reduction.numpyName();
        noOut(op, out);
        if (!REDUCTIONS.contains(reduction)) {
            throw new FuseException("fuse '" + name + "': " + op + " cannot be fused; the fusable reductions are "
                    + REDUCTION_NAMES + " (compute " + op + " outside the fused function)");
        }
        Node in = nodeOf(a, "the array of " + op);
        if (in instanceof Node.WeakArg)
            throw new FuseException("fuse '" + name + "': " + op + " of a Java number argument; pass an array");
        long[] shape = in.shape();
        int n = shape.length;
        int[] ax = Shapes.axes(op, axes, n);
        boolean[] red = new boolean[n];
        for (int d : ax) red[d] = true;
        long r = 1, k = 1;
        long[] res = new long[n];
        int m = 0;
        for (int d = 0; d < n; d++) {
            if (red[d]) r *= shape[d];
            else k *= shape[d];
            if (!red[d]) res[m++] = shape[d];
            else if (keepdims) res[m++] = 1;
        }
        if (r == 0 && k > 0 && !ReductionInlining.hasIdentity(reduction)) {
            throw new ShapeException(op + ": zero-size array to reduction operation "
                    + ReductionInlining.ufuncName(reduction) + " which has no identity");
        }
        long[] outShape = Arrays.copyOf(res, m);
        int[] sorted = ax.clone();
        Arrays.sort(sorted);
        DType rt = ReductionInlining.resultType(reduction, in.dtype());
        return symbolic(add(
                id -> new Node.Reduce(id, reduction, in, sorted, keepdims, rt, outShape),
                op + "#" + in.id() + Arrays.toString(sorted) + keepdims));
    }

    @Override
    public NDArray scan(Scan op, NDArray a, Integer axis, NDArray out) {
        throw new FuseException("fuse '" + name + "': " + op.numpyName()
                + " cannot be fused (a scan is not elementwise); compute it outside the fused function");
    }

    // ---------------------------------------------------------------- what cannot be traced

    @Override
    public NdException cannotTrace(String op) {
        String where = callSite();
        if (HOST_READS.contains(op)) {
            return new FuseException(
                    "fuse '" + name + "': " + op + "() reads array elements on the host" + where + ", which a fused"
                            + " function cannot do: it is traced once with symbolic arrays and compiled into one kernel, so Java code cannot"
                            + " see element values (no item(), toDoubleArray(), or `if` on a comparison). Select with Nd.where(cond, a, b),"
                            + " or call the lambda unfused.");
        }
        return new FuseException("fuse '" + name + "': " + op + " is not supported in a fused function" + where
                + "; only ufuncs," + " Nd.where, clip, astype and the reductions " + REDUCTION_NAMES + " are traced");
    }

    private static final List<String> LIBRARY_PACKAGES =
            List.of("org.ndgpu.ndarray.", "org.ndgpu.spi.", "java.", "jdk.");
    private static final Set<String> LIBRARY_CLASSES = Set.of(
            "org.ndgpu.Nd",
            "org.ndgpu.fuse.Trace",
            "org.ndgpu.fuse.Fuse",
            "org.ndgpu.fuse.Fused",
            "org.ndgpu.fuse.Program",
            "org.ndgpu.fuse.Kernels");

    /** " (at Foo.lambda$bar$0(Foo.java:12))": the first frame outside ndgpu's own code, where the lambda made the call. */
    private static String callSite() {
        return StackWalker.getInstance()
                .walk(s -> s.filter(f -> {
                            String c = f.getClassName();
                            int dollar = c.indexOf('$');
                            String outer = dollar < 0 ? c : c.substring(0, dollar);
                            return LIBRARY_PACKAGES.stream().noneMatch(c::startsWith)
                                    && !LIBRARY_CLASSES.contains(outer)
                                    && !c.contains("$$Lambda");
                        })
                        .findFirst()
                        .map(f -> " (at " + f.toStackTraceElement() + ")")
                        .orElse(""));
    }

    private void noOut(String op, NDArray out) {
        if (out != null) {
            throw new FuseException(
                    "fuse '" + name + "': " + op + " with an out array cannot be fused; return the value instead");
        }
    }

    // ---------------------------------------------------------------- nodes

    private interface Maker {
        Node make(int id);
    }

    private Node add(Maker maker, String key) {
        Node n = cons ? consed.get(key) : null;
        if (n != null) return n;
        n = maker.make(nodes.size());
        nodes.add(n);
        if (cons) consed.put(key, n);
        return n;
    }

    NDArray symbolic(Node n) {
        return NDArray.symbolic(n.dtype(), n.shape(), new Symbol(this, n, device));
    }

    String name() {
        return name;
    }
}
