package org.ndgpu.device;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Managed memory ({@code Nd.managedMemory()}, {@code ndgpu.memory=managed}): arrays made in it work
 * with the ordinary operations (a sum and an add equal a Java loop on random data), the host view
 * reads and writes them without a copy, the hints run, closing frees once, and a device without
 * managed memory refuses with the operation, what was expected and what it is. PoCL offers
 * fine-grained SVM, so the whole path runs there; NVIDIA's OpenCL (coarse grain only) runs the
 * refusal; CUDA GPUs run cuMemAllocManaged.
 */
public class ManagedMemoryTest extends PerDeviceTest {
    private static final int N = 100_003;

    @AfterEach
    void clear() {
        System.clearProperty(Config.MEMORY.property());
        device().reset();
    }

    private void assumeManaged() {
        assumeTrue(device().facts().managedMemory(), device().id() + " has no managed memory");
    }

    private static float[] randomFloats(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) x[i] = (float) (r.nextDouble() * 2 - 1);
        return x;
    }

    @Test
    void sumAndAddOfManagedFloat32EqualAJavaLoop() {
        assumeManaged();
        float[] x = randomFloats(1, N), y = randomFloats(2, N);
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.array(x), b = Nd.array(y);
            assertTrue(a.isManaged() && b.isManaged());
            double expected = 0;
            for (float v : x) expected += v;
            double sum = a.sum().doubleValue();
            assertEquals(expected, sum, 1e-5 * N, "sum of " + N + " float32");
            NDArray c = a.add(b);
            assertTrue(c.isManaged(), "the result of an operation inside the scope is managed too");
            float[] got = c.toFloatArray();
            for (int i = 0; i < N; i++) assertEquals(x[i] + y[i], got[i], 0f, "element " + i);
            a.close();
            b.close();
            c.close();
        }
    }

    @Test
    void sumAndAddOfManagedFloat64EqualAJavaLoop() {
        assumeManaged();
        assumeTrue(device().facts().fp64(), "no float64 on " + device().id());
        SplittableRandom r = new SplittableRandom(3);
        double[] x = new double[N], y = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = r.nextDouble() * 10 - 5;
            y[i] = r.nextDouble() * 10 - 5;
        }
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.array(x), b = Nd.array(y);
            double expected = 0;
            for (double v : x) expected += v;
            assertEquals(expected, a.sum().doubleValue(), 1e-12 * N * 5);
            double[] got = a.add(b).toDoubleArray();
            for (int i = 0; i < N; i++) assertEquals(x[i] + y[i], got[i], 0.0);
            // the host view sees the same bytes
            MemorySegment view = a.hostView();
            for (int i = 0; i < N; i += 997) assertEquals(x[i], view.getAtIndex(JAVA_DOUBLE, i));
        }
    }

    @Test
    void managedAndDeviceArraysMixInOperationsCopiesAndTransfers() {
        assumeManaged();
        float[] x = randomFloats(4, 4099), y = randomFloats(5, 4099);
        NDArray plain = Nd.array(y);
        assertFalse(plain.isManaged());
        NDArray managed;
        try (var _ = Nd.managedMemory()) {
            managed = Nd.array(x);
        }
        NDArray sum = managed.add(plain); // made outside the scope: device memory
        assertFalse(sum.isManaged());
        float[] got = sum.toFloatArray();
        for (int i = 0; i < x.length; i++) assertEquals(x[i] + y[i], got[i], 0f);
        Nd.copyto(managed, plain); // device to managed
        float[] back = managed.toFloatArray();
        for (int i = 0; i < y.length; i++) assertEquals(y[i], back[i], 0f);
        NDArray slice = managed.get("1:4000:3").copy(); // strided view of managed memory, copied
        assertEquals(y[4], slice.toFloatArray()[1], 0f);
        NDArray m8 = managed.get(":64").reshape(8, 8), p8 = plain.get(":64").reshape(8, 8);
        float[] prod = m8.matmul(p8).toFloatArray(); // a vendor library (CLBlast, cuBLAS) on managed memory
        for (int i = 0; i < 8; i++) {
            for (int j = 0; j < 8; j++) {
                double e = 0;
                for (int k = 0; k < 8; k++) e += (double) y[i * 8 + k] * y[k * 8 + j];
                assertEquals(e, prod[i * 8 + j], 1e-5, "matmul [" + i + ", " + j + "]");
            }
        }
        float max = Float.NEGATIVE_INFINITY;
        for (float v : y) max = Math.max(max, v);
        assertEquals(max, managed.max().doubleValue(), 0.0); // a reduction of another kind
        managed.close();
    }

    @Test
    void theOperationModulesGiveOnManagedArraysWhatTheyGiveOnDeviceArrays() {
        assumeManaged();
        float[] x = randomFloats(12, 4096);
        NDArray d = Nd.array(x);
        NDArray m;
        try (var _ = Nd.managedMemory()) {
            m = Nd.array(x);
            NDArray r = Nd.random().seed(5).uniform(0, 1, DType.FLOAT32, 64);
            assertTrue(r.isManaged());
            assertEquals(64, r.size());
        }
        java.util.List<java.util.function.Function<NDArray, NDArray>> ops = java.util.List.of(
                a -> Nd.sort(a),
                a -> Nd.cumsum(a),
                a -> Nd.fft().fft(a),
                a -> Nd.concatenate(a, a.get("::-1")),
                a -> Nd.where(a.gt(0f), a, a.mul(-2f)),
                a -> a.reshape(64, 64).T().copy(),
                a -> a.reshape(64, 64).sum(0),
                a -> Nd.linalg().norm(a));
        for (int i = 0; i < ops.size(); i++) {
            NDArray onDevice = ops.get(i).apply(d), onManaged = ops.get(i).apply(m);
            org.junit.jupiter.api.Assertions.assertArrayEquals(
                    onDevice.astype(DType.FLOAT64).toDoubleArray(),
                    onManaged.astype(DType.FLOAT64).toDoubleArray(),
                    "operation " + i);
        }
    }

    @Test
    void hostViewReadsAndWritesWithoutACopy() {
        assumeManaged();
        float[] x = randomFloats(6, 1000);
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.array(x);
            MemorySegment view = a.hostView();
            assertEquals(1000L * 4, view.byteSize());
            for (int i = 0; i < x.length; i++) assertEquals(x[i], view.getAtIndex(JAVA_FLOAT, i));
            view.setAtIndex(JAVA_FLOAT, 7, 42.5f);
            assertEquals(42.5, a.get("7").doubleValue(), 0.0);
            // a kernel's writes are seen by the host after the view's synchronize
            NDArray twice = a.mul(2f);
            assertEquals(x[3] * 2f, twice.hostView().getAtIndex(JAVA_FLOAT, 3));
            // a view of the array starts at its own first element
            NDArray tail = a.get("10:");
            assertEquals(x[10], tail.hostView().getAtIndex(JAVA_FLOAT, 0));
            // a read-only array (a broadcast, C-contiguous when of one element) gives a read-only view
            assertTrue(a.get("0:1").broadcastTo(1).hostView().isReadOnly());
        }
    }

    @Test
    void prefetchAndAdviseRunAndChangeNoResult() {
        assumeManaged();
        float[] x = randomFloats(7, N);
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.array(x);
            double before = a.sum().doubleValue();
            assertEquals(a, a.prefetch(MemoryLocation.DEVICE));
            assertEquals(before, a.sum().doubleValue(), 0.0);
            a.prefetch(MemoryLocation.HOST);
            assertEquals(x[5], a.hostView().getAtIndex(JAVA_FLOAT, 5));
            for (MemoryAdvice advice : MemoryAdvice.values()) {
                for (MemoryLocation where : MemoryLocation.values()) assertEquals(a, a.advise(advice, where));
            }
            a.get("::2").prefetch(MemoryLocation.DEVICE); // a strided view: the whole allocation
            assertEquals(before, a.sum().doubleValue(), 0.0);
            NDArray empty = Nd.zeros(DType.FLOAT32, 0).prefetch(MemoryLocation.DEVICE);
            assertEquals(0, empty.size());
        }
    }

    @Test
    void closingReturnsTheMemoryOnceAndFreeAllBlocksFreesIt() {
        assumeManaged();
        MemoryPool pool = device().managedMemoryPool();
        assertTrue(pool.isManaged());
        assertFalse(device().memoryPool().isManaged());
        long used = pool.usedBytes();
        NDArray a;
        try (var _ = Nd.managedMemory()) {
            a = Nd.zeros(DType.FLOAT32, 1 << 16);
            NDArray v = a.get("100:");
            assertTrue(pool.usedBytes() >= used + (4L << 16));
            a.close();
            a.close(); // a second close does nothing
            assertTrue(pool.usedBytes() > used, "the view still holds the memory");
            v.close();
        }
        assertEquals(used, pool.usedBytes());
        assertThrows(ArrayClosedException.class, () -> a.hostView());
        pool.freeAllBlocks();
        assertEquals(pool.usedBytes(), pool.totalBytes());
        pool.freeAllBlocks(); // nothing left to free: no double free
        assertTrue(pool.toString().contains("managed"), pool.toString());
    }

    @Test
    void theSettingAllocatesEveryArrayInManagedMemory() {
        assumeManaged();
        System.setProperty(Config.MEMORY.property(), "managed");
        device().reset();
        NDArray a = Nd.array(randomFloats(8, 100));
        assertTrue(a.isManaged());
        try (var _ = MemoryKind.DEVICE.use()) {
            assertFalse(Nd.zeros(DType.FLOAT32, 3).isManaged(), "a DEVICE scope wins over the setting");
        }
        assertEquals(MemoryKind.MANAGED, MemoryKind.current());
        System.setProperty(Config.MEMORY.property(), "device");
        device().reset();
        assertFalse(Nd.zeros(DType.FLOAT32, 3).isManaged());
    }

    @Test
    void aBadSettingIsTheAllocationsErrorAndIsReadAgainOnceFixed() {
        System.setProperty(Config.MEMORY.property(), "unified");
        device().reset();
        NdException e = assertThrows(NdException.class, () -> Nd.zeros(DType.FLOAT32, 3));
        assertTrue(
                e.getMessage().contains("ndgpu.memory")
                        && e.getMessage().contains("'unified'")
                        && e.getMessage().contains("device or managed"),
                e.getMessage());
        System.clearProperty(Config.MEMORY.property());
        assertFalse(Nd.zeros(DType.FLOAT32, 3).isManaged());
    }

    @Test
    void hintsOnAnArrayInDeviceMemoryAreRefused() {
        NDArray a = Nd.zeros(DType.FLOAT32, 8);
        for (var call : java.util.List.<org.junit.jupiter.api.function.Executable>of(
                () -> a.prefetch(MemoryLocation.DEVICE),
                () -> a.advise(MemoryAdvice.SET_READ_MOSTLY, MemoryLocation.DEVICE),
                a::hostView)) {
            NdException e = assertThrows(NdException.class, call);
            assertTrue(
                    e.getMessage().contains("managed memory") && e.getMessage().contains(device().id()),
                    e.getMessage());
        }
        // the refusal of a device without managed memory (run for real on NVIDIA's OpenCL, coarse-grained SVM only)
        String refusal = device().noManagedMemory("allocate in managed memory").getMessage();
        assertTrue(
                refusal.startsWith(device().id() + " allocate in managed memory: expected a device with managed memory")
                        && refusal.contains("CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY")
                        && refusal.contains("CL_DEVICE_SVM_FINE_GRAIN_BUFFER")
                        && refusal.contains("got " + device().name()),
                refusal);
        NdException e = assertThrows(NdException.class, () -> a.prefetch(MemoryLocation.HOST));
        assertTrue(e.getMessage().startsWith("prefetch") || e.getMessage().contains(" prefetch:"), e.getMessage());
    }

    @Test
    void hostileArgumentsOfTheHints() {
        assumeManaged();
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.zeros(DType.FLOAT32, 4, 6);
            assertThrows(NullPointerException.class, () -> a.prefetch(null));
            assertThrows(NullPointerException.class, () -> a.advise(null, MemoryLocation.DEVICE));
            assertThrows(NullPointerException.class, () -> a.advise(MemoryAdvice.SET_ACCESSED_BY, null));
            NdException e = assertThrows(NdException.class, () -> a.T().hostView());
            assertTrue(e.getMessage().contains("hostView") && e.getMessage().contains("C-contiguous"), e.getMessage());
            a.close();
            assertThrows(ArrayClosedException.class, () -> a.prefetch(MemoryLocation.DEVICE));
            assertThrows(ArrayClosedException.class, () -> a.isManaged());
        }
    }

    @Test
    void aGraphReplaysManagedArraysMadeBeforeItsCapture() {
        assumeManaged();
        float[] x = randomFloats(9, 2048);
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.array(x), out = Nd.zeros(DType.FLOAT32, 2048);
            Graph g;
            try {
                g = Nd.capture(() -> Nd.mul(a, a, out));
            } catch (CaptureException unsupported) {
                assumeTrue(false, "no capture on " + device().id() + ": " + unsupported.getMessage());
                return;
            }
            try (g) {
                g.launch();
                float[] got = out.toFloatArray();
                for (int i = 0; i < x.length; i++) assertEquals(x[i] * x[i], got[i], 0f);
                CaptureException e = assertThrows(CaptureException.class, () -> Nd.capture(() -> a.add(a)));
                assertTrue(e.getMessage().contains("managed memory"), e.getMessage());
            }
        }
    }

    @Test
    void aGraphCapturedOnDeviceArraysReplaysOnManagedOnes() {
        assumeManaged();
        float[] x = randomFloats(10, 1024), x2 = randomFloats(11, 1024);
        NDArray a = Nd.array(x), out = Nd.zeros(DType.FLOAT32, 1024);
        Graph g;
        try {
            g = Nd.capture(() -> Nd.mul(a, 3f, out));
        } catch (CaptureException unsupported) {
            assumeTrue(false, "no capture on " + device().id() + ": " + unsupported.getMessage());
            return;
        }
        try (g) {
            NDArray m, mout;
            try (var _ = Nd.managedMemory()) {
                m = Nd.array(x2);
                mout = Nd.zeros(DType.FLOAT32, 1024);
            }
            g.launch(java.util.Map.of(a, m, out, mout)); // the kernel's arguments move to managed buffers
            MemorySegment view = mout.hostView();
            for (int i = 0; i < x2.length; i++) assertEquals(x2[i] * 3f, view.getAtIndex(JAVA_FLOAT, i), 0f);
            g.launch();
            float[] back = out.toFloatArray();
            for (int i = 0; i < x.length; i++) assertEquals(x[i] * 3f, back[i], 0f, "and back to the captured ones");
        }
    }

    @Test
    void aDeviceWithoutManagedMemoryRefusesIt() {
        assumeFalse(device().facts().managedMemory(), device().id() + " has managed memory");
        try (var _ = Nd.managedMemory()) {
            DeviceException e = assertThrows(DeviceException.class, () -> Nd.zeros(DType.FLOAT32, 16));
            String msg = e.getMessage();
            assertTrue(
                    msg.contains(device().id())
                            && msg.contains("allocate in managed memory")
                            && msg.contains("expected a device with managed memory")
                            && msg.contains(device().name()),
                    msg);
        }
        DeviceException e = assertThrows(DeviceException.class, () -> device().managedMemoryPool());
        assertTrue(e.getMessage().contains("managedMemoryPool"), e.getMessage());
        NDArray a = Nd.zeros(DType.FLOAT32, 4);
        DeviceException p = assertThrows(DeviceException.class, () -> a.prefetch(MemoryLocation.DEVICE));
        assertTrue(p.getMessage().contains("prefetch") && p.getMessage().contains("expected a device"), p.getMessage());
    }
}
