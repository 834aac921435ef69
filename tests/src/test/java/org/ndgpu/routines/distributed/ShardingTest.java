package org.ndgpu.routines.distributed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.ndgpu.testing.DeviceBytes.bytes;
import static org.ndgpu.testing.DeviceBytes.onDevice;
import static org.ndgpu.testing.DeviceBytes.randomBytes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Nd.scatter and Nd.gather round trips across every device of a kind: the OpenCL CPU devices (PoCL with
 * {@code POCL_DEVICES="pthread pthread"}, which this module's surefire configuration sets; four with
 * {@code -Dpocl.devices="pthread pthread pthread pthread"}), and, tagged gpu, the CUDA GPUs (peer
 * copies). Each is skipped, saying why, where fewer than two such devices exist. Fresh random data, compared byte for byte with the host's slices of it.
 */
public class ShardingTest {
    private static final List<DType> DTYPES =
            List.of(DType.BOOL, DType.INT8, DType.INT64, DType.FLOAT16, DType.FLOAT32, DType.COMPLEX128);
    private final SplittableRandom random = new SplittableRandom(0x5ca7_7e12L);

    /** Every device that {@code kind} accepts (two or more), or the test is skipped naming what was found. */
    private static List<Device> all(String what, Predicate<Device> kind) {
        List<Device> found = Device.list().stream().filter(kind).toList();
        assumeTrue(found.size() >= 2, "needs two or more " + what + "; found " + found + " " + Device.problems());
        return found;
    }

    private static List<Device> cpus() {
        return all(
                "OpenCL CPU devices (POCL_DEVICES=\"pthread pthread\")",
                d -> d.backendName().equals("opencl") && !d.isGpu());
    }

    /** Rows [r0, r0+nr) and columns [c0, c0+nc) of a C-order rows x cols matrix of {@code item}-byte elements. */
    private static byte[] window(byte[] m, long cols, int item, long r0, long nr, long c0, long nc) {
        byte[] out = new byte[Math.toIntExact(nr * nc * item)];
        for (long r = 0; r < nr; r++) {
            System.arraycopy(
                    m,
                    Math.toIntExact(((r0 + r) * cols + c0) * item),
                    out,
                    Math.toIntExact(r * nc * item),
                    Math.toIntExact(nc * item));
        }
        return out;
    }

    @Test
    void scatterAndGatherRoundTripAlongEitherAxisForEveryDtypeClass() {
        List<Device> devices = cpus();
        long[][] shapes = {{7, 5}, {1, 3}, {4, 9}, {0, 4}};
        for (DType d : DTYPES) {
            for (long[] shape : shapes) {
                byte[] host = randomBytes(random, d, shape[0] * shape[1]);
                try (NDArray a = onDevice(devices.get(0), host, d, shape)) {
                    for (int axis : new int[] {0, 1, -1}) {
                        int ax = axis < 0 ? axis + 2 : axis;
                        String what = d + " " + Arrays.toString(shape) + " axis " + axis;
                        List<NDArray> parts = Nd.scatter(a, devices, axis);
                        int k = devices.size();
                        assertEquals(k, parts.size(), what);
                        long n = shape[ax];
                        long[] lens = new long[k]; // numpy.array_split: the first n % k parts one longer
                        for (int i = 0; i < k; i++) lens[i] = n / k + (i < n % k ? 1 : 0);
                        long start = 0;
                        for (int i = 0; i < k; i++) {
                            NDArray p = parts.get(i);
                            assertSame(devices.get(i), p.device(), what);
                            assertEquals(d, p.dtype(), what);
                            long[] want = shape.clone();
                            want[ax] = lens[i];
                            assertArrayEquals(want, p.shape(), what);
                            byte[] expected = ax == 0
                                    ? window(host, shape[1], d.itemsize(), start, lens[i], 0, shape[1])
                                    : window(host, shape[1], d.itemsize(), 0, shape[0], start, lens[i]);
                            assertArrayEquals(expected, bytes(p), what + " part " + i);
                            start += lens[i];
                        }
                        for (Device target : devices) {
                            try (NDArray g = Nd.gather(parts, target, axis)) {
                                assertSame(target, g.device(), what);
                                assertArrayEquals(shape, g.shape(), what);
                                assertArrayEquals(host, bytes(g), what + " gathered on " + target.id());
                            }
                        }
                        parts.forEach(NDArray::close);
                    }
                }
            }
        }
    }

    @Test
    void scatterOfAStridedViewAndMoreDevicesThanRows() {
        List<Device> devices = cpus();
        Device dev0 = devices.get(0);
        Device dev1 = devices.get(1);
        byte[] host = randomBytes(random, DType.FLOAT32, 6 * 4);
        try (NDArray a = onDevice(dev1, host, DType.FLOAT32, 6, 4);
                NDArray t = a.transpose()) { // (4, 6), not contiguous
            List<NDArray> parts = Nd.scatter(t, List.of(dev0, dev1, dev0), 1); // 6 columns of t: 2, 2, 2
            byte[] tHost = bytes(t);
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(new long[] {4, 2}, parts.get(i).shape());
                assertArrayEquals(window(tHost, 6, 4, 0, 4, 2L * i, 2), bytes(parts.get(i)), "part " + i);
            }
            try (NDArray g = Nd.gather(parts, dev1, 1)) {
                assertArrayEquals(tHost, bytes(g));
            }
            parts.forEach(NDArray::close);
            // five devices for three rows: parts of 1, 1, 1, 0, 0 rows
            try (NDArray b = onDevice(dev0, randomBytes(random, DType.INT64, 3 * 2), DType.INT64, 3, 2)) {
                List<NDArray> five = Nd.scatter(b, List.of(dev0, dev1, dev0, dev1, dev0), 0);
                assertEquals(
                        List.of(1L, 1L, 1L, 0L, 0L),
                        five.stream().map(p -> p.shape()[0]).toList());
                try (NDArray g = Nd.gather(five, dev1, 0)) {
                    assertArrayEquals(bytes(b), bytes(g));
                }
                five.forEach(NDArray::close);
            }
        }
    }

    @Test
    void hostileInputsAreNdExceptionsNamingTheOperation() {
        List<Device> devices = cpus();
        Device dev0 = devices.get(0);
        Device dev1 = devices.get(1);
        try (NDArray a = onDevice(dev0, randomBytes(random, DType.FLOAT32, 6), DType.FLOAT32, 2, 3);
                NDArray b = onDevice(dev1, randomBytes(random, DType.INT64, 6), DType.INT64, 2, 3);
                NDArray c = onDevice(dev1, randomBytes(random, DType.FLOAT32, 8), DType.FLOAT32, 2, 4)) {
            NdException empty = assertThrows(NdException.class, () -> Nd.scatter(a, List.of(), 0));
            assertTrue(empty.getMessage().startsWith("scatter:"), empty.getMessage());
            List<Device> withNull = new ArrayList<>();
            withNull.add(dev0);
            withNull.add(null);
            assertThrows(NdException.class, () -> Nd.scatter(a, withNull, 0));
            AxisException axis = assertThrows(AxisException.class, () -> Nd.scatter(a, List.of(dev0, dev1), 2));
            assertTrue(
                    axis.getMessage().startsWith("scatter:")
                            && axis.getMessage().contains("axis 2"),
                    axis.getMessage());
            assertThrows(AxisException.class, () -> Nd.scatter(a, List.of(dev0, dev1), -3));
            DTypeException dt = assertThrows(DTypeException.class, () -> Nd.gather(List.of(a, b), dev0, 0));
            assertTrue(dt.getMessage().startsWith("gather:") && dt.getMessage().contains("int64"), dt.getMessage());
            ShapeException sh = assertThrows(ShapeException.class, () -> Nd.gather(List.of(a, c), dev0, 0));
            assertTrue(sh.getMessage().startsWith("gather:") && sh.getMessage().contains("(2, 4)"), sh.getMessage());
            try (NDArray g = Nd.gather(List.of(a, c), dev0, 1)) { // axis 1 may differ
                assertArrayEquals(new long[] {2, 7}, g.shape());
            }
            assertThrows(AxisException.class, () -> Nd.gather(List.of(a, c), dev0, 5));
            NdException none = assertThrows(NdException.class, () -> Nd.gather(List.of(), dev0, 0));
            assertTrue(none.getMessage().startsWith("gather:"), none.getMessage());
        }
        try (NDArray scalar = onDevice(dev0, randomBytes(random, DType.INT8, 1), DType.INT8)) {
            assertThrows(AxisException.class, () -> Nd.scatter(scalar, List.of(dev0), 0));
        }
    }

    @Test
    @Tag("gpu")
    void scatterGatherAndParallelOnEveryGpu() {
        List<Device> gpus = all("CUDA devices", d -> d.backendName().equals("cuda"));
        byte[] host = randomBytes(random, DType.FLOAT32, 1001 * 3);
        try (NDArray a = onDevice(gpus.get(0), host, DType.FLOAT32, 1001, 3)) {
            List<NDArray> parts = Nd.scatter(a, gpus, 0);
            Devices.parallel(gpus, (d, i) -> assertSame(d, parts.get(i).device()));
            for (Device target : gpus) {
                try (NDArray g = Nd.gather(parts, target, 0)) {
                    assertSame(target, g.device());
                    assertArrayEquals(host, bytes(g), "gathered on " + target.id());
                }
            }
            parts.forEach(NDArray::close);
        }
    }
}
