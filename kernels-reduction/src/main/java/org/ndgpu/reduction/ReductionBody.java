package org.ndgpu.reduction;

import java.util.List;
import java.util.Map;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.KernelTemplate;

/**
 * The per-thread accumulation loop of {@link ReductionSource}'s first pass, in two forms, filled
 * from the sections of {@code reduction.tmpl}. Both keep several loads in flight per thread before
 * the first of them is used: at 4.8 TB/s and about a microsecond of memory latency a GPU needs
 * megabytes in flight, far more than one 4-byte load per resident thread gives.
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
    private ReductionBody() {}

    private static final String[] LANES = {"x", "y", "z", "w"};

    private static KernelTemplate t(String section) {
        return ReductionSource.T.get(section);
    }

    private static String constant(String type, String name, String value) {
        return t("const").fill("type", type, "name", name, "value", value);
    }

    /** The generic loop: offsets from the reduced index per element, unrolled for loads in flight. */
    static String strided(ReductionSpec spec, ReductionLayout lay, String ix) {
        List<Param> ins = spec.inputs();
        List<String> names = ins.stream().map(Param::name).toList();
        int u = Math.max(1, lay.unroll());
        String unrolled = "";
        if (u > 1) {
            var loads = new StringBuilder();
            var elements = new StringBuilder();
            for (int q = 0; q < u; q++) {
                loads.append(constant(ix, "_j" + q, "_jl + (" + ix + ")" + q + " * _TY"));
                loads.append(ReductionSource.offsets(ix, "_j" + q, "_rd", "_rs", "_ro" + q + "_", names, lay.nr()));
                var inputs = new StringBuilder();
                for (Param p : ins) {
                    loads.append(constant(
                            CTypes.compute(p.dtype()), "_x" + q + "_" + p.name(), load(p, "_ro" + q + "_" + p.name())));
                    inputs.append(constant(CTypes.compute(p.dtype()), p.name(), "_x" + q + "_" + p.name()));
                }
                elements.append(t("element")
                        .fill(
                                "index",
                                constant(ix, "_j", "_j" + q),
                                "inputs",
                                inputs,
                                "accumulate",
                                accumulate(spec, "_acc")));
            }
            unrolled = t("strided.unrolled")
                    .fill("ix", ix, "last", u - 1, "unroll", u, "loads", loads, "elements", elements);
        }
        var loads = new StringBuilder();
        for (Param p : ins) loads.append(constant(CTypes.compute(p.dtype()), p.name(), load(p, "_ro_" + p.name())));
        return t("strided")
                .fill(
                        "ix",
                        ix,
                        "unrolled",
                        unrolled,
                        "offsets",
                        ReductionSource.offsets(ix, "_j", "_rd", "_rs", "_ro_", names, lay.nr()),
                        "loads",
                        loads,
                        "accumulate",
                        accumulate(spec, "_acc"));
    }

    /**
     * The contiguous loop: {@code lay.vec()} elements per vector load, {@code lay.unroll()} vectors
     * per iteration, then a scalar tail shorter than a vector. Thread {@code _ty} reads vectors
     * {@code _ty, _ty + _TY, ...}: a warp reads 512 consecutive bytes per load.
     */
    static String flat(ReductionSpec spec, ReductionLayout lay, String ix) {
        List<Param> ins = spec.inputs();
        int v = lay.vec(), u = Math.max(1, lay.unroll());
        String rt = spec.reduceType();
        var pointers = new StringBuilder();
        var tail = new StringBuilder();
        for (int q = 0; q < ins.size(); q++) {
            Param p = ins.get(q);
            String ct = CTypes.compute(p.dtype());
            if (lay.vector(q)) {
                pointers.append(t("flat.pointer").fill("type", CTypes.storage(p.dtype()), "name", p.name()));
                tail.append(constant(ct, p.name(), "_q_" + p.name() + "[_jt]"));
            } else { // constant along the reduced axis (broadcast): read once per output
                pointers.append(constant(ct, "_h_" + p.name(), load(p, "0")));
                tail.append(constant(ct, p.name(), "_h_" + p.name()));
            }
        }
        var accumulators = new StringBuilder();
        var fold = new StringBuilder();
        for (int c = 0; c < v; c++) {
            accumulators.append(t("flat.accumulator").fill("rt", rt, "lane", c, "identity", spec.identity()));
            if (c > 0) fold.append(t("flat.fold").fill("rt", rt, "lane", c, "reduce", spec.reduce()));
        }
        String unrolled = u == 1
                ? ""
                : t("flat.unrolled").fill("ix", ix, "last", u - 1, "unroll", u, "vectors", vectors(spec, lay, ix, u));
        return t("flat")
                .fill(Map.ofEntries(
                        Map.entry("ix", ix),
                        Map.entry("vec", v),
                        Map.entry("pointers", pointers),
                        Map.entry("accumulators", accumulators),
                        Map.entry("unrolled", unrolled),
                        Map.entry("vectors", vectors(spec, lay, ix, 1)),
                        Map.entry("index", usesJ(spec) ? constant(ix, "_j", "_jt") : ""),
                        Map.entry("inputs", tail),
                        Map.entry("accumulate", accumulate(spec, "_a0")),
                        Map.entry("fold", fold)));
    }

    /** {@code u} vector loads per input at {@code _jv + i * _step}, then each lane into its accumulator. */
    private static String vectors(ReductionSpec spec, ReductionLayout lay, String ix, int u) {
        List<Param> ins = spec.inputs();
        int v = lay.vec();
        var b = new StringBuilder();
        for (int i = 0; i < u; i++) {
            String at = i > 0 ? "_jv + (" + ix + ")" + i + " * _step" : "_jv";
            for (int q = 0; q < ins.size(); q++) {
                if (!lay.vector(q)) continue;
                Param p = ins.get(q);
                b.append(t("flat.vector")
                        .fill("type", CTypes.storage(p.dtype()) + v, "i", i, "name", p.name(), "at", at));
            }
        }
        for (int i = 0; i < u; i++) {
            String at = i > 0 ? "_jv + (" + ix + ")" + i + " * _step" : "_jv";
            for (int c = 0; c < v; c++) {
                var inputs = new StringBuilder();
                for (int q = 0; q < ins.size(); q++) {
                    Param p = ins.get(q);
                    inputs.append(constant(
                            CTypes.compute(p.dtype()),
                            p.name(),
                            lay.vector(q) ? "_v" + i + "_" + p.name() + "." + LANES[c] : "_h_" + p.name()));
                }
                b.append(t("element")
                        .fill(
                                "index",
                                usesJ(spec) ? constant(ix, "_j", at + " + " + c) : "",
                                "inputs",
                                inputs,
                                "accumulate",
                                accumulate(spec, "_a" + c)));
            }
        }
        return b.toString();
    }

    /** {@code acc = reduce(acc, map)}. */
    private static String accumulate(ReductionSpec spec, String acc) {
        return t("accumulate").fill("rt", spec.reduceType(), "map", spec.map(), "acc", acc, "reduce", spec.reduce());
    }

    /** Whether the map reads {@code _j} (declaring it unused makes NVRTC warn once per lane). */
    private static boolean usesJ(ReductionSpec spec) {
        return spec.orderedIndex() || spec.map().contains("_j");
    }

    private static String load(Param p, String reducedOffset) {
        String st = CTypes.storage(p.dtype());
        return CTypes.load(
                p.dtype(),
                "(ND_GLOBAL " + st + "*)(_p_" + p.name() + " + _ko_" + p.name() + " + " + reducedOffset + ")");
    }
}
