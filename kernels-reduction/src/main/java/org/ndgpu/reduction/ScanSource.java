package org.ndgpu.reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.ndarray.DType;
import org.ndgpu.spi.Scan;

/**
 * Generated source of the four scan kernels of {@link Scans}: a sequential walk per line, a
 * block scan per tile that also writes the tile's total, a tile's total alone, and the carry pass. Line offsets come from
 * the same index math as the reductions ({@link ReductionSource#offsets}).
 */
final class ScanSource {
    private ScanSource() {}

    /** Threads per block of the tile kernels, and elements per thread. */
    static final int BLOCK = 256, ITEMS = 4, TILE = BLOCK * ITEMS;

    enum Kernel {
        SEQUENTIAL,
        TILES,
        TOTALS,
        CARRY
    }

    private static final Map<String, String> SOURCES = new ConcurrentHashMap<>();

    static String source(Dialect dialect, String name, Scan op, Kernel kind, DType in, DType out, DType acc, int nk) {
        return SOURCES.computeIfAbsent(
                dialect + "|" + name + "|" + acc, x -> generate(dialect, name, op, kind, in, out, acc, nk));
    }

    private static String generate(
            Dialect dialect, String name, Scan op, Kernel kind, DType in, DType out, DType acc, int nk) {
        String at = CTypes.compute(acc);
        String ident = op == Scan.CUMSUM ? DeviceMath.sumIdentity(acc) : DeviceMath.one(acc);
        java.util.function.BinaryOperator<String> f =
                op == Scan.CUMSUM ? (a, b) -> DeviceMath.add(acc, a, b) : (a, b) -> DeviceMath.scanMul(acc, a, b);
        List<String> sig = new ArrayList<>();
        List<String> arrays = kind == Kernel.CARRY ? List.of("y") : List.of("x", "y");
        for (String a : arrays) {
            sig.add("ND_GLOBAL char* _b_" + a);
            sig.add("long _o_" + a);
            for (int d = 0; d < nk; d++) sig.add("long _ks" + d + "_" + a);
            sig.add("long _as_" + a);
        }
        if (kind != Kernel.SEQUENTIAL) sig.add("ND_GLOBAL " + at + "* _sums");
        if (kind == Kernel.TILES || kind == Kernel.TOTALS) sig.add("int _mode");
        sig.add("long _L");
        sig.add("long _N");
        sig.add("long _T");
        for (int d = 0; d < nk; d++) sig.add("long _kd" + d);

        String xs = CTypes.storage(in), ys = CTypes.storage(out);
        String loadX =
                CTypes.cast(in, acc, CTypes.load(in, "(ND_GLOBAL " + xs + "*)(_b_x + _o_x + _ko_x + _p * _as_x)"));
        String yPtr = "(ND_GLOBAL " + ys + "*)(_b_y + _o_y + _ko_y + _p * _as_y)";
        String loadY = CTypes.cast(out, acc, CTypes.load(out, yPtr));
        String offsets = ReductionSource.offsets("long", "_l", "_kd", "_ks", "_ko_", arrays, nk);
        String body = switch (kind) {
            case SEQUENTIAL ->
                SCAN.get("sequential")
                        .fill(
                                "offsets",
                                offsets,
                                "at",
                                at,
                                "identity",
                                ident,
                                "accumulate",
                                f.apply("_acc", loadX),
                                "store",
                                CTypes.store(out, yPtr, CTypes.cast(acc, out, "_acc")));
            case TILES, TOTALS -> {
                // a warp's threads read _st ITEMS apart: one slot skipped per 128 bytes of _st
                int pad = Integer.numberOfTrailingZeros(Math.max(1, 128 / acc.itemsize()));
                String st = "_st[_q + (_q >> " + pad + ")]";
                Map<String, Object> v = new java.util.HashMap<>(Map.ofEntries(
                        Map.entry("at", at),
                        Map.entry("BLOCK", BLOCK),
                        Map.entry("TILE", TILE),
                        Map.entry("ITEMS", ITEMS),
                        Map.entry("LAST", BLOCK - 1),
                        Map.entry("PAD", pad),
                        Map.entry("STAGE", TILE + (TILE >> pad)),
                        Map.entry("offsets", offsets),
                        Map.entry("identity", ident),
                        Map.entry("loadX", loadX),
                        Map.entry("accumulate", f.apply("_run", st))));
                if (kind == Kernel.TOTALS) {
                    v.put("tree", f.apply("_sh[_t - _s]", "_sh[_t]"));
                    yield SCAN.get("totals").fill(v);
                }
                v.put("combine", f.apply("_o", "_sh[_t]"));
                v.put("scanned", f.apply("_pre", "_v[_i]"));
                // the carry pass's arithmetic, carry and the tile's scan: the same bits
                v.put("carried", f.apply("_c", f.apply("_pre", "_v[_i]")));
                v.put("store", CTypes.store(out, yPtr, CTypes.cast(acc, out, st)));
                yield SCAN.get("tiles").fill(v);
            }
            case CARRY ->
                SCAN.get("carry")
                        .fill(
                                "at",
                                at,
                                "offsets",
                                offsets,
                                "ITEMS",
                                ITEMS,
                                "TILE",
                                TILE,
                                "BLOCK",
                                BLOCK,
                                "store",
                                CTypes.store(out, yPtr, CTypes.cast(acc, out, f.apply("_c", loadY))));
        };
        return dialect.prelude() + "\n" + DeviceMath.HELPERS + "\n" + (acc.isComplex() ? DeviceMath.SCAN_HELPERS : "")
                + SCAN.get("kernel").fill("name", name, "params", String.join(", ", sig), "body", body);
    }

    private static final KernelTemplate.Sections SCAN =
            KernelTemplate.sections("scan.tmpl", ScanSource.class.getResourceAsStream("scan.tmpl"));
}
