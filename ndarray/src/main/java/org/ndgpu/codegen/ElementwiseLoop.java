package org.ndgpu.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;

/**
 * The one elementwise kernel skeleton of ndgpu: copies, casts, fills, ufuncs, ElementwiseKernel and
 * fuse all become a {@link Spec} (typed parameters and a body snippet) run by this class.
 *
 * <p>At each call the operands are broadcast to one shape, dimensions that every operand walks
 * contiguously are merged (CuPy's reduce_dims), and the kernel is generated for that
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

    /** The flat layouts of the common case, made once: [index32][vector 4]. */
    private static final Layout[][] FLAT = {
        {new Layout(1, true, false, 1, false), new Layout(1, true, false, 4, false)},
        {new Layout(1, true, true, 1, false), new Layout(1, true, true, 4, false)}
    };

    /** The innermost extent from which a strided layout of 2+ dims walks rows (a row should fill a work-group). */
    static final long ROW_MIN = 256;

    /** Each device holds its own kernels, so that Device.reset() drops them. */
    private static final Device.Key<Map<KernelKey<Spec, Layout>, BackendKernel>> KERNELS =
            new Device.Key<>("elementwise kernels");

    // the kernel of the previous call: a loop of one op (the common case) then skips hashing the spec and the
    // map lookup. It names the device's kernel map, so another device, or a reset one (a new map), misses.
    private static final CallSiteCache<Spec, LayoutKernel> LAST = new CallSiteCache<>();

    /** A spec's kernel for one layout, in one device's kernel map. */
    private record LayoutKernel(
            Map<KernelKey<Spec, Layout>, BackendKernel> kernels, Layout layout, BackendKernel kernel) {}

    /** How one call is run: the device, the loop layout, the merged dims and each operand's strides along them. */
    private record Plan(Device device, Layout layout, List<Long> dims, List<long[]> strides, long n) {}

    /** The layout {@code run(spec, args, shape)} would generate its kernel for (also checks the arguments). */
    public static Layout layout(Spec spec, Object[] args, long[] shape) {
        return plan(spec, args, shape).layout();
    }

    /**
     * Runs {@code spec} with {@code args} (NDArrays for array parameters, Numbers for scalars) over
     * {@code shape}, on the device of the arrays. Every OUT array must have exactly {@code shape};
     * IN arrays broadcast to it.
     */
    public static void run(Spec spec, Object[] args, long[] shape) {
        NDArray[] temps = copyIfOverlap(spec, args, shape);
        if (temps != null) {
            Object[] safe = args.clone();
            for (int k = 0; k < temps.length; k++) if (temps[k] != null) safe[k] = temps[k];
            try {
                launch(spec, safe, shape);
            } finally {
                // stream-ordered pool: the copies' memory is reused only by work queued after this launch
                for (NDArray t : temps) if (t != null) t.close();
            }
            return;
        }
        launch(spec, args, shape);
    }

    /**
     * As {@link #run}, for a call whose OUT arrays were all allocated for it (no {@code out} given): a
     * new array shares memory with no input and is writeable, so the copy-if-overlap check has nothing
     * to find and is skipped: a script's small ops skip a pass over their operands.
     */
    public static void runIntoNew(Spec spec, Object[] args, long[] shape) {
        launch(spec, args, shape);
    }

    /**
     * NumPy's copy-if-overlap: every OUT array must be writeable, and an IN array that shares memory
     * with an OUT array other than as the identical element-for-element view (Nd.add(a.get("::-1"), 0, a),
     * Nd.add(t, t.T(), t)) is read from a copy, since the threads of one launch write and read in no
     * fixed order. Null when no input needs a copy (the common case allocates nothing).
     */
    private static NDArray[] copyIfOverlap(Spec spec, Object[] args, long[] shape) {
        Kind[] kinds = spec.paramList().kinds;
        if (args.length != kinds.length) {
            throw new NdException(spec.name() + ": expected " + kinds.length + " arguments, got " + args.length);
        }
        NDArray[] temps = null;
        for (int o = 0; o < kinds.length; o++) {
            if (kinds[o] != Kind.OUT || !(args[o] instanceof NDArray out)) continue;
            Operands.checkWriteable(spec.name(), out);
            for (int k = 0; k < kinds.length; k++) {
                if (kinds[k] != Kind.IN || !(args[k] instanceof NDArray in) || !in.sharesMemory(out)) continue;
                if (temps != null && temps[k] != null) continue;
                long[] st = Shapes.broadcastStrides(spec.name(), in.shape(), in.strides(), shape);
                if (!Operands.overlaps(in, st, out)) continue;
                if (temps == null) temps = new NDArray[args.length];
                temps[k] = in.copy();
            }
        }
        return temps;
    }

    @SuppressWarnings(
            "ReferenceEquality") // the same kernel map; the same layout instance (a flat one) before comparing by value
    private static void launch(Spec spec, Object[] args, long[] shape) {
        Plan plan = plan(spec, args, shape);
        if (plan.n() == 0) return;
        Device device = plan.device();
        Layout layout = plan.layout();
        List<Long> dims = plan.dims();
        List<long[]> st = plan.strides();
        int nd = dims.size();
        long n = plan.n();
        Backend backend = device.backend();
        Map<KernelKey<Spec, Layout>, BackendKernel> kernels = device.state(KERNELS, ConcurrentHashMap::new);
        LayoutKernel hit = LAST.get(spec);
        if (hit == null
                || hit.kernels() != kernels
                || !(hit.layout() == layout || hit.layout().equals(layout))) {
            hit = LAST.put(spec, new LayoutKernel(kernels, layout, kernel(kernels, device, spec, layout)));
        }
        BackendKernel kernel = hit.kernel();

        boolean contiguous = layout.contiguous();
        ParamList ps = spec.paramList();
        Object[] kargs = new Object[contiguous ? 1 + ps.flatArgs : 1 + nd + ps.flatArgs + nd * ps.indexed];
        Kind[] kinds = ps.kinds;
        int ka = 0;
        int q0 = 0;
        for (int k = 0; k < kinds.length; k++) {
            Kind kind = kinds[k];
            Object a = args[k];
            if (kind == Kind.SCALAR) {
                if (!(a instanceof Number num)) {
                    throw new DTypeException(spec.name() + ": parameter '"
                            + spec.params().get(k).name() + "' expects a number, got " + a);
                }
                kargs[ka++] = CTypes.scalarArg(ps.dtypes[k], num);
                continue;
            }
            NDArray arr = (NDArray) a;
            kargs[ka++] = arr.buffer();
            kargs[ka++] = arr.offset();
            if (kind != Kind.RAW) {
                if (!contiguous) for (int d = 0; d < nd; d++) kargs[ka++] = st.get(d)[q0];
                q0++;
            }
        }
        kargs[ka++] = n;
        if (!contiguous) for (int d = 0; d < nd; d++) kargs[ka++] = dims.get(d);

        int block = Math.min(256, kernel.maxBlockSize());
        if (layout.tiled()) {
            // TILE x ROWS threads, each doing TILE / ROWS elements of a tile per phase (ROWS is in the source)
            block = TiledLayout.TILE * TiledLayout.ROWS;
            if (kernel.maxBlockSize() < block) {
                throw new KernelLaunchException(spec.name() + ": the tiled kernel needs work-groups of " + block
                        + " threads; " + device.id() + " allows this kernel " + kernel.maxBlockSize());
            }
            long da = dims.get(layout.tileIn());
            long db = dims.get(layout.tileOut());
            long tiles = n
                    / (da * db)
                    * ((da + TiledLayout.TILE - 1) / TiledLayout.TILE)
                    * ((db + TiledLayout.TILE - 1) / TiledLayout.TILE);
            long cap = device.isGpu() ? (1L << 22) : Math.max(1, device.facts().computeUnits()) * 16L;
            backend.launch(
                    device.currentStream().backendStream(),
                    kernel,
                    new long[] {Math.min(tiles, cap)},
                    new long[] {block},
                    0,
                    kargs);
            return;
        }
        if (layout.rows()) {
            // no more threads per group than a row has steps (a short row would leave most idle)
            long steps = (dims.get(nd - 1) + layout.vector() - 1) / layout.vector();
            block = (int) Math.min(block, Math.max(32, (steps + 31) / 32 * 32));
        }
        long work = (n + layout.vector() - 1) / layout.vector();
        long groups = layout.rows() ? n / dims.get(nd - 1) : (work + block - 1) / block;
        long cap = device.isGpu() ? (1L << 22) : Math.max(1, device.facts().computeUnits()) * 16L;
        long grid = Math.min(groups, cap);
        backend.launch(device.currentStream().backendStream(), kernel, new long[] {grid}, new long[] {block}, 0, kargs);
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

    private static Plan plan(Spec spec, Object[] args, long[] shape) {
        List<Param> params = spec.params();
        ParamList ps = spec.paramList();
        Kind[] kinds = ps.kinds;
        if (args.length != kinds.length) {
            throw new NdException(spec.name() + ": expected " + kinds.length + " arguments, got " + args.length);
        }
        Device device = Operands.device(spec.name(), args);
        long n = Shapes.size(shape);
        if (n == 0) return new Plan(device, new Layout(1, true, true), List.of(), List.of(), 0);

        // the common case first, without allocating: every indexed array has the loop's shape and is
        // C-contiguous, so the general path below would merge everything into one flat dim anyway; the same
        // pass over the arguments works out 32-bit indexing (small) and the vector width (vectorWidth's rule)
        boolean flat = true;
        boolean small = n < Integer.MAX_VALUE;
        boolean vec4 = true;
        boolean indexed = false;
        for (int k = 0; k < kinds.length; k++) {
            Object o = args[k];
            if (o instanceof NDArray arr) small &= arr.allocationBytes() < Integer.MAX_VALUE;
            Kind kind = kinds[k];
            if (kind == Kind.RAW) vec4 = false;
            if (kind != Kind.IN && kind != Kind.OUT) continue;
            NDArray a = (NDArray) o;
            if (!a.hasShape(shape) || !a.isCContiguous()) {
                flat = false;
                break;
            }
            vec4 &= loadsFourWide(ps.dtypes[k], a);
            indexed = true;
        }
        if (flat) return new Plan(device, FLAT[small ? 1 : 0][vec4 && indexed ? 1 : 0], List.of(), List.of(), n);

        // strides of every indexed array, broadcast to the loop shape
        int na = ps.indexed;
        long[][] strides = new long[na][];
        int j = 0;
        for (int k = 0; k < params.size(); k++) {
            Param p = params.get(k);
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            NDArray a = (NDArray) args[k];
            if (p.kind() == Kind.OUT && !java.util.Arrays.equals(a.shape(), shape)) {
                throw new ShapeException(spec.name() + ": output '" + p.name() + "' has shape " + Shapes.str(a.shape())
                        + ", expected " + Shapes.str(shape));
            }
            strides[j++] = Shapes.broadcastStrides(spec.name(), a.shape(), a.strides(), shape);
        }
        int[] axes = walkOrder(spec, strides, shape.length);
        // merge dimensions: drop size-1 dims, join d-1 and d where every operand steps through them as one
        List<Long> dims = new ArrayList<>();
        List<long[]> st = new ArrayList<>();
        for (int e = 0; e < shape.length; e++) {
            int d = axes[e];
            if (shape[d] == 1) continue;
            long[] col = new long[na];
            for (int q = 0; q < na; q++) col[q] = strides[q][d];
            if (!dims.isEmpty()) {
                int last = dims.size() - 1;
                long[] prev = st.get(last);
                boolean mergeable = true;
                for (int q = 0; q < na; q++) mergeable &= prev[q] == col[q] * shape[d];
                if (mergeable) {
                    dims.set(last, dims.get(last) * shape[d]);
                    st.set(last, col);
                    continue;
                }
            }
            dims.add(shape[d]);
            st.add(col);
        }
        int nd = dims.size();
        boolean contiguous = true;
        int q0 = 0;
        for (int k = 0; k < params.size(); k++) {
            Param p = params.get(k);
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            contiguous &= nd == 0 || (nd == 1 && st.get(0)[q0] == p.dtype().itemsize());
            q0++;
        }
        boolean index32 = n < Integer.MAX_VALUE;
        for (Object a : args) {
            if (a instanceof NDArray arr) index32 &= arr.allocationBytes() < Integer.MAX_VALUE;
        }
        if (!contiguous && nd >= 2) {
            Layout tiled =
                    TiledLayout.of(spec, dims, st, index32, device.facts().maxBlockSize());
            if (tiled != null) return new Plan(device, tiled, dims, st, n);
        }
        boolean rows = !contiguous && nd >= 2 && dims.get(nd - 1) >= ROW_MIN;
        int vector = contiguous ? vectorWidth(ps, args) : rows ? rowVectorWidth(params, args, dims, st) : 1;
        Layout layout = new Layout(contiguous ? 1 : nd, contiguous, index32, vector, rows);
        return new Plan(device, layout, dims, st, n);
    }

    private static final java.util.regex.Pattern FLAT_INDEX = java.util.regex.Pattern.compile("\\bi\\b");

    /**
     * The order in which the loop walks the axes: the first output's memory order (|stride|
     * descending, ties by axis), as NumPy's iterator does, so that an F-ordered or axis-permuted
     * output (astype of a transposed view keeps its layout: order K) is written contiguously and its
     * dims merge; the plain C order when the output is C-ordered (the common case: nothing changes),
     * when there is no output, or when the kernel uses the flat index {@code i}, which is defined as
     * the C-order index of the loop's shape.
     */
    private static int[] walkOrder(Spec spec, long[][] strides, int ndim) {
        int[] axes = new int[ndim];
        for (int d = 0; d < ndim; d++) axes[d] = d;
        int qo = -1;
        int q = 0;
        for (Param p : spec.params()) {
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            if (p.kind() == Kind.OUT) {
                qo = q;
                break;
            }
            q++;
        }
        if (qo < 0 || ndim < 2) return axes;
        long[] os = strides[qo];
        boolean sorted = true;
        for (int d = 1; d < ndim && sorted; d++) sorted = Math.abs(os[d - 1]) >= Math.abs(os[d]);
        if (sorted) return axes;
        if (FLAT_INDEX.matcher(spec.body()).find()
                || FLAT_INDEX.matcher(spec.loopPrep()).find()
                || FLAT_INDEX.matcher(spec.afterLoop()).find()) {
            return axes;
        }
        // insertion sort: stable, and ndim is small
        for (int e = 1; e < ndim; e++) {
            int a = axes[e];
            int f = e - 1;
            while (f >= 0 && Math.abs(os[axes[f]]) < Math.abs(os[a])) {
                axes[f + 1] = axes[f];
                f--;
            }
            axes[f + 1] = a;
        }
        return axes;
    }

    /**
     * 4 when every output of a row layout is a 4-byte int or float, contiguous along the rows and
     * 16-byte aligned at every row start, and the row length is a multiple of 4; else 1. Inputs may
     * be anything (each lane loads its own element by stride, e.g. a broadcast 0 stride).
     */
    private static int rowVectorWidth(List<Param> params, Object[] args, List<Long> dims, List<long[]> st) {
        int nd = dims.size();
        if (dims.get(nd - 1) % 4 != 0) return 1;
        boolean any = false;
        int q = 0;
        for (int k = 0; k < params.size(); k++) {
            Param p = params.get(k);
            if (p.kind() == Kind.RAW) return 1;
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            int qk = q++;
            if (p.kind() != Kind.OUT) continue;
            if (p.dtype() != DType.FLOAT32 && p.dtype() != DType.INT32) return 1;
            if (st.get(nd - 1)[qk] != 4 || ((NDArray) args[k]).offset() % 16 != 0) return 1;
            for (int d = 0; d < nd - 1; d++) if (st.get(d)[qk] % 16 != 0) return 1;
            any = true;
        }
        return any ? 4 : 1;
    }

    /**
     * 4 when every indexed operand is a 4-byte int or float whose first element is 16-byte aligned
     * and no raw array is passed (wide loads of raw arrays would be the body's business), else 1.
     */
    private static int vectorWidth(ParamList ps, Object[] args) {
        Kind[] kinds = ps.kinds;
        boolean any = false;
        for (int k = 0; k < kinds.length; k++) {
            Kind kind = kinds[k];
            if (kind == Kind.RAW) return 1;
            if (kind == Kind.SCALAR) continue;
            if (!loadsFourWide(ps.dtypes[k], (NDArray) args[k])) return 1;
            any = true;
        }
        return any ? 4 : 1;
    }

    /** The rule of {@link #vectorWidth} for one indexed operand: a 4-byte int or float, its first element 16-byte aligned. */
    private static boolean loadsFourWide(DType dtype, NDArray a) {
        return (dtype == DType.FLOAT32 || dtype == DType.INT32) && a.offset() % 16 == 0;
    }

    /** The generated source of {@code spec} for one layout and dialect (memoized; exposed for golden tests and debugging). */
    public static String source(Dialect dialect, Spec spec, Layout layout) {
        return ElementwiseSource.source(dialect, spec, layout);
    }
}
