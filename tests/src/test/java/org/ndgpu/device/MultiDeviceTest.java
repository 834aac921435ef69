package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.ndgpu.testing.DeviceBytes.bytes;
import static org.ndgpu.testing.DeviceBytes.onDevice;
import static org.ndgpu.testing.DeviceBytes.randomBytes;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Several devices in one process, on every OpenCL CPU device (PoCL with
 * {@code POCL_DEVICES="pthread pthread"}, which the tests surefire configuration sets; four with
 * {@code -Dpocl.devices="pthread pthread pthread pthread"}):
 * copies across devices into views, Devices.parallel, and Stream.waitEvent across devices
 * (Nd.scatter and Nd.gather live in module routines, tested by its ShardingTest). Skipped, saying
 * why, where fewer than two OpenCL CPU devices exist. Fresh random data; outputs poisoned first;
 * compared byte for byte.
 */
public class MultiDeviceTest {
    private static final List<DType> DTYPES =
            List.of(DType.BOOL, DType.INT8, DType.INT64, DType.FLOAT16, DType.FLOAT32, DType.COMPLEX128);
    private static final byte POISON = (byte) 0xA5;
    private final SplittableRandom random = new SplittableRandom(0x5ca7_7e12L);
    private List<Device> cpus; // every OpenCL CPU device: two, or four with POCL_DEVICES of four pthreads
    private Device dev0;
    private Device dev1;

    @BeforeEach
    void twoDevices() {
        cpus = Device.list().stream()
                .filter(d -> d.backendName().equals("opencl") && !d.isGpu())
                .toList();
        assumeTrue(
                cpus.size() >= 2,
                "needs two OpenCL CPU devices (POCL_DEVICES=\"pthread pthread\"); found " + cpus + " "
                        + Device.problems());
        dev0 = cpus.get(0);
        dev1 = cpus.get(1);
    }

    @Test
    void copiesAcrossDevicesIntoViewsWithOffsets() {
        // around the ring of every device: each is a source once and a destination once
        for (int k = 0; k < cpus.size(); k++) copiesIntoViewsWithOffsets(cpus.get(k), cpus.get((k + 1) % cpus.size()));
    }

    private void copiesIntoViewsWithOffsets(Device dev0, Device dev1) {
        for (DType d : DTYPES) {
            byte[] poison = new byte[6 * 8 * d.itemsize()];
            Arrays.fill(poison, POISON);
            byte[] src = randomBytes(random, d, 3 * 5);
            try (NDArray dst = onDevice(dev1, poison, d, 6, 8);
                    NDArray window = dst.get("1:4, 2:7");
                    NDArray s = onDevice(dev0, src, d, 3, 5)) {
                Nd.copyto(window, s);
                byte[] got = bytes(dst);
                byte[] expected = poison.clone();
                for (int r = 0; r < 3; r++) {
                    System.arraycopy(
                            src, r * 5 * d.itemsize(), expected, ((1 + r) * 8 + 2) * d.itemsize(), 5 * d.itemsize());
                }
                assertArrayEquals(
                        expected, got, d + " " + dev0.id() + " -> " + dev1.id() + ": only the window changes");
                // a strided source view on the other device, by NDArray.to
                try (NDArray sv = s.get("::2, 1:");
                        NDArray moved = sv.to(dev1)) {
                    assertSame(dev1, moved.device());
                    assertArrayEquals(bytes(sv), bytes(moved), d + ": to() of a view");
                }
            }
        }
        // a cast on the way: float32 on device 0 into a float64 window on device 1, exactly
        float[] f = new float[12];
        for (int i = 0; i < f.length; i++) f[i] = (float) random.nextDouble(-100, 100);
        byte[] poison = new byte[5 * 5 * 8];
        Arrays.fill(poison, POISON);
        try (NDArray dst = onDevice(dev1, poison, DType.FLOAT64, 5, 5);
                NDArray w = dst.get("2:5, 1:5");
                NDArray s = onDevice(dev0, toBytes(f), DType.FLOAT32, 3, 4)) {
            Nd.copyto(w, s);
            double[] got = w.toDoubleArray();
            for (int i = 0; i < f.length; i++) assertEquals(f[i], got[i], 0.0, "element " + i);
            assertEquals(POISON, bytes(dst)[0], "outside the window stays poisoned");
        }
    }

    private static byte[] toBytes(float[] f) {
        byte[] out = new byte[f.length * 4];
        MemorySegment.ofArray(out).copyFrom(MemorySegment.ofArray(f));
        return out;
    }

    @Test
    void parallelReusesItsWorkersAndServesConcurrentCallers() throws Exception {
        List<Device> devices = List.of(dev0, dev1, dev0, dev1);
        for (int round = 0; round < 500; round++) { // a training loop: one call per step
            long[] got = new long[devices.size()];
            int r = round;
            Devices.parallel(devices, (d, i) -> got[i] = r * 10L + i);
            for (int i = 0; i < got.length; i++) assertEquals(round * 10L + i, got[i], "round " + round + " task " + i);
        }
        // workers go back idle before the caller returns, so back-to-back calls reuse them
        long workers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ndgpu-parallel-"))
                .count();
        assertTrue(workers <= 3 * 4, "workers after 500 calls of 4 tasks: " + workers);
        // several threads calling at once each get all their own tasks run, once
        var pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<int[]>> calls = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                calls.add(pool.submit(() -> {
                    int[] runs = new int[devices.size()];
                    for (int k = 0; k < 50; k++) Devices.parallel(devices, (d, i) -> runs[i]++);
                    return runs;
                }));
            }
            for (var f : calls) assertArrayEquals(new int[] {50, 50, 50, 50}, f.get(60, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTaskThatInterruptsItsThreadLeavesTheWorkersAsleep() throws InterruptedException {
        List<Device> devices = List.of(dev0, dev1, dev0);
        Devices.parallel(devices, (d, i) -> Thread.currentThread().interrupt());
        assertTrue(
                Thread.interrupted(), "the caller ran task 0, which interrupted it: its flag is the caller's to clear");
        int[] runs = new int[3];
        Devices.parallel(devices, (d, i) -> runs[i]++);
        assertArrayEquals(new int[] {1, 1, 1}, runs);
        // an idle worker parks after a 200 us spin; one spinning on an interrupt flag stays RUNNABLE for good.
        // Polled, not slept once: a loaded machine may take a while to schedule the workers to their park.
        List<Thread> workers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ndgpu-parallel-"))
                .toList();
        for (int tries = 0;
                tries < 1000 && workers.stream().anyMatch(t -> t.getState() != Thread.State.WAITING);
                tries++) Thread.sleep(10);
        for (Thread t : workers) assertEquals(Thread.State.WAITING, t.getState(), t.getName() + " is idle");
    }

    @Test
    void parallelRunsOneTaskPerDeviceWithThatDeviceCurrent() {
        List<Device> devices = cpus;
        int k = devices.size();
        double[] host = new double[1001];
        for (int i = 0; i < host.length; i++) host[i] = random.nextDouble(-1, 1);
        byte[] hb = new byte[host.length * 8];
        MemorySegment.ofArray(hb).copyFrom(MemorySegment.ofArray(host));
        // one part per device, as Nd.scatter (module routines) would cut it: the first 1001 % k one longer
        int[] start = new int[k + 1];
        for (int i = 0; i < k; i++) start[i + 1] = start[i] + host.length / k + (i < host.length % k ? 1 : 0);
        List<NDArray> parts = new ArrayList<>();
        for (int i = 0; i < k; i++)
            parts.add(onDevice(
                    devices.get(i),
                    Arrays.copyOfRange(hb, start[i] * 8, start[i + 1] * 8),
                    DType.FLOAT64,
                    start[i + 1] - start[i]));
        try {
            double[] sums = new double[k];
            var threads = ConcurrentHashMap.<String>newKeySet();
            Devices.parallel(devices, (d, i) -> {
                assertSame(devices.get(i), d);
                assertSame(d, Device.current(), "the task's device is current");
                threads.add(Thread.currentThread().getName());
                // device work on this thread's device: a cast kernel, then the sum of its result
                try (NDArray f = parts.get(i).astype(DType.FLOAT32);
                        NDArray back = f.astype(DType.FLOAT64)) {
                    assertSame(d, f.device());
                    double s = 0;
                    for (double v : back.toDoubleArray()) s += v;
                    sums[i] = s;
                }
            });
            assertEquals(k, threads.size(), "one thread per task: " + threads);
            for (int p = 0; p < k; p++) {
                double want = 0;
                for (int i = start[p]; i < start[p + 1]; i++) want += (float) host[i];
                assertEquals(want, sums[p], 1e-12, "part " + p);
            }
        } finally {
            parts.forEach(NDArray::close);
        }
    }

    @Test
    void parallelPropagatesTheLowestIndexFailureWithTheOthersSuppressed() {
        List<Device> devices = List.of(dev0, dev1, dev0);
        AtomicInteger ran = new AtomicInteger();
        NdException e = assertThrows(
                NdException.class,
                () -> Devices.parallel(devices, (d, i) -> {
                    ran.incrementAndGet();
                    if (i == 0) throw new IllegalStateException("plain failure");
                    if (i == 2) throw new ShapeException("shard failure");
                }));
        assertEquals(3, ran.get(), "every task runs");
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(
                e.getMessage().contains("Devices.parallel")
                        && e.getMessage().contains(dev0.id())
                        && e.getMessage().contains("index 0"),
                e.getMessage());
        assertEquals(1, e.getSuppressed().length);
        assertInstanceOf(ShapeException.class, e.getSuppressed()[0]);
        // an NdException of a task comes out as it is
        ShapeException thrown = new ShapeException("as it is");
        NdException same = assertThrows(
                NdException.class,
                () -> Devices.parallel(List.of(dev0, dev1), (d, i) -> {
                    if (i == 1) throw thrown;
                }));
        assertSame(thrown, same);
    }

    @Test
    void waitEventOrdersAStreamAfterAnotherDevicesKernel() {
        float[] f = new float[1 << 18];
        for (int i = 0; i < f.length; i++) f[i] = (float) random.nextDouble(-10, 10);
        try (NDArray x = onDevice(dev0, toBytes(f), DType.FLOAT32, f.length);
                Stream s1 = Stream.create(dev1)) {
            NDArray y;
            Event e;
            try (var _ = dev0.use()) {
                y = x.astype(DType.FLOAT64); // a kernel on device 0's current stream
                e = Event.record();
            }
            assertSame(dev0, e.device(), "an event records its device");
            s1.waitEvent(e);
            byte[] poison = new byte[f.length * 8];
            Arrays.fill(poison, POISON);
            try (NDArray z = onDevice(dev1, poison, DType.FLOAT64, f.length);
                    var _ = dev1.use();
                    var _ = s1.use()) {
                Nd.copyto(z, y); // the copy, after the wait, on device 1's stream
                s1.synchronize();
                double[] got = z.toDoubleArray();
                for (int i = 0; i < f.length; i++) {
                    if (got[i] != f[i]) throw new AssertionError("element " + i + ": " + got[i] + " != " + f[i]);
                }
            }
            // within one device: another stream of device 0 waits on the device (a barrier), then copies
            try (Stream s0 = Stream.create(dev0);
                    NDArray w = onDevice(dev0, poison, DType.FLOAT64, f.length)) {
                Event e2;
                try (var _ = dev0.use()) {
                    NDArray y2 = x.astype(DType.FLOAT64);
                    e2 = Event.record();
                    s0.waitEvent(e2);
                    try (var _ = s0.use()) {
                        Nd.copyto(w, y2);
                        s0.synchronize();
                    }
                    y2.close();
                }
                assertArrayEquals(bytes(y), bytes(w));
                e2.close();
            }
            e.close();
            DeviceException closed = assertThrows(DeviceException.class, () -> s1.waitEvent(e));
            assertTrue(
                    closed.getMessage().contains("waitEvent")
                            && closed.getMessage().contains("closed"),
                    closed.getMessage());
            y.close();
        }
    }

    @Test
    void parallelRejectsAnEmptyOrNullHoldingDeviceListNamingItself() {
        NdException noDevices = assertThrows(NdException.class, () -> Devices.parallel(List.of(), (d, i) -> {}));
        assertTrue(noDevices.getMessage().startsWith("Devices.parallel:"), noDevices.getMessage());
        List<Device> withNull = new ArrayList<>();
        withNull.add(dev0);
        withNull.add(null);
        NdException nullDevice = assertThrows(NdException.class, () -> Devices.parallel(withNull, (d, i) -> {}));
        assertTrue(
                nullDevice.getMessage().startsWith("Devices.parallel:")
                        && nullDevice.getMessage().contains("index 1"),
                nullDevice.getMessage());
    }

    @Test
    void allListsDevicesOfOneKind() {
        List<Device> all = Devices.all();
        assertTrue(!all.isEmpty());
        boolean cuda = all.getFirst().backendName().equals("cuda");
        for (Device d : all) {
            assertEquals(all.getFirst().backendName(), d.backendName());
            assertEquals(all.getFirst().isGpu(), d.isGpu());
        }
        if (!cuda && !all.getFirst().isGpu()) assertTrue(all.contains(dev0) && all.contains(dev1), all.toString());
        assertNotEquals(dev0, dev1);
    }
}
