package org.ndgpu.random.impl;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.routines.sorting.Sorting;

/**
 * choice, permutation and shuffle. A permutation is the stable argsort of one random key per item
 * ({@link KeyPermutation}: the order depends only on the keys, whatever the device), and an array is
 * permuted by one gather of its rows; a uniform draw without replacement from a large population is
 * the image of 0..k-1 under a keyed bijection ({@link FeistelBijection}, as CuPy), from a small one
 * the head of a permutation; a weighted draw without replacement sorts exponential clocks E_i / p_i,
 * which orders the items exactly as NumPy's successive renormalized draws do in distribution.
 */
final class Sampling {
    private Sampling() {}

    /** arange(n) permuted, int64. */
    static NDArray permutationOf(String op, Counters c, long n) {
        if (n < 0) throw new NdException(op + ": expected a non-negative length, got " + n);
        return KeyPermutation.of(op, c, n);
    }

    static NDArray permutation(Counters c, Object x) {
        String op = "random.permutation";
        Objects.requireNonNull(x, op + ": x is null");
        if (x instanceof NDArray a) {
            a.live(op);
            if (a.ndim() == 0)
                throw new NdException(
                        op + ": expected an integer or an array of at least 1 dimension, got a 0-d array");
            try (var _ = a.device().use(); // the permutation and the gather where a lives
                    NDArray p = permutationOf(op, c, a.shape()[0])) {
                return KeyPermutation.takeRows(a, p);
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
        try (var _ = x.device().use();
                NDArray p = permutationOf(op, c, x.shape()[0]);
                NDArray taken = KeyPermutation.takeRows(x, p)) {
            Copies.copyInto(taken, x);
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
        if (arr == null) return k == 0 ? Creation.zeros(DType.INT64, shape) : indices(op, c, pop, k, shape, replace, p);
        try (var _ = arr.device().use(); // the draw and the gather where a lives
                NDArray idx = k == 0 ? Creation.zeros(DType.INT64, shape) : indices(op, c, pop, k, shape, replace, p)) {
            return KeyPermutation.takeRows(arr, idx); // idx in [0, pop) by construction
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
        if (p == null && pop > FeistelBijection.MIN_POPULATION) return FeistelBijection.sample(c, pop, shape);
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
