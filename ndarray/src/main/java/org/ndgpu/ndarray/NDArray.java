package org.ndgpu.ndarray;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.ArrayClosedException;
import org.ndgpu.DTypeException;
import org.ndgpu.IndexException;
import org.ndgpu.Nd;
import org.ndgpu.ShapeException;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;
import org.ndgpu.spi.Tracer;
import org.ndgpu.spi.Ufunc;

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
 * an array never closed is released by a Cleaner when unreachable.
 */
public final class NDArray implements AutoCloseable {
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
    private volatile boolean closed;

    private NDArray(Allocation allocation, DType dtype, long[] shape, long[] strides, long offset, boolean readOnly) {
        this.allocation = allocation;
        this.dtype = dtype;
        this.shape = shape;
        this.strides = strides;
        this.offset = offset;
        this.cleanable = allocation.retain(this);
        this.symbol = null;
        this.readOnly = readOnly;
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

    /**
     * A symbolic array: a dtype and a shape standing for a value that {@code symbol}'s tracer
     * records (module fuse traces a lambda with these). It has no memory: its ufuncs, reductions and
     * astype go to the tracer, and whatever needs elements ({@code item()}, {@code toDoubleArray()},
     * views, copies) throws the tracer's exception naming the call.
     */
    public static NDArray symbolic(DType dtype, long[] shape, Tracer.Symbol symbol) {
        Objects.requireNonNull(dtype, "symbolic: dtype is null");
        Objects.requireNonNull(shape, "symbolic: shape is null");
        Objects.requireNonNull(symbol, "symbolic: symbol is null");
        return new NDArray(dtype, shape, java.util.Objects.requireNonNull(symbol, "symbol"));
    }

    /** The tracer's record of a symbolic array, or null for an ordinary one. */
    public Tracer.Symbol symbol() { return symbol; }

    // ---------------------------------------------------------------- making arrays

    /** A new uninitialized array on {@code device} in the given order (C or F). */
    public static NDArray empty(Device device, DType dtype, long[] shape, Order order) {
        Objects.requireNonNull(device, "empty: device is null");
        Objects.requireNonNull(dtype, "empty: dtype is null");
        Objects.requireNonNull(shape, "empty: shape is null");
        Objects.requireNonNull(order, "empty: order is null");
        for (long d : shape) {
            if (d < 0) throw new ShapeException("empty: negative dimensions are not allowed, got shape " + Shapes.str(shape));
        }
        long[] s = shape.clone();
        long n = Shapes.size(s);
        if (n > Long.MAX_VALUE / dtype.itemsize()) {
            throw new ShapeException("empty: array is too big: shape " + Shapes.str(s) + " of " + dtype + " needs more than 2^63 bytes");
        }
        long bytes = n * dtype.itemsize();
        Allocation alloc = Allocation.allocate(device, bytes);
        long[] st = order == Order.F ? Shapes.fStrides(s, dtype.itemsize()) : Shapes.cStrides(s, dtype.itemsize());
        if (bytes == 0 && s.length > 0 && Shapes.size(s) == 0) st = new long[s.length];   // NumPy 2 gives new empty arrays zero strides
        return new NDArray(alloc, dtype, s, st, 0, false);
    }

    /** A new array on {@code device} holding {@code data}: little-endian elements in C order. */
    public static NDArray fromHost(Device device, DType dtype, long[] shape, MemorySegment data) {
        Objects.requireNonNull(device, "fromHost: device is null");
        Objects.requireNonNull(dtype, "fromHost: dtype is null");
        Objects.requireNonNull(shape, "fromHost: shape is null");
        Objects.requireNonNull(data, "fromHost: data is null");
        checkSegment("array", data);
        NDArray a = empty(device, dtype, shape, Order.C);
        if (data.byteSize() != a.nbytes()) {
            throw new ShapeException("array: shape " + Shapes.str(shape) + " of " + dtype + " needs " + a.nbytes()
                    + " bytes of data, got " + data.byteSize());
        }
        Device dev = a.device();
        // heap segments (a Java float[]) go straight to the backend, which stages them itself
        if (a.nbytes() > 0) dev.backend().copyIn(dev.currentStream().backendStream(), data, a.buffer(), 0, a.nbytes());
        return a;
    }

    /** A view of the same memory with another geometry; read-only when this array is. */
    public NDArray view(long[] newShape, long[] newStrides, long newOffset) {
        Objects.requireNonNull(newShape, "view: newShape is null");
        Objects.requireNonNull(newStrides, "view: newStrides is null");
        live("view");
        return new NDArray(allocation, dtype, checkView("view", newShape, newStrides, newOffset), newStrides.clone(), newOffset, readOnly);
    }

    /** A read-only view of the same memory with another geometry, as NumPy's broadcast_to gives. */
    public NDArray readOnlyView(long[] newShape, long[] newStrides, long newOffset) {
        Objects.requireNonNull(newShape, "readOnlyView: newShape is null");
        Objects.requireNonNull(newStrides, "readOnlyView: newStrides is null");
        live("view");
        return new NDArray(allocation, dtype, checkView("readOnlyView", newShape, newStrides, newOffset), newStrides.clone(), newOffset, true);
    }

    /**
     * A view's geometry must stay inside this array's allocation, with byte strides and offset that
     * are multiples of the item size (the kernels index by element): anything else would read or
     * write memory the array does not own. Returns a copy of the shape.
     */
    private long[] checkView(String op, long[] newShape, long[] newStrides, long newOffset) {
        return checkGeometry(op, allocation.bytes(), dtype, newShape, newStrides, newOffset);
    }

    private static long[] checkGeometry(String op, long bytes, DType dtype, long[] newShape, long[] newStrides, long newOffset) {
        if (newShape.length != newStrides.length) {
            throw new ShapeException(op + ": shape " + Shapes.str(newShape) + " and strides " + java.util.Arrays.toString(newStrides)
                    + " differ in length");
        }
        for (long d : newShape) {
            if (d < 0) throw new ShapeException(op + ": negative dimensions are not allowed: " + Shapes.str(newShape));
        }
        long size = Shapes.size(newShape);
        int item = dtype.itemsize();
        if (newOffset < 0 || newOffset > bytes || newOffset % item != 0) {
            throw new IndexException(op + ": offset " + newOffset + " must be a multiple of " + item + " in [0, " + bytes + "]");
        }
        for (long stride : newStrides) {
            if (stride % item != 0) throw new IndexException(op + ": stride " + stride + " is not a multiple of the item size " + item);
        }
        if (size == 0) return newShape.clone();
        long[] span;
        try {
            span = Operands.byteRange(newShape, newStrides, newOffset, item);
        } catch (ArithmeticException e) {
            throw new IndexException(op + ": shape " + Shapes.str(newShape) + " with strides " + java.util.Arrays.toString(newStrides)
                    + " spans more bytes than a long holds");
        }
        if (span[0] < 0 || span[1] > bytes) {
            throw new IndexException(op + ": shape " + Shapes.str(newShape) + " with strides " + java.util.Arrays.toString(newStrides)
                    + " and offset " + newOffset + " spans bytes [" + span[0] + ", " + span[1] + ") of an allocation of " + bytes + " bytes");
        }
        return newShape.clone();
    }

    /**
     * An array over {@code allocation}, which may hold memory another library owns
     * ({@link Allocation#external}): its geometry is checked against the allocation as a view's is.
     * For interop; users call {@code Nd.fromDevicePointer} or {@code Nd.fromDlpack}.
     */
    public static NDArray over(String op, Allocation allocation, DType dtype, long[] shape, long[] strides, long offset) {
        Objects.requireNonNull(op, "over: op is null");
        Objects.requireNonNull(allocation, () -> op + ": allocation is null");
        Objects.requireNonNull(dtype, () -> op + ": dtype is null");
        Objects.requireNonNull(shape, () -> op + ": shape is null");
        Objects.requireNonNull(strides, () -> op + ": strides is null");
        long[] s = checkGeometry(op, allocation.bytes(), dtype, shape, strides, offset);
        return new NDArray(allocation, dtype, s, strides.clone(), offset, false);
    }

    /**
     * CuPy's {@code a.data.ptr}: the device address of element {@code [0, ..., 0]} (the allocation's
     * address plus {@link #offset()}), with {@link #strides()} in bytes. The memory stays this
     * array's: keep the array open while another library uses the address. CUDA only; an OpenCL
     * buffer is a cl_mem handle, not an address (share it with {@code toDlpack()}).
     */
    public long devicePointer() {
        live("devicePointer");
        if (device().backend().dialect() != org.ndgpu.backend.Dialect.CUDA) {
            throw new org.ndgpu.DeviceException("devicePointer: expected an array on a CUDA device, got one on " + device().id()
                    + " (OpenCL memory is a cl_mem handle, not an address; toDlpack() shares it)");
        }
        return buffer().handle() + offset;
    }

    /**
     * DLPack export, as {@code __dlpack__()}: a {@code DLManagedTensor*} over this array's memory,
     * without a copy (kDLCUDA on CUDA, kDLOpenCL on OpenCL). The memory stays alive until the
     * consumer calls the tensor's deleter, which it must do exactly once.
     */
    public java.lang.foreign.MemorySegment toDlpack() { return Providers.routines().toDlpack(this); }

    /** A view reinterpreting the same bytes as another dtype of the same itemsize. */
    public NDArray viewAs(DType other) {
        Objects.requireNonNull(other, "viewAs: other is null");
        live("view");
        if (other.itemsize() != dtype.itemsize()) {
            throw new DTypeException("view: " + dtype + " and " + other + " differ in itemsize (" + dtype.itemsize() + " and "
                    + other.itemsize() + ")");
        }
        return new NDArray(allocation, other, shape.clone(), strides.clone(), offset, readOnly);
    }

    // ---------------------------------------------------------------- properties

    /** The shape, as NumPy's a.shape: {@code Nd.zeros(3, 4).shape()} is {3, 4}. */
    public long[] shape() { return shape.clone(); }

    /** True when the array's shape is exactly {@code s} (no copy of the shape: for per-call fast paths). */
    public boolean hasShape(long... s) { Objects.requireNonNull(s, "hasShape: s is null"); return java.util.Arrays.equals(shape, s); }

    /** The length of one axis (negative counts from the end): {@code a.shape(-1)}. */
    public long shape(int axis) { return shape[Shapes.axis("shape", axis, shape.length)]; }

    /** Number of dimensions, as a.ndim. */
    public int ndim() { return shape.length; }

    /** Number of elements, as a.size. */
    public long size() { return Shapes.size(shape); }

    /** The element type, as a.dtype. */
    public DType dtype() { return dtype; }

    /** Bytes per element, as a.itemsize. */
    public int itemsize() { return dtype.itemsize(); }

    /** Bytes of the elements (size * itemsize), as a.nbytes. */
    public long nbytes() { return size() * dtype.itemsize(); }

    /** Strides in bytes, as NumPy. */
    public long[] strides() { return strides.clone(); }

    /** Byte offset of element [0, ..., 0] in the device memory. */
    public long offset() { return offset; }

    /** NumPy's flags.c_contiguous: {@code Nd.zeros(3, 4).isCContiguous()} is true. */
    public boolean isCContiguous() { return Shapes.isCContiguous(shape, strides, dtype.itemsize()); }

    /** NumPy's flags.f_contiguous: {@code Nd.zeros(3, 4).T().isFContiguous()} is true. */
    public boolean isFContiguous() { return Shapes.isFContiguous(shape, strides, dtype.itemsize()); }

    /** The device this array lives on. */
    public Device device() { return symbol != null ? symbol.device() : allocation.device(); }

    /** The device buffer (shared with views); add {@link #offset()} to reach element 0. For kernels. */
    public BackendBuffer buffer() {
        live("buffer");
        return allocation.buffer();
    }

    /** Bytes of the whole allocation this array views. */
    public long allocationBytes() { return live("allocationBytes").allocation.bytes(); }

    /**
     * NumPy's flags.writeable: false for {@link #broadcastTo} views and views of them, whose elements
     * repeat in memory; writing into one (out=, set, fill, copyto) raises "assignment destination is
     * read-only", as NumPy does.
     */
    public boolean isWriteable() { return !readOnly; }

    /** True if the two arrays view the same device memory. */
    public boolean sharesMemory(NDArray other) { Objects.requireNonNull(other, "sharesMemory: other is null"); return allocation != null && allocation == other.allocation; }

    /** True after close(). */
    public boolean isClosed() { return closed; }

    /**
     * Throws ArrayClosedException naming {@code op} if this array was closed, and the tracer's
     * exception if it is symbolic (op needs real memory).
     */
    public NDArray live(String op) {
        if (symbol != null) throw symbol.tracer().cannotTrace(op);
        if (closed) throw new ArrayClosedException(op + ": the array " + dtype + Shapes.str(shape) + " was closed");
        return this;
    }

    /** Releases this array's reference to its memory; views keep it alive. Idempotent. */
    @Override
    public void close() {
        closed = true;
        if (cleanable != null) cleanable.clean();
    }

    // ---------------------------------------------------------------- views

    /** numpy.reshape: a view when the strides allow it, else a copy. One dimension may be -1. */
    public NDArray reshape(long... newShape) { return reshape(Order.C, newShape); }

    /** numpy.reshape with order 'C' or 'F'. */
    public NDArray reshape(Order order, long... newShape) {
        Objects.requireNonNull(order, "reshape: order is null");
        Objects.requireNonNull(newShape, "reshape: newShape is null");
        live("reshape");
        long[] ns = Views.resolveShape("reshape", newShape, size(), shape);
        boolean f = order == Order.F || (order == Order.A && isFContiguous() && !isCContiguous());
        long[] st = Shapes.reshapeStrides(shape, strides, ns, f, dtype.itemsize());
        if (st != null) return view(ns, st, offset);
        return copy(f ? Order.F : Order.C).reshapeOwned(ns, f);
    }

    private NDArray reshapeOwned(long[] ns, boolean f) {
        try (this) {
            return view(ns, f ? Shapes.fStrides(ns, dtype.itemsize()) : Shapes.cStrides(ns, dtype.itemsize()), offset);
        }
    }

    /** The transpose (axes reversed), a view. */
    public NDArray T() { return transpose(); }

    /** numpy.transpose: a view with axes permuted; no axes (or null, as axes=None) reverses them. */
    public NDArray transpose(int... axes) {
        live("transpose");
        int n = shape.length;
        int[] perm = new int[n];
        if (axes == null || axes.length == 0) {
            for (int i = 0; i < n; i++) perm[i] = n - 1 - i;
        } else {
            if (axes.length != n) throw new org.ndgpu.AxisException("transpose: axes don't match array: expected " + n + " axes, got "
                    + Arrays.toString(axes));
            perm = Shapes.axes("transpose", axes, n);
        }
        long[] s = new long[n], st = new long[n];
        for (int i = 0; i < n; i++) {
            s[i] = shape[perm[i]];
            st[i] = strides[perm[i]];
        }
        return view(s, st, offset);
    }

    /** numpy.swapaxes, a view. */
    public NDArray swapaxes(int a, int b) {
        int n = shape.length;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        int x = Shapes.axis("swapaxes", a, n), y = Shapes.axis("swapaxes", b, n);
        perm[x] = y;
        perm[y] = x;
        return transpose(perm);
    }

    /** numpy.squeeze: drops dimensions of size 1 (only those given, if any). */
    public NDArray squeeze(int... axes) { return Views.squeeze(this, axes); }

    /** numpy.expand_dims: a view with a new axis of size 1 at {@code axis}. */
    public NDArray expandDims(int axis) { return Views.expandDims(this, axis); }

    /** numpy.flip: reversed along {@code axes} (every axis when none given); a view with negative strides. */
    public NDArray flip(int... axes) { return Views.flip(this, axes); }

    /** numpy.moveaxis: each {@code source} axis moved to its {@code destination}, the others in order; a view. */
    public NDArray moveaxis(int[] source, int[] destination) { Objects.requireNonNull(source, "moveaxis: source is null"); Objects.requireNonNull(destination, "moveaxis: destination is null"); return Views.moveaxis(this, source, destination); }

    /** numpy.broadcast_to: a read-only view ({@link #isWriteable()} is false) with stride 0 where it repeats. */
    public NDArray broadcastTo(long... newShape) {
        Objects.requireNonNull(newShape, "broadcastTo: newShape is null");
        live("broadcast_to");
        for (long d : newShape) {
            if (d < 0) throw new ShapeException("broadcast_to: all elements of the shape must be non-negative, got " + Shapes.str(newShape));
        }
        long[] st = Shapes.broadcastStrides("broadcast_to", shape, strides, newShape);
        // as NumPy's nditer-made view: stride 0 on every size-1 axis, and everywhere when the result is empty
        boolean empty = Shapes.size(newShape) == 0;
        for (int i = 0; i < st.length; i++) if (empty || newShape[i] == 1) st[i] = 0;
        return readOnlyView(newShape, st, offset);
    }

    /** numpy.ravel: a 1-d view when C-contiguous, else a copy (even where a strided 1-d view would do, as NumPy). */
    public NDArray ravel() {
        live("ravel");
        if (isCContiguous()) return reshape(-1);
        return copy(Order.C).reshapeOwned(new long[]{size()}, false);
    }

    /** numpy.ndarray.flatten: always a copy. */
    public NDArray flatten() { return copy().reshapeOwned(new long[]{size()}, false); }

    /** Basic indexing with a NumPy index string: {@code a.get("1:3, ::-1, None, ...")}; a view. */
    public NDArray get(String index) {
        Objects.requireNonNull(index, "get: index is null");
        live("get");
        List<IndexExpr.Item> items = IndexExpr.parse("get", index);
        IndexExpr.View v = IndexExpr.apply("get", items, shape, strides, offset);
        return view(v.shape(), v.strides(), v.offset());
    }

    /** Integer indexing {@code a.get(0, 2)}: a view (0-d when every axis is indexed); negative counts from the end. */
    public NDArray get(long... index) {
        Objects.requireNonNull(index, "get: index is null");
        live("get");
        List<IndexExpr.Item> items = new java.util.ArrayList<>();
        for (long i : index) items.add(new IndexExpr.Int(i));
        IndexExpr.View v = IndexExpr.apply("get", items, shape, strides, offset);
        return view(v.shape(), v.strides(), v.offset());
    }

    /** numpy.ndarray.sort(): sorts this array in place along the last axis (NaN last). */
    public void sort() { sort(-1); }

    /** numpy.ndarray.sort(axis): sorts this array in place along {@code axis}; views write through. */
    public void sort(int axis) {
        org.ndgpu.ndarray.Operands.checkWriteable("sort", this);
        try (NDArray sorted = Providers.routines().sort("sort", this, axis, false)) {
            Copies.copyInto(sorted, this);
        }
    }

    /** numpy.ndarray.argsort(): the indices that sort the last axis, stably, as int64. */
    public NDArray argsort() { return Providers.routines().sort("argsort", this, -1, true); }

    /** numpy.ndarray.argsort(axis, kind='stable'). */
    public NDArray argsort(int axis) { return Providers.routines().sort("argsort", this, axis, true); }

    /** numpy.ndarray.repeat(repeats, axis): each element repeated along axis; a new array. */
    public NDArray repeat(long repeats, int axis) { return Providers.routines().repeat("repeat", this, repeats, axis); }

    /** numpy.take(a, indices): elements of the flattened array at {@code indices} (an integer NDArray, long[], int[] or integer). */
    public NDArray take(Object indices) { return Providers.routines().take("take", this, indices, null); }

    /** numpy.take(a, indices, axis): {@code a.take(new long[]{2, 0}, 1)} picks columns 2 and 0; negative indices count from the end. */
    public NDArray take(Object indices, int axis) { return Providers.routines().take("take", this, indices, axis); }

    /** Boolean-mask indexing {@code a[mask]}: a new 1-d array (plus a's trailing axes when mask covers only the leading ones). */
    public NDArray get(NDArray mask) { Objects.requireNonNull(mask, "get: mask is null"); return Providers.routines().select("get", this, mask); }

    /** {@code a[mask] = value}: a number, a 0-d array, or one value per selected element; cast to this dtype as NumPy assigns. */
    public NDArray set(NDArray mask, Object value) {
        Objects.requireNonNull(mask, "set: mask is null");
        Providers.routines().assign("set", this, mask, value);
        return this;
    }

    /** Assigns into the selected view: {@code value} is an NDArray or a Java number, broadcast and cast as NumPy. */
    public NDArray set(String index, Object value) {
        Objects.requireNonNull(index, "set: index is null");
        try (NDArray target = get(index)) {
            Copies.assign("set", target, value);
        }
        return this;
    }

    /** Assigns {@code value} to every element: {@code a.fill(0)}. */
    public NDArray fill(Object value) {
        Copies.assign("fill", live("fill"), value);
        return this;
    }

    // ---------------------------------------------------------------- copies and casts

    /** A C-ordered copy. */
    public NDArray copy() { return copy(Order.C); }

    /** A copy in the given order ('K' keeps the layout as close as it can). */
    public NDArray copy(Order order) { Objects.requireNonNull(order, "copy: order is null"); return Copies.copy(live("copy"), dtype, order); }

    /** numpy.astype: a copy converted to {@code to} (unsafe casting, as NumPy's default). */
    public NDArray astype(DType to) {
        Objects.requireNonNull(to, "astype: to is null");
        if (symbol != null) return symbol.tracer().astype(this, to);
        return Copies.copy(live("astype"), to, Order.K);
    }

    /** numpy.astype by dtype name: "float32", "int64", ... */
    public NDArray astype(String to) {
        Objects.requireNonNull(to, "astype: to is null");
        if (symbol == null) live("astype");
        DType d;
        try {
            d = DType.of(to);
        } catch (DTypeException e) {
            throw new DTypeException("astype: " + e.getMessage(), e);
        }
        return astype(d);
    }

    /** The array on another device (a copy through the host unless it is already there). */
    public NDArray to(Device target) {
        Objects.requireNonNull(target, "to: target is null");
        live("to");
        if (target == device()) return this;
        try (var _ = target.use()) {
            return Nd.array(toBytes(), dtype, shape);
        }
    }

    // ---------------------------------------------------------------- to the host

    // a segment of a closed arena is freed memory: reading it returns garbage, writing it corrupts the heap
    private static void checkSegment(String op, MemorySegment segment) {
        if (!segment.scope().isAlive()) {
            throw new org.ndgpu.NdException(op + ": the MemorySegment's arena is closed; its memory was freed (pass a segment "
                    + "of a live arena)");
        }
    }

    /** The elements in C order as little-endian bytes in a native segment. */
    public MemorySegment toBytes() {
        live("toBytes");
        MemorySegment out = Arena.ofAuto().allocate(Math.max(nbytes(), 1), 16).asSlice(0, nbytes());
        copyTo(out);
        return out;
    }

    /** Copies the elements in C order into {@code dst} (native or heap, exactly nbytes() long). */
    public void copyTo(MemorySegment dst) {
        Objects.requireNonNull(dst, "copyTo: dst is null");
        live("copyTo");
        java.util.Objects.requireNonNull(dst, "dst");
        checkSegment("copyTo", dst);
        if (dst.isReadOnly()) throw new org.ndgpu.NdException("copyTo: the destination MemorySegment is read-only");
        if (dst.byteSize() != nbytes()) {
            throw new ShapeException("copyTo: the array has " + nbytes() + " bytes, the destination " + dst.byteSize());
        }
        NDArray c = isCContiguous() ? this : copy(Order.C);
        Device dev = device();
        if (nbytes() > 0) dev.backend().copyOut(dev.currentStream().backendStream(), c.buffer(), c.offset, dst, nbytes());
        if (c != this) c.close();
    }

    // each to*Array copies straight into the Java array when the dtype matches: one transfer, no staging copy here
    /** The elements in C order as a new float[] (cast as astype when the dtype differs): {@code a.toFloatArray()}. */
    public float[] toFloatArray() {
        live("toFloatArray");
        if (dtype != DType.FLOAT32) return HostData.toFloats(toBytes(), dtype);
        float[] out = new float[javaLength("toFloatArray")];
        copyTo(MemorySegment.ofArray(out));
        return out;
    }

    /** The elements in C order as a new double[] (complex: the real parts). */
    public double[] toDoubleArray() {
        live("toDoubleArray");
        if (dtype != DType.FLOAT64) return HostData.toDoubles(toBytes(), dtype);
        double[] out = new double[javaLength("toDoubleArray")];
        copyTo(MemorySegment.ofArray(out));
        return out;
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
        Objects.requireNonNull(out, "toFloatArray: out is null");
        live("toFloatArray");
        checkHostLength("toFloatArray", out.length);
        if (dtype != DType.FLOAT32) System.arraycopy(HostData.toFloats(toBytes(), dtype), 0, out, 0, out.length);
        else copyTo(MemorySegment.ofArray(out));
        return out;
    }

    /** As {@link #toFloatArray(float[])}, into an existing {@code double[]} of exactly {@code size()} elements. */
    public double[] toDoubleArray(double[] out) {
        Objects.requireNonNull(out, "toDoubleArray: out is null");
        live("toDoubleArray");
        checkHostLength("toDoubleArray", out.length);
        if (dtype != DType.FLOAT64) System.arraycopy(HostData.toDoubles(toBytes(), dtype), 0, out, 0, out.length);
        else copyTo(MemorySegment.ofArray(out));
        return out;
    }

    // a Java array holds at most 2^31 - 1 elements
    private int javaLength(String op) {
        long n = size();
        if (n > Integer.MAX_VALUE - 8) {
            throw new ShapeException(op + ": " + n + " elements do not fit a Java array (at most " + (Integer.MAX_VALUE - 8)
                    + "); copy slices, or use copyTo(MemorySegment)");
        }
        return (int) n;
    }

    private void checkHostLength(String op, int length) {
        if (length != size()) {
            throw new ShapeException(op + ": the array has " + size() + " elements (shape " + Shapes.str(shape)
                    + "), the destination array " + length);
        }
    }

    /** The elements in C order as a new long[] (floats truncate as a C cast). */
    public long[] toLongArray() {
        live("toLongArray");
        if (dtype != DType.INT64) return HostData.toLongs(toBytes(), dtype);
        long[] out = new long[javaLength("toLongArray")];
        copyTo(MemorySegment.ofArray(out));
        return out;
    }

    /** The elements in C order as a new int[]. */
    public int[] toIntArray() {
        live("toIntArray");
        if (dtype != DType.INT32) return HostData.toInts(toBytes(), dtype);
        int[] out = new int[javaLength("toIntArray")];
        copyTo(MemorySegment.ofArray(out));
        return out;
    }

    /** The elements in C order as a new boolean[] (non-zero is true). */
    public boolean[] toBooleanArray() { return HostData.toBooleans(live("toBooleanArray").toBytes(), dtype); }

    /** numpy.ndarray.tolist in Java: nested primitive arrays of the dtype's Java type (a boxed scalar for 0-d). */
    public Object toArray() { return HostData.nested(live("toArray").toBytes(), dtype, shape); }

    /** The one element as a Java value: Double, Float, Long, Integer, Short, Byte, Boolean, or double[]{re, im}. */
    public Object item() {
        live("item");
        if (size() != 1) {
            throw new ShapeException("item: can only convert an array of size 1 to a Java scalar, got shape " + Shapes.str(shape));
        }
        return HostData.scalar(toBytes(), dtype);
    }

    /** The one element as a double. */
    public double doubleValue() {
        live("doubleValue");
        if (size() != 1) throw new ShapeException("doubleValue: expected an array of size 1, got shape " + Shapes.str(shape));
        return toDoubleArray()[0];
    }

    /** NumPy's repr: {@code array([[1., 2.],\n       [3., 4.]], dtype=float32)}. */
    @Override
    public String toString() {
        if (closed) return "array(<closed>, dtype=" + dtype + ", shape=" + Shapes.str(shape) + ")";
        if (symbol != null) return "array(<symbolic: traced by fuse>, dtype=" + dtype + ", shape=" + Shapes.str(shape) + ")";
        return Providers.routines().repr(this);
    }

    /** NumPy's str: {@code [[1. 2.]\n [3. 4.]]}. */
    public String str() {
        live("str");
        return Providers.routines().str(this);
    }

    /** The array as a host {@link org.ndgpu.ndarray.HostArray} in C order (what Nd.save writes). */
    public org.ndgpu.ndarray.HostArray toHost() {
        live("toHost");
        MemorySegment bytes = toBytes();
        return new HostArray(dtype, shape(), false, java.nio.ByteBuffer.wrap(bytes.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
    }

    // ---------------------------------------------------------------- elementwise (module kernels-elementwise)

    private NDArray u(Ufunc op, Object... operands) { return Providers.ufuncs(operands).call(op, null, operands); }

    /** numpy.add, elementwise on the device: {@code a.add(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray add(Object other) { return u(Ufunc.ADD, this, other); }

    /** numpy.subtract, elementwise on the device: {@code a.sub(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray sub(Object other) { return u(Ufunc.SUBTRACT, this, other); }

    /** numpy.multiply, elementwise on the device: {@code a.mul(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray mul(Object other) { return u(Ufunc.MULTIPLY, this, other); }

    /** numpy.true_divide, elementwise on the device: {@code a.div(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray div(Object other) { return u(Ufunc.TRUE_DIVIDE, this, other); }

    /** numpy.floor_divide, elementwise on the device: {@code a.floorDiv(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray floorDiv(Object other) { return u(Ufunc.FLOOR_DIVIDE, this, other); }

    /** numpy.remainder, elementwise on the device: {@code a.mod(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray mod(Object other) { return u(Ufunc.REMAINDER, this, other); }

    /** numpy.power, elementwise on the device: {@code a.pow(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray pow(Object other) { return u(Ufunc.POWER, this, other); }

    /** numpy.maximum, elementwise on the device: {@code a.maximum(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray maximum(Object other) { return u(Ufunc.MAXIMUM, this, other); }

    /** numpy.minimum, elementwise on the device: {@code a.minimum(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray minimum(Object other) { return u(Ufunc.MINIMUM, this, other); }

    /** numpy.arctan2, elementwise on the device: {@code a.arctan2(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray arctan2(Object other) { return u(Ufunc.ARCTAN2, this, other); }

    /** numpy.hypot, elementwise on the device: {@code a.hypot(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray hypot(Object other) { return u(Ufunc.HYPOT, this, other); }

    /** numpy.equal, elementwise on the device: {@code a.eq(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray eq(Object other) { return u(Ufunc.EQUAL, this, other); }

    /** numpy.not_equal, elementwise on the device: {@code a.ne(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray ne(Object other) { return u(Ufunc.NOT_EQUAL, this, other); }

    /** numpy.less, elementwise on the device: {@code a.lt(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray lt(Object other) { return u(Ufunc.LESS, this, other); }

    /** numpy.less_equal, elementwise on the device: {@code a.le(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray le(Object other) { return u(Ufunc.LESS_EQUAL, this, other); }

    /** numpy.greater, elementwise on the device: {@code a.gt(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray gt(Object other) { return u(Ufunc.GREATER, this, other); }

    /** numpy.greater_equal, elementwise on the device: {@code a.ge(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray ge(Object other) { return u(Ufunc.GREATER_EQUAL, this, other); }

    /** numpy.logical_and, elementwise on the device: {@code a.logicalAnd(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalAnd(Object other) { return u(Ufunc.LOGICAL_AND, this, other); }

    /** numpy.logical_or, elementwise on the device: {@code a.logicalOr(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalOr(Object other) { return u(Ufunc.LOGICAL_OR, this, other); }

    /** numpy.logical_xor, elementwise on the device: {@code a.logicalXor(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray logicalXor(Object other) { return u(Ufunc.LOGICAL_XOR, this, other); }

    /** numpy.bitwise_and, elementwise on the device: {@code a.bitwiseAnd(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseAnd(Object other) { return u(Ufunc.BITWISE_AND, this, other); }

    /** numpy.bitwise_or, elementwise on the device: {@code a.bitwiseOr(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseOr(Object other) { return u(Ufunc.BITWISE_OR, this, other); }

    /** numpy.bitwise_xor, elementwise on the device: {@code a.bitwiseXor(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray bitwiseXor(Object other) { return u(Ufunc.BITWISE_XOR, this, other); }

    /** numpy.left_shift, elementwise on the device: {@code a.leftShift(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray leftShift(Object other) { return u(Ufunc.LEFT_SHIFT, this, other); }

    /** numpy.right_shift, elementwise on the device: {@code a.rightShift(b)}; b is an NDArray or a Java number (broadcast, NEP 50 promotion). */
    public NDArray rightShift(Object other) { return u(Ufunc.RIGHT_SHIFT, this, other); }

    /** numpy.negative, elementwise on the device: {@code a.neg()}. */
    public NDArray neg() { return u(Ufunc.NEGATIVE, this); }

    /** numpy.absolute, elementwise on the device: {@code a.abs()}. */
    public NDArray abs() { return u(Ufunc.ABSOLUTE, this); }

    /** numpy.sign, elementwise on the device: {@code a.sign()}. */
    public NDArray sign() { return u(Ufunc.SIGN, this); }

    /** numpy.exp, elementwise on the device: {@code a.exp()}. */
    public NDArray exp() { return u(Ufunc.EXP, this); }

    /** numpy.expm1, elementwise on the device: {@code a.expm1()}. */
    public NDArray expm1() { return u(Ufunc.EXPM1, this); }

    /** numpy.log, elementwise on the device: {@code a.log()}. */
    public NDArray log() { return u(Ufunc.LOG, this); }

    /** numpy.log1p, elementwise on the device: {@code a.log1p()}. */
    public NDArray log1p() { return u(Ufunc.LOG1P, this); }

    /** numpy.log2, elementwise on the device: {@code a.log2()}. */
    public NDArray log2() { return u(Ufunc.LOG2, this); }

    /** numpy.log10, elementwise on the device: {@code a.log10()}. */
    public NDArray log10() { return u(Ufunc.LOG10, this); }

    /** numpy.sqrt, elementwise on the device: {@code a.sqrt()}. */
    public NDArray sqrt() { return u(Ufunc.SQRT, this); }

    /** numpy.cbrt, elementwise on the device: {@code a.cbrt()}. */
    public NDArray cbrt() { return u(Ufunc.CBRT, this); }

    /** numpy.square, elementwise on the device: {@code a.square()}. */
    public NDArray square() { return u(Ufunc.SQUARE, this); }

    /** numpy.reciprocal, elementwise on the device: {@code a.reciprocal()}. */
    public NDArray reciprocal() { return u(Ufunc.RECIPROCAL, this); }

    /** numpy.sin, elementwise on the device: {@code a.sin()}. */
    public NDArray sin() { return u(Ufunc.SIN, this); }

    /** numpy.cos, elementwise on the device: {@code a.cos()}. */
    public NDArray cos() { return u(Ufunc.COS, this); }

    /** numpy.tan, elementwise on the device: {@code a.tan()}. */
    public NDArray tan() { return u(Ufunc.TAN, this); }

    /** numpy.arcsin, elementwise on the device: {@code a.arcsin()}. */
    public NDArray arcsin() { return u(Ufunc.ARCSIN, this); }

    /** numpy.arccos, elementwise on the device: {@code a.arccos()}. */
    public NDArray arccos() { return u(Ufunc.ARCCOS, this); }

    /** numpy.arctan, elementwise on the device: {@code a.arctan()}. */
    public NDArray arctan() { return u(Ufunc.ARCTAN, this); }

    /** numpy.sinh, elementwise on the device: {@code a.sinh()}. */
    public NDArray sinh() { return u(Ufunc.SINH, this); }

    /** numpy.cosh, elementwise on the device: {@code a.cosh()}. */
    public NDArray cosh() { return u(Ufunc.COSH, this); }

    /** numpy.tanh, elementwise on the device: {@code a.tanh()}. */
    public NDArray tanh() { return u(Ufunc.TANH, this); }

    /** numpy.floor, elementwise on the device: {@code a.floor()}. */
    public NDArray floor() { return u(Ufunc.FLOOR, this); }

    /** numpy.ceil, elementwise on the device: {@code a.ceil()}. */
    public NDArray ceil() { return u(Ufunc.CEIL, this); }

    /** numpy.rint, elementwise on the device: {@code a.rint()}. */
    public NDArray rint() { return u(Ufunc.RINT, this); }

    /** numpy.trunc, elementwise on the device: {@code a.trunc()}. */
    public NDArray trunc() { return u(Ufunc.TRUNC, this); }

    /** numpy.logical_not, elementwise on the device: {@code a.logicalNot()}. */
    public NDArray logicalNot() { return u(Ufunc.LOGICAL_NOT, this); }

    /** numpy.invert, elementwise on the device: {@code a.bitwiseNot()}. */
    public NDArray bitwiseNot() { return u(Ufunc.INVERT, this); }

    /** numpy.isnan, elementwise on the device: {@code a.isnan()}. */
    public NDArray isnan() { return u(Ufunc.ISNAN, this); }

    /** numpy.isinf, elementwise on the device: {@code a.isinf()}. */
    public NDArray isinf() { return u(Ufunc.ISINF, this); }

    /** numpy.isfinite, elementwise on the device: {@code a.isfinite()}. */
    public NDArray isfinite() { return u(Ufunc.ISFINITE, this); }

    /** numpy.real, elementwise on the device: {@code a.real()}. */
    public NDArray real() { return u(Ufunc.REAL, this); }

    /** numpy.imag, elementwise on the device: {@code a.imag()}. */
    public NDArray imag() { return u(Ufunc.IMAG, this); }

    /** numpy.conjugate, elementwise on the device: {@code a.conj()}. */
    public NDArray conj() { return u(Ufunc.CONJUGATE, this); }

    /** numpy.clip; lo or hi may be null for no bound. */
    public NDArray clip(Object lo, Object hi) { return Providers.ufuncs(this, lo, hi).clip(this, lo, hi, null); }

    // ---------------------------------------------------------------- reductions (module kernels-reduction)

    private NDArray r(Reduction op, int[] axes, boolean keepdims, int ddof) {
        return Providers.reductions(this).reduce(op, this, axes, keepdims, null, ddof);
    }

    /** numpy.sum over all elements: {@code a.sum()}. */
    public NDArray sum() { return r(Reduction.SUM, null, false, 0); }

    /** numpy.sum along one axis (negative counts from the end): {@code a.sum(0)}. */
    public NDArray sum(int axis) { return r(Reduction.SUM, new int[]{axis}, false, 0); }

    /** numpy.sum over the given axes, keepdims as NumPy: {@code a.sum(new int[]{0, 1}, true)}. */
    public NDArray sum(int[] axes, boolean keepdims) { return r(Reduction.SUM, axes, keepdims, 0); }

    /** numpy.prod over all elements: {@code a.prod()}. */
    public NDArray prod() { return r(Reduction.PROD, null, false, 0); }

    /** numpy.prod along one axis (negative counts from the end): {@code a.prod(0)}. */
    public NDArray prod(int axis) { return r(Reduction.PROD, new int[]{axis}, false, 0); }

    /** numpy.prod over the given axes, keepdims as NumPy: {@code a.prod(new int[]{0, 1}, true)}. */
    public NDArray prod(int[] axes, boolean keepdims) { return r(Reduction.PROD, axes, keepdims, 0); }

    /** numpy.mean over all elements: {@code a.mean()}. */
    public NDArray mean() { return r(Reduction.MEAN, null, false, 0); }

    /** numpy.mean along one axis (negative counts from the end): {@code a.mean(0)}. */
    public NDArray mean(int axis) { return r(Reduction.MEAN, new int[]{axis}, false, 0); }

    /** numpy.mean over the given axes, keepdims as NumPy: {@code a.mean(new int[]{0, 1}, true)}. */
    public NDArray mean(int[] axes, boolean keepdims) { return r(Reduction.MEAN, axes, keepdims, 0); }

    /** numpy.var over all elements: {@code a.var()}. */
    public NDArray var() { return r(Reduction.VAR, null, false, 0); }

    /** numpy.var along one axis (negative counts from the end): {@code a.var(0)}. */
    public NDArray var(int axis) { return r(Reduction.VAR, new int[]{axis}, false, 0); }

    /** numpy.var over the given axes, keepdims as NumPy: {@code a.var(new int[]{0, 1}, true)}. */
    public NDArray var(int[] axes, boolean keepdims) { return r(Reduction.VAR, axes, keepdims, 0); }

    /** numpy.var over the given axes, keepdims as NumPy, with ddof: {@code a.var(new int[]{0, 1}, true)}. */
    public NDArray var(int[] axes, boolean keepdims, int ddof) { return r(Reduction.VAR, axes, keepdims, ddof); }

    /** numpy.std over all elements: {@code a.std()}. */
    public NDArray std() { return r(Reduction.STD, null, false, 0); }

    /** numpy.std along one axis (negative counts from the end): {@code a.std(0)}. */
    public NDArray std(int axis) { return r(Reduction.STD, new int[]{axis}, false, 0); }

    /** numpy.std over the given axes, keepdims as NumPy: {@code a.std(new int[]{0, 1}, true)}. */
    public NDArray std(int[] axes, boolean keepdims) { return r(Reduction.STD, axes, keepdims, 0); }

    /** numpy.std over the given axes, keepdims as NumPy, with ddof: {@code a.std(new int[]{0, 1}, true)}. */
    public NDArray std(int[] axes, boolean keepdims, int ddof) { return r(Reduction.STD, axes, keepdims, ddof); }

    /** numpy.min over all elements: {@code a.min()}. */
    public NDArray min() { return r(Reduction.MIN, null, false, 0); }

    /** numpy.min along one axis (negative counts from the end): {@code a.min(0)}. */
    public NDArray min(int axis) { return r(Reduction.MIN, new int[]{axis}, false, 0); }

    /** numpy.min over the given axes, keepdims as NumPy: {@code a.min(new int[]{0, 1}, true)}. */
    public NDArray min(int[] axes, boolean keepdims) { return r(Reduction.MIN, axes, keepdims, 0); }

    /** numpy.max over all elements: {@code a.max()}. */
    public NDArray max() { return r(Reduction.MAX, null, false, 0); }

    /** numpy.max along one axis (negative counts from the end): {@code a.max(0)}. */
    public NDArray max(int axis) { return r(Reduction.MAX, new int[]{axis}, false, 0); }

    /** numpy.max over the given axes, keepdims as NumPy: {@code a.max(new int[]{0, 1}, true)}. */
    public NDArray max(int[] axes, boolean keepdims) { return r(Reduction.MAX, axes, keepdims, 0); }

    /** numpy.argmin over all elements: {@code a.argmin()}. */
    public NDArray argmin() { return r(Reduction.ARGMIN, null, false, 0); }

    /** numpy.argmin along one axis (negative counts from the end): {@code a.argmin(0)}. */
    public NDArray argmin(int axis) { return r(Reduction.ARGMIN, new int[]{axis}, false, 0); }

    /** numpy.argmin over the given axes, keepdims as NumPy: {@code a.argmin(new int[]{0, 1}, true)}. */
    public NDArray argmin(int[] axes, boolean keepdims) { return r(Reduction.ARGMIN, axes, keepdims, 0); }

    /** numpy.argmax over all elements: {@code a.argmax()}. */
    public NDArray argmax() { return r(Reduction.ARGMAX, null, false, 0); }

    /** numpy.argmax along one axis (negative counts from the end): {@code a.argmax(0)}. */
    public NDArray argmax(int axis) { return r(Reduction.ARGMAX, new int[]{axis}, false, 0); }

    /** numpy.argmax over the given axes, keepdims as NumPy: {@code a.argmax(new int[]{0, 1}, true)}. */
    public NDArray argmax(int[] axes, boolean keepdims) { return r(Reduction.ARGMAX, axes, keepdims, 0); }

    /** numpy.all over all elements: {@code a.all()}. */
    public NDArray all() { return r(Reduction.ALL, null, false, 0); }

    /** numpy.all along one axis (negative counts from the end): {@code a.all(0)}. */
    public NDArray all(int axis) { return r(Reduction.ALL, new int[]{axis}, false, 0); }

    /** numpy.all over the given axes, keepdims as NumPy: {@code a.all(new int[]{0, 1}, true)}. */
    public NDArray all(int[] axes, boolean keepdims) { return r(Reduction.ALL, axes, keepdims, 0); }

    /** numpy.any over all elements: {@code a.any()}. */
    public NDArray any() { return r(Reduction.ANY, null, false, 0); }

    /** numpy.any along one axis (negative counts from the end): {@code a.any(0)}. */
    public NDArray any(int axis) { return r(Reduction.ANY, new int[]{axis}, false, 0); }

    /** numpy.any over the given axes, keepdims as NumPy: {@code a.any(new int[]{0, 1}, true)}. */
    public NDArray any(int[] axes, boolean keepdims) { return r(Reduction.ANY, axes, keepdims, 0); }

    /** numpy.cumsum over the flattened array: {@code a.cumsum()}. */
    public NDArray cumsum() { return Providers.reductions(this).scan(Scan.CUMSUM, this, null, null); }

    /** numpy.cumsum along an axis: {@code a.cumsum(0)}. */
    public NDArray cumsum(int axis) { return Providers.reductions(this).scan(Scan.CUMSUM, this, axis, null); }

    /** numpy.cumprod over the flattened array. */
    public NDArray cumprod() { return Providers.reductions(this).scan(Scan.CUMPROD, this, null, null); }

    /** numpy.cumprod along an axis: {@code a.cumprod(1)}. */
    public NDArray cumprod(int axis) { return Providers.reductions(this).scan(Scan.CUMPROD, this, axis, null); }

    // ---------------------------------------------------------------- linear algebra (module linalg)

    /** numpy.matmul. */
    public NDArray matmul(NDArray other) { Objects.requireNonNull(other, "matmul: other is null"); return Providers.linalg().matmul(this, other, null); }

    /** numpy.dot. */
    public NDArray dot(NDArray other) { Objects.requireNonNull(other, "dot: other is null"); return Providers.linalg().dot(this, other); }

    static void sameDevice(String op, NDArray a, NDArray b) { Operands.device(op, a, b); }
}
