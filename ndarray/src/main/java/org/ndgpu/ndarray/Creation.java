package org.ndgpu.ndarray;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.spi.Tracer;

/**
 * Array creation, as NumPy's "array creation routines": from Java data (numpy.array), new
 * uninitialized or filled arrays (empty, zeros, ones, full, eye). The facades {@code Nd} and
 * {@code NDArray} delegate here; arange is in {@link Ranges}, the *_like forms in module routines.
 */
public final class Creation {
    private Creation() {}

    /** NDArray.symbolic: an array of a Fuse trace, with no memory. */
    static NDArray symbolic(DType dtype, long[] shape, Tracer.Symbol symbol) {
        Objects.requireNonNull(dtype, "symbolic: dtype is null");
        Objects.requireNonNull(shape, "symbolic: shape is null");
        Objects.requireNonNull(symbol, "symbolic: symbol is null");
        return NDArray.traced(dtype, shape, symbol);
    }

    /** A new uninitialized array on {@code device} in the given order (C or F). */
    public static NDArray empty(Device device, DType dtype, long[] shape, Order order) {
        // null checks inline rather than by Objects.requireNonNull: every op's output is made here, and each
        // call is a method invocation in the interpreter (same exceptions, same messages)
        if (device == null) throw new NullPointerException("empty: device is null");
        if (dtype == null) throw new NullPointerException("empty: dtype is null");
        if (shape == null) throw new NullPointerException("empty: shape is null");
        if (order == null) throw new NullPointerException("empty: order is null");
        for (long d : shape) {
            if (d < 0)
                throw new ShapeException("empty: negative dimensions are not allowed, got shape " + Shapes.str(shape));
        }
        long[] s = shape.clone();
        int itemsize = dtype.itemsize();
        long bytes = Sizes.bytes("empty", s, dtype);
        long n = bytes / itemsize;
        Allocation alloc = Allocation.allocate(device, bytes);
        long[] st = order == Order.F ? Shapes.fStrides(s, itemsize) : Shapes.cStrides(s, itemsize);
        if (bytes == 0 && s.length > 0 && n == 0)
            st = new long[s.length]; // NumPy 2 gives new empty arrays zero strides
        return NDArray.of(alloc, dtype, s, st, 0, false);
    }

    /** numpy.array of a Java primitive array nested to any depth, a Java number, boolean or Complex (0-d), or an NDArray (a copy). */
    public static NDArray array(Object javaArray) {
        if (javaArray instanceof NDArray a) return a.copy();
        if (javaArray instanceof Complex z) return z.toArray(org.ndgpu.device.Device.current(), DType.COMPLEX128);
        if (javaArray instanceof Number || javaArray instanceof Boolean) {
            DType d = DType.ofJavaValue(javaArray);
            return full(javaArray, d);
        }
        if (javaArray == null || !javaArray.getClass().isArray()) {
            throw new DTypeException("array: expected a Java primitive array (float[], double[][], ...), got "
                    + (javaArray == null ? "null" : javaArray.getClass().getSimpleName()));
        }
        List<Long> dims = new ArrayList<>();
        Object o = javaArray;
        Class<?> c = javaArray.getClass();
        while (c.isArray()) {
            dims.add((long) Array.getLength(o));
            c = c.getComponentType();
            o = Array.getLength(o) > 0 ? Array.get(o, 0) : null;
            if (o == null && c.isArray()) break;
        }
        while (c.isArray()) { // levels below an empty one still count, as float[0][] is 2-d: shape (0, 0)
            dims.add(0L);
            c = c.getComponentType();
        }
        DType d = HostData.dtypeOfJava(c, "array");
        long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
        boolean bulk = d != DType.BOOL && d != DType.COMPLEX128; // Complex[] holds objects
        if (shape.length == 1 && bulk) {
            // a flat primitive array is already C-order little-endian bytes: one transfer, no copy here
            return Transfers.fromHost(Device.current(), d, shape, HostData.segmentOf(javaArray));
        }
        MemorySegment seg = Arena.ofAuto()
                .allocate(Math.max(1, Shapes.size(shape) * d.itemsize()), 16)
                .asSlice(0, Shapes.size(shape) * d.itemsize());
        long[] next = {0};
        flatten(javaArray, shape, 0, seg, d, next, bulk);
        return Transfers.fromHost(Device.current(), d, shape, seg);
    }

    private static void flatten(
            Object arr, long[] shape, int level, MemorySegment seg, DType d, long[] next, boolean bulk) {
        int len = Array.getLength(arr);
        if (len != shape[level]) {
            throw new ShapeException("array: ragged nested array: a row at depth " + level + " has length " + len
                    + ", expected " + shape[level]);
        }
        if (level == shape.length - 1 && bulk) {
            // a row of a primitive type: one bulk copy instead of an element at a time
            MemorySegment row = HostData.segmentOf(arr);
            MemorySegment.copy(row, 0, seg, next[0] * d.itemsize(), row.byteSize());
            next[0] += len;
            return;
        }
        for (int k = 0; k < len; k++) {
            if (level < shape.length - 1) {
                Object row = Array.get(arr, k);
                if (row == null) throw new ShapeException("array: null row at depth " + (level + 1));
                flatten(row, shape, level + 1, seg, d, next, bulk);
                continue;
            }
            long i = next[0]++;
            switch (d) {
                case BOOL -> HostData.put(seg, d, i, 0, 0, Array.getBoolean(arr, k) ? 1 : 0, true);
                case FLOAT32, FLOAT64 -> HostData.put(seg, d, i, Array.getDouble(arr, k), 0, 0, false);
                case COMPLEX128 -> {
                    if (!(Array.get(arr, k) instanceof Complex z)) throw new DTypeException("array: null Complex");
                    HostData.put(seg, d, i, z.re(), z.im(), 0, false);
                }
                default -> HostData.put(seg, d, i, 0, 0, Array.getLong(arr, k), true);
            }
        }
    }

    /** numpy.asarray(data, dtype).reshape(shape) of Java data; an empty shape keeps a 1-d source's. */
    public static NDArray array(Object data, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "array: dtype is null");
        Objects.requireNonNull(shape, "array: shape is null");
        try (NDArray src = array(data)) {
            NDArray flat = src.dtype() == dtype ? src.copy() : src.astype(dtype);
            if (shape.length == 0 && src.ndim() == 1) shape = src.shape();
            try (flat) {
                return flat.reshape(shape).copy();
            }
        }
    }

    /** An array on the current device from little-endian C-order bytes. */
    public static NDArray fromBytes(MemorySegment bytes, DType dtype, long... shape) {
        Objects.requireNonNull(bytes, "array: bytes is null");
        Objects.requireNonNull(dtype, "array: dtype is null");
        Objects.requireNonNull(shape, "array: shape is null");
        return Transfers.fromHost(Device.current(), dtype, shape, bytes);
    }

    /** numpy.empty(shape, dtype) on the current device. */
    public static NDArray empty(DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "empty: dtype is null");
        Objects.requireNonNull(shape, "empty: shape is null");
        return empty(Device.current(), dtype, shape, Order.C);
    }

    /** numpy.empty(shape, dtype, order) on the current device. */
    public static NDArray empty(DType dtype, Order order, long... shape) {
        Objects.requireNonNull(dtype, "empty: dtype is null");
        Objects.requireNonNull(order, "empty: order is null");
        Objects.requireNonNull(shape, "empty: shape is null");
        return empty(Device.current(), dtype, shape, order);
    }

    /** numpy.zeros(shape, dtype): a device memset. */
    public static NDArray zeros(DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "zeros: dtype is null");
        Objects.requireNonNull(shape, "zeros: shape is null");
        NDArray a = empty(dtype, shape);
        var dev = a.device();
        dev.backend().fill(dev.currentStream().backendStream(), a.buffer(), a.offset(), a.nbytes(), (byte) 0);
        return a;
    }

    /** numpy.ones(shape, dtype). */
    public static NDArray ones(DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "ones: dtype is null");
        Objects.requireNonNull(shape, "ones: shape is null");
        return full(1, dtype, shape);
    }

    /** numpy.full(shape, value, dtype); the array is closed again if the value cannot be assigned. */
    public static NDArray full(Object value, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "full: dtype is null");
        Objects.requireNonNull(shape, "full: shape is null");
        NDArray a = empty(dtype, shape);
        try {
            Copies.assign("full", a, value);
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
        return a;
    }

    /** numpy.eye(n, m, k, dtype): zeros with ones on the k-th diagonal. */
    public static NDArray eye(long n, long m, long k, DType dtype) {
        Objects.requireNonNull(dtype, "eye: dtype is null");
        if (n < 0 || m < 0)
            throw new ShapeException("eye: negative dimensions are not allowed, got N=" + n + ", M=" + m);
        Sizes.bytes("eye", new long[] {n, m}, dtype);
        NDArray out = zeros(dtype, n, m);
        long len = k >= 0 ? Math.min(n, m - k) : Math.min(n + k, m);
        if (len > 0) {
            long start = (k >= 0 ? k : -k * m) * dtype.itemsize();
            try (NDArray diag = out.view(new long[] {len}, new long[] {(m + 1) * dtype.itemsize()}, start)) {
                diag.fill(1);
            }
        }
        return out;
    }
}
