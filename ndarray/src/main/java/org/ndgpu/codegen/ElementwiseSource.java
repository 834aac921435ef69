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
 * by row) around the spec's body. {@link ElementwiseLoop} decides the layout and launches; this class
 * only writes and memoizes the source.
 */
final class ElementwiseSource {
    private ElementwiseSource() { }

    private record SourceKey(Dialect dialect, Spec spec, Layout layout) { }

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
            if (!layout.contiguous() && p.kind() != Kind.RAW) for (int d = 0; d < nd; d++) sig.add("long _s" + d + "_" + name);
            String ptr = p.kind() == Kind.RAW ? name : "_p_" + name;
            setup.append("    ND_GLOBAL ").append(t).append("* ").append(ptr).append(" = (ND_GLOBAL ").append(t)
                    .append("*)(_b_").append(name).append(" + _o_").append(name).append(");\n");
        }
        sig.add("long _n_arg");
        if (!layout.contiguous()) for (int d = 0; d < nd; d++) sig.add("long _d" + d);

        var loop = new StringBuilder();
        List<Param> indexed = spec.params().stream().filter(p -> p.kind() == Kind.IN || p.kind() == Kind.OUT).toList();
        String first = "(" + ix + ")ND_GLOBAL_ID()";
        if (layout.tiled()) {
            loop.append(tiledLoop(spec, indexed, ix, layout));
        } else if (layout.rows()) {
            loop.append(rowLoop(spec, indexed, ix, nd, layout.vector()));
        } else {
        if (layout.vector() > 1) {
            loop.append(vectorLoop(spec, indexed, ix, layout.vector()));
            first = "_nv * " + layout.vector() + " + " + first;   // the tail, element by element
        }
        loop.append("    for (").append(ix).append(" i = ").append(first).append("; i < _n; i += (").append(ix)
                .append(")ND_GLOBAL_SIZE()) {\n");
        if (!layout.contiguous()) {
            loop.append("        ").append(ix).append(" _r = i, _q;\n");
            for (Param p : indexed) loop.append("        ").append(ix).append(" _x_").append(p.name()).append(" = 0;\n");
            for (int d = nd - 1; d >= 0; d--) {
                if (d > 0) loop.append("        _q = _r % (").append(ix).append(")_d").append(d).append("; _r /= (").append(ix).append(")_d").append(d).append(";\n");
                else loop.append("        _q = _r;\n");
                for (Param p : indexed) {
                    loop.append("        _x_").append(p.name()).append(" += _q * (").append(ix).append(")_s").append(d).append("_").append(p.name()).append(";\n");
                }
            }
        }
        for (Param p : indexed) {
            String addr = layout.contiguous() ? "_p_" + p.name() + " + i"
                    : "(ND_GLOBAL " + CTypes.storage(p.dtype()) + "*)((ND_GLOBAL char*)_p_" + p.name() + " + _x_" + p.name() + ")";
            loop.append("        ND_GLOBAL ").append(CTypes.storage(p.dtype())).append("* _a_").append(p.name()).append(" = ").append(addr).append(";\n");
            boolean read = p.kind() == Kind.IN || readsOutput(spec.body(), p.name());
            loop.append("        ").append(CTypes.compute(p.dtype())).append(' ').append(p.name());
            if (read) loop.append(" = ").append(CTypes.load(p.dtype(), "_a_" + p.name()));
            loop.append(";\n");
        }
        loop.append("        ").append(spec.body().strip().replace("\n", "\n        "));
        if (!spec.body().strip().endsWith(";") && !spec.body().strip().endsWith("}")) loop.append(';');
        loop.append('\n');
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT) loop.append("        ").append(CTypes.store(p.dtype(), "_a_" + p.name(), p.name())).append('\n');
        }
        loop.append("    }\n");
        }

        return dialect.prelude() + "\n" + spec.preamble() + "\n"
                + "ND_KERNEL void " + spec.name() + "(" + String.join(", ", sig) + ") {\n"
                + "    const " + ix + " _n = (" + ix + ")_n_arg;\n"
                + setup
                + (spec.loopPrep().isBlank() ? "" : "    " + spec.loopPrep().strip() + "\n")
                + loop
                + (spec.afterLoop().isBlank() ? "" : "    " + spec.afterLoop().strip() + "\n")
                + "}\n";
    }

    /**
     * The loop of a row layout: work-group g takes rows g, g + groups, ...; the row's base offset of
     * each operand comes from decomposing the row index over the outer dims (once per row), then the
     * group's threads walk the innermost dim, {@code width} elements per step (one wide store per
     * output when {@code width} &gt; 1). {@code i} is still the flat C-order element index.
     */
    private static String rowLoop(Spec spec, List<Param> indexed, String ix, int nd, int width) {
        int in = nd - 1;
        var sb = new StringBuilder();
        sb.append("    const ").append(ix).append(" _inner = (").append(ix).append(")_d").append(in).append(";\n");
        sb.append("    const ").append(ix).append(" _rows = _n / _inner;\n");
        sb.append("    for (").append(ix).append(" _row = (").append(ix).append(")ND_GROUP_ID(); _row < _rows; _row += (").append(ix)
                .append(")ND_NUM_GROUPS()) {\n");
        sb.append("        ").append(ix).append(" _r = _row, _q;\n");
        for (Param p : indexed) sb.append("        ").append(ix).append(" _x_").append(p.name()).append(" = 0;\n");
        for (int d = in - 1; d >= 0; d--) {
            if (d > 0) sb.append("        _q = _r % (").append(ix).append(")_d").append(d).append("; _r /= (").append(ix).append(")_d").append(d).append(";\n");
            else sb.append("        _q = _r;\n");
            for (Param p : indexed) {
                sb.append("        _x_").append(p.name()).append(" += _q * (").append(ix).append(")_s").append(d).append("_").append(p.name()).append(";\n");
            }
        }
        for (Param p : indexed) {
            sb.append("        const ").append(ix).append(" _t_").append(p.name()).append(" = (").append(ix).append(")_s").append(in)
                    .append("_").append(p.name()).append(";\n");
        }
        String body = spec.body().strip().replace("\n", "\n                ");
        if (!body.endsWith(";") && !body.endsWith("}")) body += ";";
        sb.append("        for (").append(ix).append(" _c = (").append(ix).append(")ND_LOCAL_ID() * ").append(width).append("; _c < _inner; _c += (")
                .append(ix).append(")ND_LOCAL_SIZE() * ").append(width).append(") {\n");
        for (Param p : indexed) {
            if (width > 1 && p.kind() == Kind.OUT) {
                String vt = CTypes.storage(p.dtype()) + width;
                sb.append("            ND_GLOBAL ").append(vt).append("* _a_").append(p.name()).append(" = (ND_GLOBAL ").append(vt)
                        .append("*)((ND_GLOBAL char*)_p_").append(p.name()).append(" + _x_").append(p.name()).append(" + _c * _t_")
                        .append(p.name()).append(");\n");
                sb.append("            ").append(vt).append(" _w_").append(p.name());
                if (readsOutput(spec.body(), p.name())) sb.append(" = *_a_").append(p.name());
                sb.append(";\n");
            }
        }
        for (int l = 0; l < width; l++) {
            String c = width > 1 ? "(_c + " + l + ")" : "_c";
            sb.append("            {\n                const ").append(ix).append(" i = _row * _inner + ").append(c).append(";\n");
            for (Param p : indexed) {
                boolean read = p.kind() == Kind.IN || readsOutput(spec.body(), p.name());
                String t = CTypes.storage(p.dtype());
                if (width > 1 && p.kind() == Kind.OUT) {
                    sb.append("                ").append(CTypes.compute(p.dtype())).append(' ').append(p.name());
                    if (read) sb.append(" = _w_").append(p.name()).append('.').append(LANES[l]);
                    sb.append(";\n");
                    continue;
                }
                sb.append("                ND_GLOBAL ").append(t).append("* _a_").append(p.name()).append(" = (ND_GLOBAL ").append(t)
                        .append("*)((ND_GLOBAL char*)_p_").append(p.name()).append(" + _x_").append(p.name()).append(" + ").append(c)
                        .append(" * _t_").append(p.name()).append(");\n");
                sb.append("                ").append(CTypes.compute(p.dtype())).append(' ').append(p.name());
                if (read) sb.append(" = ").append(CTypes.load(p.dtype(), "_a_" + p.name()));
                sb.append(";\n");
            }
            sb.append("                ").append(body).append('\n');
            for (Param p : indexed) {
                if (p.kind() != Kind.OUT) continue;
                if (width > 1) sb.append("                _w_").append(p.name()).append('.').append(LANES[l]).append(" = ").append(p.name()).append(";\n");
                else sb.append("                ").append(CTypes.store(p.dtype(), "_a_" + p.name(), p.name())).append('\n');
            }
            sb.append("            }\n");
        }
        if (width > 1) {
            for (Param p : indexed) if (p.kind() == Kind.OUT) sb.append("            *_a_").append(p.name()).append(" = _w_").append(p.name()).append(";\n");
        }
        sb.append("        }\n    }\n");
        return sb.toString();
    }

    /**
     * The loop of a tiled layout (the rule is in {@link TiledLayout}): merged dim
     * {@code tileIn} (A, the staged inputs' unit-stride dim) and {@code tileOut} (B, the outputs')
     * are cut into TILE x TILE tiles, the other dims are a batch index; work-group g takes tiles g,
     * g + groups, .... Phase 1: thread (lx, ly) reads each staged input at (A0 + lx, B0 + k),
     * consecutive threads along A, into its tile [k][lx] (rows padded to TILE + 1 against bank
     * conflicts). Phase 2: thread (lx, ly) takes element (A0 + k, B0 + lx), consecutive threads
     * along B: the staged inputs from tile [lx][k], the others from memory, runs the body and stores.
     * Staged values are held in their compute type (float16 as float), so no local-memory variant of
     * the half loads is needed. {@code i} is the flat C-order element index, built only if the body
     * uses it.
     */
    private static String tiledLoop(Spec spec, List<Param> indexed, String ix, Layout layout) {
        int nd = layout.ndim();
        int a = layout.tileIn();
        int b = layout.tileOut();
        int t = TiledLayout.TILE;
        boolean index = Pattern.compile("\\bi\\b").matcher(spec.body()).find();
        var sb = new StringBuilder();
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) != 0) {
                sb.append("    ND_LOCAL ").append(CTypes.compute(p.dtype())).append(" _tile_").append(p.name()).append('[').append(t).append("][")
                        .append(t + 1).append("];\n");
            }
        }
        sb.append("    const ").append(ix).append(" _dA = (").append(ix).append(")_d").append(a).append(", _dB = (").append(ix).append(")_d")
                .append(b).append(";\n");
        sb.append("    const ").append(ix).append(" _nA = (_dA + ").append(t - 1).append(") / ").append(t).append(", _nB = (_dB + ").append(t - 1)
                .append(") / ").append(t).append(";\n");
        sb.append("    const ").append(ix).append(" _tiles = _n / (_dA * _dB) * _nA * _nB;\n");
        sb.append("    const int _lx = (int)(ND_LOCAL_ID() % ").append(t).append("), _ly = (int)(ND_LOCAL_ID() / ").append(t)
                .append(");\n");
        if (index) {
            // C-order element strides of the merged dims, for i
            sb.append("    const ").append(ix).append(" _c").append(nd - 1).append(" = 1;\n");
            for (int d = nd - 2; d >= 0; d--) {
                sb.append("    const ").append(ix).append(" _c").append(d).append(" = _c").append(d + 1).append(" * (").append(ix).append(")_d")
                        .append(d + 1).append(";\n");
            }
        }
        sb.append("    for (").append(ix).append(" _t = (").append(ix).append(")ND_GROUP_ID(); _t < _tiles; _t += (").append(ix)
                .append(")ND_NUM_GROUPS()) {\n");
        sb.append("        const ").append(ix).append(" _tB0 = (_t % _nB) * ").append(t).append(";\n");
        sb.append("        ").append(ix).append(" _r = _t / _nB;\n");
        sb.append("        const ").append(ix).append(" _tA0 = (_r % _nA) * ").append(t).append(";\n");
        sb.append("        _r /= _nA;\n");
        for (Param p : indexed) sb.append("        ").append(ix).append(" _x_").append(p.name()).append(" = 0;\n");
        if (index) sb.append("        ").append(ix).append(" _i0 = 0;\n");
        int firstBatch = -1;
        for (int d = 0; d < nd; d++) {
            if (d != a && d != b) {
                firstBatch = d;
                break;
            }
        }
        if (firstBatch >= 0) sb.append("        ").append(ix).append(" _q;\n");
        for (int d = nd - 1; d >= 0; d--) {
            if (d == a || d == b) continue;
            if (d != firstBatch) {
                sb.append("        _q = _r % (").append(ix).append(")_d").append(d).append("; _r /= (").append(ix).append(")_d").append(d).append(";\n");
            } else {
                sb.append("        _q = _r;\n");
            }
            for (Param p : indexed) {
                sb.append("        _x_").append(p.name()).append(" += _q * (").append(ix).append(")_s").append(d).append("_").append(p.name()).append(";\n");
            }
            if (index) sb.append("        _i0 += _q * _c").append(d).append(";\n");
        }
        // phase 1: the staged inputs, coalesced along A
        sb.append("        for (int _kk = 0; _kk < ").append(t / TiledLayout.ROWS).append("; _kk++) {\n");
        sb.append("            const int _k = _ly + _kk * ").append(TiledLayout.ROWS).append(";\n");
        sb.append("            const ").append(ix).append(" _ja = _tA0 + _lx, _jb = _tB0 + _k;\n");
        sb.append("            if (_ja < _dA && _jb < _dB) {\n");
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) == 0) continue;
            String st = CTypes.storage(p.dtype());
            String ptr = "(ND_GLOBAL " + st + "*)((ND_GLOBAL char*)_p_" + p.name() + " + _x_" + p.name() + " + _ja * (" + ix + ")_s" + a + "_"
                    + p.name() + " + _jb * (" + ix + ")_s" + b + "_" + p.name() + ")";
            sb.append("                _tile_").append(p.name()).append("[_k][_lx] = ").append(CTypes.load(p.dtype(), ptr)).append(";\n");
        }
        sb.append("            }\n        }\n");
        sb.append("        ND_SYNC();\n");
        // phase 2: every element of the tile, coalesced along B
        sb.append("        for (int _kk = 0; _kk < ").append(t / TiledLayout.ROWS).append("; _kk++) {\n");
        sb.append("            const int _k = _ly + _kk * ").append(TiledLayout.ROWS).append(";\n");
        sb.append("            const ").append(ix).append(" _ja = _tA0 + _k, _jb = _tB0 + _lx;\n");
        sb.append("            if (_ja < _dA && _jb < _dB) {\n");
        if (index) sb.append("                const ").append(ix).append(" i = _i0 + _ja * _c").append(a).append(" + _jb * _c").append(b).append(";\n");
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) != 0) {
                sb.append("                ").append(CTypes.compute(p.dtype())).append(' ').append(p.name()).append(" = _tile_").append(p.name())
                        .append("[_lx][_k];\n");
                continue;
            }
            String st = CTypes.storage(p.dtype());
            sb.append("                ND_GLOBAL ").append(st).append("* _a_").append(p.name()).append(" = (ND_GLOBAL ").append(st)
                    .append("*)((ND_GLOBAL char*)_p_").append(p.name()).append(" + _x_").append(p.name()).append(" + _ja * (").append(ix)
                    .append(")_s").append(a).append('_').append(p.name()).append(" + _jb * (").append(ix).append(")_s").append(b).append('_')
                    .append(p.name()).append(");\n");
            boolean read = p.kind() == Kind.IN || readsOutput(spec.body(), p.name());
            sb.append("                ").append(CTypes.compute(p.dtype())).append(' ').append(p.name());
            if (read) sb.append(" = ").append(CTypes.load(p.dtype(), "_a_" + p.name()));
            sb.append(";\n");
        }
        String body = spec.body().strip().replace("\n", "\n                ");
        if (!body.endsWith(";") && !body.endsWith("}")) body += ";";
        sb.append("                ").append(body).append('\n');
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT) sb.append("                ").append(CTypes.store(p.dtype(), "_a_" + p.name(), p.name())).append('\n');
        }
        sb.append("            }\n        }\n");
        sb.append("        ND_SYNC();\n");
        sb.append("    }\n");
        return sb.toString();
    }

    private static final Pattern CONTROL = Pattern.compile("\\b(if|while|switch|return|goto)\\b");

    private static final String[] LANES = {"x", "y", "z", "w"};

    /**
     * The wide part of a contiguous loop: each step loads one {@code float4}/{@code int4} per
     * operand (16-byte aligned, checked by the planner), runs the body once per lane with {@code i}
     * the element index, and stores each output with one wide store. Same text in both dialects.
     */
    private static String vectorLoop(Spec spec, List<Param> indexed, String ix, int width) {
        var sb = new StringBuilder();
        sb.append("    const ").append(ix).append(" _nv = _n / ").append(width).append(";\n");
        sb.append("    for (").append(ix).append(" _v = (").append(ix).append(")ND_GLOBAL_ID(); _v < _nv; _v += (").append(ix)
                .append(")ND_GLOBAL_SIZE()) {\n");
        for (Param p : indexed) {
            String vt = CTypes.storage(p.dtype()) + width;
            boolean read = p.kind() == Kind.IN || readsOutput(spec.body(), p.name());
            sb.append("        ").append(vt).append(" _w_").append(p.name());
            if (read) sb.append(" = ((ND_GLOBAL ").append(vt).append("*)_p_").append(p.name()).append(")[_v]");
            sb.append(";\n");
        }
        String body = spec.body().strip().replace("\n", "\n            ");
        if (!body.endsWith(";") && !body.endsWith("}")) body += ";";
        for (int l = 0; l < width; l++) {
            sb.append("        {\n            const ").append(ix).append(" i = _v * ").append(width).append(" + ").append(l).append(";\n");
            for (Param p : indexed) {
                sb.append("            ").append(CTypes.compute(p.dtype())).append(' ').append(p.name());
                if (p.kind() == Kind.IN || readsOutput(spec.body(), p.name())) sb.append(" = _w_").append(p.name()).append('.').append(LANES[l]);
                sb.append(";\n");
            }
            sb.append("            ").append(body).append('\n');
            for (Param p : indexed) {
                if (p.kind() == Kind.OUT) sb.append("            _w_").append(p.name()).append('.').append(LANES[l]).append(" = ").append(p.name()).append(";\n");
            }
            sb.append("        }\n");
        }
        for (Param p : indexed) {
            if (p.kind() == Kind.OUT) {
                sb.append("        ((ND_GLOBAL ").append(CTypes.storage(p.dtype())).append(width).append("*)_p_").append(p.name())
                        .append(")[_v] = _w_").append(p.name()).append(";\n");
            }
        }
        sb.append("    }\n");
        return sb.toString();
    }

    /** True when the body reads an output's old value (z += x, or z used in an expression), so it must be loaded. */
    static boolean readsOutput(String body, String name) {
        // a conditional assignment keeps the old value where it does not assign, as CuPy's reference outputs do
        if (CONTROL.matcher(body).find()) return Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(body).find();
        return Pattern.compile("\\b" + Pattern.quote(name) + "\\b(?!\\s*=(?!=))").matcher(body).find();
    }
}
