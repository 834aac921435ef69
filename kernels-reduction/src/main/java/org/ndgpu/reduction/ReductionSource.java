package org.ndgpu.reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Param;

/**
 * The one reduction template. A block of {@code _TX * _TY} threads owns {@code _TX} outputs; the
 * {@code _TY} threads of one output stride through its reduced elements, then combine their
 * accumulators by a tree in local memory. In a row layout neighbouring threads share an output and
 * read neighbouring reduced elements; in a column layout they own neighbouring outputs and read
 * neighbouring kept elements: either way a warp reads consecutive addresses. A grid of {@code _G}
 * slices of the reduced range writes partial results, which a second launch of the same template
 * ({@link Mode#FROM_PARTIALS}) combines.
 */
final class ReductionSource {
    private ReductionSource() { }

    /** Which pass of the template a kernel is. */
    enum Mode { DIRECT, TO_PARTIALS, FROM_PARTIALS }

    /**
     * What a kernel is generated for: kept and reduced dimension counts after merging, the thread
     * arrangement, 32-bit indexing, and the block size that sizes the local buffer.
     */
    record Layout(Mode mode, int nk, int nr, boolean row, boolean index32, int block, int vec, int unroll, int vecMask) {
        /** The generic layout: index arithmetic per element, one load in flight per thread. */
        Layout(Mode mode, int nk, int nr, boolean row, boolean index32, int block) {
            this(mode, nk, nr, row, index32, block, 0, 1, 0);
        }

        /** In the contiguous path ({@code vec > 0}): input {@code q} is read by vectors (else it is constant along the reduction). */
        boolean vector(int q) { return (vecMask >> q & 1) == 1; }
    }

    /** The source cache's key: records compare by value, and building it copies no source text. */
    private record Key(Dialect dialect, ReductionSpec spec, Layout layout) { }

    private static final Map<Key, String> SOURCES = new ConcurrentHashMap<>();

    static String source(Dialect dialect, ReductionSpec spec, Layout layout) {
        return SOURCES.computeIfAbsent(new Key(dialect, spec, layout), k -> generate(dialect, spec, layout));
    }

    /** The kernel's function name for a layout: passes differ in their parameters, so in their names. */
    static String kernelName(ReductionSpec spec, Layout layout) {
        return spec.name() + switch (layout.mode()) {
            case DIRECT -> "";
            case TO_PARTIALS -> "_part";
            case FROM_PARTIALS -> "_final";
        };
    }

    private static String generate(Dialect dialect, ReductionSpec spec, Layout lay) {
        String ix = lay.index32() ? "int" : "long";
        String rt = spec.reduceType();
        boolean readsInputs = lay.mode() != Mode.FROM_PARTIALS;
        boolean writesOut = lay.mode() != Mode.TO_PARTIALS;
        Param out = spec.out();
        List<String> sig = new ArrayList<>();
        var setup = new StringBuilder();
        if (readsInputs) {
            for (Param p : spec.inputs()) {
                sig.add("ND_GLOBAL char* _b_" + p.name());
                sig.add("long _o_" + p.name());
                for (int d = 0; d < lay.nk(); d++) sig.add("long _ks" + d + "_" + p.name());
                for (int d = 0; d < lay.nr(); d++) sig.add("long _rs" + d + "_" + p.name());
                setup.append("    ND_GLOBAL char* _p_").append(p.name()).append(" = _b_").append(p.name()).append(" + _o_")
                        .append(p.name()).append(";\n");
            }
        } else {
            sig.add("ND_GLOBAL " + rt + "* _part");
        }
        for (Param p : spec.scalars()) sig.add(CTypes.scalarParam(p.dtype()) + " " + p.name());
        if (writesOut) {
            sig.add("ND_GLOBAL char* _b_" + out.name());
            sig.add("long _o_" + out.name());
            for (int d = 0; d < lay.nk(); d++) sig.add("long _ks" + d + "_" + out.name());
            setup.append("    ND_GLOBAL char* _p_").append(out.name()).append(" = _b_").append(out.name()).append(" + _o_")
                    .append(out.name()).append(";\n");
        } else {
            sig.add("ND_GLOBAL " + rt + "* _part");
        }
        for (String s : List.of("_K", "_R", "_chunk", "_rtotal")) sig.add("long " + s + "_arg");
        for (String s : List.of("_TX", "_TY", "_gridK")) sig.add("int " + s);
        for (int d = 0; d < lay.nk(); d++) sig.add("long _kd" + d);
        for (int d = 0; d < lay.nr(); d++) sig.add("long _rd" + d);

        var b = new StringBuilder();
        b.append(dialect.prelude()).append('\n').append(spec.preamble()).append('\n');
        b.append("ND_KERNEL void ").append(kernelName(spec, lay)).append('(').append(String.join(", ", sig)).append(") {\n");
        b.append("    ND_LOCAL ").append(rt).append(" _sdata[").append(lay.block()).append("];\n");
        b.append("    const ").append(ix).append(" _K = (").append(ix).append(")_K_arg, _R = (").append(ix).append(")_R_arg, _chunk = (")
                .append(ix).append(")_chunk_arg;\n");
        b.append("    const long _r = _rtotal_arg;\n");
        b.append(setup);
        b.append("    const int _t = (int)ND_LOCAL_ID();\n");
        if (lay.row()) b.append("    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;\n");
        else b.append("    const int _tx = _t % _TX, _ty = _t / _TX, _tys = _TX;\n");
        b.append("    const ").append(ix).append(" _g = (").append(ix).append(")ND_GROUP_ID() / _gridK;\n");
        b.append("    const ").append(ix).append(" _jbeg = _g * _chunk;\n");
        b.append("    const ").append(ix).append(" _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;\n");
        b.append("    for (").append(ix).append(" _kb = (").append(ix).append(")ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {\n");
        b.append("        const ").append(ix).append(" _k = _kb * _TX + _tx;\n");
        b.append("        ").append(rt).append(" _acc = ").append(spec.identity()).append(";\n");
        b.append("        if (_k < _K) {\n");
        List<String> keptArrays = new ArrayList<>();
        if (readsInputs) for (Param p : spec.inputs()) keptArrays.add(p.name());
        if (readsInputs) {
            offsets(b, "            ", ix, "_k", "_kd", "_ks", "_ko_", keptArrays, lay.nk());
            if (lay.vec() > 0) ReductionBody.flat(b, spec, lay, ix);
            else ReductionBody.strided(b, spec, lay, ix);
        } else {
            b.append("            for (").append(ix).append(" _j = _jbeg + _ty; _j < _jend; _j += _TY) {\n");
            b.append("                ").append(rt).append(" b = _part[_j * _K + _k];\n");
            b.append("                ").append(rt).append(" a = _acc;\n");
            b.append("                _acc = ").append(spec.reduce()).append(";\n");
            b.append("            }\n");
        }
        b.append("        }\n");
        b.append("        _sdata[_t] = _acc;\n        ND_SYNC();\n");
        b.append("        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {\n");
        b.append("            if (_ty < _s) {\n");
        b.append("                ").append(rt).append(" a = _sdata[_t];\n");
        b.append("                ").append(rt).append(" b = _sdata[_t + _s * _tys];\n");
        b.append("                _sdata[_t] = ").append(spec.reduce()).append(";\n");
        b.append("            }\n            ND_SYNC();\n        }\n");
        b.append("        if (_ty == 0 && _k < _K) {\n");
        b.append("            ").append(rt).append(" a = _sdata[_t];\n");
        if (writesOut) {
            offsets(b, "            ", ix, "_k", "_kd", "_ks", "_ko_", List.of(out.name()), lay.nk());
            String st = CTypes.storage(out.dtype());
            b.append("            ").append(CTypes.compute(out.dtype())).append(' ').append(out.name()).append(";\n");
            b.append("            ").append(spec.postMap().strip());
            if (!spec.postMap().strip().endsWith(";") && !spec.postMap().strip().endsWith("}")) b.append(';');
            b.append('\n');
            b.append("            ").append(CTypes.store(out.dtype(), "(ND_GLOBAL " + st + "*)(_p_" + out.name() + " + _ko_" + out.name() + ")",
                    out.name())).append('\n');
        } else {
            b.append("            _part[_g * _K + _k] = a;\n");
        }
        b.append("        }\n        ND_SYNC();\n    }\n}\n");
        return b.toString();
    }

    /**
     * Emits byte offsets {@code prefix+name} of flat index {@code idx} over dims {@code dim0..}
     * (C order, the last fastest) with per-array strides {@code stride<d>_<name>}: the index math,
     * written once for kept and reduced coordinates alike.
     */
    static void offsets(StringBuilder b, String ind, String ix, String idx, String dim, String stride, String prefix,
                        List<String> names, int nd) {
        for (String n : names) b.append(ind).append(ix).append(' ').append(prefix).append(n).append(" = 0;\n");
        if (nd == 0) return;
        if (nd == 1) {
            for (String n : names) b.append(ind).append(prefix).append(n).append(" = ").append(idx).append(" * (").append(ix)
                    .append(')').append(stride).append("0_").append(n).append(";\n");
            return;
        }
        b.append(ind).append("{\n").append(ind).append("    ").append(ix).append(" _rem = ").append(idx).append(", _q;\n");
        for (int d = nd - 1; d >= 0; d--) {
            if (d > 0) b.append(ind).append("    _q = _rem % (").append(ix).append(')').append(dim).append(d).append("; _rem /= (")
                    .append(ix).append(')').append(dim).append(d).append(";\n");
            else b.append(ind).append("    _q = _rem;\n");
            for (String n : names) b.append(ind).append("    ").append(prefix).append(n).append(" += _q * (").append(ix).append(')')
                    .append(stride).append(d).append('_').append(n).append(";\n");
        }
        b.append(ind).append("}\n");
    }
}
