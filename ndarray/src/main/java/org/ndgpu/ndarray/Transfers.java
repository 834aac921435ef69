package org.ndgpu.ndarray;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;

/**
 * Transfers between the host and a device, and between devices: CuPy's asarray / asnumpy /
 * ndarray.get in Java terms (MemorySegments, Java arrays, boxed scalars, {@link HostArray}).
 */
public final class Transfers {
    private Transfers() {}

    /** A new array on {@code device} holding {@code data}: little-endian elements in C order. */
    public static NDArray fromHost(Device device, DType dtype, long[] shape, MemorySegment data) {
        Objects.requireNonNull(device, "fromHost: device is null");
        Objects.requireNonNull(dtype, "fromHost: dtype is null");
        Objects.requireNonNull(shape, "fromHost: shape is null");
        Objects.requireNonNull(data, "fromHost: data is null");
        checkSegment("array", data);
        NDArray a = Creation.empty(device, dtype, shape, Order.C);
        if (data.byteSize() != a.nbytes()) {
            throw new ShapeException("array: shape " + Shapes.str(shape) + " of " + dtype + " needs " + a.nbytes()
                    + " bytes of data, got " + data.byteSize());
        }
        Device dev = a.device();
        // heap segments (a Java float[]) go straight to the backend, which stages them itself
        if (a.nbytes() > 0) dev.backend().copyIn(dev.currentStream().backendStream(), data, a.buffer(), 0, a.nbytes());
        return a;
    }

    /** A host array made into a device array on the current device (Fortran order is made C order first). */
    public static NDArray fromHost(HostArray h) {
        Objects.requireNonNull(h, "fromHost: h is null");
        HostArray c = h.fortranOrder() ? h.toCOrder() : h;
        MemorySegment seg = Arena.ofAuto().allocate(Math.max(1, c.nbytes()), 16).asSlice(0, c.nbytes());
        seg.asByteBuffer().put(c.data());
        return fromHost(Device.current(), c.dtype(), c.shape(), seg);
    }

    /**
     * NDArray.to: the array on another device, a C-order copy, or a itself when it is already there.
     * Between two devices of a backend with a device-to-device path (CUDA: a peer copy,
     * {@link org.ndgpu.backend.Backend#copyPeer}) the copy stays on the devices; between OpenCL
     * devices (each has its own context) or between backends it goes through the host. Either way
     * it returns once the copy is complete: the source's current stream is finished first and the
     * target's after.
     */
    static NDArray to(NDArray a, Device target) {
        Objects.requireNonNull(target, "to: target is null");
        a.live("to");
        Device source = a.device();
        if (target == source) return a;
        if (a.nbytes() > 0 && target.backend().hasPeerPath(source.backend())) {
            NDArray peer = toPeer(a, source, target);
            if (peer != null) return peer;
        }
        try (var _ = target.use()) {
            return Creation.fromBytes(toBytes(a), a.dtype(), a.shape());
        }
    }

    /**
     * Nd.copyto between devices, when src and out are C-contiguous arrays of one dtype and shape: one
     * peer copy into out. False, with nothing done, when the backend has no device-to-device path.
     * Returns once the copy is complete, as {@link #to} does.
     */
    static boolean peerInto(NDArray src, NDArray out) {
        Device source = src.device(), target = out.device();
        if (out.nbytes() == 0 || !target.backend().hasPeerPath(source.backend())) return false;
        source.currentStream().synchronize();
        boolean copied = target.backend()
                .copyPeer(
                        target.currentStream().backendStream(),
                        source.backend(),
                        src.buffer(),
                        src.offset(),
                        out.buffer(),
                        out.offset(),
                        out.nbytes());
        if (copied) target.currentStream().synchronize();
        return copied;
    }

    // null when the backend has no device-to-device path between the two
    private static NDArray toPeer(NDArray a, Device source, Device target) {
        NDArray c = a.isCContiguous() ? a : a.copy(Order.C);
        NDArray out = Creation.empty(target, a.dtype(), a.shape(), Order.C);
        try {
            source.currentStream().synchronize();
            boolean copied = target.backend()
                    .copyPeer(
                            target.currentStream().backendStream(),
                            source.backend(),
                            c.buffer(),
                            c.offset(),
                            out.buffer(),
                            0,
                            a.nbytes());
            if (copied) {
                target.currentStream().synchronize();
                return out;
            }
            out.close();
            return null;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            if (c != a) c.close();
        }
    }

    // a segment of a closed arena is freed memory: reading it returns garbage, writing it corrupts the heap
    private static void checkSegment(String op, MemorySegment segment) {
        if (!segment.scope().isAlive()) {
            throw new NdException(op + ": the MemorySegment's arena is closed; its memory was freed (pass a segment "
                    + "of a live arena)");
        }
    }

    /** The elements in C order as little-endian bytes in a native segment. */
    static MemorySegment toBytes(NDArray a) {
        a.live("toBytes");
        MemorySegment out = Arena.ofAuto().allocate(Math.max(a.nbytes(), 1), 16).asSlice(0, a.nbytes());
        copyTo(a, out);
        return out;
    }

    /** Copies the elements in C order into {@code dst} (native or heap, exactly nbytes() long). */
    static void copyTo(NDArray a, MemorySegment dst) {
        Objects.requireNonNull(dst, "copyTo: dst is null");
        a.live("copyTo");
        checkSegment("copyTo", dst);
        if (dst.isReadOnly()) throw new NdException("copyTo: the destination MemorySegment is read-only");
        long nbytes = a.nbytes();
        if (dst.byteSize() != nbytes) {
            throw new ShapeException("copyTo: the array has " + nbytes + " bytes, the destination " + dst.byteSize());
        }
        NDArray c = a.isCContiguous() ? a : a.copy(Order.C);
        Device dev = a.device();
        if (nbytes > 0) dev.backend().copyOut(dev.currentStream().backendStream(), c.buffer(), c.offset(), dst, nbytes);
        if (c != a) c.close();
    }

    // each to*Array copies straight into the Java array when the dtype matches: one transfer, no staging copy here
    static float[] toFloatArray(NDArray a) {
        a.live("toFloatArray");
        int n = javaLength(a, "toFloatArray", 4);
        if (a.dtype() != DType.FLOAT32) return HostData.toFloats(toBytes(a), a.dtype());
        float[] out = new float[n];
        copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    static double[] toDoubleArray(NDArray a) {
        a.live("toDoubleArray");
        int n = javaLength(a, "toDoubleArray", 8);
        if (a.dtype() != DType.FLOAT64) return HostData.toDoubles(toBytes(a), a.dtype());
        double[] out = new double[n];
        copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    static float[] toFloatArray(NDArray a, float[] out) {
        Objects.requireNonNull(out, "toFloatArray: out is null");
        a.live("toFloatArray");
        checkHostLength(a, "toFloatArray", out.length);
        if (a.dtype() != DType.FLOAT32)
            System.arraycopy(HostData.toFloats(toBytes(a), a.dtype()), 0, out, 0, out.length);
        else copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    static double[] toDoubleArray(NDArray a, double[] out) {
        Objects.requireNonNull(out, "toDoubleArray: out is null");
        a.live("toDoubleArray");
        checkHostLength(a, "toDoubleArray", out.length);
        if (a.dtype() != DType.FLOAT64)
            System.arraycopy(HostData.toDoubles(toBytes(a), a.dtype()), 0, out, 0, out.length);
        else copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    static long[] toLongArray(NDArray a) {
        a.live("toLongArray");
        int n = javaLength(a, "toLongArray", 8);
        if (a.dtype() != DType.INT64) return HostData.toLongs(toBytes(a), a.dtype());
        long[] out = new long[n];
        copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    static boolean[] toBooleanArray(NDArray a) {
        javaLength(a.live("toBooleanArray"), "toBooleanArray", 1);
        return HostData.toBooleans(toBytes(a), a.dtype());
    }

    static Object toArray(NDArray a) {
        for (long d : a.shape()) Sizes.hostLength("toArray", "elements along one axis", d, 1);
        javaLength(a.live("toArray"), "toArray", a.dtype().itemsize());
        return HostData.nested(toBytes(a), a.dtype(), a.shape());
    }

    static int[] toIntArray(NDArray a) {
        a.live("toIntArray");
        int n = javaLength(a, "toIntArray", 4);
        if (a.dtype() != DType.INT32) return HostData.toInts(toBytes(a), a.dtype());
        int[] out = new int[n];
        copyTo(a, MemorySegment.ofArray(out));
        return out;
    }

    // a Java array holds at most 2^31 - 9 elements, and the heap what -Xmx allows: checked before any host buffer is
    // made
    static int javaLength(NDArray a, String op, int itemBytes) {
        try {
            return Sizes.hostLength(op, "elements", a.size(), itemBytes);
        } catch (ShapeException e) {
            throw new ShapeException(e.getMessage() + "; copy slices, or use copyTo(MemorySegment)");
        }
    }

    private static void checkHostLength(NDArray a, String op, int length) {
        if (length != a.size()) {
            throw new ShapeException(op + ": the array has " + a.size() + " elements (shape " + Shapes.str(a.shape())
                    + "), the destination array " + length);
        }
    }

    /** NDArray.item: the one element as a boxed Java value. */
    static Object item(NDArray a) {
        a.live("item");
        if (a.size() != 1) {
            throw new ShapeException(
                    "item: can only convert an array of size 1 to a Java scalar, got shape " + Shapes.str(a.shape()));
        }
        return HostData.scalar(toBytes(a), a.dtype());
    }

    /** NDArray.doubleValue: the one element as a double. */
    static double doubleValue(NDArray a) {
        a.live("doubleValue");
        if (a.size() != 1)
            throw new ShapeException("doubleValue: expected an array of size 1, got shape " + Shapes.str(a.shape()));
        return toDoubleArray(a)[0];
    }

    /** NDArray.toHost: the array as a host array in C order. */
    static HostArray toHost(NDArray a) {
        a.live("toHost");
        MemorySegment bytes = toBytes(a);
        return new HostArray(a.dtype(), a.shape(), false, ByteBuffer.wrap(bytes.toArray(ValueLayout.JAVA_BYTE)));
    }
}
