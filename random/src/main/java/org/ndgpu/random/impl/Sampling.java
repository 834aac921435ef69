package org.ndgpu.random.impl;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.routines.sorting.Sorting;

/**
 * choice, permutation and shuffle. A permutation is the argsort of one random 64-bit key per item
 * (a stable sort, so the order depends only on the keys, whatever the device); a weighted draw
 * without replacement sorts exponential clocks E_i / p_i, which orders the items exactly as
 * NumPy's successive renormalized draws do in distribution.
 */
final class Sampling {
    private Sampling() {}

    /** arange(n) permuted, int64. */
    static NDArray permutationOf(String op, Counters c, long n) {
        if (n < 0) throw new NdException(op + ": expected a non-negative length, got " + n);
        try (NDArray keys = DeviceDraws.integers(c, Long.MIN_VALUE, 0, DType.INT64, new long[] {n})) {
            return Sorting.sort(op, keys, 0, true);
        }
    }

    static NDArray permutation(Counters c, Object x) {
        String op = "random.permutation";
        Objects.requireNonNull(x, op + ": x is null");
        if (x instanceof NDArray a) {
            a.live(op);
            if (a.ndim() == 0)
                throw new NdException(
                        op + ": expected an integer or an array of at least 1 dimension, got a 0-d array");
            try (NDArray p = permutationOf(op, c, a.shape()[0])) {
                return a.take(p, 0);
            }
        }
        if (Scalars.isJavaInteger(x)) {
            return permutationOf(op, c, ((Number) x).longValue());
        }
        throw new DTypeException(
                op + ": expected an integer or an NDArray, got " + x.getClass().getSimpleName());
    }

    static void shuffle(Counters c, NDArray x) {
        String op = "random.shuffle";
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        if (x.ndim() == 0) throw new NdException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        if (!x.isWriteable())
            throw new NdException(op + ": expected a writeable array, got a read-only one (a broadcast view?)");
        try (NDArray p = permutationOf(op, c, x.shape()[0]);
                NDArray taken = x.take(p, 0)) {
            x.set("...", taken);
        }
    }

    static NDArray choice(Counters c, Object a, long[] size, boolean replace, double[] p) {
        String op = "random.choice";
        Objects.requireNonNull(a, op + ": a is null");
        long[] shape = size == null ? new long[0] : size;
        DistributionLibrary.checkShape(op, shape);
        long k = 1;
        try {
            for (long s : shape) k = Math.multiplyExact(k, s);
        } catch (ArithmeticException e) {
            throw new org.ndgpu.exceptions.ShapeException(
                    op + ": size " + java.util.Arrays.toString(shape) + " has more elements than an array can hold");
        }
        long pop;
        NDArray arr = null;
        if (a instanceof NDArray x) {
            arr = x.live(op);
            if (x.ndim() == 0)
                throw new NdException(
                        op + ": expected a an array of at least 1 dimension or an integer, got a 0-d array");
            pop = x.shape()[0];
            if (pop == 0 && k > 0)
                throw new NdException(
                        op + ": a cannot be empty unless no samples are taken (size " + Arrays.toString(shape) + ")");
        } else if (a instanceof Long || a instanceof Integer) {
            pop = ((Number) a).longValue();
            if (pop < 0 || (pop == 0 && k > 0)) {
                throw new NdException(op + ": expected a positive integer a unless no samples are taken, got " + pop);
            }
        } else {
            throw new DTypeException(op + ": expected a an NDArray or an integer, got "
                    + a.getClass().getSimpleName());
        }
        if (p != null) checkP(op, p, pop);
        if (!replace && k > pop) {
            throw new NdException(op + ": cannot take a larger sample than population when replace is false (sample "
                    + k + ", population " + pop + ")");
        }
        if (!replace && p != null) {
            long nonzero = Arrays.stream(p).filter(v -> v > 0).count();
            if (nonzero < k)
                throw new NdException(
                        op + ": fewer non-zero entries in p than size (" + nonzero + " non-zero, size " + k + ")");
        }
        NDArray idx = k == 0 ? Creation.zeros(DType.INT64, shape) : indices(op, c, pop, k, shape, replace, p);
        if (arr == null) return idx;
        try (idx) {
            return arr.take(idx, 0);
        }
    }

    private static NDArray indices(String op, Counters c, long pop, long k, long[] shape, boolean replace, double[] p) {
        if (replace && p == null) return DeviceDraws.integers(c, 0, pop, DType.INT64, shape);
        if (replace) {
            // NumPy's inverse CDF: cdf / cdf[-1], searched from the right, so an item of p 0 is never drawn
            double[] cdf = new double[p.length];
            double s = 0;
            for (int j = 0; j < p.length; j++) cdf[j] = s += p[j];
            for (int j = 0; j < cdf.length; j++) cdf[j] /= s;
            try (NDArray cd = Creation.array(cdf);
                    NDArray u = BlockDraws.draw(Continuous.RANDOM, c, DType.FLOAT64, shape, 0, 0)) {
                return Sorting.searchsorted(op, cd, u, "right");
            }
        }
        if (p == null && sparse(pop, k)) {
            try (NDArray drawn = Creation.array(distinctDraws(op, c, pop, k))) {
                return drawn.reshape(shape);
            }
        }
        NDArray order;
        if (p == null) {
            order = permutationOf(op, c, pop);
        } else {
            try (NDArray w = Creation.array(p);
                    NDArray keys = BlockDraws.weightedKeys(c, w)) {
                order = Sorting.sort(op, keys, 0, true);
            }
        }
        try (order;
                NDArray first = order.get("0:" + k)) {
            return first.copy().reshape(shape);
        }
    }

    /**
     * Whether a sample of k from pop without replacement is drawn as {@link #distinctDraws} rather than as the first
     * k of a permutation of pop: NumPy's Generator.choice switches from its permutation (tail shuffle) to its
     * set-based method at the same place, a population over 10000 of which at most a 50th is taken, where the
     * permutation would cost far more than the sample (Long.MAX_VALUE items cannot be permuted at all).
     */
    static boolean sparse(long pop, long k) {
        return pop > 10_000 && k <= pop / 50;
    }

    /**
     * k distinct values of [0, pop), in the order first drawn: uniform draws from the device generator, a value
     * seen before rejected and a fresh batch drawn for what is missing, until k are distinct. Taking the draws
     * in stream order, each new distinct value is uniform among those not yet taken, so the ordered sample is
     * uniform, as a shuffled choice without replacement; and the counters advance the same way under a seed.
     * With k at most pop / 50 a batch repeats about k / 100 values, so few batches follow the first.
     */
    static long[] distinctDraws(String op, Counters c, long pop, long k) {
        if (k > MAX_DISTINCT) {
            throw new NdException(op + ": a sample of " + k + " distinct values without replacement from " + pop
                    + " is more than this method holds (at most " + MAX_DISTINCT + ")");
        }
        long[] out = new long[(int) k];
        LongSet seen = new LongSet((int) k);
        int have = 0;
        while (have < k) {
            long[] batch;
            try (NDArray d = DeviceDraws.integers(c, 0, pop, DType.INT64, new long[] {k - have})) {
                batch = d.toLongArray();
            }
            for (long v : batch) if (seen.add(v)) out[have++] = v;
        }
        return out;
    }

    /** The largest sample {@link #distinctDraws} keeps track of (its set takes up to four longs a value on the host). */
    static final long MAX_DISTINCT = 1L << 26;

    /** An open-addressing set of non-negative longs (-1 marks a free slot), sized for its capacity at load 1/2 or less. */
    private static final class LongSet {
        private final long[] slots;
        private final int mask;

        LongSet(int capacity) {
            int n = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) << 1;
            slots = new long[n];
            Arrays.fill(slots, -1L);
            mask = n - 1;
        }

        /** Adds v; false when it was there already. */
        boolean add(long v) {
            int i = (int) (mix(v) & mask);
            while (slots[i] != -1L) {
                if (slots[i] == v) return false;
                i = (i + 1) & mask;
            }
            slots[i] = v;
            return true;
        }

        private static long mix(long v) { // splitmix64's finalizer: spreads nearby values over the table
            v = (v ^ (v >>> 30)) * 0xbf58476d1ce4e5b9L;
            v = (v ^ (v >>> 27)) * 0x94d049bb133111ebL;
            return v ^ (v >>> 31);
        }
    }

    /** NumPy's checks of p: one per item, non-negative, summing to 1 within sqrt(machine epsilon). */
    private static void checkP(String op, double[] p, long pop) {
        if (p.length != pop)
            throw new NdException(
                    op + ": a and p must have the same size (a has " + pop + " items, p " + p.length + ")");
        double s = 0;
        for (int j = 0; j < p.length; j++) {
            if (!(p[j] >= 0) || Double.isInfinite(p[j]))
                throw new NdException(
                        op + ": probabilities must be non-negative and finite, got p[" + j + "] = " + p[j]);
            s += p[j];
        }
        if (!(Math.abs(s - 1) <= Math.sqrt(Math.ulp(1.0))))
            throw new NdException(op + ": probabilities do not sum to 1: expected 1, got " + s);
    }
}
