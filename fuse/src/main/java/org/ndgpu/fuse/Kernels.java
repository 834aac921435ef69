package org.ndgpu.fuse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.elementwise.UfuncInlining;
import org.ndgpu.ndarray.DType;
import org.ndgpu.reduction.ReductionInlining;
import org.ndgpu.reduction.ReductionSpec;

/**
 * Kernel source from traced nodes: one C statement per node (each computed once, in topological
 * order), the ufuncs' own snippets ({@link UfuncInlining}) over operands converted to the resolved
 * loop types, exactly as the unfused ufuncs convert them. An elementwise group becomes an
 * {@link org.ndgpu.codegen.ElementwiseLoop} spec; a reduction becomes a built-in reduction spec
 * whose map calls a device function holding the statements.
 */
final class Kernels {
    private Kernels() {}

    /** A scalar kernel parameter: where its value comes from (a constant or a number argument) and its dtype. */
    record Scalar(Node.Weak source, DType dtype) {}

    /** What a generated kernel reads: the leaf nodes (arrays) as IN params in0.., the scalars as s0... */
    record Inputs(List<Node> leaves, List<Scalar> scalars) {}

    record Elementwise(Spec spec, Inputs inputs) {}

    record Reduction(ReductionSpec spec, Inputs inputs) {}

    /** The statements computing a set of nodes; leaves are arguments and already materialized results. */
    private static final class Expr {
        private final Set<Node> materialized;
        private final List<Node> leaves = new ArrayList<>();
        private final List<Scalar> scalars = new ArrayList<>();
        private final Map<Node, String> names = new HashMap<>();
        private final Map<Scalar, String> scalarNames = new HashMap<>();
        private final StringBuilder code = new StringBuilder();
        private final java.util.Set<String> preambles = new java.util.LinkedHashSet<>();

        Expr(Set<Node> materialized) {
            this.materialized = materialized;
        }

        String value(Node n) {
            String v = names.get(n);
            if (v != null) return v;
            if (n instanceof Node.Arg || materialized.contains(n)) {
                v = "in" + leaves.size();
                leaves.add(n);
                names.put(n, v);
                return v;
            }
            String e = switch (n) {
                case Node.WeakArg w -> scalar(new Node.Weak(w.value(), w.index()), w.dtype());
                case Node.Cast c -> CTypes.cast(c.in().dtype(), c.dtype(), value(c.in()));
                case Node.Op op -> op(op);
                case Node.Arg a -> throw new AssertionError(a);
                case Node.Reduce r ->
                    throw new AssertionError("reduction " + r.op() + " reached an expression unmaterialized");
            };
            if (n.dtype() == DType.FLOAT16)
                e = "nd_double_to_half_float((double)(" + e + "))"; // as stored between unfused calls
            v = "t" + n.id();
            code.append("const ")
                    .append(CTypes.compute(n.dtype()))
                    .append(' ')
                    .append(v)
                    .append(" = ")
                    .append(e)
                    .append(";\n");
            names.put(n, v);
            return v;
        }

        private String op(Node.Op op) {
            boolean where = op.ufunc() == null;
            List<Object> ops = op.operands();
            String[] u = new String[ops.size()];
            for (int k = 0; k < u.length; k++) {
                DType loop = op.loopIn().get(k);
                if (ops.get(k) instanceof Node m) {
                    String v = value(m);
                    u[k] = where && k == 0 ? UfuncInlining.truth(m.dtype(), v) : UfuncInlining.cast(m.dtype(), loop, v);
                } else {
                    // a number travels as a scalar parameter of the loop type, as the ufunc library passes it
                    DType sd = where && k == 0 ? DType.BOOL : loop.real();
                    String s = scalar((Node.Weak) ops.get(k), sd);
                    u[k] = where && k == 0 ? UfuncInlining.truth(sd, s) : UfuncInlining.cast(sd, loop, s);
                }
            }
            if (where) return "(" + u[0] + " ? " + u[1] + " : " + u[2] + ")";
            preambles.add(UfuncInlining.preamble(op.ufunc()));
            return UfuncInlining.expr(op.ufunc(), op.loopIn().toArray(DType[]::new), op.dtype(), u);
        }

        private String scalar(Node.Weak w, DType dtype) {
            // one parameter per (source, dtype); constants are keyed by their Java value
            Scalar s = new Scalar(w, dtype);
            return scalarNames.computeIfAbsent(s, x -> {
                scalars.add(s);
                return "s" + (scalars.size() - 1);
            });
        }

        Inputs inputs() {
            return new Inputs(List.copyOf(leaves), List.copyOf(scalars));
        }

        /** The device functions the inlined ufuncs need (UfuncInlining.preamble), each once. */
        String preamble() {
            return String.join("", preambles);
        }

        List<Param> params() {
            List<Param> ps = new ArrayList<>();
            for (int k = 0; k < leaves.size(); k++)
                ps.add(new Param("in" + k, leaves.get(k).dtype(), Kind.IN));
            for (int k = 0; k < scalars.size(); k++)
                ps.add(new Param("s" + k, scalars.get(k).dtype(), Kind.SCALAR));
            return ps;
        }
    }

    /** One elementwise kernel writing every node of {@code outs} (all of one shape) to OUT params out0... */
    static Elementwise elementwise(String name, List<Node> outs, Set<Node> materialized) {
        Expr e = new Expr(materialized);
        List<String> vals = new ArrayList<>();
        for (Node o : outs) vals.add(e.value(o));
        List<Param> params = e.params();
        var body = new StringBuilder("{\n").append(e.code);
        for (int k = 0; k < outs.size(); k++) {
            params.add(new Param("out" + k, outs.get(k).dtype(), Kind.OUT));
            body.append("out").append(k).append(" = ").append(vals.get(k)).append(";\n");
        }
        body.append('}');
        return new Elementwise(new Spec(name, params, body.toString(), e.preamble(), "", "", List.of()), e.inputs());
    }

    /**
     * The built-in reduction {@code r.op()} with the expression of {@code r.in()} as its map: one
     * kernel reads the leaves and reduces what they compute, with no intermediate array.
     */
    static Reduction reduction(String name, Node.Reduce r, Set<Node> materialized, boolean fp64) {
        Expr e = new Expr(materialized);
        String v = e.value(r.in());
        List<Param> params = e.params();
        List<String> sig = new ArrayList<>(), call = new ArrayList<>();
        for (Param p : params) {
            sig.add((p.kind() == Kind.SCALAR ? CTypes.scalarParam(p.dtype()) : CTypes.compute(p.dtype())) + " "
                    + p.name());
            call.add(p.name());
        }
        String fn = "ND_DEVICE_FN " + CTypes.compute(r.in().dtype()) + " nd_fused_map(" + String.join(", ", sig)
                + ") {\n"
                + "    " + e.code.toString().strip().replace("\n", "\n    ") + (e.code.isEmpty() ? "" : "\n    ")
                + "return " + v + ";\n}\n";
        // the built-in map reads the fused map's value where it would read its input x
        ReductionSpec b = ReductionInlining.spec(
                r.op(), r.in().dtype(), r.dtype(), fp64, "nd_fused_map(" + String.join(", ", call) + ")");
        params.add(b.out());
        var spec = new ReductionSpec(
                name,
                params,
                b.reduceType(),
                b.reduceBytes(),
                b.map(),
                b.reduce(),
                b.postMap(),
                b.identity(),
                b.hasIdentity(),
                b.orderedIndex(),
                b.preamble() + "\n" + e.preamble() + fn,
                b.options());
        return new Reduction(spec, e.inputs());
    }
}
