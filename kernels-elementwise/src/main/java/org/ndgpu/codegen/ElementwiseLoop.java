package org.ndgpu.codegen;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * The one elementwise kernel skeleton of ndgpu: copies, casts, fills, ufuncs, ElementwiseKernel and
 * fuse all become a {@link Spec} (typed parameters and a body snippet) run by this class.
 *
 * <p>At each call the operands are broadcast to one shape, dimensions that every operand walks
 * contiguously are merged (CuPy's reduce_dims; these steps are the core's one loop plan,
 * {@link LoopPlan}, which the reductions and scans also take), and the kernel is generated for that
 * {@link Layout}: a flat loop when every operand is contiguous, else index arithmetic over the
 * merged dimensions, in 32-bit when every offset fits, walked in the output's memory order; where
 * an input's unit-stride axis differs from the output's (a transposed operand), a tiled loop
 * through local memory (the rule is in {@link TiledLayout}). This class plans and launches; the kernel
 * text is written by {@code ElementwiseSource}. Sources and compiled kernels are memoized per
 * (spec, dtypes, layout, device).
 */
public final class ElementwiseLoop {
    private ElementwiseLoop() {}

    /** What a parameter is. RAW arrays are passed as a pointer to their first element and not indexed. */
    public enum Kind {
        IN,
        OUT,
        RAW,
        SCALAR
    }

    /** A kernel parameter: its name in the body, its dtype, its kind. */
    public record Param(String name, DType dtype, Kind kind) {
        public boolean isArray() {
            return kind != Kind.SCALAR;
        }

        // written out: a record's generated equals and hashCode go through method handles, slow until JIT-compiled
        @Override
        public boolean equals(Object o) {
            return o instanceof Param p && java.util.Objects.equals(p.name, name) && p.dtype == dtype && p.kind == kind;
        }

        @Override
        public int hashCode() {
            return (java.util.Objects.hashCode(name) * 31 + (dtype == null ? -1 : dtype.ordinal())) * 31
                    + (kind == null ? -1 : kind.ordinal());
        }
    }

    /**
     * A kernel: a name, parameters, and the body run once per element with each IN and OUT
     * parameter as a local variable named after it; {@code i} is the flat element index and
     * {@code _n} the element count. Its parameters are held as a {@link ParamList}.
     */
    public record Spec(
            String name,
            List<Param> params,
            String body,
            String preamble,
            String loopPrep,
            String afterLoop,
            List<String> options) {
        public Spec {
            // a datetime dtype's name ("datetime64[s]") in a kernel name: brackets are no C identifier
            if (name.indexOf('[') >= 0) name = name.replace('[', '_').replace(']', '_');
            params = ParamList.of(params);
            options = List.copyOf(options);
        }

        public Spec(String name, List<Param> params, String body) {
            this(name, params, body, "", "", "", List.of());
        }

        // written out: a spec is hashed on kernel lookups, and a record's generated hashCode goes through
        // method handles over every component (slow until JIT-compiled); specs of one name rarely differ,
        // and equals (generated, by value) still tells them apart
        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(name);
        }

        /** The parameters with their facts for the per-call loops. */
        ParamList paramList() {
            return (ParamList) params;
        }
    }

    /**
     * The shape of the loop a kernel is generated for. {@code vector} &gt; 1 makes each thread move
     * {@code vector} elements per step with one wide load or store per operand (float4, int4); in a
     * contiguous layout the tail is done element by element. {@code rows} (strided layouts of 2 or
     * more merged dims with a long innermost one) walks the array row by row: a work-group per row,
     * its threads along the innermost dimension, so the index arithmetic is per row, not per element
     * (an outer product such as (8192,1)+(1,8192) then runs at the output's store rate); there
     * {@code vector} &gt; 1 widens only the outputs' stores, each lane loading its inputs by stride.
     */
    public record Layout(
            int ndim,
            boolean contiguous,
            boolean index32,
            int vector,
            boolean rows,
            int tileIn,
            int tileOut,
            int staged) {
        public Layout(int ndim, boolean contiguous, boolean index32) {
            this(ndim, contiguous, index32, 1, false);
        }

        public Layout(int ndim, boolean contiguous, boolean index32, int vector) {
            this(ndim, contiguous, index32, vector, false);
        }

        public Layout(int ndim, boolean contiguous, boolean index32, int vector, boolean rows) {
            this(ndim, contiguous, index32, vector, rows, -1, -1, 0);
        }

        /**
         * A tiled layout of {@code ndim} merged dims (see {@link TiledLayout}): the inputs
         * whose bit is set in {@code staged} (bit q for the q-th IN/OUT parameter) walk merged dim
         * {@code tileIn} with unit stride and go through a local-memory tile; the outputs walk
         * {@code tileOut} with unit stride.
         */
        public static Layout tiled(int ndim, boolean index32, int tileIn, int tileOut, int staged) {
            return new Layout(ndim, false, index32, 1, false, tileIn, tileOut, staged);
        }

        /** True for a tiled layout (a transposing loop through local memory). */
        public boolean tiled() {
            return staged != 0;
        }

        // written out: a record's generated equals and hashCode go through method handles, which cost
        // microseconds per call until the JIT has compiled them, and a layout is compared on every launch
        @Override
        public boolean equals(Object o) {
            return o instanceof Layout l
                    && l.ndim == ndim
                    && l.contiguous == contiguous
                    && l.index32 == index32
                    && l.vector == vector
                    && l.rows == rows
                    && l.tileIn == tileIn
                    && l.tileOut == tileOut
                    && l.staged == staged;
        }

        @Override
        public int hashCode() {
            return (((ndim * 31 + (contiguous ? 1 : 0)) * 31 + (index32 ? 1 : 0)) * 31 + vector) * 31
                    + (rows ? 1 : 0)
                    + 961 * (tileIn * 31 + tileOut) * 31
                    + staged;
        }
    }

    /** The innermost extent from which a strided layout of 2+ dims walks rows (a row should fill a work-group). */
    static final long ROW_MIN = 256;

    /** Each device holds its own kernels, so that Device.reset() drops them. */
    private static final Device.Key<Map<KernelKey<Spec, Layout>, BackendKernel>> KERNELS =
            new Device.Key<>("elementwise kernels");

    // a constant rather than a method reference at the call: the interpreter links that one on every launch
    private static final Supplier<Map<KernelKey<Spec, Layout>, BackendKernel>> NEW_KERNELS = ConcurrentHashMap::new;

    // the kernel of the previous call: a loop of one op (the common case) then skips hashing the spec and the
    // map lookup. It names the device's kernel map, so another device, or a reset one (a new map), misses.
    private static final CallSiteCache<Spec, LayoutKernel> LAST = new CallSiteCache<>();

    /** A spec's kernel for one layout, in one device's kernel map. */
    private record LayoutKernel(
            Map<KernelKey<Spec, Layout>, BackendKernel> kernels, Layout layout, BackendKernel kernel) {}

    /** The layout {@code run(spec, args, shape)} would generate its kernel for (also checks the arguments). */
    public static Layout layout(Spec spec, Object[] args, long[] shape) {
        return ElementwisePlan.of(spec, args, shape, null).layout();
    }

    /**
     * Runs {@code spec} with {@code args} (NDArrays for array parameters, Numbers for scalars) over
     * {@code shape}, on the device of the arrays. Every OUT array must have exactly {@code shape};
     * IN arrays broadcast to it.
     */
    public static void run(Spec spec, Object[] args, long[] shape) {
        int count = spec.paramList().kinds.length;
        if (args.length != count) throw Operands.wrongArgumentCount(spec.name(), count, args.length);
        NDArray[] copies = CopyIfOverlap.copies(spec.name(), spec.paramList(), args, shape);
        if (copies == null) {
            launch(spec, args, shape, null);
            return;
        }
        try {
            launch(spec, CopyIfOverlap.substitute(args, copies), shape, null);
        } finally {
            CopyIfOverlap.close(copies);
        }
    }

    /**
     * As {@link #run}, for a call whose OUT arrays were all allocated for it (no {@code out} given): a
     * new array shares memory with no input and is writeable, so the copy-if-overlap check has nothing
     * to find and is skipped: a script's small ops skip a pass over their operands.
     */
    public static void runIntoNew(Spec spec, Object[] args, long[] shape) {
        launch(spec, args, shape, null);
    }

    /**
     * As {@link #runIntoNew}, for a caller that has checked what the plan would check again: every
     * array argument is live, on {@code device} and of exactly {@code shape}, and each OUT array was
     * allocated C-contiguous for this call (a ufunc whose operands share one shape). A fresh JVM runs
     * its first calls in the interpreter, where each repeated check is paid in full.
     */
    public static void runIntoNewChecked(Spec spec, Object[] args, long[] shape, Device device) {
        launch(spec, args, shape, device);
    }

    @SuppressWarnings(
            "ReferenceEquality") // the same kernel map; the same layout instance (a flat one) before comparing by value
    private static void launch(Spec spec, Object[] args, long[] shape, Device checked) {
        ElementwisePlan plan = ElementwisePlan.of(spec, args, shape, checked);
        if (plan.n() == 0) return;
        Device device = plan.device();
        Layout layout = plan.layout();
        long[] dims = plan.merged().dims();
        long[][] st = plan.merged().strides();
        int nd = dims.length;
        long n = plan.n();
        Map<KernelKey<Spec, Layout>, BackendKernel> kernels = device.state(KERNELS, NEW_KERNELS);
        LayoutKernel hit = LAST.get(spec);
        if (hit == null
                || hit.kernels() != kernels
                || !(hit.layout() == layout || hit.layout().equals(layout))) {
            hit = LAST.put(spec, new LayoutKernel(kernels, layout, kernel(kernels, device, spec, layout)));
        }
        BackendKernel kernel = hit.kernel();

        boolean contiguous = layout.contiguous();
        ParamList ps = spec.paramList();
        LaunchArgs kargs = LaunchArgs.reused(contiguous ? 1 + ps.flatArgs : 1 + nd + ps.flatArgs + nd * ps.indexed);
        try {
            Kind[] kinds = ps.kinds;
            int q0 = 0;
            for (int k = 0; k < kinds.length; k++) {
                Kind kind = kinds[k];
                Object a = args[k];
                if (kind == Kind.SCALAR) {
                    if (!(a instanceof Number num)) {
                        throw new DTypeException(spec.name() + ": parameter '"
                                + spec.params().get(k).name() + "' expects a number, got " + a);
                    }
                    kargs.scalar(ps.dtypes[k], num);
                    continue;
                }
                kargs.array((NDArray) a);
                if (kind != Kind.RAW) {
                    if (!contiguous) kargs.i64s(st[q0]);
                    q0++;
                }
            }
            kargs.i64(n);
            if (!contiguous) kargs.i64s(dims);

            int block = Math.min(256, kernel.maxBlockSize());
            if (layout.tiled()) {
                // TILE x ROWS threads, each doing TILE / ROWS elements of a tile per phase (ROWS is in the source)
                block = TiledLayout.TILE * TiledLayout.ROWS;
                if (kernel.maxBlockSize() < block) {
                    throw new KernelLaunchException(spec.name() + ": the tiled kernel needs work-groups of " + block
                            + " threads; " + device.id() + " allows this kernel " + kernel.maxBlockSize());
                }
                long da = dims[layout.tileIn()];
                long db = dims[layout.tileOut()];
                long tiles = n
                        / (da * db)
                        * ((da + TiledLayout.TILE - 1) / TiledLayout.TILE)
                        * ((db + TiledLayout.TILE - 1) / TiledLayout.TILE);
                long cap =
                        device.isGpu() ? (1L << 22) : Math.max(1, device.facts().computeUnits()) * 16L;
                kargs.launch(device, kernel, Math.min(tiles, cap), block);
                return;
            }
            if (layout.rows()) {
                // no more threads per group than a row has steps (a short row would leave most idle)
                long steps = (dims[nd - 1] + layout.vector() - 1) / layout.vector();
                block = (int) Math.min(block, Math.max(32, (steps + 31) / 32 * 32));
            }
            long work = (n + layout.vector() - 1) / layout.vector();
            long groups = layout.rows() ? n / dims[nd - 1] : (work + block - 1) / block;
            long cap = device.isGpu() ? (1L << 22) : Math.max(1, device.facts().computeUnits()) * 16L;
            long grid = Math.min(groups, cap);
            kargs.launch(device, kernel, grid, block);
        } finally {
            kargs.release();
        }
    }

    /** The kernel of {@code spec} for {@code layout} among {@code device}'s kernels: generated and compiled on first use. */
    private static BackendKernel kernel(
            Map<KernelKey<Spec, Layout>, BackendKernel> kernels, Device device, Spec spec, Layout layout) {
        BackendKernel k = kernels.get(new KernelKey<>(spec, layout));
        if (k == null) {
            String source = source(device.backend().dialect(), spec, layout);
            k = device.programs().kernel(spec.name(), source, spec.options(), spec.name());
            kernels.put(new KernelKey<>(spec, layout), k);
        }
        return k;
    }

    /** The generated source of {@code spec} for one layout and dialect (memoized; exposed for golden tests and debugging). */
    public static String source(Dialect dialect, Spec spec, Layout layout) {
        return ElementwiseSource.source(dialect, spec, layout);
    }
}
