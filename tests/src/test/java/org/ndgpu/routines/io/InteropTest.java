package org.ndgpu.routines.io;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Interop without copies: DLPack export and import (struct fields against the array, a round trip
 * that shares memory, the deleter run exactly once, hostile tensors refused), devicePointer, and
 * on CUDA an array over a buffer that the driver API allocated directly.
 */
// reads and writes DLPack structs and calls the CUDA driver directly, as a user's code would
@SuppressWarnings("restricted")
class InteropTest extends PerDeviceTest {
    private static final DType[] DTYPES = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.FLOAT16,
        DType.FLOAT32,
        DType.FLOAT64,
        DType.COMPLEX64,
        DType.COMPLEX128,
        DType.UINT16,
        DType.UINT32,
        DType.UINT64
    };

    private boolean cuda() {
        return device().backend().dialect() == Dialect.CUDA;
    }

    private static NDArray random(SplittableRandom r, DType dtype, long... shape) {
        int n = 1;
        for (long d : shape) n *= (int) d;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(1, 100); // never zeros; exact in every dtype
        try (NDArray d = Nd.array(v).reshape(shape)) {
            return d.astype(dtype);
        }
    }

    private static void delete(MemorySegment tensor) throws Throwable {
        MemorySegment deleter = tensor.reinterpret(DLPack.SIZE).get(ADDRESS, DLPack.DELETER);
        MethodHandle h = Linker.nativeLinker().downcallHandle(deleter, FunctionDescriptor.ofVoid(ADDRESS));
        h.invokeExact(tensor);
    }

    @Test
    void exportDescribesTheArrayAndItsDeleterRunsOnce() throws Throwable {
        var r = new SplittableRandom(7);
        for (DType dtype : DTYPES) {
            try (NDArray a = random(r, dtype, 4, 6);
                    NDArray v = a.T().get("1:, ::2")) {
                int before = DLPack.liveExports();
                MemorySegment t = v.toDlpack();
                assertEquals(before + 1, DLPack.liveExports());
                assertEquals(cuda() ? DLPack.KDL_CUDA : DLPack.KDL_OPENCL, t.get(JAVA_INT, DLPack.DEVICE_TYPE));
                assertEquals(
                        Integer.parseInt(device().id().substring(device().id().indexOf(':') + 1)),
                        t.get(JAVA_INT, DLPack.DEVICE_ID));
                assertEquals(2, t.get(JAVA_INT, DLPack.NDIM));
                assertEquals(
                        DLPack.codeOf(dtype)[0], Byte.toUnsignedInt(t.get(JAVA_BYTE, DLPack.CODE)), dtype.toString());
                assertEquals(dtype.itemsize() * 8, Byte.toUnsignedInt(t.get(JAVA_BYTE, DLPack.BITS)));
                assertEquals(1, t.get(JAVA_SHORT, DLPack.LANES));
                MemorySegment shape = t.get(ADDRESS, DLPack.SHAPE).reinterpret(16),
                        strides = t.get(ADDRESS, DLPack.STRIDES).reinterpret(16);
                assertArrayEquals(
                        v.shape(), new long[] {shape.getAtIndex(JAVA_LONG, 0), shape.getAtIndex(JAVA_LONG, 1)});
                assertArrayEquals(
                        new long[] {v.strides()[0] / dtype.itemsize(), v.strides()[1] / dtype.itemsize()},
                        new long[] {strides.getAtIndex(JAVA_LONG, 0), strides.getAtIndex(JAVA_LONG, 1)});
                assertEquals(v.offset(), t.get(JAVA_LONG, DLPack.BYTE_OFFSET));
                assertEquals(v.buffer().handle(), t.get(ADDRESS, DLPack.DATA).address());
                delete(t);
                assertEquals(before, DLPack.liveExports(), "the deleter releases the export");
            }
        }
    }

    @Test
    void aRoundTripSharesMemoryAndOutlivesTheProducer() {
        var r = new SplittableRandom(11);
        int before = DLPack.liveExports();
        NDArray a = random(r, DType.FLOAT32, 5, 7);
        double[] whole = a.toDoubleArray();
        NDArray v = a.get("::-1, 2:"); // negative and positive strides, an offset
        double[] expected = v.toDoubleArray();
        MemorySegment t = v.toDlpack();
        v.close();
        try (NDArray b = Nd.fromDlpack(t)) {
            assertArrayEquals(new long[] {5, 5}, b.shape());
            assertEquals(DType.FLOAT32, b.dtype());
            assertArrayEquals(expected, b.toDoubleArray());
            b.set("0, 0", 1000.0); // a[4, 2]
            assertEquals(1000.0, a.toDoubleArray()[4 * 7 + 2]);
            a.close(); // the export keeps the memory
            double[] now = b.toDoubleArray(); // (views of b would hold it too: none are left open)
            assertEquals(1000.0, now[0]);
            assertEquals(whole[2], now[4 * 5]);
            try (NDArray copy = b.copy()) { // a kernel reading the imported memory
                assertArrayEquals(now, copy.toDoubleArray());
            }
            assertEquals(before + 1, DLPack.liveExports());
        }
        assertEquals(before, DLPack.liveExports(), "closing the import ran the producer's deleter once");
    }

    /** NumPy's and CuPy's rule: a capsule is consumed by its first import; a second is refused while the first lives and after. */
    @Test
    void aTensorIsImportedOnce() {
        int before = DLPack.liveExports();
        try (NDArray a = Nd.arange(6).astype(DType.FLOAT32)) {
            MemorySegment t = a.toDlpack();
            try (NDArray b = Nd.fromDlpack(t)) {
                var e = assertThrows(NdException.class, () -> Nd.fromDlpack(t));
                assertTrue(
                        e.getMessage().startsWith("fromDlpack: ")
                                && e.getMessage().contains("already consumed"),
                        e.getMessage());
                assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, b.toDoubleArray(), "the first import is untouched");
            }
            var e = assertThrows(NdException.class, () -> Nd.fromDlpack(t)); // its deleter has run
            assertTrue(e.getMessage().contains("already consumed"), e.getMessage());
            assertEquals(before, DLPack.liveExports(), "the deleter ran once");
        }
    }

    /**
     * The hazard of a second import: once the first import is released and the producer closed, the
     * memory goes back to the pool and the next array of that size gets it; a second import would
     * read (and write) that array.
     */
    @Test
    void aSecondImportCannotReachMemoryThePoolReused() {
        NDArray a = Nd.arange(256).astype(DType.FLOAT32);
        MemorySegment t = a.toDlpack();
        Nd.fromDlpack(t).close();
        a.close();
        try (NDArray c = Nd.full(-7.0, DType.FLOAT32, 256)) { // the pool's block of the same size: a's memory
            assertThrows(NdException.class, () -> Nd.fromDlpack(t));
            double[] want = new double[256];
            java.util.Arrays.fill(want, -7.0);
            assertArrayEquals(want, c.toDoubleArray());
        }
    }

    /** An export keeps the memory alive after the producer closes its array, however much is allocated meanwhile. */
    @Test
    void anExportOutlivesItsClosedProducer() {
        NDArray a = Nd.arange(1000).astype(DType.FLOAT64);
        MemorySegment t;
        try (NDArray v = a.get("10:20")) {
            t = v.toDlpack();
        }
        a.close();
        NDArray[] others = new NDArray[4];
        for (int k = 0; k < others.length; k++)
            others[k] = Nd.full(-1.0, DType.FLOAT64, 1000); // would take a's block if it were free
        try (NDArray b = Nd.fromDlpack(t)) {
            double[] want = new double[10];
            for (int i = 0; i < 10; i++) want[i] = 10 + i;
            assertArrayEquals(want, b.toDoubleArray());
        } finally {
            for (NDArray o : others) o.close();
        }
    }

    /**
     * A broadcast view is read-only: its export is refused (a consumer's write to one element would
     * change a whole column of the view, through its base), as NumPy's __dlpack__() raises
     * BufferError; toDlpack(true) exports a copy, as __dlpack__(copy=True).
     */
    @Test
    void aReadOnlyViewIsNotExportedButItsCopyIs() {
        try (NDArray base = Nd.array(new float[] {1, 2, 3});
                NDArray v = base.broadcastTo(4, 3)) {
            int before = DLPack.liveExports();
            var e = assertThrows(NdException.class, v::toDlpack);
            assertTrue(e.getMessage().startsWith("toDlpack: cannot export a read-only array"), e.getMessage());
            assertThrows(NdException.class, () -> v.toDlpack(false));
            assertEquals(before, DLPack.liveExports());
            try (NDArray b = Nd.fromDlpack(v.toDlpack(true))) {
                assertArrayEquals(new long[] {4, 3}, b.shape());
                assertTrue(b.isWriteable());
                b.set("0, 0", 100.0);
                assertArrayEquals(new double[] {100, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, b.toDoubleArray());
            }
            assertArrayEquals(new double[] {1, 2, 3}, base.toDoubleArray(), "the base is untouched");
            assertEquals(before, DLPack.liveExports());
        }
    }

    /**
     * uint16, uint32 and uint64 leave as DLPack's kDLUInt (code 1 in dlpack.h) of their width and come
     * back as the same dtype with the same bits: 2^64 - 1, 2^63 and 2^31 included.
     */
    @Test
    void unsignedRoundTripKeepsDtypeAndBits() {
        long[] bits = {0, 1, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 31, 0xFFFFFFFFL, 65535, 1L << 15, 12345};
        for (DType dtype : new DType[] {DType.UINT16, DType.UINT32, DType.UINT64}) {
            long mask = dtype == DType.UINT64 ? -1L : (1L << (8 * dtype.itemsize())) - 1;
            long[] want = new long[bits.length];
            MemorySegment host = MemorySegment.ofArray(new byte[bits.length * dtype.itemsize()]);
            for (int i = 0; i < bits.length; i++) {
                want[i] = bits[i] & mask;
                switch (dtype.itemsize()) {
                    case 2 -> host.setAtIndex(java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) bits[i]);
                    case 4 -> host.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, i, (int) bits[i]);
                    default -> host.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, i, bits[i]);
                }
            }
            try (NDArray a = Nd.array(host, dtype, 2, 5);
                    NDArray v = a.get(":, ::-2")) {
                MemorySegment t = v.toDlpack();
                assertEquals(1, Byte.toUnsignedInt(t.get(JAVA_BYTE, DLPack.CODE)), dtype + ": kDLUInt");
                assertEquals(8 * dtype.itemsize(), Byte.toUnsignedInt(t.get(JAVA_BYTE, DLPack.BITS)));
                try (NDArray b = Nd.fromDlpack(t);
                        NDArray copy = b.copy()) {
                    assertEquals(dtype, b.dtype());
                    assertArrayEquals(new long[] {2, 3}, b.shape());
                    long[] got = copy.toLongArray();
                    for (int i = 0; i < 2; i++) {
                        for (int j = 0; j < 3; j++)
                            assertEquals(want[i * 5 + 4 - 2 * j], got[i * 3 + j], dtype + " at " + i + ", " + j);
                    }
                }
            }
        }
    }

    /** A copy of a valid export's struct with fields changed and no deleter, so nothing is owned twice. */
    private MemorySegment forged(Arena arena, java.util.function.Consumer<MemorySegment> change) throws Throwable {
        try (NDArray a = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4)) {
            MemorySegment t = a.toDlpack();
            MemorySegment f = arena.allocate(DLPack.SIZE + 32, 8);
            MemorySegment.copy(t, 0, f, 0, DLPack.SIZE);
            MemorySegment shape = f.asSlice(DLPack.SIZE, 16), strides = f.asSlice(DLPack.SIZE + 16, 16);
            shape.setAtIndex(JAVA_LONG, 0, 3);
            shape.setAtIndex(JAVA_LONG, 1, 4);
            strides.setAtIndex(JAVA_LONG, 0, 4);
            strides.setAtIndex(JAVA_LONG, 1, 1);
            f.set(ADDRESS, DLPack.SHAPE, shape);
            f.set(ADDRESS, DLPack.STRIDES, strides);
            f.set(ADDRESS, DLPack.DELETER, MemorySegment.NULL);
            change.accept(f);
            delete(t);
            return f.asSlice(0, DLPack.SIZE);
        }
    }

    @Test
    void hostileTensorsAreRefusedWithTheReason() throws Throwable {
        var npe = assertThrows(NullPointerException.class, () -> Nd.fromDlpack(null));
        assertEquals("fromDlpack: tensor is null", npe.getMessage());
        assertTrue(assertThrows(NdException.class, () -> Nd.fromDlpack(MemorySegment.NULL))
                .getMessage()
                .contains("NULL"));
        assertTrue(assertThrows(NdException.class, () -> Nd.fromDlpack(MemorySegment.ofArray(new byte[64])))
                .getMessage()
                .contains("heap"));
        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            closed = arena.allocate(64);
        }
        MemorySegment gone = closed;
        assertTrue(assertThrows(NdException.class, () -> Nd.fromDlpack(gone))
                .getMessage()
                .contains("closed"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(16);
            assertTrue(assertThrows(NdException.class, () -> Nd.fromDlpack(small))
                    .getMessage()
                    .contains("64 bytes"));
            MemorySegment zeros = arena.allocate(64);
            assertTrue(assertThrows(DeviceException.class, () -> Nd.fromDlpack(zeros))
                    .getMessage()
                    .contains("device type 0"));
            MemorySegment cpu = forged(arena, f -> f.set(JAVA_INT, DLPack.DEVICE_TYPE, DLPack.KDL_CPU));
            assertTrue(assertThrows(DeviceException.class, () -> Nd.fromDlpack(cpu))
                    .getMessage()
                    .contains("kDLCPU"));
            MemorySegment absent = forged(arena, f -> f.set(JAVA_INT, DLPack.DEVICE_ID, 977));
            assertTrue(assertThrows(DeviceException.class, () -> Nd.fromDlpack(absent))
                    .getMessage()
                    .contains(":977"));
            MemorySegment lanes = forged(arena, f -> f.set(JAVA_SHORT, DLPack.LANES, (short) 4));
            assertTrue(assertThrows(DTypeException.class, () -> Nd.fromDlpack(lanes))
                    .getMessage()
                    .contains("lanes"));
            MemorySegment code = forged(arena, f -> f.set(JAVA_BYTE, DLPack.CODE, (byte) 4)); // kDLBfloat
            assertTrue(assertThrows(DTypeException.class, () -> Nd.fromDlpack(code))
                    .getMessage()
                    .contains("type code 4"));
            MemorySegment ndim = forged(arena, f -> f.set(JAVA_INT, DLPack.NDIM, 65));
            assertThrows(ShapeException.class, () -> Nd.fromDlpack(ndim));
            MemorySegment negative = forged(
                    arena, f -> f.get(ADDRESS, DLPack.SHAPE).reinterpret(16).setAtIndex(JAVA_LONG, 1, -4));
            assertThrows(ShapeException.class, () -> Nd.fromDlpack(negative));
            MemorySegment before = forged(
                    arena, f -> f.get(ADDRESS, DLPack.STRIDES).reinterpret(16).setAtIndex(JAVA_LONG, 0, -4));
            assertThrows(IndexException.class, () -> Nd.fromDlpack(before));
            // past the end of the buffer (OpenCL: the cl_mem's size; CUDA: the allocation's)
            MemorySegment past = forged(arena, f -> f.set(JAVA_LONG, DLPack.BYTE_OFFSET, 1L << 40));
            assertThrows(DeviceException.class, () -> Nd.fromDlpack(past));
            // a byte_offset whose sum with the extent overflows a long (OpenCL: IndexException; CUDA: the driver
            // refuses the address)
            MemorySegment huge = forged(arena, f -> f.set(JAVA_LONG, DLPack.BYTE_OFFSET, Long.MAX_VALUE - 4));
            assertThrows(NdException.class, () -> Nd.fromDlpack(huge));
            // memory ndgpu never handed out (OpenCL refuses any cl_mem not its own; CUDA asks the driver)
            MemorySegment foreign = forged(arena, f -> f.set(ADDRESS, DLPack.DATA, MemorySegment.ofAddress(0x1000)));
            assertThrows(DeviceException.class, () -> Nd.fromDlpack(foreign));
        }
    }

    @Test
    void devicePointerIsTheElementAddressOnCudaAndRefusedOnOpenCl() {
        try (NDArray a = Nd.arange(24).astype(DType.FLOAT32).reshape(4, 6);
                NDArray v = a.get("1:, 2:")) {
            if (!cuda()) {
                var e = assertThrows(DeviceException.class, v::devicePointer);
                assertTrue(
                        e.getMessage().startsWith("devicePointer: expected an array on a CUDA device"), e.getMessage());
                var w = assertThrows(
                        DeviceException.class,
                        () -> Nd.fromDevicePointer(0x1000, DType.FLOAT32, new long[] {4}, null, device(), null));
                assertTrue(w.getMessage().startsWith("fromDevicePointer: expected a CUDA device"), w.getMessage());
                return;
            }
            assertEquals(a.devicePointer() + (6 + 2) * 4, v.devicePointer());
            // wrapping our own memory by address shares it
            try (NDArray w =
                    Nd.fromDevicePointer(v.devicePointer(), DType.FLOAT32, v.shape(), v.strides(), device(), a)) {
                assertArrayEquals(v.toDoubleArray(), w.toDoubleArray());
                w.set("0, 0", -5.0);
                assertEquals(-5.0, a.get(1, 2).doubleValue());
            }
        }
    }

    @Test
    void onCudaAnArrayWrapsABufferTheDriverApiAllocated() throws Throwable {
        assumeTrue(cuda(), "CUDA only: other backends have no device addresses");
        Linker linker = Linker.nativeLinker();
        SymbolLookup cu = SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        MethodHandle alloc = linker.downcallHandle(
                cu.find("cuMemAlloc_v2").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        MethodHandle free = linker.downcallHandle(
                cu.find("cuMemFree_v2").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        MethodHandle htod = linker.downcallHandle(
                cu.find("cuMemcpyHtoD_v2").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG));
        MethodHandle dtoh = linker.downcallHandle(
                cu.find("cuMemcpyDtoH_v2").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
        try (NDArray warm = Nd.zeros(DType.FLOAT32, 1)) { // the device's context is current on this thread from here
            assertEquals(DType.FLOAT32, warm.dtype());
        }
        var r = new SplittableRandom(3);
        int n = 6 * 8;
        float[] host = new float[n];
        for (int i = 0; i < n; i++) host[i] = (float) r.nextDouble(0.5, 2.0);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(8);
            assertEquals(0, (int) alloc.invokeExact(p, (long) n * 4));
            long ptr = p.get(JAVA_LONG, 0);
            try {
                MemorySegment src = arena.allocateFrom(JAVA_FLOAT, host);
                assertEquals(0, (int) htod.invokeExact(ptr, src, (long) n * 4));
                Object owner = new Object();
                // C order, (6, 8)
                try (NDArray a = Nd.fromDevicePointer(ptr, DType.FLOAT32, new long[] {6, 8}, null, device(), owner);
                        NDArray copy = a.T().copy()) { // a kernel reading the driver's buffer
                    double[] got = copy.toDoubleArray();
                    for (int i = 0; i < 6; i++) {
                        for (int j = 0; j < 8; j++) assertEquals(host[i * 8 + j], got[j * 6 + i], 0.0);
                    }
                    a.set("5, 7", 42.0); // writes the driver's buffer
                }
                MemorySegment back = arena.allocate(JAVA_FLOAT, n);
                assertEquals(0, (int) dtoh.invokeExact(back, ptr, (long) n * 4));
                assertEquals(42f, back.getAtIndex(JAVA_FLOAT, n - 1));
                // the transpose by strides, and a reversed row through a negative stride
                try (NDArray t = Nd.fromDevicePointer(
                                ptr, DType.FLOAT32, new long[] {8, 6}, new long[] {4, 32}, device(), owner);
                        NDArray rev = Nd.fromDevicePointer(
                                ptr + 7 * 4, DType.FLOAT32, new long[] {8}, new long[] {-4}, device(), owner)) {
                    assertEquals(host[8 + 3], t.get(3, 1).doubleValue(), 0.0);
                    assertEquals(host[7], rev.get(0).doubleValue(), 0.0);
                    assertEquals(host[0], rev.get(7).doubleValue(), 0.0);
                }
                // one element past the allocation, and memory that is not the device's, are refused before any kernel
                var past = assertThrows(
                        DeviceException.class,
                        () -> Nd.fromDevicePointer(ptr, DType.FLOAT32, new long[] {n + 1}, null, device(), owner));
                assertTrue(past.getMessage().contains("past the end of its allocation"), past.getMessage());
                assertThrows(
                        DeviceException.class,
                        () -> Nd.fromDevicePointer(0x1000, DType.FLOAT32, new long[] {4}, null, device(), owner));
                // ndgpu never freed it: the driver frees it once, without an error
            } finally {
                assertEquals(0, (int) free.invokeExact(ptr));
            }
        }
        assertNotEquals(0, n);
    }
}
