package org.ndgpu.nccl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The Collective API over every device of a kind, one rank and thread each (two or more ranks): the
 * host collective on the OpenCL CPU devices (PoCL with {@code POCL_DEVICES="pthread pthread"}, which
 * this module's surefire configuration sets) and, tagged gpu, Collective.local on every CUDA GPU (NCCL). Every result is checked against a Java
 * loop over the ranks' random inputs in rank order: integers exactly, floats within their rounding.
 * A rank that aborts, or never comes, ends the others' wait with an NdException.
 */
class CollectiveTest {
    private final SplittableRandom random = new SplittableRandom(0xc011_ec7eL);

    /** Every device that {@code kind} accepts (two or more: four GPUs on a 4-GPU host), or the test is skipped. */
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

    @Test
    void hostCollectivesEqualALoopOverTheRanks() {
        List<Collective> ranks = Collective.threads(cpus());
        everyCollective(ranks);
        ranks.forEach(Collective::close);
    }

    @Tag("gpu")
    @Test
    void ncclCollectivesEqualALoopOverTheRanks() {
        List<Device> gpus = all("CUDA devices", d -> d.backend().dialect() == Dialect.CUDA);
        assumeTrue(Nccl.available(), "needs NCCL: " + Nccl.problem());
        List<Collective> ranks = Collective.local(gpus);
        assertTrue(
                ranks.getFirst().toString().contains("NcclCommunicator"),
                ranks.getFirst().toString());
        everyCollective(ranks);
        ranks.forEach(Collective::close);
    }

    @Tag("gpu")
    @Test
    void hostCollectivesRunOnGpusToo() {
        List<Device> gpus = all("CUDA devices", d -> d.backend().dialect() == Dialect.CUDA);
        List<Collective> ranks = Collective.threads(gpus);
        everyCollective(ranks);
        ranks.forEach(Collective::close);
    }

    private void everyCollective(List<Collective> ranks) {
        int n = ranks.size();
        List<Device> devices = ranks.stream().map(Collective::device).toList();
        for (DType d : List.of(DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64)) {
            for (ReduceOp op : ReduceOp.values()) {
                if (op == ReduceOp.AVG && d.kind() == 'i') continue;
                int len = 37;
                double[][] in = new double[n][len];
                for (int r = 0; r < n; r++)
                    for (int i = 0; i < len; i++)
                        in[r][i] = d.kind() == 'f'
                                ? random.nextDouble(-2, 2)
                                : op == ReduceOp.PROD // small, so a product over many ranks stays in int32
                                        ? random.nextInt(-3, 4)
                                        : random.nextInt(-1000, 1000);
                double[] expected = new double[len];
                for (int i = 0; i < len; i++) {
                    double acc = in[0][i];
                    for (int r = 1; r < n; r++) {
                        double v = in[r][i];
                        acc = switch (op) {
                            case SUM, AVG -> acc + v;
                            case PROD -> acc * v;
                            case MAX -> Math.max(acc, v);
                            case MIN -> Math.min(acc, v);
                        };
                    }
                    expected[i] = op == ReduceOp.AVG ? acc / n : acc;
                }
                List<double[]> got = new ArrayList<>();
                for (int r = 0; r < n; r++) got.add(null);
                Devices.parallel(devices, (dev, r) -> {
                    try (NDArray a = onDevice(dev, d, in[r]);
                            NDArray out = NDArray.empty(dev, d, new long[] {len}, org.ndgpu.ndarray.Order.C)) {
                        ranks.get(r).allReduce(a, out, op);
                        ranks.get(r).allReduce(a, op); // in place
                        got.set(r, out.toDoubleArray());
                        assertArrayEquals(out.toDoubleArray(), a.toDoubleArray(), 0, "in place " + d + " " + op);
                    }
                });
                double tol = d == DType.FLOAT32 ? 1e-5 : d == DType.FLOAT64 ? 1e-12 : 0;
                for (int r = 0; r < n; r++)
                    for (int i = 0; i < len; i++)
                        assertEquals(
                                expected[i],
                                got.get(r)[i],
                                tol * Math.max(1, Math.abs(expected[i])),
                                d + " " + op + " rank " + r + " [" + i + "]");
            }
        }
        // broadcast, allGather, reduceScatter of float32, and a barrier
        int len = 12;
        double[][] in = new double[n][len];
        for (int r = 0; r < n; r++) for (int i = 0; i < len; i++) in[r][i] = random.nextDouble(-5, 5);
        Devices.parallel(devices, (dev, r) -> {
            Collective c = ranks.get(r);
            try (NDArray a = onDevice(dev, DType.FLOAT32, in[r])) {
                NDArray b = a.copy();
                c.broadcast(b, 1);
                assertArrayEquals(floats(in[1]), b.toFloatArray(), "broadcast from rank 1");
                NDArray all = NDArray.empty(dev, DType.FLOAT32, new long[] {(long) n * len}, org.ndgpu.ndarray.Order.C);
                c.allGather(a, all);
                float[] whole = all.toFloatArray();
                for (int q = 0; q < n; q++)
                    for (int i = 0; i < len; i++) assertEquals((float) in[q][i], whole[q * len + i], "allGather");
                NDArray part = NDArray.empty(dev, DType.FLOAT32, new long[] {len / n}, org.ndgpu.ndarray.Order.C);
                c.reduceScatter(a, part, ReduceOp.SUM);
                float[] p = part.toFloatArray();
                for (int i = 0; i < len / n; i++) {
                    float s = 0;
                    for (int q = 0; q < n; q++) s += (float) in[q][r * (len / n) + i];
                    assertEquals(s, p[i], 1e-5f * Math.max(1, Math.abs(s)), "reduceScatter rank " + r);
                }
                c.barrier();
                b.close();
                all.close();
                part.close();
            }
        });
    }

    @Test
    @Timeout(60) // the abort must end the other rank's wait, not its own timeout
    void aRankThatAbortsEndsTheOthersWait() {
        List<Collective> ranks = Collective.threads(cpus());
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Devices.parallel(ranks.stream().map(Collective::device).toList(), (dev, r) -> {
            if (r == 1) {
                ranks.get(1).abort(); // as a task failing before its collective does
                return;
            }
            try (NDArray a = onDevice(dev, DType.FLOAT64, new double[] {1, 2, 3})) {
                var e = assertThrows(NdException.class, () -> ranks.get(r).allReduce(a, ReduceOp.SUM));
                assertTrue(e.getMessage().contains("aborted"), "rank " + r + ": " + e.getMessage());
                seen.set(e);
            }
        });
        assertNotNull(seen.get());
        assertTrue(ranks.get(1).isClosed());
    }

    @Test
    void aRankThatNeverComesTimesOut() {
        List<Collective> ranks = Collective.threads(cpus(), Duration.ofMillis(300));
        try (NDArray a = onDevice(ranks.get(0).device(), DType.FLOAT32, new double[] {1, 2})) {
            var e = assertThrows(NdException.class, () -> ranks.get(0).allReduce(a, ReduceOp.SUM));
            assertTrue(e.getMessage().contains("waited"), e.getMessage());
            // the group stays aborted: rank 1 arriving late fails at once rather than waiting
            try (NDArray b = onDevice(ranks.get(1).device(), DType.FLOAT32, new double[] {1, 2})) {
                assertThrows(NdException.class, () -> ranks.get(1).allReduce(b, ReduceOp.SUM));
            }
        }
    }

    @Test
    void hostileArguments() {
        List<Device> cpus = cpus();
        List<Collective> ranks = Collective.threads(cpus);
        Collective c = ranks.getFirst();
        try (NDArray a = onDevice(cpus.get(0), DType.FLOAT32, new double[] {1, 2});
                NDArray other = onDevice(cpus.get(1), DType.FLOAT32, new double[] {1, 2});
                NDArray ints = onDevice(cpus.get(0), DType.INT32, new double[] {1, 2});
                NDArray three = onDevice(cpus.get(0), DType.FLOAT32, new double[] {1, 2, 3})) {
            assertThrows(NullPointerException.class, () -> c.allReduce(null, ReduceOp.SUM));
            assertThrows(NullPointerException.class, () -> c.allReduce(a, null));
            assertThrows(DeviceException.class, () -> c.allReduce(other, ReduceOp.SUM));
            assertThrows(DTypeException.class, () -> c.allReduce(a, ints, ReduceOp.SUM));
            assertThrows(ShapeException.class, () -> c.allReduce(a, three, ReduceOp.SUM));
            assertThrows(NdException.class, () -> c.broadcast(a, cpus.size()));
            assertThrows(NdException.class, () -> c.broadcast(a, -1));
            assertThrows(ShapeException.class, () -> c.allGather(a, a));
            assertThrows(ShapeException.class, () -> c.reduceScatter(three, a, ReduceOp.SUM));
            NDArray t = onDevice(cpus.get(0), DType.COMPLEX64, new double[] {1, 2});
            assertThrows(DTypeException.class, () -> c.allReduce(t, ReduceOp.PROD));
            c.close();
            assertThrows(NdException.class, () -> c.allReduce(a, ReduceOp.SUM));
        }
        assertThrows(NullPointerException.class, () -> Collective.threads(null));
        assertThrows(NdException.class, () -> Collective.threads(List.of()));
        assertThrows(NdException.class, () -> Collective.threads(cpus, Duration.ZERO));
        assertThrows(
                NdException.class,
                () -> Collective.host(cpus.get(0), 2, 2, HostExchange.threads(2, Duration.ofSeconds(1))));
        assertThrows(NullPointerException.class, () -> Collective.host(cpus.get(0), 0, 2, null));
        assertThrows(NdException.class, () -> HostExchange.threads(0, Duration.ofSeconds(1)));
        assertThrows(NullPointerException.class, () -> Collective.nccl(null));
    }

    private static float[] floats(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) f[i] = (float) v[i];
        return f;
    }

    private static NDArray onDevice(Device dev, DType d, double[] v) {
        MemorySegment seg = switch (d) {
            case FLOAT64 -> MemorySegment.ofArray(v.clone());
            case FLOAT32 -> MemorySegment.ofArray(floats(v));
            case COMPLEX64 -> MemorySegment.ofArray(floats(new double[] {v[0], 0, v[1], 0}));
            case INT32 -> {
                int[] a = new int[v.length];
                for (int i = 0; i < v.length; i++) a[i] = (int) v[i];
                yield MemorySegment.ofArray(a);
            }
            default -> {
                long[] a = new long[v.length];
                for (int i = 0; i < v.length; i++) a[i] = (long) v[i];
                yield MemorySegment.ofArray(a);
            }
        };
        return NDArray.fromHost(dev, d, new long[] {v.length}, seg);
    }
}
