package org.ndgpu.codegen;

import static org.ndgpu.codegen.ElementwiseSource.address;
import static org.ndgpu.codegen.ElementwiseSource.operand;
import static org.ndgpu.codegen.ElementwiseSource.statement;
import static org.ndgpu.codegen.ElementwiseSource.stores;

import java.util.List;
import java.util.regex.Pattern;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;

/**
 * The loop of an elementwise kernel of a tiled layout ({@link TiledLayout}), which
 * {@link ElementwiseSource} puts between the kernel's pointer setup and its end: tiles through
 * local memory, so that both the staged inputs' reads and the outputs' writes coalesce.
 */
final class TiledLoopSource {
    private TiledLoopSource() {}

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
    static String loop(Spec spec, List<Param> indexed, String ix, Layout layout) {
        int nd = layout.ndim();
        int a = layout.tileIn();
        int b = layout.tileOut();
        int t = TiledLayout.TILE;
        boolean index = Pattern.compile("\\bi\\b").matcher(spec.body()).find();
        var sb = new StringBuilder();
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) != 0) {
                sb.append("    ND_LOCAL ")
                        .append(CTypes.compute(p.dtype()))
                        .append(" _tile_")
                        .append(p.name())
                        .append('[')
                        .append(t)
                        .append("][")
                        .append(t + 1)
                        .append("];\n");
            }
        }
        sb.append("    const ")
                .append(ix)
                .append(" _dA = (")
                .append(ix)
                .append(")_d")
                .append(a)
                .append(", _dB = (")
                .append(ix)
                .append(")_d")
                .append(b)
                .append(";\n");
        sb.append("    const ")
                .append(ix)
                .append(" _nA = (_dA + ")
                .append(t - 1)
                .append(") / ")
                .append(t)
                .append(", _nB = (_dB + ")
                .append(t - 1)
                .append(") / ")
                .append(t)
                .append(";\n");
        sb.append("    const ").append(ix).append(" _tiles = _n / (_dA * _dB) * _nA * _nB;\n");
        sb.append("    const int _lx = (int)(ND_LOCAL_ID() % ")
                .append(t)
                .append("), _ly = (int)(ND_LOCAL_ID() / ")
                .append(t)
                .append(");\n");
        if (index) {
            // C-order element strides of the merged dims, for i
            sb.append("    const ").append(ix).append(" _c").append(nd - 1).append(" = 1;\n");
            for (int d = nd - 2; d >= 0; d--) {
                sb.append("    const ")
                        .append(ix)
                        .append(" _c")
                        .append(d)
                        .append(" = _c")
                        .append(d + 1)
                        .append(" * (")
                        .append(ix)
                        .append(")_d")
                        .append(d + 1)
                        .append(";\n");
            }
        }
        sb.append("    for (")
                .append(ix)
                .append(" _t = (")
                .append(ix)
                .append(")ND_GROUP_ID(); _t < _tiles; _t += (")
                .append(ix)
                .append(")ND_NUM_GROUPS()) {\n");
        sb.append("        const ")
                .append(ix)
                .append(" _tB0 = (_t % _nB) * ")
                .append(t)
                .append(";\n");
        sb.append("        ").append(ix).append(" _r = _t / _nB;\n");
        sb.append("        const ")
                .append(ix)
                .append(" _tA0 = (_r % _nA) * ")
                .append(t)
                .append(";\n");
        sb.append("        _r /= _nA;\n");
        ElementwiseSource.zeroOffsets(sb, indexed, ix);
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
            if (d != firstBatch) ElementwiseSource.digit(sb, ix, d);
            else sb.append("        _q = _r;\n");
            ElementwiseSource.addStride(sb, indexed, ix, d);
            if (index) sb.append("        _i0 += _q * _c").append(d).append(";\n");
        }
        // phase 1: the staged inputs, coalesced along A
        sb.append("        for (int _kk = 0; _kk < ")
                .append(t / TiledLayout.ROWS)
                .append("; _kk++) {\n");
        sb.append("            const int _k = _ly + _kk * ")
                .append(TiledLayout.ROWS)
                .append(";\n");
        sb.append("            const ").append(ix).append(" _ja = _tA0 + _lx, _jb = _tB0 + _k;\n");
        sb.append("            if (_ja < _dA && _jb < _dB) {\n");
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) == 0) continue;
            String st = CTypes.storage(p.dtype());
            String ptr = address(st, p.name(), tileOffset(p, ix, a, b));
            sb.append("                _tile_")
                    .append(p.name())
                    .append("[_k][_lx] = ")
                    .append(CTypes.load(p.dtype(), ptr))
                    .append(";\n");
        }
        sb.append("            }\n        }\n");
        sb.append("        ND_SYNC();\n");
        // phase 2: every element of the tile, coalesced along B
        sb.append("        for (int _kk = 0; _kk < ")
                .append(t / TiledLayout.ROWS)
                .append("; _kk++) {\n");
        sb.append("            const int _k = _ly + _kk * ")
                .append(TiledLayout.ROWS)
                .append(";\n");
        sb.append("            const ").append(ix).append(" _ja = _tA0 + _k, _jb = _tB0 + _lx;\n");
        sb.append("            if (_ja < _dA && _jb < _dB) {\n");
        if (index)
            sb.append("                const ")
                    .append(ix)
                    .append(" i = _i0 + _ja * _c")
                    .append(a)
                    .append(" + _jb * _c")
                    .append(b)
                    .append(";\n");
        for (int q = 0; q < indexed.size(); q++) {
            Param p = indexed.get(q);
            if ((layout.staged() >> q & 1) != 0) {
                sb.append("                ")
                        .append(CTypes.compute(p.dtype()))
                        .append(' ')
                        .append(p.name())
                        .append(" = _tile_")
                        .append(p.name())
                        .append("[_lx][_k];\n");
                continue;
            }
            operand(
                    sb,
                    "                ",
                    spec,
                    p,
                    address(CTypes.storage(p.dtype()), p.name(), tileOffset(p, ix, a, b)));
        }
        statement(sb, "                ", spec);
        stores(sb, "                ", indexed);
        sb.append("            }\n        }\n");
        sb.append("        ND_SYNC();\n");
        sb.append("    }\n");
        return sb.toString();
    }

    /** The byte offset of element (_ja, _jb) of a tile: {@code _x_<name> + _ja * _s<a>_<name> + _jb * _s<b>_<name>}. */
    private static String tileOffset(Param p, String ix, int a, int b) {
        return "_x_" + p.name() + " + _ja * (" + ix + ")_s" + a + "_" + p.name() + " + _jb * (" + ix + ")_s" + b + "_"
                + p.name();
    }
}
