package org.ndgpu.reliability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.LongRange;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A seeded property-based fuzzer: each case builds a random array (rank 0-3, dims 0-5, a dtype of
 * the run's set) and applies 1 to 5 random operations (transposes, slices with any step,
 * broadcasts, ravel, casts, add/subtract/multiply/maximum against a broadcasting operand of any
 * dtype, negative, absolute, sum and max along an axis), on the device and on {@link HostNd}, then
 * compares shape, dtype and every element.
 *
 * <p>Driven by jqwik (fixed run seed; {@link OutProperties} holds the properties with structured,
 * shrinkable arguments). System property {@code ndgpu.fuzz.dtypes} (default "float32,float64"; add
 * int32 for more variety and more kernels). A failure prints the case's seed and its operations;
 * {@code runCase(seed)} reruns exactly that chain.
 */
abstract class FuzzConformance {
    static final List<DType> DTYPES = Arrays.stream(
                    System.getProperty("ndgpu.fuzz.dtypes", "float32,float64").split(","))
            .map(s -> DType.valueOf(s.strip().toUpperCase(java.util.Locale.ROOT)))
            .toList();

    /** The device the fuzzer runs on. */
    protected abstract Device device();

    /**
     * One chain of operations per seed. jqwik draws the seeds from a fixed run seed, so CI runs the
     * same chains each time; a failure prints the chain, and jqwik shrinks toward the smallest
     * failing seed it can find.
     */
    @Property(tries = 120, seed = "20261121", shrinking = ShrinkingMode.BOUNDED)
    void operationChainsMatchTheHostReference(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
        try (var _ = device().use()) {
            runCase(seed);
        }
    }

    /** One case; on a mismatch or an unexpected exception, an AssertionError with the seed and the operations. */
    static void runCase(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> log = new ArrayList<>();
        List<NDArray> made = new ArrayList<>();
        try {
            int[] shape = randomShape(r, 3);
            DType dt = DTYPES.get(r.nextInt(DTYPES.size()));
            double[] vals = values(r, prod(shape));
            HostNd h = HostNd.of(vals, shape, dt);
            NDArray a = track(made, hostToDevice(h.toArray(), shape).astype(dt));
            log.add("x = array(" + Arrays.toString(shape) + ", " + dt + ", values " + brief(vals) + ")");
            int steps = 1 + r.nextInt(5);
            for (int s = 0; s < steps; s++) {
                int nd = h.ndim();
                int kind = r.nextInt(11);
                if (kind == 0 && nd >= 2) {
                    int[] perm = permutation(r, nd);
                    log.add("x = x.transpose" + Arrays.toString(perm));
                    h = h.transpose(perm);
                    a = track(made, a.transpose(perm));
                } else if (kind <= 2 && nd >= 1) {
                    int[] st = new int[nd], len = new int[nd], step = new int[nd];
                    StringBuilder ix = new StringBuilder();
                    for (int d = 0; d < nd; d++) {
                        int n = h.shape[d];
                        int k = 1 + r.nextInt(3);
                        if (r.nextInt(3) == 0 && n > 0) { // negative step, from start down to 0
                            st[d] = r.nextInt(n);
                            step[d] = -k;
                            len[d] = st[d] / k + 1;
                            ix.append(st[d]).append("::").append(-k);
                        } else {
                            int b = r.nextInt(n + 1), e = b + r.nextInt(n - b + 1);
                            st[d] = b;
                            step[d] = k;
                            len[d] = (e - b + k - 1) / k;
                            ix.append(b).append(':').append(e).append(':').append(k);
                        }
                        if (d < nd - 1) ix.append(", ");
                    }
                    log.add("x = x[" + ix + "]");
                    h = h.slice(st, len, step);
                    a = track(made, a.get(ix.toString()));
                } else if (kind == 3 && nd <= 3) {
                    int[] target = new int[nd + 1];
                    target[0] = 1 + r.nextInt(3);
                    for (int d = 0; d < nd; d++) target[d + 1] = h.shape[d] == 1 ? 1 + r.nextInt(3) : h.shape[d];
                    log.add("x = broadcast_to(x, " + Arrays.toString(target) + ")");
                    h = h.broadcastTo(target);
                    a = track(made, a.broadcastTo(longs(target)));
                } else if (kind == 4) {
                    log.add("x = x.ravel()");
                    h = h.ravel();
                    a = track(made, a.ravel());
                } else if (kind == 5) {
                    DType t = DTYPES.get(r.nextInt(DTYPES.size()));
                    log.add("x = x.astype(" + t + ")");
                    h = h.astype(t);
                    a = track(made, a.astype(t));
                } else if (kind <= 8) {
                    // a second operand that broadcasts to x: some dims 1, maybe fewer leading dims
                    int drop = nd == 0 ? 0 : r.nextInt(nd + 1);
                    int[] os = Arrays.copyOfRange(h.shape, drop, nd);
                    for (int d = 0; d < os.length; d++) if (r.nextInt(3) == 0) os[d] = 1;
                    DType ot = DTYPES.get(r.nextInt(DTYPES.size()));
                    double[] ov = values(r, prod(os));
                    HostNd ho = HostNd.of(ov, os, ot);
                    NDArray b = track(made, hostToDevice(ho.toArray(), os).astype(ot));
                    String[] names = {"add", "subtract", "multiply", "maximum"};
                    int op = r.nextInt(4);
                    log.add("x = " + names[op] + "(x, array(" + Arrays.toString(os) + ", " + ot + ", " + brief(ov)
                            + "))");
                    h = h.zip(
                            ho,
                            switch (op) {
                                case 0 -> Double::sum;
                                case 1 -> (p, q) -> p - q;
                                case 2 -> (p, q) -> p * q;
                                default -> Math::max;
                            });
                    a = track(
                            made,
                            switch (op) {
                                case 0 -> a.add(b);
                                case 1 -> a.sub(b);
                                case 2 -> a.mul(b);
                                default -> a.maximum(b);
                            });
                } else if (kind == 9) {
                    boolean neg = r.nextBoolean();
                    log.add("x = " + (neg ? "negative" : "absolute") + "(x)");
                    h = h.map(neg ? p -> -p : Math::abs);
                    a = track(made, neg ? a.neg() : a.abs());
                } else if (nd >= 1) {
                    int axis = r.nextInt(nd);
                    boolean max = r.nextBoolean() && h.shape[axis] > 0;
                    log.add("x = x." + (max ? "max" : "sum") + "(axis=" + axis + ")");
                    h = h.reduce(axis, max);
                    a = track(made, max ? a.max(axis) : a.sum(axis));
                }
            }
            compare(h, a);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(
                    "fuzz case failed; reproduce with -Dndgpu.fuzz.seed=" + seed + " -Dndgpu.fuzz.cases=1\n  "
                            + String.join("\n  ", log) + "\n" + e,
                    e);
        } finally {
            for (NDArray m : made) m.close();
        }
    }

    private static void compare(HostNd h, NDArray a) {
        if (!Arrays.equals(longs(h.shape), a.shape())) {
            throw new AssertionError(
                    "shape: expected " + Arrays.toString(h.shape) + ", got " + Arrays.toString(a.shape()));
        }
        if (h.dtype != a.dtype()) throw new AssertionError("dtype: expected " + h.dtype + ", got " + a.dtype());
        double[] want = h.toArray(), got = a.toDoubleArray();
        double tol = h.dtype == DType.FLOAT32 ? 1e-6 : h.dtype == DType.FLOAT64 ? 1e-12 : 0;
        for (int i = 0; i < want.length; i++) {
            double w = want[i], g = got[i];
            if (Double.compare(w, g) == 0 || Math.abs(w - g) <= tol * Math.max(1, Math.abs(w))) continue;
            throw new AssertionError("element " + i + " (C order): expected " + w + ", got " + g);
        }
    }

    /** A float64 device array of {@code shape} (0-d and empty included) holding {@code v} in C order. */
    private static NDArray hostToDevice(double[] v, int[] shape) {
        try (NDArray flat = Nd.array(v, DType.FLOAT64, v.length)) {
            return flat.reshape(longs(shape)).copy();
        }
    }

    private static NDArray track(List<NDArray> made, NDArray a) {
        made.add(a);
        return a;
    }

    static int[] randomShape(SplittableRandom r, int maxNdim) {
        int nd = r.nextInt(maxNdim + 1);
        int[] s = new int[nd];
        for (int d = 0; d < nd; d++) s[d] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(5);
        return s;
    }

    /** Quarters in [-8, 8]: exact in float32 through the few products and sums a case makes. */
    static double[] values(SplittableRandom r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(-32, 33) / 4.0;
        return v;
    }

    static int[] permutation(SplittableRandom r, int n) {
        int[] p = IntStream.range(0, n).toArray();
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1), t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    static int prod(int[] s) {
        int n = 1;
        for (int d : s) n *= d;
        return n;
    }

    static long[] longs(int[] s) {
        return Arrays.stream(s).asLongStream().toArray();
    }

    private static String brief(double[] v) {
        return v.length <= 8
                ? Arrays.toString(v)
                : Arrays.toString(Arrays.copyOf(v, 8)).replace("]", ", ...] (" + v.length + ")");
    }
}
