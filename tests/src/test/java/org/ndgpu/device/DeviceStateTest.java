package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.Backends;

/** Per-device state (Device.state) and Device.reset, on PoCL: made once per device, dropped and closed by reset. */
class DeviceStateTest {
    private static final class Closeable implements AutoCloseable {
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    @Test
    void madeOnceThenDroppedAndClosedByReset() {
        Device d = Backends.openclCpu();
        var key = new Device.Key<Closeable>("test handle");
        var plain = new Device.Key<List<String>>("test list");
        AtomicInteger made = new AtomicInteger();
        Closeable first = d.state(key, () -> {
            made.incrementAndGet();
            return new Closeable();
        });
        assertSame(first, d.state(key, () -> {
            made.incrementAndGet();
            return new Closeable();
        }));
        assertEquals(1, made.get());
        List<String> list = d.state(plain, ArrayList::new);
        list.add("x");

        d.reset();
        assertEquals(1, first.closed.get(), "reset closes an AutoCloseable value");
        Closeable second = d.state(key, Closeable::new);
        assertNotSame(first, second, "a new value after reset");
        assertEquals(List.of(), d.state(plain, ArrayList::new), "a new, empty list after reset");
        d.reset();
        assertEquals(1, first.closed.get(), "a dropped value is not closed twice");
        assertEquals(1, second.closed.get());
    }

    @Test
    void otherDevicesKeepTheirState() {
        Device d = Backends.openclCpu();
        var key = new Device.Key<Object>("test object");
        for (Device other : Device.list()) {
            if (other == d) continue;
            Object kept = other.state(key, Object::new);
            d.state(key, Object::new);
            d.reset();
            assertSame(kept, other.state(key, Object::new), other.id() + " keeps its value when " + d.id() + " resets");
        }
    }

    @Test
    void threadsAskingAtOnceGetOneValue() throws Exception {
        Device d = Backends.openclCpu();
        var key = new Device.Key<Object>("test contended");
        AtomicInteger made = new AtomicInteger();
        int n = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Object>> got = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                got.add(pool.submit(() -> {
                    start.await();
                    return d.state(key, () -> {
                        made.incrementAndGet();
                        Thread.onSpinWait();
                        return new Object();
                    });
                }));
            }
            start.countDown();
            Object one = got.get(0).get();
            for (Future<Object> f : got) assertSame(one, f.get());
            assertEquals(1, made.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailingCloseIsReportedAfterEverythingIsDropped() {
        Device d = Backends.openclCpu();
        var bad = new Device.Key<AutoCloseable>("test failing");
        var good = new Device.Key<Closeable>("test good");
        d.state(bad, () -> () -> {
            throw new IllegalStateException("boom");
        });
        Closeable ok = d.state(good, Closeable::new);
        var e = assertThrows(DeviceException.class, d::reset);
        assertTrue(e.getMessage().contains(d.id()) && e.getMessage().contains("boom"), e.getMessage());
        assertEquals(1, ok.closed.get(), "the other values are closed too");
        assertNotSame(ok, d.state(good, Closeable::new));
    }

    /**
     * The device's generator and elementwise kernels are made again after reset (module random's
     * RandomTest checks that a seed then gives the same numbers).
     */
    @Test
    void randomGeneratorAndKernelsAreMadeAgain() {
        Device d = Backends.openclCpu();
        try (var _ = d.use()) {
            Random before = Random.forDevice(d);
            assertSame(before, Random.forDevice(d));
            before.seed(7);
            try (NDArray z = Nd.full(1.5, 4)) {
                assertArrayEquals(new double[] {1.5, 1.5, 1.5, 1.5}, z.toDoubleArray());
            }
            d.reset();
            Random after = Random.forDevice(d);
            assertNotSame(before, after, "reset drops the device's generator");
            assertSame(after, Random.forDevice(d));
            try (NDArray z = Nd.full(2.5, 3)) {
                assertArrayEquals(new double[] {2.5, 2.5, 2.5}, z.toDoubleArray());
            }
        }
    }
}
