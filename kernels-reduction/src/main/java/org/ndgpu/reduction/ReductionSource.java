package org.ndgpu.reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.KernelTemplate;

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
    private ReductionSource() {}

    /** Which pass of the template a kernel is. */
    enum Mode {
        DIRECT,
        TO_PARTIALS,
        FROM_PARTIALS
    }

    /** The source cache's key: records compare by value, and building it copies no source text. */
    private record Key(Dialect dialect, ReductionSpec spec, ReductionLayout layout) {}

    private static final Map<Key, String> SOURCES = new ConcurrentHashMap<>();

    static String source(Dialect dialect, ReductionSpec spec, ReductionLayout layout) {
        return SOURCES.computeIfAbsent(new Key(dialect, spec, layout), k -> generate(dialect, spec, layout));
    }

    /** The kernel's function name for a layout: passes differ in their parameters, so in their names. */
    static String kernelName(ReductionSpec spec, ReductionLayout layout) {
        return spec.name()
                + switch (layout.mode()) {
                    case DIRECT -> "";
                    case TO_PARTIALS -> "_part";
                    case FROM_PARTIALS -> "_final";
                };
    }

    static final KernelTemplate.Sections T =
            KernelTemplate.sections("reduction.tmpl", ReductionSource.class.getResourceAsStream("reduction.tmpl"));

    private static String generate(Dialect dialect, ReductionSpec spec, ReductionLayout lay) {
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
                setup.append(T.get("pointer").fill("name", p.name()));
            }
        } else {
            sig.add("ND_GLOBAL " + rt + "* _part");
        }
        // scalars and raw arrays in declaration order: ReductionArgs.scalars passes them so, in every pass
        for (Param p : spec.params()) {
            if (p.kind() == Kind.SCALAR) {
                sig.add(CTypes.scalarParam(p.dtype()) + " " + p.name());
            } else if (p.kind() == Kind.RAW) {
                String t = CTypes.storage(p.dtype());
                sig.add("ND_GLOBAL char* _b_" + p.name());
                sig.add("long _o_" + p.name());
                setup.append("ND_GLOBAL ")
                        .append(t)
                        .append("* ")
                        .append(p.name())
                        .append(" = (ND_GLOBAL ")
                        .append(t)
                        .append("*)(_b_")
                        .append(p.name())
                        .append(" + _o_")
                        .append(p.name())
                        .append(");\n");
            }
        }
        if (writesOut) {
            sig.add("ND_GLOBAL char* _b_" + out.name());
            sig.add("long _o_" + out.name());
            for (int d = 0; d < lay.nk(); d++) sig.add("long _ks" + d + "_" + out.name());
            setup.append(T.get("pointer").fill("name", out.name()));
        } else {
            sig.add("ND_GLOBAL " + rt + "* _part");
        }
        for (String s : List.of("_K", "_R", "_chunk", "_rtotal")) sig.add("long " + s + "_arg");
        for (String s : List.of("_TX", "_TY", "_gridK")) sig.add("int " + s);
        for (int d = 0; d < lay.nk(); d++) sig.add("long _kd" + d);
        for (int d = 0; d < lay.nr(); d++) sig.add("long _rd" + d);

        String accumulate;
        if (readsInputs) {
            List<String> names = spec.inputs().stream().map(Param::name).toList();
            accumulate = offsets(ix, "_k", "_kd", "_ks", "_ko_", names, lay.nk())
                    + (lay.vec() > 0 ? ReductionBody.flat(spec, lay, ix) : ReductionBody.strided(spec, lay, ix));
        } else {
            accumulate = T.get("partials.accumulate").fill("ix", ix, "rt", rt, "reduce", spec.reduce());
        }
        String finish;
        if (writesOut) {
            String post = spec.postMap().strip();
            if (!post.endsWith(";") && !post.endsWith("}")) post += ";";
            String st = CTypes.storage(out.dtype());
            finish = T.get("output.finish")
                    .fill(
                            "offsets",
                            offsets(ix, "_k", "_kd", "_ks", "_ko_", List.of(out.name()), lay.nk()),
                            "type",
                            CTypes.compute(out.dtype()),
                            "name",
                            out.name(),
                            "postMap",
                            post,
                            "store",
                            CTypes.store(
                                    out.dtype(),
                                    "(ND_GLOBAL " + st + "*)(_p_" + out.name() + " + _ko_" + out.name() + ")",
                                    out.name()));
        } else {
            finish = T.get("partials.finish").fill(Map.of());
        }
        return dialect.prelude() + "\n" + spec.preamble() + "\n"
                + T.get("kernel")
                        .fill(Map.ofEntries(
                                Map.entry("name", kernelName(spec, lay)),
                                Map.entry("params", String.join(", ", sig)),
                                Map.entry("rt", rt),
                                Map.entry("ix", ix),
                                Map.entry("block", lay.block()),
                                Map.entry("setup", setup),
                                Map.entry(
                                        "threads",
                                        T.get(lay.row() ? "threads.row" : "threads.column")
                                                .fill(Map.of())),
                                Map.entry("identity", spec.identity()),
                                Map.entry("reduce", spec.reduce()),
                                Map.entry("accumulate", accumulate),
                                Map.entry("finish", finish)));
    }

    /**
     * Byte offsets {@code prefix+name} of flat index {@code idx} over dims {@code dim0..} (C order,
     * the last fastest) with per-array strides {@code stride<d>_<name>}: the index math, written
     * once for kept and reduced coordinates alike (and the scans' lines).
     */
    static String offsets(String ix, String idx, String dim, String stride, String prefix, List<String> names, int nd) {
        var b = new StringBuilder();
        for (String n : names) b.append(T.get("offsets.declare").fill("ix", ix, "offset", prefix + n));
        if (nd == 1) {
            for (String n : names)
                b.append(T.get("offsets.one")
                        .fill("ix", ix, "offset", prefix + n, "idx", idx, "stride", stride + "0_" + n));
        } else if (nd > 1) {
            var steps = new StringBuilder();
            for (int d = nd - 1; d >= 0; d--) {
                steps.append(
                        d > 0
                                ? T.get("offsets.step").fill("ix", ix, "dim", dim + d)
                                : T.get("offsets.last").fill(Map.of()));
                for (String n : names)
                    steps.append(
                            T.get("offsets.add").fill("ix", ix, "offset", prefix + n, "stride", stride + d + "_" + n));
            }
            b.append(T.get("offsets.many").fill("ix", ix, "idx", idx, "steps", steps));
        }
        return b.toString();
    }
}
