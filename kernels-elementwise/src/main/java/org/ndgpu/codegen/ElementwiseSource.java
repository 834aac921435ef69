package org.ndgpu.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;

/**
 * The kernel text of an elementwise {@link Spec} for one {@link Layout} and dialect: the parameter
 * list, the pointer setup, and the loop (flat, vectorized, index arithmetic over merged dims, or row
 * by row in {@link RowLoopSource}, or tiled in {@link TiledLoopSource}) around the spec's body.
 * {@link ElementwiseLoop} decides the layout and launches; this class only writes and memoizes the
 * source.
 */
final class ElementwiseSource {
    private ElementwiseSource() {}

    private record SourceKey(Dialect dialect, Spec spec, Layout layout) {}

    // keyed by the records themselves: hashing a Spec reuses its strings' cached hashes, so a warm
    // call costs no source building (small ops are dominated by host time)
    private static final Map<SourceKey, String> SOURCES = new ConcurrentHashMap<>();

    /** The generated source of {@code spec} for one layout and dialect. */
    static String source(Dialect dialect, Spec spec, Layout layout) {
        return SOURCES.computeIfAbsent(new SourceKey(dialect, spec, layout), x -> generate(dialect, spec, layout));
    }

    private static String generate(Dialect dialect, Spec spec, Layout layout) {
        String ix = layout.index32() ? "int" : "long";
        int nd = layout.ndim();
        var sig = new ArrayList<String>();
        var setup = new StringBuilder();
        for (Param p : spec.params()) {
            String name = p.name();
            if (p.kind() == Kind.SCALAR) {
                sig.add(CTypes.scalarParam(p.dtype()) + " " + name);
                continue;
            }
            String t = CTypes.storage(p.dtype());
            sig.add("ND_GLOBAL char* _b_" + name);
            sig.add("long _o_" + name);
            if (!layout.contiguous() && p.kind() != Kind.RAW)
                for (int d = 0; d < nd; d++) sig.add("long _s" + d + "_" + name);
            String ptr = p.kind() == Kind.RAW ? name : "_p_" + name;
            setup.append("    ND_GLOBAL ")
                    .append(t)
                    .append("* ")
                    .append(ptr)
                    .append(" = (ND_GLOBAL ")
                    .append(t)
                    .append("*)(_b_")
                    .append(name)
                    .append(" + _o_")
                    .append(name)
                    .append(");\n");
        }
        sig.add("long _n_arg");
        if (!layout.contiguous()) for (int d = 0; d < nd; d++) sig.add("long _d" + d);

        var loop = new StringBuilder();
        List<Param> indexed = spec.params().stream()
                .filter(p -> p.kind() == Kind.IN || p.kind() == Kind.OUT)
                .toList();
        String first = "(" + ix + ")ND_GLOBAL_ID()";
        if (layout.tiled()) {
            loop.append(TiledLoopSource.loop(spec, indexed, ix, layout));
        } else if (layout.rows()) {
            loop.append(RowLoopSource.loop(spec, indexed, ix, nd, layout.vector()));
        } else {
            if (layout.vector() > 1) {
                loop.append(vectorLoop(spec, indexed, ix, layout.vector()));
                first = "_nv * " + layout.vector() + " + " + first; // the tail, element by element
            }
            loop.append("    for (")
                    .append(ix)
                    .append(" i = ")
                    .append(first)
                    .append("; i < _n; i += (")
                    .append(ix)
                    .append(")ND_GLOBAL_SIZE()) {\n");
            if (!layout.contiguous()) {
                loop.append("        ").append(ix).append(" _r = i, _q;\n");
                offsets(loop, indexed, ix, nd);
            }
            for (Param p : indexed) {
                String addr = layout.contiguous()
                        ? "_p_" + p.name() + " + i"
                        : address(CTypes.storage(p.dtype()), p.name(), "_x_" + p.name());
                operand(loop, "        ", spec, p, addr);
            }
            statement(loop, "        ", spec);
            stores(loop, "        ", indexed);
            loop.append("    }\n");
        }

        String kernel = spec.preamble() + "\n"
                + "ND_KERNEL void " + spec.name() + "(" + String.join(", ", sig) + ") {\n"
                + "    const " + ix + " _n = (" + ix + ")_n_arg;\n"
                + setup
                + (spec.loopPrep().isBlank() ? "" : "    " + spec.loopPrep().strip() + "\n")
                + loop
                + (spec.afterLoop().isBlank() ? "" : "    " + spec.afterLoop().strip() + "\n")
                + "}\n";
        return dialect.preludeFor(kernel) + "\n" + kernel;
    }

    private static final Pattern CONTROL = Pattern.compile("\\b(if|while|switch|return|goto)\\b");

    // the components of a vector type, by lane (float4.x, ...)
    static final String[] LANES = {"x", "y", "z", "w"};

    /**
     * The wide part of a contiguous loop: each step loads one {@code float4}/{@code int4} per
     * operand (16-byte aligned, checked by the planner), runs the body once per lane with {@code i}
     * the element index, and stores each output with one wide store. Same text in both dialects.
     */
    private static String vectorLoop(Spec spec, List<Param> indexed, String ix, int width) {
        var sb = new StringBuilder();
        sb.append("    const ").append(ix).append(" _nv = _n / ").append(width).append(";\n");
        sb.append("    for (")
                .append(ix)
                .append(" _v = (")
                .append(ix)
                .append(")ND_GLOBAL_ID(); _v < _nv; _v += (")
                .append(ix)
                .append(")ND_GLOBAL_SIZE()) {\n");
        for (Param p : indexed) {
            String vt = CTypes.storage(p.dtype()) + width;
            boolean read = p.kind() == Kind.IN || readsOutput(spec.body(), p.name());
            sb.append("        ").append(vt).append(" _w_").append(p.name());
            if (read)
                sb.append(" = ((ND_GLOBAL ")
                        .append(vt)
                        .append("*)_p_")
                        .append(p.name())
                        .append(")[_v]");
            sb.append(";\n");
        }
        for (int l = 0; l < width; l++) {
            sb.append("        {\n            const ")
                    .append(ix)
                    .append(" i = _v * ")
                    .append(width)
                    .append(" + ")
                    .append(l)
                    .append(";\n");
            for (Param p : indexed) laneOperand(sb, "            ", spec, p, l);
            statement(sb, "            ", spec);
            laneStores(sb, "            ", indexed, l);
            sb.append("        }\n");
        }
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT) {
                sb.append("        ((ND_GLOBAL ")
                        .append(CTypes.storage(p.dtype()))
                        .append(width)
                        .append("*)_p_")
                        .append(p.name())
                        .append(")[_v] = _w_")
                        .append(p.name())
                        .append(";\n");
            }
        }
        sb.append("    }\n");
        return sb.toString();
    }

    /** True when the body reads an output's old value (z += x, or z used in an expression), so it must be loaded. */
    static boolean readsOutput(String body, String name) {
        // a conditional assignment keeps the old value where it does not assign, as CuPy's reference outputs do
        if (CONTROL.matcher(body).find())
            return Pattern.compile("\\b" + Pattern.quote(name) + "\\b")
                    .matcher(body)
                    .find();
        return Pattern.compile("\\b" + Pattern.quote(name) + "\\b(?!\\s*=(?!=))")
                .matcher(body)
                .find();
    }

    /**
     * The address of an operand's element {@code offset} bytes past its first:
     * {@code (ND_GLOBAL <type>*)((ND_GLOBAL char*)_p_<name> + <offset>)}.
     */
    static String address(String type, String name, String offset) {
        return "(ND_GLOBAL " + type + "*)((ND_GLOBAL char*)_p_" + name + " + " + offset + ")";
    }

    /**
     * An operand's element as the body sees it: its pointer {@code _a_<name>} at {@code address},
     * and the local variable {@code <name>}, loaded where the body reads it (an input, or an output
     * the body reads: {@link #readsOutput}).
     */
    static void operand(StringBuilder sb, String indent, Spec spec, Param p, String address) {
        sb.append(indent)
                .append("ND_GLOBAL ")
                .append(CTypes.storage(p.dtype()))
                .append("* _a_")
                .append(p.name())
                .append(" = ")
                .append(address)
                .append(";\n");
        sb.append(indent).append(CTypes.compute(p.dtype())).append(' ').append(p.name());
        if (p.kind() == Kind.IN || readsOutput(spec.body(), p.name()))
            sb.append(" = ").append(CTypes.load(p.dtype(), "_a_" + p.name()));
        sb.append(";\n");
    }

    /** An operand's local variable for lane {@code lane} of a wide step, taken from its vector {@code _w_<name>} where the body reads it. */
    static void laneOperand(StringBuilder sb, String indent, Spec spec, Param p, int lane) {
        sb.append(indent).append(CTypes.compute(p.dtype())).append(' ').append(p.name());
        if (p.kind() == Kind.IN || readsOutput(spec.body(), p.name()))
            sb.append(" = _w_").append(p.name()).append('.').append(LANES[lane]);
        sb.append(";\n");
    }

    /** The spec's body as one statement at {@code indent} (a missing final {@code ;} added). */
    static void statement(StringBuilder sb, String indent, Spec spec) {
        String body = spec.body().strip().replace("\n", "\n" + indent);
        sb.append(indent).append(body);
        if (!body.endsWith(";") && !body.endsWith("}")) sb.append(';');
        sb.append('\n');
    }

    /** Each output stored from its local variable through its pointer {@code _a_<name>}. */
    static void stores(StringBuilder sb, String indent, List<Param> indexed) {
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT)
                sb.append(indent)
                        .append(CTypes.store(p.dtype(), "_a_" + p.name(), p.name()))
                        .append('\n');
        }
    }

    /** Each output's local variable put in lane {@code lane} of its vector {@code _w_<name>}. */
    static void laneStores(StringBuilder sb, String indent, List<Param> indexed, int lane) {
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT)
                sb.append(indent)
                        .append("_w_")
                        .append(p.name())
                        .append('.')
                        .append(LANES[lane])
                        .append(" = ")
                        .append(p.name())
                        .append(";\n");
        }
    }

    /**
     * Each operand's byte offset {@code _x_<name>} of the flat index {@code _r} over dims
     * {@code nd - 1 .. 0} (C order): the one index walk of the strided and row loops.
     */
    static void offsets(StringBuilder sb, List<Param> indexed, String ix, int nd) {
        zeroOffsets(sb, indexed, ix);
        for (int d = nd - 1; d >= 0; d--) {
            if (d > 0) digit(sb, ix, d);
            else sb.append("        _q = _r;\n");
            addStride(sb, indexed, ix, d);
        }
    }

    /** {@code <ix> _x_<name> = 0;} for each operand. */
    static void zeroOffsets(StringBuilder sb, List<Param> indexed, String ix) {
        for (Param p : indexed)
            sb.append("        ").append(ix).append(" _x_").append(p.name()).append(" = 0;\n");
    }

    /** {@code _q}, the index along dim {@code d}, taken off {@code _r}. */
    static void digit(StringBuilder sb, String ix, int d) {
        sb.append("        _q = _r % (")
                .append(ix)
                .append(")_d")
                .append(d)
                .append("; _r /= (")
                .append(ix)
                .append(")_d")
                .append(d)
                .append(";\n");
    }

    /** Each operand's offset advanced by {@code _q} steps of its stride along dim {@code d}. */
    static void addStride(StringBuilder sb, List<Param> indexed, String ix, int d) {
        for (Param p : indexed) {
            sb.append("        _x_")
                    .append(p.name())
                    .append(" += _q * (")
                    .append(ix)
                    .append(")_s")
                    .append(d)
                    .append("_")
                    .append(p.name())
                    .append(";\n");
        }
    }
}
