package org.ndgpu.routines.statistics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/**
 * The counting kernel behind bincount, histogram and histogram2d, as CuPy's and CUB's histograms:
 * each work-group strides over many elements and counts them in private histograms in local
 * memory with 32-bit local atomics, then adds each bin's total to the global counts with one 64-bit
 * atomic per bin and work-group. The grid is sized to the device (the work-groups it holds at once),
 * not to the elements, so the merge stays small. Where the bins do not fit local memory
 * ({@link #capacity}) every counted element goes to its global bin with a 64-bit atomic.
 *
 * <p>One source for OpenCL C and CUDA ({@code histogram.tmpl}); a {@link Counting} says what is
 * counted: its inputs ({@code IN}: 1-d arrays of any stride, each element a local variable of its
 * name; {@code RAW}: a pointer of its name; {@code SCALAR}), and the statements that give an
 * element's bin {@code _bin} (and its weight {@code _w}). Local histograms come in sizes of powers
 * of two, each compiled once per device.
 */
final class BinCounting {
    private BinCounting() {}

    static final int BLOCK = 256;
    /** The local memory a work-group's histograms may take: more would cost the work-groups each compute unit holds at once. */
    static final int LOCAL_BYTES = 32768;
    /** Local histograms are kept to about this size when made of several copies. */
    static final int COPIES_BYTES = 8192;
    /** The smallest local histogram size. */
    static final int MIN_BINS = 32;

    /**
     * What one kernel counts: {@code tag} names it (and must name everything that changes its
     * source), {@code params} its inputs, {@code helpers} functions {@code bin} calls, {@code bin}
     * statements that set {@code long _bin} and, when {@code weighted}, {@code double _w}.
     */
    record Counting(String tag, List<Param> params, String helpers, String bin, boolean weighted) {
        Counting {
            params = List.copyOf(params);
        }
    }

    /** How a call runs: {@code groups} work-groups (0: sized to the device); {@code global} forces the global-atomic kernel. For tests. */
    record Plan(int groups, boolean global) {
        static final Plan AUTO = new Plan(0, false);
    }

    private record Key(Dialect dialect, String tag, int bins) {}

    private static final ConcurrentHashMap<Key, String> SOURCES = new ConcurrentHashMap<>();

    /** Each device holds its own kernels (Device.reset() drops them), so a call does not hash the source again. */
    private static final Device.Key<Map<Key, BackendKernel>> KERNELS = new Device.Key<>("histogram kernels");

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("histogram.tmpl", BinCounting.class.getResourceAsStream("histogram.tmpl"));

    /** The most bins a local histogram holds on {@code device}: counts take 4 bytes, weighted sums 8. */
    static int capacity(Device device, boolean weighted) {
        long bytes = Math.min(LOCAL_BYTES, device.facts().localMemoryBytes());
        return Integer.highestOneBit((int) Math.max(1, bytes / (weighted ? 8 : 4)));
    }

    /** The local histogram size for {@code nb} bins (a power of two, at least {@value #MIN_BINS}), or 0 when they do not fit. */
    static int localBins(Device device, long nb, boolean weighted) {
        int cap = capacity(device, weighted);
        if (nb > cap) return 0;
        return Math.max(Math.min(MIN_BINS, cap), Integer.highestOneBit((int) Math.max(1, nb * 2 - 1)));
    }

    /** Private copies per work-group for local histograms of {@code bins}: up to one per lane of a warp, within {@value #COPIES_BYTES} bytes. */
    static int copies(int bins, boolean weighted) {
        return Math.max(
                1, Math.min(32, Integer.highestOneBit(Math.max(1, COPIES_BYTES / (bins * (weighted ? 8 : 4))))));
    }

    /**
     * Counts the {@code n} elements of {@code k}'s inputs ({@code args}: an NDArray per array
     * parameter, a Number per scalar, in order; 1-d IN arrays of at least n elements, RAW arrays
     * contiguous) into {@code out}'s {@code nb} bins: a zeroed C-contiguous int64 array (float64 when
     * weighted) on the inputs' device, which is current.
     */
    static void run(Counting k, Object[] args, long n, long nb, NDArray out, Plan plan) {
        if (n == 0) return;
        Device dev = out.device();
        boolean w = k.weighted();
        int bins = plan.global() ? 0 : localBins(dev, nb, w);
        Key key = new Key(dev.backend().dialect(), k.tag(), bins);
        Map<Key, BackendKernel> kernels = dev.state(KERNELS, ConcurrentHashMap::new);
        BackendKernel kernel = kernels.get(key);
        if (kernel == null) {
            String src = SOURCES.computeIfAbsent(key, s -> source(s.dialect(), k, s.bins()));
            String name = (bins > 0 ? "nd_hist_local_" : "nd_hist_global_") + k.tag();
            kernel = dev.programs().kernel(name + (bins > 0 ? "_" + bins : ""), src, List.of(), name);
            kernels.put(key, kernel);
        }
        int block = Math.min(BLOCK, kernel.maxBlockSize());
        long groups = plan.groups() > 0 ? plan.groups() : groups(dev, kernel, block, n);
        // a work-group's count of one bin is a uint: at most 2^31 elements per work-group
        groups = Math.max(groups, (n >> 31) + 1);
        LaunchArgs kargs = LaunchArgs.of(argCount(k.params()) + 4);
        for (int p = 0; p < args.length; p++) {
            Param param = k.params().get(p);
            if (param.kind() == Kind.SCALAR) {
                kargs.scalar(param.dtype(), (Number) args[p]);
                continue;
            }
            NDArray arr = (NDArray) args[p];
            kargs.array(arr);
            if (param.kind() == Kind.IN) kargs.i64(arr.strides()[0] / arr.itemsize());
        }
        kargs.i64(n).i64(nb).array(out).launch(dev, kernel, groups, block);
    }

    // the work-groups the device holds at once (a GPU: as its occupancy answer says, else 8 per unit;
    // a CPU: 2 per core), but no more than give each work-item 16 elements: fewer merges than elements
    private static long groups(Device dev, BackendKernel kernel, int block, long n) {
        int cu = Math.max(1, dev.facts().computeUnits());
        long target;
        if (dev.isGpu()) {
            int resident = kernel.residentBlocksPerUnit(block);
            target = (long) cu * (resident > 0 ? resident : 8);
        } else {
            target = cu * 2L;
        }
        long wanted = (n + 16L * block - 1) / (16L * block);
        return Math.max(1, Math.min(target, wanted));
    }

    private static int argCount(List<Param> params) {
        int c = 0;
        for (Param p : params) c += p.kind() == Kind.SCALAR ? 1 : p.kind() == Kind.IN ? 3 : 2;
        return c;
    }

    /** The source of {@code k}'s local kernel for histograms of {@code bins}, or its global kernel when {@code bins} is 0. */
    static String source(Dialect dialect, Counting k, int bins) {
        boolean w = k.weighted();
        var params = new StringBuilder();
        var pointers = new StringBuilder();
        var loads = new StringBuilder();
        for (Param p : k.params()) {
            if (!params.isEmpty()) params.append(", ");
            String n = p.name();
            if (p.kind() == Kind.SCALAR) {
                params.append(CTypes.scalarParam(p.dtype())).append(' ').append(n);
                continue;
            }
            String st = CTypes.storage(p.dtype());
            params.append("ND_GLOBAL char* _b").append(n).append(", long _o").append(n);
            if (p.kind() == Kind.IN) {
                params.append(", long _s").append(n);
                pointers.append("ND_GLOBAL const ")
                        .append(st)
                        .append("* _p")
                        .append(n)
                        .append(" = (ND_GLOBAL const ")
                        .append(st)
                        .append("*)(_b")
                        .append(n)
                        .append(" + _o")
                        .append(n)
                        .append(");\n");
                loads.append(CTypes.compute(p.dtype()))
                        .append(' ')
                        .append(n)
                        .append(" = ")
                        .append(CTypes.load(p.dtype(), "_p" + n + " + _i * _s" + n))
                        .append(";\n");
            } else {
                pointers.append("ND_GLOBAL const ")
                        .append(st)
                        .append("* ")
                        .append(n)
                        .append(" = (ND_GLOBAL const ")
                        .append(st)
                        .append("*)(_b")
                        .append(n)
                        .append(" + _o")
                        .append(n)
                        .append(");\n");
            }
        }
        int copies = bins > 0 ? copies(bins, w) : 1;
        int stride = bins + (copies > 1 ? 1 : 0);
        Map<String, Object> values = new HashMap<>(Map.of(
                "tag",
                k.tag(),
                "params",
                params.toString(),
                "pointers",
                pointers.toString().strip(),
                "loads",
                loads.toString().strip(),
                "bin",
                k.bin(),
                "h",
                w ? "double" : "uint",
                "c",
                w ? "double" : "long"));
        values.put("localAdd", w ? "ND_HIST_ADD_F64_LOCAL(&_h[_at], _w);" : "ND_HIST_INC_LOCAL(&_h[_at]);");
        values.put("globalAdd", w ? "ND_HIST_ADD_F64(_c + _bin, _w);" : "ND_HIST_ADD_I64(_c + _bin, 1);");
        values.put("merge", w ? "ND_HIST_ADD_F64(_c + _k, _s);" : "ND_HIST_ADD_I64(_c + _k, _s);");
        values.put("COPIES", copies);
        values.put("STRIDE", stride);
        values.put("HIST", copies * stride);
        KernelTemplate body = TEMPLATES.get(bins > 0 ? "local" : "global");
        values.keySet().retainAll(body.placeholders());
        return dialect.prelude() + "\n" + TEMPLATES.get("atomics").fill(Map.of()) + k.helpers() + body.fill(values);
    }

    /** The helper {@code nd_hbin_float} or {@code nd_hbin_double} (type {@code t}): an element's bin among sorted edges. */
    static String binFunction(String t) {
        return TEMPLATES.get("bin").fill("t", t);
    }
}
