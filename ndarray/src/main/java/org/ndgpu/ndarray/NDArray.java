package org.ndgpu.ndarray;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Objects;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.device.DeviceArray;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;
import org.ndgpu.spi.Tracer;

/**
 * An n-dimensional array on a device, with NumPy's semantics: a dtype, a shape, strides in bytes
 * and an offset into device memory that views share.
 *
 * <pre>{@code
 * NDArray a = Nd.arange(12).reshape(3, 4);   // int64, a view of the arange
 * a.get("1:, ::-1");                          // a view: rows 1..2, columns reversed
 * a.T().isFContiguous();                      // true
 * a.add(1).sum(0);                            // ufuncs and reductions run on the device
 * }</pre>
 *
 * Arrays are AutoCloseable: close() returns the memory to the device's pool once no view uses it;
 * an array made inside a {@link Scope} ({@code Nd.scope()}) is released when the scope closes; an
 * array never closed is released by a Cleaner when unreachable (the pool brings the collector in
 * early when such arrays pile up).
 *
 * <p>This class is a facade: it holds the array's state (memory, geometry, closed flag) and each
 * public method is one delegation to the class of its concept ({@link Views}, {@link Copies},
 * {@link Transfers}, {@link Indexing}, {@link Creation}, ...) or to the operation modules.
 */
public final class NDArray implements DeviceArray, AutoCloseable {
    private final Allocation allocation;
    private final DType dtype;
    private final long[] shape;
    private final long[] strides;
    private final long offset;
    private final Cleaner.Cleanable cleanable;
    // non-null only for a symbolic array of a Fuse trace (no allocation; operations go to the tracer)
    private final Tracer.Symbol symbol;
    // NumPy's flags.writeable: false for broadcast views (stride 0 where they repeat) and their views
    private final boolean readOnly;
    private byte cContiguous; // isCContiguous's answer once asked (1 yes, 2 no): the geometry never changes
    private volatile boolean closed;
    // the scope releasing it (null: none); keep() moves it out, to Scope.NONE, never back to null (live reads it twice)
    private volatile Scope scope;

    // every array that holds device memory, views included, is made here: the one place where it
    // joins the thread's innermost open scope
    private NDArray(Allocation allocation, DType dtype, long[] shape, long[] strides, long offset, boolean readOnly) {
        this.allocation = allocation;
        this.dtype = dtype;
        this.shape = shape;
        this.strides = strides;
        this.offset = offset;
        this.cleanable = allocation.retain(this);
        this.symbol = null;
        this.readOnly = readOnly;
        if (Captures.active != 0) Captures.made(this);
        this.scope = Scope.open == 0 ? null : Scope.adopt(cleanable);
    }

    private NDArray(DType dtype, long[] shape, Tracer.Symbol symbol) {
        this.allocation = null;
        this.dtype = dtype;
        this.shape = shape.clone();
        this.strides = Shapes.cStrides(this.shape, dtype.itemsize());
        this.offset = 0;
        this.cleanable = null;
        this.symbol = symbol;
        this.readOnly = false;
    }

    /** An array over {@code allocation}, taking the (already checked, unshared) shape and strides as they are. */
    static NDArray of(Allocation allocation, DType dtype, long[] shape, long[] strides, long offset, boolean readOnly) {
        return new NDArray(allocation, dtype, shape, strides, offset, readOnly);
    }

    /** A symbolic array of a Fuse trace: no memory. */
    static NDArray traced(DType dtype, long[] shape, Tracer.Symbol symbol) {
        return new NDArray(dtype, shape, symbol);
    }

    /** The memory this array views (null for a symbolic array), for the view and interop classes. */
    Allocation allocation() {
        return allocation;
    }

    /** The scope that releases this array, or null. */
    Scope scope() {
        return scope;
    }

    /** For {@link Scope#keep}: the array now belongs to {@code outer} ({@link Scope#NONE}: to no scope). */
    void moveTo(Scope outer) {
        scope = outer;
    }

    /** This array's reference to its memory, which its scope drops when it closes. */
    Cleaner.Cleanable heldReference() {
        return cleanable;
    }

    /**
     * A symbolic array: a dtype and a shape standing for a value that {@code symbol}'s tracer
     * records (module fuse traces a lambda with these). It has no memory: its ufuncs, reductions and
     * astype go to the tracer, and whatever needs elements ({@code item()}, {@code toDoubleArray()},
     * views, copies) throws the tracer's exception naming the call.
     */
    public static NDArray symbolic(DType dtype, long[] shape, Tracer.Symbol symbol) {
        return Creation.symbolic(dtype, shape, symbol);
    }

    /** The tracer's record of a symbolic array, or null for an ordinary one. */
    public Tracer.Symbol symbol() {
        return symbol;
    }

    // ---------------------------------------------------------------- making arrays

    /** A new uninitialized array on {@code device} in the given order (C or F). */
    public static NDArray empty(Device device, DType dtype, long[] shape, Order order) {
        return Creation.empty(device, dtype, shape, order);
    }

    /** A new array on {@code device} holding {@code data}: little-endian elements in C order. */
    public static NDArray fromHost(Device device, DType dtype, long[] shape, MemorySegment data) {
        return Transfers.fromHost(device, dtype, shape, data);
    }

    /** A view of the same memory with another geometry; read-only when this array is. */
    public NDArray view(long[] newShape, long[] newStrides, long newOffset) {
        return Views.view(this, newShape, newStrides, newOffset);
    }

    /** A read-only view of the same memory with another geometry, as NumPy's broadcast_to gives. */
    public NDArray readOnlyView(long[] newShape, long[] newStrides, long newOffset) {
        return Views.readOnlyView(this, newShape, newStrides, newOffset);
    }

    /**
     * An array over {@code allocation}, which may hold memory another library owns
     * ({@link Allocation#external}): its geometry is checked against the allocation as a view's is.
     * For interop; users call {@code Nd.fromDevicePointer} or {@code Nd.fromDlpack}.
     */
    public static NDArray over(
            String op, Allocation allocation, DType dtype, long[] shape, long[] strides, long offset) {
        return Interop.over(op, allocation, dtype, shape, strides, offset);
    }

    /**
     * CuPy's {@code a.data.ptr}: the device address of element {@code [0, ..., 0]} (the allocation's
     * address plus {@link #offset()}), with {@link #strides()} in bytes. The memory stays this
     * array's: keep the array open while another library uses the address. CUDA only; an OpenCL
     * buffer is a cl_mem handle, not an address (share it with {@code toDlpack()}).
     */
    public long devicePointer() {
        return Interop.devicePointer(this);
    }

    /**
     * DLPack export, as {@code __dlpack__()}: a {@code DLManagedTensor*} over this array's memory,
     * without a copy (kDLCUDA on CUDA, kDLOpenCL on OpenCL). The memory stays alive until the
     * consumer calls the tensor's deleter, which it must do exactly once. A consumer imports it once
     * ({@code Nd.fromDlpack} refuses a second import). A read-only array ({@link #isWriteable()}
     * false: a broadcastTo view) is refused, as NumPy's {@code __dlpack__()} refuses it: use
     * {@link #toDlpack(boolean) toDlpack(true)}.
     */
    public MemorySegment toDlpack() {
        return Providers.routines().toDlpack(this);
    }

    /**
     * NumPy's {@code __dlpack__(copy=...)}: {@code true} exports a new C-contiguous, writeable copy
     * (what a read-only view needs); {@code false} is {@link #toDlpack()}, never a copy.
     */
    public MemorySegment toDlpack(boolean copy) {
        return Interop.toDlpack(this, copy);
    }

    /** A view reinterpreting the same bytes as another dtype of the same itemsize. */
    public NDArray viewAs(DType other) {
        return Views.viewAs(this, other);
    }

    // ---------------------------------------------------------------- properties

    /** The shape, as NumPy's a.shape: {@code Nd.zeros(3, 4).shape()} is {3, 4}. */
    public long[] shape() {
        return shape.clone();
    }

    /** True when the array's shape is exactly {@code s} (no copy of the shape: for per-call fast paths). */
    public boolean hasShape(long... s) {
        return Shapes.same(shape, Objects.requireNonNull(s, "hasShape: s is null"));
    }

    /** The length of one axis (negative counts from the end): {@code a.shape(-1)}. */
    public long shape(int axis) {
        return shape[Shapes.axis("shape", axis, shape.length)];
    }

    /** Number of dimensions, as a.ndim. */
    public int ndim() {
        return shape.length;
    }

    /** Number of elements, as a.size. */
    public long size() {
        return Shapes.size(shape);
    }

    /** The element type, as a.dtype. */
    public DType dtype() {
        return dtype;
    }

    /** Bytes per element, as a.itemsize. */
    public int itemsize() {
        return dtype.itemsize();
    }

    /** Bytes of the elements (size * itemsize), as a.nbytes. */
    public long nbytes() {
        return size() * dtype.itemsize();
    }

    /** Strides in bytes, as NumPy. */
    public long[] strides() {
        return strides.clone();
    }

    /** Byte offset of element [0, ..., 0] in the device memory. */
    public long offset() {
        return offset;
    }

    /** NumPy's flags.c_contiguous: {@code Nd.zeros(3, 4).isCContiguous()} is true. */
    public boolean isCContiguous() {
        return cContiguous != 0 ? cContiguous == 1 : keepCContiguous();
    }

    private boolean keepCContiguous() {
        return (cContiguous = Shapes.isCContiguous(shape, strides, dtype.itemsize()) ? (byte) 1 : 2) == 1;
    }

    /** NumPy's flags.f_contiguous: {@code Nd.zeros(3, 4).T().isFContiguous()} is true. */
    public boolean isFContiguous() {
        return Shapes.isFContiguous(shape, strides, dtype.itemsize());
    }

    /** The device this array lives on. */
    @Override
    public Device device() {
        return symbol != null ? symbol.device() : allocation.device();
    }

    /** The device buffer (shared with views); add {@link #offset()} to reach element 0. For kernels. */
    public BackendBuffer buffer() {
        return live("buffer").allocation.buffer();
    }

    /** Bytes of the whole allocation this array views. */
    public long allocationBytes() {
        return live("allocationBytes").allocation.bytes();
    }

    // ---------------------------------------------------------------- managed memory

    /**
     * True when the array lives in managed memory, which the driver pages between the device and the
     * host (made inside {@code Nd.managedMemory()} or with {@code ndgpu.memory=managed}):
     * {@code Nd.zeros(3).isManaged()} is false by default.
     */
    public boolean isManaged() {
        return ManagedArrays.isManaged(this);
    }

    /**
     * Moves a managed array's pages toward the device or the host ahead of use, asynchronously on the
     * current stream, as CuPy's {@code cupy.cuda.runtime.memPrefetchAsync}; returns this array. A hint:
     * where the driver cannot migrate it does nothing. {@code a.prefetch(MemoryLocation.DEVICE).sum()}.
     */
    public NDArray prefetch(org.ndgpu.device.MemoryLocation to) {
        return ManagedArrays.prefetch(this, to);
    }

    /**
     * Advice on how a managed array is used, as CuPy's {@code cupy.cuda.runtime.memAdvise}
     * (cuMemAdvise); returns this array; does nothing on OpenCL, which has none:
     * {@code a.advise(MemoryAdvice.SET_READ_MOSTLY, MemoryLocation.DEVICE)}.
     */
    public NDArray advise(org.ndgpu.device.MemoryAdvice advice, org.ndgpu.device.MemoryLocation where) {
        return ManagedArrays.advise(this, advice, where);
    }

    /**
     * A managed, C-contiguous array's elements as host memory, without a copy (the current stream is
     * synchronized first), valid while the array is open: {@code a.hostView().get(JAVA_FLOAT, 0)},
     * as NumPy reads a CuPy managed array through {@code numpy.asarray} of its pointer.
     */
    public MemorySegment hostView() {
        return ManagedArrays.hostView(this);
    }

    /**
     * NumPy's flags.writeable: false for {@link #broadcastTo} views and views of them, whose elements
     * repeat in memory; writing into one (out=, set, fill, copyto) raises "assignment destination is
     * read-only", as NumPy does.
     */
    public boolean isWriteable() {
        return !readOnly;
    }

    /** True if the two arrays view the same device memory. */
    public boolean sharesMemory(NDArray other) {
        return Objects.requireNonNull(other, "sharesMemory: other is null").allocation == allocation
                && allocation != null;
    }

    /** True after close(), or after the close of the scope it belongs to ({@code Nd.scope()}). */
    @Override
    public boolean isClosed() {
        return closed || (scope != null && scope.closed);
    }

    /**
     * Throws ArrayClosedException naming {@code op} if this array was closed, and the tracer's
     * exception if it is symbolic (op needs real memory). The live case returns at once: every op
     * checks its arrays several times, and each further call is an invocation in the interpreter.
     * While a capture is in progress ({@code Nd.capture}), it also notes the array as one the graph uses.
     */
    public NDArray live(String op) {
        return symbol == null && !closed && (scope == null || !scope.closed)
                ? (Captures.active == 0 ? this : Captures.used(this))
                : requireLive(op);
    }

    private NDArray requireLive(String op) {
        if (symbol != null) throw symbol.tracer().cannotTrace(op);
        if (closed) throw new ArrayClosedException(op + ": the array " + dtype + Shapes.str(shape) + " was closed");
        Scope s = scope;
        if (s != null && s.closed) {
            throw new ArrayClosedException(
                    op + ": the array " + dtype + Shapes.str(shape) + " was released when its " + s + " closed");
        }
        return this;
    }

    /** Releases this array's reference to its memory; views keep it alive. Idempotent. */
    @Override
    public void close() {
        release();
    }

    private void release() {
        closed = true;
        if (cleanable != null) cleanable.clean();
    }

    // ---------------------------------------------------------------- views

    /** numpy.reshape: a view when the strides allow it, else a copy. One dimension may be -1. */
    public NDArray reshape(long... newShape) {
        return reshape(Order.C, newShape);
    }

    /** numpy.reshape with order 'C' or 'F'. */
    public NDArray reshape(Order order, long... newShape) {
        return Views.reshape(this, order, newShape);
    }

    /** The transpose (axes reversed), a view. */
    public NDArray T() {
        return transpose();
    }

    /** numpy.transpose: a view with axes permuted; no axes (or null, as axes=None) reverses them. */
    public NDArray transpose(int... axes) {
        return Views.transpose(this, axes);
    }

    /** numpy.swapaxes, a view. */
    public NDArray swapaxes(int a, int b) {
        return Views.swapaxes(this, a, b);
    }

    /** numpy.squeeze: drops dimensions of size 1 (only those given, if any). */
    public NDArray squeeze(int... axes) {
        return Views.squeeze(this, axes);
    }

    /** numpy.expand_dims: a view with a new axis of size 1 at {@code axis}. */
    public NDArray expandDims(int axis) {
        return Views.expandDims(this, axis);
    }

    /** numpy.flip: reversed along {@code axes} (every axis when none given); a view with negative strides. */
    public NDArray flip(int... axes) {
        return Views.flip(this, axes);
    }

    /** numpy.moveaxis: each {@code source} axis moved to its {@code destination}, the others in order; a view. */
    public NDArray moveaxis(int[] source, int[] destination) {
        return Views.moveaxis(this, source, destination);
    }

    /** numpy.broadcast_to: a read-only view ({@link #isWriteable()} is false) with stride 0 where it repeats. */
    public NDArray broadcastTo(long... newShape) {
        return Views.broadcastTo(this, newShape);
    }

    /** numpy.ravel: a 1-d view when C-contiguous, else a copy (even where a strided 1-d view would do, as NumPy). */
    public NDArray ravel() {
        return Views.ravel(this);
    }

    /** numpy.ndarray.flatten: always a copy. */
    public NDArray flatten() {
        return Views.flatten(this);
    }

    /**
     * Indexing with a NumPy index string: {@code a.get("1:3, ::-1, None, ...")} is a view; integer or
     * boolean lists make it advanced indexing, a new array, by NumPy's rules: {@code a.get("[2, 0]")}
     * is rows 2 and 0, {@code a.get(":, [0, 2]")} columns 0 and 2, {@code a.get("[0, 2], [1, 3]")}
     * the elements (0, 1) and (2, 3).
     */
    public NDArray get(String index) {
        return Indexing.get(this, index);
    }

    /** Integer indexing {@code a.get(0, 2)}: a view (0-d when every axis is indexed); negative counts from the end. */
    public NDArray get(long... index) {
        return Indexing.get(this, index);
    }

    /** numpy.ndarray.sort(): sorts this array in place along the last axis (NaN last). */
    public void sort() {
        sort(-1);
    }

    /** numpy.ndarray.sort(axis): sorts this array in place along {@code axis}; views write through. */
    public void sort(int axis) {
        InPlaceSort.sort(this, axis);
    }

    /** numpy.ndarray.argsort(): the indices that sort the last axis, stably, as int64. */
    public NDArray argsort() {
        return Providers.routines().sort("argsort", this, -1, true);
    }

    /** numpy.ndarray.argsort(axis, kind='stable'). */
    public NDArray argsort(int axis) {
        return Providers.routines().sort("argsort", this, axis, true);
    }

    /** numpy.ndarray.repeat(repeats, axis): each element repeated along axis; a new array. */
    public NDArray repeat(long repeats, int axis) {
        return Providers.routines().repeat("repeat", this, repeats, axis);
    }

    /** numpy.take(a, indices): elements of the flattened array at {@code indices} (an integer NDArray, long[], int[] or integer). */
    public NDArray take(Object indices) {
        return Providers.routines().take("take", this, indices, null);
    }

    /** numpy.take(a, indices, axis): {@code a.take(new long[]{2, 0}, 1)} picks columns 2 and 0; negative indices count from the end. */
    public NDArray take(Object indices, int axis) {
        return Providers.routines().take("take", this, indices, axis);
    }

    /** numpy.ndarray.put(indices, values): {@code a.flat[ind] = v} in place, v repeated cyclically: {@code a.put(new long[] {0, 2}, 9.0)}. */
    public void put(Object ind, Object v) {
        Providers.routines().put("put", this, Objects.requireNonNull(ind, "put: ind is null"), v, "raise");
    }

    /** numpy.ndarray.put(indices, values, mode): mode 'raise', 'wrap' or 'clip'. */
    public void put(Object ind, Object v, String mode) {
        Providers.routines().put("put", this, Objects.requireNonNull(ind, "put: ind is null"), v, mode);
    }

    /** numpy.ndarray.compress(condition): the elements of the flattened array where the 1-d condition is true. */
    public NDArray compress(NDArray condition) {
        return Providers.routines()
                .compress("compress", Objects.requireNonNull(condition, "compress: condition is null"), this, null);
    }

    /** numpy.ndarray.compress(condition, axis): {@code a.compress(keep, 0)} keeps the rows where keep is true. */
    public NDArray compress(NDArray condition, int axis) {
        return Providers.routines()
                .compress("compress", Objects.requireNonNull(condition, "compress: condition is null"), this, axis);
    }

    /** numpy.ndarray.choose(choices): this integer array picks each element from one of the choices, {@code idx.choose(List.of(x, y))}. */
    public NDArray choose(List<?> choices) {
        return Providers.routines()
                .choose("choose", this, Objects.requireNonNull(choices, "choose: choices is null"), "raise");
    }

    /** numpy.ndarray.choose(choices, mode): mode 'raise', 'wrap' or 'clip'. */
    public NDArray choose(List<?> choices, String mode) {
        return Providers.routines()
                .choose("choose", this, Objects.requireNonNull(choices, "choose: choices is null"), mode);
    }

    /** numpy.ndarray.round(): to the nearest integer, halves to even, {@code a.round()}. */
    public NDArray round() {
        return Providers.routines().round("round", this, 0);
    }

    /** numpy.ndarray.round(decimals): halves to even as NumPy, {@code a.round(2)}. */
    public NDArray round(int decimals) {
        return Providers.routines().round("round", this, decimals);
    }

    /**
     * Indexing by an array, as NumPy's {@code a[idx]}: an integer array picks along axis 0 (negative
     * counts from the end, {@code a.get(Nd.array(new long[]{2, 0}))} is rows 2 and 0), a boolean one is
     * a mask (a 1-d result, plus a's trailing axes when the mask covers only the leading ones); a new array.
     */
    public NDArray get(NDArray index) {
        return Indexing.get(this, index);
    }

    /** {@code a[i0, i1, ...]} with index arrays, paired elementwise after broadcasting: {@code a.get(rows, cols)}; a new array. */
    public NDArray get(NDArray first, NDArray... more) {
        return Indexing.get(this, first, more);
    }

    /**
     * {@code a[idx] = value} with an integer or boolean index array: a number, or an array broadcast to
     * the selection, cast to this dtype as NumPy assigns. With repeated indices the value written last
     * in C order lands, as NumPy's ({@code a.set(Nd.array(new long[]{0, 0}), v)} keeps {@code v[1]}).
     */
    public NDArray set(NDArray index, Object value) {
        return Indexing.set(this, index, value);
    }

    /** {@code a[i0, i1, ...] = value} with index arrays: {@code a.set(new NDArray[]{rows, cols}, 0)}. */
    public NDArray set(NDArray[] indices, Object value) {
        return Indexing.set(this, indices, value);
    }

    /** Assigns into the selection of an index string ({@code ":, 0"}, {@code "[2, 0]"}): {@code value} is an NDArray or a Java number, broadcast and cast as NumPy. */
    public NDArray set(String index, Object value) {
        return Indexing.set(this, index, value);
    }

    /** Assigns {@code value} to every element: {@code a.fill(0)}. */
    public NDArray fill(Object value) {
        return Copies.fill(this, value);
    }

    // ---------------------------------------------------------------- copies and casts

    /** A C-ordered copy. */
    public NDArray copy() {
        return copy(Order.C);
    }

    /** A copy in the given order ('K' keeps the layout as close as it can). */
    public NDArray copy(Order order) {
        return Copies.copy(this, order);
    }

    /** numpy.astype: a copy converted to {@code to} (unsafe casting, as NumPy's default). */
    public NDArray astype(DType to) {
        return Copies.astype(this, to);
    }

    /** numpy.astype by dtype name: "float32", "int64", ... */
    public NDArray astype(String to) {
        return Copies.astype(this, to);
    }

    /**
     * The array on another device: a C-order copy (this array itself when already there). A peer
     * copy between CUDA devices; through the host between OpenCL devices or between backends.
     */
    public NDArray to(Device target) {
        return Transfers.to(this, target);
    }

    // ---------------------------------------------------------------- to the host

    /** The elements in C order as little-endian bytes in a native segment. */
    public MemorySegment toBytes() {
        return Transfers.toBytes(this);
    }

    /** Copies the elements in C order into {@code dst} (native or heap, exactly nbytes() long). */
    public void copyTo(MemorySegment dst) {
        Transfers.copyTo(this, dst);
    }

    /** The elements in C order as a new float[] (cast as astype when the dtype differs): {@code a.toFloatArray()}. */
    public float[] toFloatArray() {
        return Transfers.toFloatArray(this);
    }

    /** The elements in C order as a new double[] (complex: the real parts). */
    public double[] toDoubleArray() {
        return Transfers.toDoubleArray(this);
    }

    /**
     * The fast path to the host: copies the elements in C order into an existing {@code out} of
     * exactly {@code size()} elements and returns it. Reusing one array skips the allocation and
     * zeroing of a fresh Java array, which costs more than the transfer itself for large arrays.
     * <pre>{@code
     * float[] buf = new float[(int) a.size()];
     * a.toFloatArray(buf);   // again and again, no garbage
     * }</pre>
     */
    public float[] toFloatArray(float[] out) {
        return Transfers.toFloatArray(this, out);
    }

    /** As {@link #toFloatArray(float[])}, into an existing {@code double[]} of exactly {@code size()} elements. */
    public double[] toDoubleArray(double[] out) {
        return Transfers.toDoubleArray(this, out);
    }

    /** The elements in C order as a new long[] (floats truncate as a C cast). */
    public long[] toLongArray() {
        return Transfers.toLongArray(this);
    }

    /** The elements in C order as a new int[]. */
    public int[] toIntArray() {
        return Transfers.toIntArray(this);
    }

    /** The elements in C order as a new boolean[] (non-zero is true). */
    public boolean[] toBooleanArray() {
        return Transfers.toBooleanArray(this);
    }

    /** numpy.ndarray.tolist in Java: nested primitive arrays of the dtype's Java type (a boxed scalar for 0-d). */
    public Object toArray() {
        return Transfers.toArray(this);
    }

    /** The one element as a Java value: Double, Float, Long, Integer, Short, Byte, Boolean, or double[]{re, im}. */
    public Object item() {
        return Transfers.item(this);
    }

    /** The one element as a double. */
    public double doubleValue() {
        return Transfers.doubleValue(this);
    }

    /** NumPy's repr: {@code array([[1., 2.],\n       [3., 4.]], dtype=float32)}. */
    @Override
    public String toString() {
        return Providers.routines().repr(this);
    }

    /** NumPy's str: {@code [[1. 2.]\n [3. 4.]]}. */
    public String str() {
        return Providers.routines().str(this);
    }

    /** The array as a host {@link org.ndgpu.ndarray.HostArray} in C order (what Nd.save writes). */
    public HostArray toHost() {
        return Transfers.toHost(this);
    }

    // ---------------------------------------------------------------- elementwise (module kernels-elementwise)

    private NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }

    /** numpy.add, elementwise on the device: {@code a.add(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray add(Object other) {
        return u(Ufunc.ADD, this, other);
    }

    /** numpy.subtract, elementwise on the device: {@code a.sub(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray sub(Object other) {
        return u(Ufunc.SUBTRACT, this, other);
    }

    /** numpy.multiply, elementwise on the device: {@code a.mul(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray mul(Object other) {
        return u(Ufunc.MULTIPLY, this, other);
    }

    /** numpy.true_divide, elementwise on the device: {@code a.div(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray div(Object other) {
        return u(Ufunc.TRUE_DIVIDE, this, other);
    }

    /** numpy.floor_divide, elementwise on the device: {@code a.floorDiv(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray floorDiv(Object other) {
        return u(Ufunc.FLOOR_DIVIDE, this, other);
    }

    /** numpy.remainder, elementwise on the device: {@code a.mod(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray mod(Object other) {
        return u(Ufunc.REMAINDER, this, other);
    }

    /** numpy.power, elementwise on the device: {@code a.pow(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray pow(Object other) {
        return u(Ufunc.POWER, this, other);
    }

    /** numpy.maximum, elementwise on the device: {@code a.maximum(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray maximum(Object other) {
        return u(Ufunc.MAXIMUM, this, other);
    }

    /** numpy.minimum, elementwise on the device: {@code a.minimum(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray minimum(Object other) {
        return u(Ufunc.MINIMUM, this, other);
    }

    /** numpy.arctan2, elementwise on the device: {@code a.arctan2(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray arctan2(Object other) {
        return u(Ufunc.ARCTAN2, this, other);
    }

    /** numpy.hypot, elementwise on the device: {@code a.hypot(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray hypot(Object other) {
        return u(Ufunc.HYPOT, this, other);
    }

    /** numpy.logaddexp, elementwise on the device: {@code a.logaddexp(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logaddexp(Object other) {
        return u(Ufunc.LOGADDEXP, this, other);
    }

    /** numpy.logaddexp2, elementwise on the device: {@code a.logaddexp2(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logaddexp2(Object other) {
        return u(Ufunc.LOGADDEXP2, this, other);
    }

    /** numpy.fmod, elementwise on the device: {@code a.fmod(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray fmod(Object other) {
        return u(Ufunc.FMOD, this, other);
    }

    /** numpy.copysign, elementwise on the device: {@code a.copysign(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray copysign(Object other) {
        return u(Ufunc.COPYSIGN, this, other);
    }

    /** numpy.fmax, elementwise on the device: {@code a.fmax(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray fmax(Object other) {
        return u(Ufunc.FMAX, this, other);
    }

    /** numpy.fmin, elementwise on the device: {@code a.fmin(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray fmin(Object other) {
        return u(Ufunc.FMIN, this, other);
    }

    /** numpy.heaviside, elementwise on the device: {@code a.heaviside(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray heaviside(Object other) {
        return u(Ufunc.HEAVISIDE, this, other);
    }

    /** numpy.nextafter, elementwise on the device: {@code a.nextafter(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray nextafter(Object other) {
        return u(Ufunc.NEXTAFTER, this, other);
    }

    /** numpy.float_power, elementwise on the device: {@code a.floatPower(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray floatPower(Object other) {
        return u(Ufunc.FLOAT_POWER, this, other);
    }

    /** numpy.ldexp: {@code a * 2**b}, b an integer NDArray or Java integer: {@code a.ldexp(3)}. */
    public NDArray ldexp(Object other) {
        return u(Ufunc.LDEXP, this, other);
    }

    /** numpy.sinc: sin(pi x) / (pi x), 1 at 0. */
    public NDArray sinc() {
        return u(Ufunc.SINC, this);
    }

    /** numpy.frexp: mantissa and int32 exponent, {@code x == mantissa * 2**exponent}. */
    public Frexp frexp() {
        return UniversalFunctions.frexp(this, null, null);
    }

    /** numpy.modf: fractional and integral parts. */
    public Modf modf() {
        return UniversalFunctions.modf(this, null, null);
    }

    /** numpy.divmod: floor_divide and remainder in one kernel: {@code a.divmod(3)}. */
    public Divmod divmod(Object other) {
        return UniversalFunctions.divmod(this, other, null, null);
    }

    /** numpy.gcd, elementwise on the device: {@code a.gcd(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray gcd(Object other) {
        return u(Ufunc.GCD, this, other);
    }

    /** numpy.lcm, elementwise on the device: {@code a.lcm(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray lcm(Object other) {
        return u(Ufunc.LCM, this, other);
    }

    /** numpy.equal, elementwise on the device: {@code a.eq(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray eq(Object other) {
        return u(Ufunc.EQUAL, this, other);
    }

    /** numpy.not_equal, elementwise on the device: {@code a.ne(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray ne(Object other) {
        return u(Ufunc.NOT_EQUAL, this, other);
    }

    /** numpy.less, elementwise on the device: {@code a.lt(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray lt(Object other) {
        return u(Ufunc.LESS, this, other);
    }

    /** numpy.less_equal, elementwise on the device: {@code a.le(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray le(Object other) {
        return u(Ufunc.LESS_EQUAL, this, other);
    }

    /** numpy.greater, elementwise on the device: {@code a.gt(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray gt(Object other) {
        return u(Ufunc.GREATER, this, other);
    }

    /** numpy.greater_equal, elementwise on the device: {@code a.ge(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray ge(Object other) {
        return u(Ufunc.GREATER_EQUAL, this, other);
    }

    /** numpy.logical_and, elementwise on the device: {@code a.logicalAnd(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalAnd(Object other) {
        return u(Ufunc.LOGICAL_AND, this, other);
    }

    /** numpy.logical_or, elementwise on the device: {@code a.logicalOr(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalOr(Object other) {
        return u(Ufunc.LOGICAL_OR, this, other);
    }

    /** numpy.logical_xor, elementwise on the device: {@code a.logicalXor(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalXor(Object other) {
        return u(Ufunc.LOGICAL_XOR, this, other);
    }

    /** numpy.bitwise_and, elementwise on the device: {@code a.bitwiseAnd(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseAnd(Object other) {
        return u(Ufunc.BITWISE_AND, this, other);
    }

    /** numpy.bitwise_or, elementwise on the device: {@code a.bitwiseOr(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseOr(Object other) {
        return u(Ufunc.BITWISE_OR, this, other);
    }

    /** numpy.bitwise_xor, elementwise on the device: {@code a.bitwiseXor(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseXor(Object other) {
        return u(Ufunc.BITWISE_XOR, this, other);
    }

    /** numpy.left_shift, elementwise on the device: {@code a.leftShift(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray leftShift(Object other) {
        return u(Ufunc.LEFT_SHIFT, this, other);
    }

    /** numpy.right_shift, elementwise on the device: {@code a.rightShift(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray rightShift(Object other) {
        return u(Ufunc.RIGHT_SHIFT, this, other);
    }

    /** numpy.negative, elementwise on the device: {@code a.neg()}. */
    public NDArray neg() {
        return u(Ufunc.NEGATIVE, this);
    }

    /** numpy.absolute, elementwise on the device: {@code a.abs()}. */
    public NDArray abs() {
        return u(Ufunc.ABSOLUTE, this);
    }

    /** numpy.sign, elementwise on the device: {@code a.sign()}. */
    public NDArray sign() {
        return u(Ufunc.SIGN, this);
    }

    /** numpy.exp, elementwise on the device: {@code a.exp()}. */
    public NDArray exp() {
        return u(Ufunc.EXP, this);
    }

    /** numpy.expm1, elementwise on the device: {@code a.expm1()}. */
    public NDArray expm1() {
        return u(Ufunc.EXPM1, this);
    }

    /** numpy.log, elementwise on the device: {@code a.log()}. */
    public NDArray log() {
        return u(Ufunc.LOG, this);
    }

    /** numpy.log1p, elementwise on the device: {@code a.log1p()}. */
    public NDArray log1p() {
        return u(Ufunc.LOG1P, this);
    }

    /** numpy.log2, elementwise on the device: {@code a.log2()}. */
    public NDArray log2() {
        return u(Ufunc.LOG2, this);
    }

    /** numpy.log10, elementwise on the device: {@code a.log10()}. */
    public NDArray log10() {
        return u(Ufunc.LOG10, this);
    }

    /** numpy.sqrt, elementwise on the device: {@code a.sqrt()}. */
    public NDArray sqrt() {
        return u(Ufunc.SQRT, this);
    }

    /** numpy.cbrt, elementwise on the device: {@code a.cbrt()}. */
    public NDArray cbrt() {
        return u(Ufunc.CBRT, this);
    }

    /** numpy.square, elementwise on the device: {@code a.square()}. */
    public NDArray square() {
        return u(Ufunc.SQUARE, this);
    }

    /** numpy.reciprocal, elementwise on the device: {@code a.reciprocal()}. */
    public NDArray reciprocal() {
        return u(Ufunc.RECIPROCAL, this);
    }

    /** numpy.sin, elementwise on the device: {@code a.sin()}. */
    public NDArray sin() {
        return u(Ufunc.SIN, this);
    }

    /** numpy.cos, elementwise on the device: {@code a.cos()}. */
    public NDArray cos() {
        return u(Ufunc.COS, this);
    }

    /** numpy.tan, elementwise on the device: {@code a.tan()}. */
    public NDArray tan() {
        return u(Ufunc.TAN, this);
    }

    /** numpy.arcsin, elementwise on the device: {@code a.arcsin()}. */
    public NDArray arcsin() {
        return u(Ufunc.ARCSIN, this);
    }

    /** numpy.arccos, elementwise on the device: {@code a.arccos()}. */
    public NDArray arccos() {
        return u(Ufunc.ARCCOS, this);
    }

    /** numpy.arctan, elementwise on the device: {@code a.arctan()}. */
    public NDArray arctan() {
        return u(Ufunc.ARCTAN, this);
    }

    /** numpy.sinh, elementwise on the device: {@code a.sinh()}. */
    public NDArray sinh() {
        return u(Ufunc.SINH, this);
    }

    /** numpy.cosh, elementwise on the device: {@code a.cosh()}. */
    public NDArray cosh() {
        return u(Ufunc.COSH, this);
    }

    /** numpy.tanh, elementwise on the device: {@code a.tanh()}. */
    public NDArray tanh() {
        return u(Ufunc.TANH, this);
    }

    /** numpy.arcsinh, elementwise on the device: {@code a.arcsinh()}. */
    public NDArray arcsinh() {
        return u(Ufunc.ARCSINH, this);
    }

    /** numpy.arccosh, elementwise on the device: {@code a.arccosh()}. */
    public NDArray arccosh() {
        return u(Ufunc.ARCCOSH, this);
    }

    /** numpy.arctanh, elementwise on the device: {@code a.arctanh()}. */
    public NDArray arctanh() {
        return u(Ufunc.ARCTANH, this);
    }

    /** numpy.exp2, elementwise on the device: {@code a.exp2()}. */
    public NDArray exp2() {
        return u(Ufunc.EXP2, this);
    }

    /** numpy.deg2rad, elementwise on the device: {@code a.deg2rad()}. */
    public NDArray deg2rad() {
        return u(Ufunc.DEG2RAD, this);
    }

    /** numpy.rad2deg, elementwise on the device: {@code a.rad2deg()}. */
    public NDArray rad2deg() {
        return u(Ufunc.RAD2DEG, this);
    }

    /** numpy.signbit, elementwise on the device: {@code a.signbit()}. */
    public NDArray signbit() {
        return u(Ufunc.SIGNBIT, this);
    }

    /** numpy.positive, elementwise on the device: {@code a.positive()}. */
    public NDArray positive() {
        return u(Ufunc.POSITIVE, this);
    }

    /** numpy.floor, elementwise on the device: {@code a.floor()}. */
    public NDArray floor() {
        return u(Ufunc.FLOOR, this);
    }

    /** numpy.ceil, elementwise on the device: {@code a.ceil()}. */
    public NDArray ceil() {
        return u(Ufunc.CEIL, this);
    }

    /** numpy.rint, elementwise on the device: {@code a.rint()}. */
    public NDArray rint() {
        return u(Ufunc.RINT, this);
    }

    /** numpy.trunc, elementwise on the device: {@code a.trunc()}. */
    public NDArray trunc() {
        return u(Ufunc.TRUNC, this);
    }

    /** numpy.logical_not, elementwise on the device: {@code a.logicalNot()}. */
    public NDArray logicalNot() {
        return u(Ufunc.LOGICAL_NOT, this);
    }

    /** numpy.invert, elementwise on the device: {@code a.bitwiseNot()}. */
    public NDArray bitwiseNot() {
        return u(Ufunc.INVERT, this);
    }

    /** numpy.isnan, elementwise on the device: {@code a.isnan()}. */
    public NDArray isnan() {
        return u(Ufunc.ISNAN, this);
    }

    /** numpy.isinf, elementwise on the device: {@code a.isinf()}. */
    public NDArray isinf() {
        return u(Ufunc.ISINF, this);
    }

    /** numpy.isfinite, elementwise on the device: {@code a.isfinite()}. */
    public NDArray isfinite() {
        return u(Ufunc.ISFINITE, this);
    }

    /** NumPy's {@code a.real}: a view (writes through it change a), of a's real parts where a is complex. */
    public NDArray real() {
        return symbol != null ? u(Ufunc.REAL, this) : Views.part(this, false);
    }

    /** NumPy's {@code a.imag}: a view of a complex a's imaginary parts; zeros for a real a. */
    public NDArray imag() {
        return symbol != null || !dtype.isComplex() ? u(Ufunc.IMAG, this) : Views.part(this, true);
    }

    /** numpy.conjugate, elementwise on the device: {@code a.conj()}. */
    public NDArray conj() {
        return u(Ufunc.CONJUGATE, this);
    }

    /** numpy.clip; lo or hi may be null for no bound. */
    public NDArray clip(Object lo, Object hi) {
        return Providers.ufuncs(this, lo, hi).clip(this, lo, hi, null);
    }

    // ---------------------------------------------------------------- reductions (module kernels-reduction)

    private NDArray r(Reduction op, int[] axes, boolean keepdims, int ddof) {
        return Providers.reductions(this).reduce(op, this, axes, keepdims, null, ddof);
    }

    /** numpy.sum over all elements: {@code a.sum()}. */
    public NDArray sum() {
        return r(Reduction.SUM, null, false, 0);
    }

    /** numpy.sum along one axis (negative counts from the end): {@code a.sum(0)}. */
    public NDArray sum(int axis) {
        return r(Reduction.SUM, new int[] {axis}, false, 0);
    }

    /** numpy.sum over the given axes, keepdims as NumPy: {@code a.sum(new int[]{0, 1}, true)}. */
    public NDArray sum(int[] axes, boolean keepdims) {
        return r(Reduction.SUM, axes, keepdims, 0);
    }

    /** numpy.prod over all elements: {@code a.prod()}. */
    public NDArray prod() {
        return r(Reduction.PROD, null, false, 0);
    }

    /** numpy.prod along one axis (negative counts from the end): {@code a.prod(0)}. */
    public NDArray prod(int axis) {
        return r(Reduction.PROD, new int[] {axis}, false, 0);
    }

    /** numpy.prod over the given axes, keepdims as NumPy: {@code a.prod(new int[]{0, 1}, true)}. */
    public NDArray prod(int[] axes, boolean keepdims) {
        return r(Reduction.PROD, axes, keepdims, 0);
    }

    /** numpy.mean over all elements: {@code a.mean()}. */
    public NDArray mean() {
        return r(Reduction.MEAN, null, false, 0);
    }

    /** numpy.mean along one axis (negative counts from the end): {@code a.mean(0)}. */
    public NDArray mean(int axis) {
        return r(Reduction.MEAN, new int[] {axis}, false, 0);
    }

    /** numpy.mean over the given axes, keepdims as NumPy: {@code a.mean(new int[]{0, 1}, true)}. */
    public NDArray mean(int[] axes, boolean keepdims) {
        return r(Reduction.MEAN, axes, keepdims, 0);
    }

    /** numpy.var over all elements: {@code a.var()}. */
    public NDArray var() {
        return r(Reduction.VAR, null, false, 0);
    }

    /** numpy.var along one axis (negative counts from the end): {@code a.var(0)}. */
    public NDArray var(int axis) {
        return r(Reduction.VAR, new int[] {axis}, false, 0);
    }

    /** numpy.var over the given axes, keepdims as NumPy: {@code a.var(new int[]{0, 1}, true)}. */
    public NDArray var(int[] axes, boolean keepdims) {
        return r(Reduction.VAR, axes, keepdims, 0);
    }

    /** numpy.var over the given axes, keepdims as NumPy, with ddof: {@code a.var(new int[]{0, 1}, true)}. */
    public NDArray var(int[] axes, boolean keepdims, int ddof) {
        return r(Reduction.VAR, axes, keepdims, ddof);
    }

    /** numpy.std over all elements: {@code a.std()}. */
    public NDArray std() {
        return r(Reduction.STD, null, false, 0);
    }

    /** numpy.std along one axis (negative counts from the end): {@code a.std(0)}. */
    public NDArray std(int axis) {
        return r(Reduction.STD, new int[] {axis}, false, 0);
    }

    /** numpy.std over the given axes, keepdims as NumPy: {@code a.std(new int[]{0, 1}, true)}. */
    public NDArray std(int[] axes, boolean keepdims) {
        return r(Reduction.STD, axes, keepdims, 0);
    }

    /** numpy.std over the given axes, keepdims as NumPy, with ddof: {@code a.std(new int[]{0, 1}, true)}. */
    public NDArray std(int[] axes, boolean keepdims, int ddof) {
        return r(Reduction.STD, axes, keepdims, ddof);
    }

    /** numpy.min over all elements: {@code a.min()}. */
    public NDArray min() {
        return r(Reduction.MIN, null, false, 0);
    }

    /** numpy.min along one axis (negative counts from the end): {@code a.min(0)}. */
    public NDArray min(int axis) {
        return r(Reduction.MIN, new int[] {axis}, false, 0);
    }

    /** numpy.min over the given axes, keepdims as NumPy: {@code a.min(new int[]{0, 1}, true)}. */
    public NDArray min(int[] axes, boolean keepdims) {
        return r(Reduction.MIN, axes, keepdims, 0);
    }

    /** numpy.max over all elements: {@code a.max()}. */
    public NDArray max() {
        return r(Reduction.MAX, null, false, 0);
    }

    /** numpy.max along one axis (negative counts from the end): {@code a.max(0)}. */
    public NDArray max(int axis) {
        return r(Reduction.MAX, new int[] {axis}, false, 0);
    }

    /** numpy.max over the given axes, keepdims as NumPy: {@code a.max(new int[]{0, 1}, true)}. */
    public NDArray max(int[] axes, boolean keepdims) {
        return r(Reduction.MAX, axes, keepdims, 0);
    }

    /** numpy.argmin over all elements: {@code a.argmin()}. */
    public NDArray argmin() {
        return r(Reduction.ARGMIN, null, false, 0);
    }

    /** numpy.argmin along one axis (negative counts from the end): {@code a.argmin(0)}. */
    public NDArray argmin(int axis) {
        return r(Reduction.ARGMIN, new int[] {axis}, false, 0);
    }

    /** numpy.argmin over the given axes, keepdims as NumPy: {@code a.argmin(new int[]{0, 1}, true)}. */
    public NDArray argmin(int[] axes, boolean keepdims) {
        return r(Reduction.ARGMIN, axes, keepdims, 0);
    }

    /** numpy.argmax over all elements: {@code a.argmax()}. */
    public NDArray argmax() {
        return r(Reduction.ARGMAX, null, false, 0);
    }

    /** numpy.argmax along one axis (negative counts from the end): {@code a.argmax(0)}. */
    public NDArray argmax(int axis) {
        return r(Reduction.ARGMAX, new int[] {axis}, false, 0);
    }

    /** numpy.argmax over the given axes, keepdims as NumPy: {@code a.argmax(new int[]{0, 1}, true)}. */
    public NDArray argmax(int[] axes, boolean keepdims) {
        return r(Reduction.ARGMAX, axes, keepdims, 0);
    }

    /** numpy.all over all elements: {@code a.all()}. */
    public NDArray all() {
        return r(Reduction.ALL, null, false, 0);
    }

    /** numpy.all along one axis (negative counts from the end): {@code a.all(0)}. */
    public NDArray all(int axis) {
        return r(Reduction.ALL, new int[] {axis}, false, 0);
    }

    /** numpy.all over the given axes, keepdims as NumPy: {@code a.all(new int[]{0, 1}, true)}. */
    public NDArray all(int[] axes, boolean keepdims) {
        return r(Reduction.ALL, axes, keepdims, 0);
    }

    /** numpy.any over all elements: {@code a.any()}. */
    public NDArray any() {
        return r(Reduction.ANY, null, false, 0);
    }

    /** numpy.any along one axis (negative counts from the end): {@code a.any(0)}. */
    public NDArray any(int axis) {
        return r(Reduction.ANY, new int[] {axis}, false, 0);
    }

    /** numpy.any over the given axes, keepdims as NumPy: {@code a.any(new int[]{0, 1}, true)}. */
    public NDArray any(int[] axes, boolean keepdims) {
        return r(Reduction.ANY, axes, keepdims, 0);
    }

    /** numpy.cumsum over the flattened array: {@code a.cumsum()}. */
    public NDArray cumsum() {
        return Providers.reductions(this).scan(Scan.CUMSUM, this, null, null);
    }

    /** numpy.cumsum along an axis: {@code a.cumsum(0)}. */
    public NDArray cumsum(int axis) {
        return Providers.reductions(this).scan(Scan.CUMSUM, this, axis, null);
    }

    /** numpy.cumprod over the flattened array. */
    public NDArray cumprod() {
        return Providers.reductions(this).scan(Scan.CUMPROD, this, null, null);
    }

    /** numpy.cumprod along an axis: {@code a.cumprod(1)}. */
    public NDArray cumprod(int axis) {
        return Providers.reductions(this).scan(Scan.CUMPROD, this, axis, null);
    }

    // ---------------------------------------------------------------- linear algebra (module linalg)

    /** numpy.matmul. */
    public NDArray matmul(NDArray other) {
        return Providers.products().matmul(this, Objects.requireNonNull(other, "matmul: other is null"), null);
    }

    /** numpy.dot. */
    public NDArray dot(NDArray other) {
        return Providers.products().dot(this, Objects.requireNonNull(other, "dot: other is null"));
    }
}
