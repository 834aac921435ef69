package org.ndgpu.reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.ndarray.DType;

/**
 * Generated source of the three scan kernels of {@link Scans}: a sequential walk per line, a
 * block scan per tile that also writes the tile's total, and the carry pass. Line offsets come from
 * the same index math as the reductions ({@link ReductionSource#offsets}).
 */
final class ScanSource {
    private ScanSource() { }

    /** Threads per block of the tile kernels, and elements per thread. */
    static final int BLOCK = 256, ITEMS = 4, TILE = BLOCK * ITEMS;

    enum Kernel { SEQUENTIAL, TILES, CARRY }

    private static final Map<String, String> SOURCES = new ConcurrentHashMap<>();

    static String source(Dialect dialect, String name, String op, Kernel kind, DType in, DType out, DType acc, int nk) {
        return SOURCES.computeIfAbsent(dialect + "|" + name + "|" + acc, x -> generate(dialect, name, op, kind, in, out, acc, nk));
    }

    private static String generate(Dialect dialect, String name, String op, Kernel kind, DType in, DType out, DType acc, int nk) {
        String at = CTypes.compute(acc);
        String ident = op.equals("cumsum") ? DeviceMath.zero(acc) : DeviceMath.one(acc);
        java.util.function.BinaryOperator<String> f = op.equals("cumsum") ? (a, b) -> DeviceMath.add(acc, a, b) : (a, b) -> DeviceMath.mul(acc, a, b);
        List<String> sig = new ArrayList<>();
        List<String> arrays = kind == Kernel.CARRY ? List.of("y") : List.of("x", "y");
        for (String a : arrays) {
            sig.add("ND_GLOBAL char* _b_" + a);
            sig.add("long _o_" + a);
            for (int d = 0; d < nk; d++) sig.add("long _ks" + d + "_" + a);
            sig.add("long _as_" + a);
        }
        if (kind != Kernel.SEQUENTIAL) sig.add("ND_GLOBAL " + at + "* _sums");
        if (kind == Kernel.TILES) sig.add("int _has_sums");
        sig.add("long _L");
        sig.add("long _N");
        sig.add("long _T");
        for (int d = 0; d < nk; d++) sig.add("long _kd" + d);

        var b = new StringBuilder(dialect.prelude()).append('\n').append(DeviceMath.HELPERS).append('\n');
        b.append("ND_KERNEL void ").append(name).append('(').append(String.join(", ", sig)).append(") {\n");
        String xs = CTypes.storage(in), ys = CTypes.storage(out);
        String loadX = CTypes.cast(in, acc, CTypes.load(in, "(ND_GLOBAL " + xs + "*)(_b_x + _o_x + _ko_x + _p * _as_x)"));
        String yPtr = "(ND_GLOBAL " + ys + "*)(_b_y + _o_y + _ko_y + _p * _as_y)";
        String loadY = CTypes.cast(out, acc, CTypes.load(out, yPtr));
        switch (kind) {
            case SEQUENTIAL -> {
                b.append("    for (long _l = ND_GLOBAL_ID(); _l < _L; _l += ND_GLOBAL_SIZE()) {\n");
                ReductionSource.offsets(b, "        ", "long", "_l", "_kd", "_ks", "_ko_", arrays, nk);
                b.append("        ").append(at).append(" _acc = ").append(ident).append(";\n");
                b.append("        for (long _p = 0; _p < _N; _p++) {\n");
                b.append("            _acc = ").append(f.apply("_acc", loadX)).append(";\n");
                b.append("            ").append(CTypes.store(out, yPtr, CTypes.cast(acc, out, "_acc"))).append('\n');
                b.append("        }\n    }\n");
            }
            case TILES -> {
                b.append("    ND_LOCAL ").append(at).append(" _sh[").append(BLOCK).append("];\n");
                b.append("    const int _t = (int)ND_LOCAL_ID();\n");
                b.append("    for (long _tile = ND_GROUP_ID(); _tile < _L * _T; _tile += ND_NUM_GROUPS()) {\n");
                b.append("        const long _l = _tile / _T, _ti = _tile % _T;\n");
                ReductionSource.offsets(b, "        ", "long", "_l", "_kd", "_ks", "_ko_", arrays, nk);
                b.append("        const long _p0 = _ti * ").append(TILE).append(" + (long)_t * ").append(ITEMS).append(";\n");
                b.append("        ").append(at).append(" _v[").append(ITEMS).append("];\n");
                b.append("        ").append(at).append(" _run = ").append(ident).append(";\n");
                b.append("        for (int _i = 0; _i < ").append(ITEMS).append("; _i++) {\n");
                b.append("            const long _p = _p0 + _i;\n");
                b.append("            if (_p < _N) _run = ").append(f.apply("_run", loadX)).append(";\n");
                b.append("            _v[_i] = _run;\n        }\n");
                b.append("        _sh[_t] = _run;\n        ND_SYNC();\n");
                // Hillis-Steele over the threads' totals: log2(BLOCK) steps, every thread at each barrier
                b.append("        for (int _s = 1; _s < ").append(BLOCK).append("; _s <<= 1) {\n");
                b.append("            ").append(at).append(" _o = _t >= _s ? _sh[_t - _s] : ").append(ident).append(";\n");
                b.append("            ND_SYNC();\n");
                b.append("            if (_t >= _s) _sh[_t] = ").append(f.apply("_o", "_sh[_t]")).append(";\n");
                b.append("            ND_SYNC();\n        }\n");
                b.append("        const ").append(at).append(" _pre = _t > 0 ? _sh[_t - 1] : ").append(ident).append(";\n");
                b.append("        for (int _i = 0; _i < ").append(ITEMS).append("; _i++) {\n");
                b.append("            const long _p = _p0 + _i;\n");
                b.append("            if (_p < _N) ").append(CTypes.store(out, yPtr, CTypes.cast(acc, out, f.apply("_pre", "_v[_i]")))).append('\n');
                b.append("        }\n");
                b.append("        if (_has_sums && _t == ").append(BLOCK - 1).append(") _sums[_tile] = _sh[_t];\n");
                b.append("        ND_SYNC();\n    }\n");
            }
            case CARRY -> {
                b.append("    const int _t = (int)ND_LOCAL_ID();\n");
                b.append("    for (long _tile = ND_GROUP_ID(); _tile < _L * _T; _tile += ND_NUM_GROUPS()) {\n");
                b.append("        const long _l = _tile / _T, _ti = _tile % _T;\n");
                b.append("        if (_ti == 0) continue;\n");
                b.append("        const ").append(at).append(" _c = _sums[_tile - 1];\n");
                ReductionSource.offsets(b, "        ", "long", "_l", "_kd", "_ks", "_ko_", arrays, nk);
                b.append("        for (int _i = 0; _i < ").append(ITEMS).append("; _i++) {\n");
                b.append("            const long _p = _ti * ").append(TILE).append(" + (long)_i * ").append(BLOCK).append(" + _t;\n");
                b.append("            if (_p < _N) ").append(CTypes.store(out, yPtr, CTypes.cast(acc, out, f.apply("_c", loadY)))).append('\n');
                b.append("        }\n    }\n");
            }
        }
        b.append("}\n");
        return b.toString();
    }
}
