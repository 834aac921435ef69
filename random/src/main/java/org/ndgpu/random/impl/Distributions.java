package org.ndgpu.random.impl;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's Generator distributions on the device, implemented by module random; {@link
 * org.ndgpu.random.Random} delegates to it. Element
 * {@code i} of a call draws from Philox4x32-10, keyed by the seed, at counters (i, round, call
 * offset) of its own (rejection samplers, integers), or from block i/4 or i/2 of the call (the
 * distributions with a fixed number of words per value), so the numbers depend only on the seed,
 * the call's place in the generator's stream and i, never on the device or the number of threads.
 */
public interface Distributions {
    /** A call's Philox key and the counter offset reserved for it. */
    record Draw(long seed, long offset) {}

    /** The generator side: reserves {@code units} of its counter stream for one call. */
    @FunctionalInterface
    interface Counters {
        Draw reserve(long units);
    }

    /** The distributions whose parameters are numbers, of a float dtype; {@link #numpyName()} is Generator's method. */
    enum Continuous {
        RANDOM("random"),
        STANDARD_NORMAL("standard_normal"),
        EXPONENTIAL("exponential"),
        GAMMA("gamma"),
        BETA("beta"),
        LOGNORMAL("lognormal"),
        CHISQUARE("chisquare"),
        LAPLACE("laplace");

        private final String numpyName;

        Continuous(String numpyName) {
            this.numpyName = numpyName;
        }

        /** NumPy's name of the method, e.g. {@code standard_normal}. */
        public String numpyName() {
            return numpyName;
        }
    }

    /** Random.uniform(low, high, dtype, shape) of float16, float32 or float64: element i from Philox block i/4 (float64: i/2) of the call. */
    NDArray uniform(Counters c, double low, double high, DType dtype, long[] shape);

    /** Random.normal(loc, scale, dtype, shape): Box-Muller on pairs, pair i/2 from Philox block i/2 of the call. */
    NDArray normal(Counters c, double loc, double scale, DType dtype, long[] shape);

    /** One of {@link Continuous}, its parameters in NumPy's order (exponential: scale; gamma: shape, scale; ...). */
    NDArray continuous(Continuous dist, Counters c, DType dtype, long[] shape, double... params);

    /** Generator.integers(low, high, size, dtype, endpoint): exactly uniform, no modulo bias. */
    NDArray integers(Counters c, long low, long high, boolean endpoint, DType dtype, long[] shape);

    /** Generator.poisson(lam, size): int64. */
    NDArray poisson(Counters c, double lam, long[] shape);

    /** Generator.binomial(n, p, size): int64. */
    NDArray binomial(Counters c, long n, double p, long[] shape);

    /** Generator.multinomial(n, pvals, size): int64 of shape size + (len(pvals),). */
    NDArray multinomial(Counters c, long n, double[] pvals, long[] size);

    /** Generator.choice(a, size, replace, p): {@code a} a Long (arange(a)) or an NDArray (along axis 0); p may be null. */
    NDArray choice(Counters c, Object a, long[] size, boolean replace, double[] p);

    /** Generator.permutation(x): {@code x} a Long (a permuted arange) or an NDArray (a permuted copy along axis 0). */
    NDArray permutation(Counters c, Object x);

    /** Generator.shuffle(x): permutes x along axis 0, in place. */
    void shuffle(Counters c, NDArray x);
}
