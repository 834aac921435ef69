package org.ndgpu.routines.io;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;
import org.ndgpu.ndarray.Shapes;

/**
 * DLPack, the exchange format every array library speaks (dlpack.h, the legacy
 * {@code DLManagedTensor} that {@code __dlpack__()} hands out): export and import without a copy,
 * through java.lang.foreign structs.
 *
 * <p>Export ({@code a.toDlpack()}) gives a {@code DLManagedTensor*} that keeps a view of the array
 * alive until the consumer calls its {@code deleter}, exactly once. Import
 * ({@code Nd.fromDlpack(tensor)}) takes ownership of the producer's tensor: the array and its views
 * use the producer's memory, and the producer's deleter runs when the last of them is released
 * (after the device's streams are drained). CUDA tensors ({@code kDLCUDA}) come from any producer,
 * checked by the driver to lie in one allocation; OpenCL tensors ({@code kDLOpenCL}, whose data is a
 * cl_mem) only from ndgpu itself, since a cl_mem cannot be checked without handing it to the driver.
 *
 * <p>As NumPy and CuPy: a tensor is consumed by its first import (Python renames the capsule
 * {@code "used_dltensor"}; here the importer remembers it), and a second import is refused, since
 * the memory belongs to the first import and may be reused once its deleter has run. A read-only
 * array (a {@code broadcastTo} view) is not exported: the legacy DLManagedTensor cannot say
 * read-only, so a consumer's writes would reach the repeated elements of its base (NumPy's
 * {@code __dlpack__()} raises BufferError); {@code a.toDlpack(true)} exports a copy, as
 * {@code __dlpack__(copy=True)}.
 */
// a binding of dlpack.h's structs and function pointers: reading a producer's pointers, an upcall
// for our deleter and a downcall to theirs are the point of the class
@SuppressWarnings("restricted")
public final class DLPack {
    private DLPack() {}

    private static final System.Logger LOG = System.getLogger("org.ndgpu");

    // dlpack.h: DLDeviceType and DLDataTypeCode
    static final int KDL_CPU = 1, KDL_CUDA = 2, KDL_OPENCL = 4;
    static final int KDL_INT = 0, KDL_UINT = 1, KDL_FLOAT = 2, KDL_COMPLEX = 5, KDL_BOOL = 6;

    // DLManagedTensor { DLTensor { void* data; DLDevice { int32 type; int32 id }; int32 ndim;
    //   DLDataType { uint8 code; uint8 bits; uint16 lanes }; int64* shape; int64* strides; uint64 byte_offset };
    //   void* manager_ctx; void (*deleter)(DLManagedTensor*) }
    static final long DATA = 0,
            DEVICE_TYPE = 8,
            DEVICE_ID = 12,
            NDIM = 16,
            CODE = 20,
            BITS = 21,
            LANES = 22,
            SHAPE = 24,
            STRIDES = 32,
            BYTE_OFFSET = 40,
            MANAGER_CTX = 48,
            DELETER = 56,
            SIZE = 64;
    static final int MAX_NDIM = 64;

    /** What an exported tensor keeps alive until its deleter runs: a view of the array and the struct's memory. */
    private record Export(NDArray view, Arena arena) {}

    private static final Map<Long, Export> EXPORTS = new ConcurrentHashMap<>();
    // the tensors an import holds (their deleter not yet called), by address: a second import is refused
    private static final java.util.Set<Long> CONSUMED = ConcurrentHashMap.newKeySet();
    private static final AtomicLong NEXT = new AtomicLong(1);
    private static final MemorySegment DELETER_STUB = deleterStub();

    private static MemorySegment deleterStub() {
        try {
            MethodHandle h = MethodHandles.lookup()
                    .findStatic(DLPack.class, "deleter", MethodType.methodType(void.class, MemorySegment.class));
            return Linker.nativeLinker().upcallStub(h, FunctionDescriptor.ofVoid(ADDRESS), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Exported tensors whose deleter has not run yet (for tests and leak checks). */
    static int liveExports() {
        return EXPORTS.size();
    }

    /** {@code a.toDlpack()}: a DLManagedTensor over {@code a}'s memory; the consumer calls its deleter once. */
    public static MemorySegment export(NDArray a) {
        a.live("toDlpack");
        if (!a.isWriteable()) {
            throw new NdException(
                    "toDlpack: cannot export a read-only array (a broadcastTo view, whose elements repeat memory of its base):"
                            + " a DLManagedTensor cannot mark it read-only, so a consumer's writes would reach the base; export a copy with"
                            + " toDlpack(true), as NumPy's __dlpack__(copy=True)");
        }
        Device device = a.device();
        int[] kind = deviceOf(device);
        int[] code = codeOf(a.dtype());
        if (code[0] < 0) {
            throw new DTypeException("toDlpack: expected a boolean, integer, float or complex array, got " + a.dtype()
                    + " (DLPack has no datetime or timedelta type; export a.viewAs(DType.INT64))");
        }
        int item = a.itemsize();
        long[] shape = a.shape(), strides = a.strides();
        // holds the memory until the deleter runs, past the caller's scope
        NDArray view = Scope.unscoped(() -> a.view(shape, strides, a.offset()));
        // freed by the GC once the deleter has dropped it: closing it inside the deleter would fail,
        // since the consumer's call into the deleter holds the struct's memory
        Arena arena = Arena.ofAuto();
        try {
            MemorySegment t = arena.allocate(SIZE + 16L * Math.max(1, shape.length), 8);
            MemorySegment shapes = t.asSlice(SIZE, 8L * Math.max(1, shape.length));
            MemorySegment elementStrides =
                    t.asSlice(SIZE + 8L * Math.max(1, shape.length), 8L * Math.max(1, shape.length));
            for (int i = 0; i < shape.length; i++) {
                shapes.setAtIndex(JAVA_LONG, i, shape[i]);
                elementStrides.setAtIndex(JAVA_LONG, i, strides[i] / item);
            }
            long id = NEXT.getAndIncrement();
            t.set(ADDRESS, DATA, MemorySegment.ofAddress(a.buffer().handle()));
            t.set(JAVA_INT, DEVICE_TYPE, kind[0]);
            t.set(JAVA_INT, DEVICE_ID, kind[1]);
            t.set(JAVA_INT, NDIM, shape.length);
            t.set(JAVA_BYTE, CODE, (byte) code[0]);
            t.set(JAVA_BYTE, BITS, (byte) code[1]);
            t.set(JAVA_SHORT, LANES, (short) 1);
            t.set(ADDRESS, SHAPE, shapes);
            t.set(ADDRESS, STRIDES, elementStrides);
            t.set(JAVA_LONG, BYTE_OFFSET, a.offset());
            t.set(ADDRESS, MANAGER_CTX, MemorySegment.ofAddress(id));
            t.set(ADDRESS, DELETER, DELETER_STUB);
            EXPORTS.put(id, new Export(view, arena));
            return t.asSlice(0, SIZE);
        } catch (RuntimeException | Error e) {
            view.close();
            throw e;
        }
    }

    // called by the consumer through DELETER_STUB; an exception must not reach native code
    @SuppressWarnings("unused")
    private static void deleter(MemorySegment self) {
        try {
            long id = self.reinterpret(SIZE).get(ADDRESS, MANAGER_CTX).address();
            Export e = EXPORTS.remove(id);
            if (e == null) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "DLPack deleter called for a tensor ndgpu does not hold (called twice?): ctx " + id);
                return;
            }
            e.view().close();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.ERROR, "DLPack deleter failed", t);
        }
    }

    /** {@code Nd.fromDlpack(tensor)}: an array over the producer's memory; the producer's deleter runs when it is released. */
    public static NDArray importTensor(MemorySegment tensor) {
        String op = "fromDlpack";
        java.util.Objects.requireNonNull(tensor, "fromDlpack: tensor is null");
        if (!tensor.scope().isAlive()) throw new NdException(op + ": the tensor's memory segment is closed");
        if (!tensor.isNative())
            throw new NdException(
                    op + ": expected a native DLManagedTensor*, got a heap segment of " + tensor.byteSize() + " bytes");
        if (tensor.address() == 0) throw new NdException(op + ": the tensor pointer is NULL");
        if (tensor.byteSize() != 0 && tensor.byteSize() < SIZE) {
            throw new NdException(op + ": a DLManagedTensor has " + SIZE + " bytes, the segment " + tensor.byteSize());
        }
        MemorySegment t = tensor.reinterpret(SIZE);
        MemorySegment deleter = t.get(ADDRESS, DELETER);
        consume(op, t, deleter);
        try {
            return importConsumed(op, t, deleter);
        } catch (RuntimeException | Error e) {
            CONSUMED.remove(t.address()); // a refused tensor stays the caller's, as a capsule that was not renamed
            throw e;
        }
    }

    /**
     * Claims {@code t} for one import: a tensor an earlier import holds, or one of ndgpu's own exports
     * whose deleter has run, is refused (its memory may have been reused since).
     */
    private static void consume(String op, MemorySegment t, MemorySegment deleter) {
        boolean gone = deleter.address() == DELETER_STUB.address()
                && !EXPORTS.containsKey(t.get(ADDRESS, MANAGER_CTX).address());
        if (gone || !CONSUMED.add(t.address())) {
            throw new NdException(
                    op + ": the DLPack capsule was already consumed: a DLManagedTensor is imported once (NumPy and CuPy"
                            + " rename a used capsule \"used_dltensor\"), its memory belongs to the first import and may have been reused"
                            + " since that import was released; call toDlpack() again for a second array");
        }
    }

    private static NDArray importConsumed(String op, MemorySegment t, MemorySegment deleter) {
        int type = t.get(JAVA_INT, DEVICE_TYPE), devId = t.get(JAVA_INT, DEVICE_ID);
        Device device = deviceFor(op, type, devId);
        int ndim = t.get(JAVA_INT, NDIM);
        if (ndim < 0 || ndim > MAX_NDIM)
            throw new ShapeException(op + ": ndim " + ndim + " is not in [0, " + MAX_NDIM + "]");
        DType dtype = dtypeOf(
                op,
                Byte.toUnsignedInt(t.get(JAVA_BYTE, CODE)),
                Byte.toUnsignedInt(t.get(JAVA_BYTE, BITS)),
                Short.toUnsignedInt(t.get(JAVA_SHORT, LANES)));
        int item = dtype.itemsize();
        MemorySegment shapeP = t.get(ADDRESS, SHAPE), stridesP = t.get(ADDRESS, STRIDES);
        if (ndim > 0 && shapeP.address() == 0) throw new ShapeException(op + ": ndim " + ndim + " with a NULL shape");
        long[] shape = new long[ndim];
        MemorySegment shapes = shapeP.reinterpret(8L * ndim);
        for (int i = 0; i < ndim; i++) shape[i] = shapes.getAtIndex(JAVA_LONG, i);
        long[] strides;
        if (stridesP.address() == 0) {
            strides = Shapes.cStrides(shape, item); // NULL strides: C order
        } else {
            strides = new long[ndim];
            MemorySegment elementStrides = stridesP.reinterpret(8L * ndim);
            for (int i = 0; i < ndim; i++) {
                long s = elementStrides.getAtIndex(JAVA_LONG, i);
                try {
                    strides[i] = Math.multiplyExact(s, (long) item);
                } catch (ArithmeticException e) {
                    throw new IndexException(op + ": stride " + s + " elements overflows");
                }
            }
        }
        long data = t.get(ADDRESS, DATA).address(), byteOffset = t.get(JAVA_LONG, BYTE_OFFSET);
        if (byteOffset < 0)
            throw new IndexException(op + ": byte_offset " + Long.toUnsignedString(byteOffset) + " is too large");
        long[] span = UnownedMemory.span(op, shape, strides, item);
        long lo = span[0], hi = span[1];
        if (byteOffset + lo < 0) {
            throw new IndexException(op + ": negative strides reach " + -lo
                    + " bytes before the first element, past byte_offset " + byteOffset);
        }
        long address = t.address();
        // forgotten only after the deleter: until then a second import of our own export would still find it live
        Runnable onRelease = () -> {
            if (deleter.address() != 0) callDeleter(deleter, t);
            CONSUMED.remove(address);
        };
        BackendBuffer buffer;
        long offset;
        if (device.backend().dialect() == Dialect.CUDA) {
            // an address: wrap exactly the bytes the elements use, checked by the driver
            buffer = device.backend().wrap(data + byteOffset + lo, hi - lo);
            offset = -lo;
        } else {
            // a cl_mem handle: the buffer from its start, the elements at byte_offset
            if (byteOffset > Long.MAX_VALUE - hi)
                throw new IndexException(op + ": byte_offset " + byteOffset + " is too large");
            buffer = device.backend().wrap(data, byteOffset + hi);
            offset = byteOffset;
        }
        return NDArray.over(op, Allocation.external(device, buffer, null, onRelease), dtype, shape, strides, offset);
    }

    private static void callDeleter(MemorySegment deleter, MemorySegment tensor) {
        try {
            MethodHandle h = Linker.nativeLinker().downcallHandle(deleter, FunctionDescriptor.ofVoid(ADDRESS));
            h.invokeExact(tensor);
        } catch (Throwable e) {
            LOG.log(System.Logger.Level.ERROR, "fromDlpack: the producer's deleter failed", e);
        }
    }

    private static int[] deviceOf(Device device) {
        String id = device.id();
        int n = Integer.parseInt(id.substring(id.indexOf(':') + 1));
        return new int[] {device.backend().dialect() == Dialect.CUDA ? KDL_CUDA : KDL_OPENCL, n};
    }

    private static Device deviceFor(String op, int type, int id) {
        String name = switch (type) {
            case KDL_CUDA -> "cuda:" + id;
            case KDL_OPENCL -> "opencl:" + id;
            case KDL_CPU ->
                throw new DeviceException(
                        op + ": expected a device tensor (kDLCUDA or kDLOpenCL), got a host one (kDLCPU);"
                                + " copy it in with Nd.array");
            default ->
                throw new DeviceException(op + ": expected a device tensor (kDLCUDA " + KDL_CUDA + " or kDLOpenCL "
                        + KDL_OPENCL + "), got device type " + type);
        };
        for (Device d : Device.list()) {
            if (d.id().equals(name)) return d;
        }
        throw new DeviceException(
                op + ": the tensor is on " + name + ", which this process does not have: " + Device.list());
    }

    static int[] codeOf(DType d) {
        return switch (d) {
            case BOOL -> new int[] {KDL_BOOL, 8};
            case INT8, INT16, INT32, INT64 -> new int[] {KDL_INT, d.itemsize() * 8};
            case UINT8, UINT16, UINT32, UINT64 -> new int[] {KDL_UINT, d.itemsize() * 8};
            case FLOAT16, FLOAT32, FLOAT64 -> new int[] {KDL_FLOAT, d.itemsize() * 8};
            case COMPLEX64, COMPLEX128 -> new int[] {KDL_COMPLEX, d.itemsize() * 8};
            default -> new int[] {-1, 0}; // datetime64 and timedelta64: DLPack has no type for them
        };
    }

    static DType dtypeOf(String op, int code, int bits, int lanes) {
        if (lanes != 1)
            throw new DTypeException(op + ": expected lanes 1, got " + lanes + " (vector dtypes have no NumPy dtype)");
        for (DType d : DType.values()) {
            int[] c = codeOf(d);
            if (c[0] == code && c[1] == bits) return d;
        }
        throw new DTypeException(op + ": no ndgpu dtype for DLPack type code " + code + " with " + bits + " bits");
    }
}
