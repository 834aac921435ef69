package org.ndgpu.fuse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.reduction.ReductionInlining;
import org.ndgpu.reduction.ReductionLoop;

/**
 * A traced function scheduled into kernels, ready to run on new arguments of the traced dtypes and
 * shapes. Each reduction is one kernel whose map is its whole elementwise producer (a full
 * reduction adds ReductionLoop's second pass); what the function returns is one elementwise kernel
 * per output shape, reading the arguments and the reduction results. So an elementwise chain is
 * one launch, and a chain ending in a reduction is one (or two) as well.
 *
 * <p>Arrays live in slots: the arguments first, then each kernel's outputs.
 */
final class Program {
    private sealed interface Step permits Elementwise, Reduction {}

    private record Elementwise(Kernels.Elementwise kernel, int[] in, int[] out, long[] shape) implements Step {}

    private record Reduction(Kernels.Reduction kernel, int[] in, int out, int[] axes) implements Step {}

    private final int nArgs;
    private final List<Step> steps = new ArrayList<>();
    private final List<DType> slotDtypes = new ArrayList<>();
    private final List<long[]> slotShapes = new ArrayList<>();
    private final int[] outputs;
    private final List<Trace.FitCheck> fitChecks;

    Program(Trace trace, int nArgs, List<Node> results, boolean fp64) {
        this.nArgs = nArgs;
        this.fitChecks = List.copyOf(trace.fitChecks);
        for (int k = 0; k < nArgs; k++) {
            slotDtypes.add(null);
            slotShapes.add(null);
        }
        Map<Node, Integer> slots = new LinkedHashMap<>();
        Set<Node> materialized = new HashSet<>();
        String base = "fused_" + trace.name().replaceAll("[^A-Za-z0-9_]", "_");

        // every reduction, in dependency order (ids are topological), with its producer inlined
        TreeSet<Node> reachable = new TreeSet<>((a, b) -> Integer.compare(a.id(), b.id()));
        for (Node r : results) collect(r, reachable);
        for (Node n : reachable) {
            if (n instanceof Node.Arg a) slots.put(n, a.index());
            if (!(n instanceof Node.Reduce r)) continue;
            var k = Kernels.reduction(base + "_" + steps.size(), r, materialized, fp64);
            int out = newSlot(r.dtype(), r.shape());
            steps.add(new Reduction(k, slotsOf(k.inputs().leaves(), slots), out, r.axes()));
            slots.put(r, out);
            materialized.add(r);
        }
        // the results not yet in a slot: one elementwise kernel per shape
        Map<String, List<Node>> groups = new LinkedHashMap<>();
        for (Node r : results) {
            if (!slots.containsKey(r)) {
                List<Node> g = groups.computeIfAbsent(Arrays.toString(r.shape()), x -> new ArrayList<>());
                if (!g.contains(r)) g.add(r);
            }
        }
        for (List<Node> g : groups.values()) {
            var k = Kernels.elementwise(base + "_" + steps.size(), g, materialized);
            int[] out = new int[g.size()];
            for (int q = 0; q < g.size(); q++) {
                out[q] = newSlot(g.get(q).dtype(), g.get(q).shape());
                slots.put(g.get(q), out[q]);
            }
            steps.add(new Elementwise(
                    k, slotsOf(k.inputs().leaves(), slots), out, g.get(0).shape()));
        }
        outputs = results.stream().mapToInt(slots::get).toArray();
    }

    private static void collect(Node n, Set<Node> seen) {
        if (!seen.add(n)) return;
        switch (n) {
            case Node.Op op -> {
                for (Object o : op.operands()) if (o instanceof Node m) collect(m, seen);
            }
            case Node.Cast c -> collect(c.in(), seen);
            case Node.Reduce r -> collect(r.in(), seen);
            case Node.Arg a -> {}
            case Node.WeakArg w -> {}
        }
    }

    private int newSlot(DType dtype, long[] shape) {
        slotDtypes.add(dtype);
        slotShapes.add(shape);
        return slotDtypes.size() - 1;
    }

    private static int[] slotsOf(List<Node> leaves, Map<Node, Integer> slots) {
        return leaves.stream().mapToInt(slots::get).toArray();
    }

    /** The number of kernels one call launches, not counting a full reduction's second pass. */
    int kernels() {
        return steps.size();
    }

    /** Runs on {@code args} (arrays and numbers of the traced kinds); returns the function's results. */
    NDArray[] run(Device device, Object[] args) {
        return run(device, args, null);
    }

    /**
     * Runs on {@code args}, writing result {@code k} into {@code into[k]} (of its dtype and shape) where
     * {@code into} is not null, instead of into a new array.
     */
    NDArray[] run(Device device, Object[] args, NDArray[] into) {
        checkFits(args);
        NDArray[] slots = allocate(device, args, into);
        boolean ok = false;
        try {
            for (Step s : steps) {
                switch (s) {
                    case Elementwise e ->
                        ElementwiseLoop.run(
                                e.kernel().spec(),
                                kernelArgs(e.kernel().inputs(), e.in(), e.out(), slots, args),
                                e.shape());
                    case Reduction r ->
                        ReductionLoop.run(
                                r.kernel().spec(),
                                kernelArgs(r.kernel().inputs(), r.in(), new int[] {r.out()}, slots, args),
                                r.axes());
                }
            }
            ok = true;
            NDArray[] res = new NDArray[outputs.length];
            for (int k = 0; k < outputs.length; k++) res[k] = slots[outputs[k]];
            return res;
        } finally {
            release(slots, ok || into != null);
        }
    }

    /** The kernels' generated sources for these arguments, in launch order (outputs are allocated, nothing runs). */
    String source(Device device, Object[] args) {
        NDArray[] slots = allocate(device, args, null);
        try {
            var sb = new StringBuilder();
            for (Step s : steps) {
                switch (s) {
                    case Elementwise e -> {
                        Object[] ka = kernelArgs(e.kernel().inputs(), e.in(), e.out(), slots, args);
                        var layout = ElementwiseLoop.layout(e.kernel().spec(), ka, e.shape());
                        sb.append("// ---- kernel ")
                                .append(e.kernel().spec().name())
                                .append(": elementwise, ")
                                .append(layout)
                                .append('\n');
                        sb.append(ElementwiseLoop.source(
                                device.backend().dialect(), e.kernel().spec(), layout));
                    }
                    case Reduction r -> {
                        sb.append("// ---- kernel ")
                                .append(r.kernel().spec().name())
                                .append(": reduction over axes ")
                                .append(Arrays.toString(r.axes()))
                                .append(" (one-pass row layout shown)\n");
                        sb.append(ReductionInlining.source(
                                device.backend().dialect(), r.kernel().spec()));
                    }
                }
            }
            return sb.toString();
        } finally {
            release(slots, false);
        }
    }

    private void checkFits(Object[] args) {
        for (Trace.FitCheck f : fitChecks) {
            Object v = args[f.arg()];
            if (Scalars.isJavaInteger(v)) {
                Scalars.checkFits(f.op(), ((Number) v).longValue(), f.dtype());
            }
        }
    }

    private NDArray[] allocate(Device device, Object[] args, NDArray[] into) {
        NDArray[] slots = new NDArray[slotDtypes.size()];
        for (int k = 0; k < nArgs; k++) if (args[k] instanceof NDArray a) slots[k] = a;
        if (into != null) for (int k = 0; k < outputs.length; k++) slots[outputs[k]] = into[k];
        try {
            for (int k = nArgs; k < slots.length; k++)
                if (slots[k] == null) slots[k] = NDArray.empty(device, slotDtypes.get(k), slotShapes.get(k), Order.C);
        } catch (RuntimeException e) {
            release(slots, into != null);
            throw e;
        }
        return slots;
    }

    /** Closes what this call allocated, except, on success, the results. */
    private void release(NDArray[] slots, boolean keepResults) {
        for (int k = nArgs; k < slots.length; k++) {
            if (slots[k] == null) continue;
            final int slot = k;
            if (keepResults && Arrays.stream(outputs).anyMatch(o -> o == slot)) continue;
            slots[k].close();
        }
    }

    private static Object[] kernelArgs(Kernels.Inputs inputs, int[] in, int[] out, NDArray[] slots, Object[] args) {
        Object[] ka = new Object[in.length + inputs.scalars().size() + out.length];
        int i = 0;
        for (int s : in) ka[i++] = slots[s];
        for (Kernels.Scalar s : inputs.scalars()) {
            Object v =
                    s.source().arg() >= 0 ? args[s.source().arg()] : s.source().value();
            ka[i++] = v instanceof Boolean b ? (Object) (b ? 1 : 0) : v;
        }
        for (int s : out) ka[i++] = slots[s];
        return ka;
    }
}
