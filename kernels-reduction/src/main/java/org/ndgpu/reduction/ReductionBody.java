package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Param;

/**
 * The per-thread accumulation loop of {@link ReductionSource}'s first pass, in two forms. Both keep
 * several loads in flight per thread before the first of them is used: at 4.8 TB/s and about a
 * microsecond of memory latency a GPU needs megabytes in flight, far more than one 4-byte load per
 * resident thread gives.
 *
 * <ul>
 *   <li>{@link #flat}: one reduced dimension, every input either contiguous along it or constant
 *       (stride 0) along it, and aligned: no index arithmetic per element, 16-byte vector loads,
 *       one accumulator per vector lane (independent add chains), folded at the end.
 *   <li>{@link #strided}: any strides; the loop is unrolled {@code unroll} times, all loads (with
 *       their index arithmetic) before the map and reduce of the first.
 * </ul>
 * The generated code reads {@code _jbeg}, {@code _jend}, {@code _ty}, {@code _TY}, the per-output
 * offsets {@code _ko_<name>} and assigns {@code _acc}; {@code map} sees each input as a local of
 * its name and {@code _j}, the element's flat reduced index.
 */
final class ReductionBody {
    private ReductionBody() { }

    private static final String[] LANES = {"x", "y", "z", "w"};
    private static final String IND = "            ";

    /** The generic loop: offsets from the reduced index per element, unrolled for loads in flight. */
    static void strided(StringBuilder b, ReductionSpec spec, ReductionSource.Layout lay, String ix) {
        List<Param> ins = spec.inputs();
        List<String> names = ins.stream().map(Param::name).toList();
        int u = Math.max(1, lay.unroll());
        b.append(IND).append(ix).append(" _jl = _jbeg + _ty;\n");
        if (u > 1) {
            b.append(IND).append("for (; _jl + (").append(ix).append(")").append(u - 1).append(" * _TY < _jend; _jl += (").append(ix)
                    .append(")").append(u).append(" * _TY) {\n");
            for (int q = 0; q < u; q++) {
                b.append(IND).append("    const ").append(ix).append(" _j").append(q).append(" = _jl + (").append(ix).append(")").append(q)
                        .append(" * _TY;\n");
                ReductionSource.offsets(b, IND + "    ", ix, "_j" + q, "_rd", "_rs", "_ro" + q + "_", names, lay.nr());
                for (Param p : ins) {
                    b.append(IND).append("    const ").append(CTypes.compute(p.dtype())).append(" _x").append(q).append('_').append(p.name())
                            .append(" = ").append(load(p, "_ro" + q + "_" + p.name())).append(";\n");
                }
            }
            for (int q = 0; q < u; q++) {
                b.append(IND).append("    {\n").append(IND).append("        const ").append(ix).append(" _j = _j").append(q).append(";\n");
                for (Param p : ins) {
                    b.append(IND).append("        const ").append(CTypes.compute(p.dtype())).append(' ').append(p.name()).append(" = _x")
                            .append(q).append('_').append(p.name()).append(";\n");
                }
                accumulate(b, spec, IND + "        ", "_acc");
                b.append(IND).append("    }\n");
            }
            b.append(IND).append("}\n");
        }
        b.append(IND).append("for (; _jl < _jend; _jl += _TY) {\n");
        b.append(IND).append("    const ").append(ix).append(" _j = _jl;\n");
        ReductionSource.offsets(b, IND + "    ", ix, "_j", "_rd", "_rs", "_ro_", names, lay.nr());
        for (Param p : ins) {
            b.append(IND).append("    const ").append(CTypes.compute(p.dtype())).append(' ').append(p.name()).append(" = ")
                    .append(load(p, "_ro_" + p.name())).append(";\n");
        }
        accumulate(b, spec, IND + "    ", "_acc");
        b.append(IND).append("}\n");
    }

    /**
     * The contiguous loop: {@code lay.vec()} elements per vector load, {@code lay.unroll()} vectors
     * per iteration, then a scalar tail shorter than a vector. Thread {@code _ty} reads vectors
     * {@code _ty, _ty + _TY, ...}: a warp reads 512 consecutive bytes per load.
     */
    static void flat(StringBuilder b, ReductionSpec spec, ReductionSource.Layout lay, String ix) {
        List<Param> ins = spec.inputs();
        int v = lay.vec(), u = Math.max(1, lay.unroll());
        String rt = spec.reduceType();
        for (int q = 0; q < ins.size(); q++) {
            Param p = ins.get(q);
            String st = CTypes.storage(p.dtype());
            if (lay.vector(q)) {
                b.append(IND).append("ND_GLOBAL const ").append(st).append("* _q_").append(p.name()).append(" = (ND_GLOBAL const ").append(st)
                        .append("*)(_p_").append(p.name()).append(" + _ko_").append(p.name()).append(");\n");
            } else {   // constant along the reduced axis (broadcast): read once per output
                b.append(IND).append("const ").append(CTypes.compute(p.dtype())).append(" _h_").append(p.name()).append(" = ")
                        .append(load(p, "0")).append(";\n");
            }
        }
        for (int c = 0; c < v; c++) b.append(IND).append(rt).append(" _a").append(c).append(" = ").append(spec.identity()).append(";\n");
        b.append(IND).append("const ").append(ix).append(" _step = (").append(ix).append(")_TY * ").append(v).append(";\n");
        b.append(IND).append("const ").append(ix).append(" _n = _jend > _jbeg ? _jend - _jbeg : 0;\n");
        b.append(IND).append("const ").append(ix).append(" _vend = _jbeg + (_n / ").append(v).append(") * ").append(v).append(";\n");
        b.append(IND).append(ix).append(" _jv = _jbeg + (").append(ix).append(")_ty * ").append(v).append(";\n");
        if (u > 1) {
            b.append(IND).append("for (; _jv + (").append(ix).append(")").append(u - 1).append(" * _step < _vend; _jv += (").append(ix)
                    .append(")").append(u).append(" * _step) {\n");
            vectors(b, spec, lay, ix, u, IND + "    ");
            b.append(IND).append("}\n");
        }
        b.append(IND).append("for (; _jv < _vend; _jv += _step) {\n");
        vectors(b, spec, lay, ix, 1, IND + "    ");
        b.append(IND).append("}\n");
        b.append(IND).append("for (").append(ix).append(" _jt = _vend + _ty; _jt < _jend; _jt += _TY) {\n");
        if (usesJ(spec)) b.append(IND).append("    const ").append(ix).append(" _j = _jt;\n");
        for (int q = 0; q < ins.size(); q++) {
            Param p = ins.get(q);
            b.append(IND).append("    const ").append(CTypes.compute(p.dtype())).append(' ').append(p.name()).append(" = ")
                    .append(lay.vector(q) ? "_q_" + p.name() + "[_jt]" : "_h_" + p.name()).append(";\n");
        }
        accumulate(b, spec, IND + "    ", "_a0");
        b.append(IND).append("}\n");
        b.append(IND).append("_acc = _a0;\n");
        for (int c = 1; c < v; c++) {
            b.append(IND).append("{ ").append(rt).append(" a = _acc; ").append(rt).append(" b = _a").append(c).append("; _acc = ")
                    .append(spec.reduce()).append("; }\n");
        }
    }

    /** {@code u} vector loads per input at {@code _jv + i * _step}, then each lane into its accumulator. */
    private static void vectors(StringBuilder b, ReductionSpec spec, ReductionSource.Layout lay, String ix, int u, String ind) {
        List<Param> ins = spec.inputs();
        int v = lay.vec();
        for (int i = 0; i < u; i++) {
            for (int q = 0; q < ins.size(); q++) {
                if (!lay.vector(q)) continue;
                Param p = ins.get(q);
                String vt = CTypes.storage(p.dtype()) + v;
                b.append(ind).append("const ").append(vt).append(" _v").append(i).append('_').append(p.name()).append(" = *(ND_GLOBAL const ")
                        .append(vt).append("*)(_q_").append(p.name()).append(" + _jv");
                if (i > 0) b.append(" + (").append(ix).append(")").append(i).append(" * _step");
                b.append(");\n");
            }
        }
        for (int i = 0; i < u; i++) {
            for (int c = 0; c < v; c++) {
                b.append(ind).append("{\n");
                if (usesJ(spec)) {
                    b.append(ind).append("    const ").append(ix).append(" _j = _jv");
                    if (i > 0) b.append(" + (").append(ix).append(")").append(i).append(" * _step");
                    b.append(" + ").append(c).append(";\n");
                }
                for (int q = 0; q < ins.size(); q++) {
                    Param p = ins.get(q);
                    b.append(ind).append("    const ").append(CTypes.compute(p.dtype())).append(' ').append(p.name()).append(" = ")
                            .append(lay.vector(q) ? "_v" + i + "_" + p.name() + "." + LANES[c] : "_h_" + p.name()).append(";\n");
                }
                accumulate(b, spec, ind + "    ", "_a" + c);
                b.append(ind).append("}\n");
            }
        }
    }

    /** {@code acc = reduce(acc, map)}, with the map's value and the operands in their own scope (an input may be named a or b). */
    private static void accumulate(StringBuilder b, ReductionSpec spec, String ind, String acc) {
        String rt = spec.reduceType();
        b.append(ind).append("const ").append(rt).append(" _m = ").append(spec.map()).append(";\n");
        b.append(ind).append("{ ").append(rt).append(" a = ").append(acc).append("; ").append(rt).append(" b = _m; ").append(acc).append(" = ")
                .append(spec.reduce()).append("; }\n");
    }

    /** Whether the map reads {@code _j} (declaring it unused makes NVRTC warn once per lane). */
    private static boolean usesJ(ReductionSpec spec) { return spec.orderedIndex() || spec.map().contains("_j"); }

    private static String load(Param p, String reducedOffset) {
        String st = CTypes.storage(p.dtype());
        return CTypes.load(p.dtype(), "(ND_GLOBAL " + st + "*)(_p_" + p.name() + " + _ko_" + p.name() + " + " + reducedOffset + ")");
    }
}
