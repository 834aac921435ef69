package org.ndgpu.nccl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
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
 * NCCL on every CUDA device of the host (two or more): each collective, dtype and operator against a
 * plain Java loop over the ranks' inputs, with fresh random inputs and poisoned outputs; ranks made
 * by initAll and by uniqueId/init from one thread per rank; the errors of misuse. Skipped, saying
 * why, without two CUDA devices or without libnccl.
 */
@Tag("gpu")
class NcclGpuTest {
    private static List<Device> gpus;
    private static List<NcclCommunicator> comms;
    private final SplittableRandom random = new SplittableRandom(0x5eed_1234L);

    @BeforeAll
    static void ranks() {
        gpus = Device.list().stream()
                .filter(d -> d.backend().dialect() == Dialect.CUDA)
                .toList();
        assumeTrue(gpus.size() >= 2, "needs two CUDA devices; found " + Device.list() + " " + Device.problems());
        assumeTrue(Nccl.available(), "needs NCCL: " + Nccl.problem());
        System.out.println("NCCL " + Nccl.version() + " from " + Nccl.loadedFrom() + " on " + gpus);
        comms = Nccl.initAll(gpus);
    }

    @AfterAll
    static void close() {
        if (comms != null) comms.forEach(NcclCommunicator::close);
    }

    private int n() {
        return gpus.size();
    }

    /** Integers in [-bound, bound] (their int64 products exact in a double up to five ranks), or random doubles for floats. */
    private double[] values(int count, DType t) {
        double[] v = new double[count * (t.isComplex() ? 2 : 1)];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (t) {
                case BOOL -> random.nextInt(2);
                case UINT8 -> random.nextInt(1, 12);
                case INT8 -> random.nextInt(-11, 12);
                case FLOAT16 -> random.nextInt(-30, 31);
                default -> t.isInexact() ? random.nextDouble(-4, 4) : random.nextInt(-1000, 1001);
            };
        }
        return v;
    }

    private static NDArray on(Device d, double[] v, DType t) {
        try (var _ = d.use()) {
            if (t == DType.COMPLEX64) {
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) f[i] = (float) v[i];
                return Nd.array(MemorySegment.ofArray(f), t, v.length / 2);
            }
            if (t == DType.COMPLEX128) return Nd.array(MemorySegment.ofArray(v.clone()), t, v.length / 2);
            return Nd.array(v.clone()).astype(t);
        }
    }

    /** The array's values as doubles (complex: interleaved real and imaginary parts). */
    private static double[] read(NDArray a) {
        if (a.dtype() == DType.COMPLEX64) {
            float[] f = a.toBytes().toArray(ValueLayout.JAVA_FLOAT);
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) d[i] = f[i];
            return d;
        }
        if (a.dtype() == DType.COMPLEX128) return a.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
        return a.astype(DType.FLOAT64).toDoubleArray();
    }

    private static NDArray poisoned(Device d, DType t, long count) {
        try (var _ = d.use()) {
            NDArray p = Nd.empty(t, count);
            Nd.copyto(
                    p,
                    Nd.full(t == DType.BOOL ? (Object) true : (Object) 77, t, count)
                            .astype(t));
            return p;
        }
    }

    private static double combine(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM, AVG -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
        };
    }

    /** An integer result as the dtype holds it: NCCL's products and sums wrap as NumPy's do. */
    private static double wrap(DType t, double x) {
        return switch (t) {
            case INT8 -> (byte) (long) x;
            case UINT8 -> ((long) x) & 0xFF;
            case INT32 -> (int) (long) x;
            default -> x;
        };
    }

    private static void close(double[] expected, double[] got, double rtol, String what) {
        close(expected, expected, got, rtol, what);
    }

    /**
     * Within {@code rtol} of {@code scale}: a float sum over ranks in NCCL's order differs from the host's by
     * rounding of the order of the sum of the terms' magnitudes, not of the (possibly cancelled) result.
     */
    private static void close(double[] expected, double[] scale, double[] got, double rtol, String what) {
        assertEquals(expected.length, got.length, what);
        for (int i = 0; i < expected.length; i++) {
            double tol = rtol * Math.max(1, Math.abs(scale[i]));
            assertTrue(
                    Math.abs(expected[i] - got[i]) <= tol,
                    what + " [" + i + "]: expected " + expected[i] + ", got " + got[i]);
        }
    }

    @Test
    void allReduceMatchesAHostLoopForEveryDtypeAndOperator() {
        DType[] types = {
            DType.INT8,
            DType.UINT8,
            DType.INT32,
            DType.INT64,
            DType.FLOAT16,
            DType.FLOAT32,
            DType.FLOAT64,
            DType.COMPLEX64,
            DType.COMPLEX128,
            DType.BOOL
        };
        int count = 10_007;
        int checked = 0;
        for (DType t : types) {
            for (ReduceOp op : ReduceOp.values()) {
                boolean allowed = switch (t) {
                    case BOOL -> op == ReduceOp.MAX || op == ReduceOp.MIN;
                    case COMPLEX64, COMPLEX128 -> op == ReduceOp.SUM || op == ReduceOp.AVG;
                    default -> op != ReduceOp.AVG || t.isInexact();
                };
                if (t == DType.FLOAT16 && op == ReduceOp.PROD)
                    allowed = false; // products of ±30 overflow float16's exact range
                if (!allowed) continue;
                List<double[]> in = new ArrayList<>();
                List<NDArray> sends = new ArrayList<>(), recvs = new ArrayList<>();
                for (Device d : gpus) {
                    double[] v = values(count, t);
                    in.add(v);
                    sends.add(on(d, v, t));
                    recvs.add(poisoned(d, t, count));
                }
                Nccl.group(() -> {
                    for (int r = 0; r < n(); r++) comms.get(r).allReduce(sends.get(r), recvs.get(r), op);
                });
                double[] expected = in.getFirst().clone();
                double[] scale = new double[expected.length];
                for (int i = 0; i < expected.length; i++) scale[i] = Math.abs(expected[i]);
                for (int r = 1; r < n(); r++)
                    for (int i = 0; i < expected.length; i++) {
                        expected[i] = wrap(t, combine(op, expected[i], in.get(r)[i]));
                        scale[i] = op == ReduceOp.SUM || op == ReduceOp.AVG
                                ? scale[i] + Math.abs(in.get(r)[i])
                                : Math.abs(expected[i]);
                    }
                if (op == ReduceOp.AVG)
                    for (int i = 0; i < expected.length; i++) {
                        expected[i] /= n();
                        scale[i] /= n();
                    }
                double rtol = t == DType.FLOAT32 || t == DType.COMPLEX64
                        ? 1e-6
                        : t == DType.FLOAT64 || t == DType.COMPLEX128 ? 1e-14 : 0;
                if (t == DType.FLOAT16 && op == ReduceOp.AVG) rtol = 1e-3;
                for (int r = 0; r < n(); r++)
                    close(expected, scale, read(recvs.get(r)), rtol, t + " " + op + " rank " + r);
                checked++;
            }
        }
        assertEquals(36, checked, "dtype and operator pairs checked");
    }

    @Test
    void inPlaceAllReduceAndNonContiguousSends() {
        int count = 4096;
        List<double[]> in = new ArrayList<>();
        List<NDArray> bufs = new ArrayList<>();
        for (Device d : gpus) {
            double[] v = values(2 * count, DType.FLOAT32);
            in.add(v);
            bufs.add(on(d, v, DType.FLOAT32).reshape(count, 2).T()); // a transposed view: copied before sending
        }
        List<NDArray> recvs = new ArrayList<>();
        for (Device d : gpus) recvs.add(poisoned(d, DType.FLOAT32, 2L * count).reshape(2, count));
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).allReduce(bufs.get(r), recvs.get(r), ReduceOp.SUM);
        });
        double[] expected = new double[2 * count], scale = new double[2 * count];
        for (double[] v : in)
            for (int i = 0; i < count; i++)
                for (int j = 0; j < 2; j++) {
                    expected[j * count + i] += (float) v[i * 2 + j];
                    scale[j * count + i] += Math.abs((float) v[i * 2 + j]);
                }
        for (int r = 0; r < n(); r++) close(expected, scale, read(recvs.get(r)), 1e-6, "transposed send rank " + r);
        // in place on the receive arrays: they now all hold `expected`, so the sum is n times it
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).allReduce(recvs.get(r), ReduceOp.SUM);
        });
        double[] times = expected.clone(), timesScale = scale.clone();
        for (int i = 0; i < times.length; i++) {
            times[i] *= n();
            timesScale[i] *= n();
        }
        for (int r = 0; r < n(); r++) close(times, timesScale, read(recvs.get(r)), 1e-6, "in place rank " + r);
    }

    @Test
    void broadcastReduceAllGatherReduceScatterAndSendRecv() {
        int count = 3 * 1024 + 5;
        int root = n() - 1;
        List<double[]> in = new ArrayList<>();
        List<NDArray> sends = new ArrayList<>();
        for (Device d : gpus) {
            double[] v = values(count, DType.FLOAT64);
            in.add(v);
            sends.add(on(d, v, DType.FLOAT64));
        }
        // broadcast from the last rank, of an int16 array (bytes for NCCL)
        List<NDArray> b16 = new ArrayList<>(), r16 = new ArrayList<>();
        double[] shorts = values(count, DType.INT32);
        for (Device d : gpus) {
            b16.add(on(d, d == gpus.get(root) ? shorts : values(count, DType.INT32), DType.INT16));
            r16.add(poisoned(d, DType.INT16, count));
        }
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).broadcast(b16.get(r), r16.get(r), root);
        });
        for (int r = 0; r < n(); r++) close(shorts, read(r16.get(r)), 0, "broadcast int16 rank " + r);

        // reduce (MAX) to rank 0: the others' receive stays poisoned
        List<NDArray> red = new ArrayList<>();
        for (Device d : gpus) red.add(poisoned(d, DType.FLOAT64, count));
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).reduce(sends.get(r), red.get(r), ReduceOp.MAX, 0);
        });
        double[] max = in.getFirst().clone();
        for (double[] v : in) for (int i = 0; i < count; i++) max[i] = Math.max(max[i], v[i]);
        close(max, read(red.getFirst()), 0, "reduce max at root");
        for (int r = 1; r < n(); r++) assertEquals(77.0, read(red.get(r))[0], "reduce leaves non-root receive alone");

        // allGather: rank after rank
        List<NDArray> gathered = new ArrayList<>();
        for (Device d : gpus) gathered.add(poisoned(d, DType.FLOAT64, (long) count * n()));
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).allGather(sends.get(r), gathered.get(r));
        });
        double[] all = new double[count * n()];
        for (int r = 0; r < n(); r++) System.arraycopy(in.get(r), 0, all, r * count, count);
        for (int r = 0; r < n(); r++) close(all, read(gathered.get(r)), 0, "allGather rank " + r);

        // reduceScatter of the gathered arrays: rank r gets block r of n copies of `all`, summed
        List<NDArray> scattered = new ArrayList<>();
        for (Device d : gpus) scattered.add(poisoned(d, DType.FLOAT64, count));
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) comms.get(r).reduceScatter(gathered.get(r), scattered.get(r), ReduceOp.SUM);
        });
        for (int r = 0; r < n(); r++) {
            double[] block = new double[count];
            for (int i = 0; i < count; i++) block[i] = n() * all[r * count + i];
            close(block, read(scattered.get(r)), 1e-15, "reduceScatter rank " + r);
        }

        // a ring of send/recv: rank r sends to r+1 and receives from r-1
        List<NDArray> got = new ArrayList<>();
        for (Device d : gpus) got.add(poisoned(d, DType.FLOAT64, count));
        Nccl.group(() -> {
            for (int r = 0; r < n(); r++) {
                comms.get(r).send(sends.get(r), (r + 1) % n());
                comms.get(r).recv(got.get(r), (r - 1 + n()) % n());
            }
        });
        for (int r = 0; r < n(); r++) close(in.get((r - 1 + n()) % n()), read(got.get(r)), 0, "ring recv rank " + r);
    }

    @Test
    void ranksMadeFromOneUniqueIdInOneThreadEachAgreeWithInitAll() {
        NcclUniqueId id = Nccl.uniqueId();
        int count = 100_003;
        List<double[]> in = new ArrayList<>();
        for (int r = 0; r < n(); r++) in.add(values(count, DType.FLOAT32));
        double[][] out = new double[n()][];
        Devices.parallel(gpus, (d, r) -> {
            try (NcclCommunicator c = Nccl.init(NcclUniqueId.fromHex(id.toHex()), r, n(), d)) {
                assertEquals(r, c.rank());
                NDArray x = on(d, in.get(r), DType.FLOAT32);
                c.allReduce(x, ReduceOp.SUM);
                out[r] = read(x);
            }
        });
        double[] expected = new double[count];
        for (double[] v : in) for (int i = 0; i < count; i++) expected[i] += (float) v[i];
        for (int r = 0; r < n(); r++) close(expected, out[r], 1e-6, "init(id) rank " + r);
    }

    @Test
    void misuseIsRefusedAndLeavesTheArraysAlone() {
        NcclCommunicator c0 = comms.getFirst();
        NDArray onOther = on(gpus.get(1), values(8, DType.FLOAT32), DType.FLOAT32);
        NDArray mine = on(gpus.getFirst(), values(8, DType.FLOAT32), DType.FLOAT32);
        double[] before = read(mine);
        var e = assertThrows(DeviceException.class, () -> c0.allReduce(onOther, mine, ReduceOp.SUM));
        assertTrue(e.getMessage().contains("expected send on " + gpus.getFirst().id()), e.getMessage());
        assertThrows(
                ShapeException.class,
                () -> c0.allReduce(mine, on(gpus.getFirst(), values(9, DType.FLOAT32), DType.FLOAT32), ReduceOp.SUM));
        assertThrows(
                DTypeException.class,
                () -> c0.allReduce(mine, on(gpus.getFirst(), values(8, DType.FLOAT64), DType.FLOAT64), ReduceOp.SUM));
        NDArray wide = on(gpus.getFirst(), values(16, DType.FLOAT32), DType.FLOAT32);
        var nc = assertThrows(NdException.class, () -> c0.allReduce(mine, wide.get("::2"), ReduceOp.SUM));
        assertTrue(nc.getMessage().contains("expected a C-contiguous recv"), nc.getMessage());
        var ov = assertThrows(NdException.class, () -> c0.allReduce(wide.get("0:8"), wide.get("4:12"), ReduceOp.SUM));
        assertTrue(ov.getMessage().contains("overlap"), ov.getMessage());
        assertThrows(
                DTypeException.class,
                () -> c0.allReduce(on(gpus.getFirst(), values(8, DType.BOOL), DType.BOOL), ReduceOp.SUM));
        assertThrows(NdException.class, () -> c0.broadcast(mine, n()));
        assertThrows(NdException.class, () -> c0.send(mine, -1));
        assertThrows(NdException.class, () -> Nccl.initAll(List.of(gpus.getFirst(), gpus.getFirst())));
        assertArrayEquals(before, read(mine), 0);
        NcclCommunicator solo = Nccl.initAll(List.of(gpus.getFirst())).getFirst();
        solo.close();
        solo.close();
        var closed = assertThrows(NdException.class, () -> solo.allReduce(mine, ReduceOp.SUM));
        assertTrue(closed.getMessage().contains("is closed"), closed.getMessage());
    }
}
