package org.ndgpu.random;

import java.util.Objects;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.impl.Continuous;
import org.ndgpu.random.impl.DistributionLibrary;
import org.ndgpu.random.impl.Draw;

/**
 * A device random generator, counter-based (Philox4x32-10, as cuRAND's and NumPy's Philox): element
 * i of a call is a pure function of (seed, call offset, i), so one seed gives the same numbers on
 * every backend and any number of threads. Integer arithmetic only until the final conversion.
 *
 * <pre>{@code
 * Nd.random().seed(42);
 * var u = Nd.random().uniform(-1, 1, DType.FLOAT32, 64, 64);
 * var z = Nd.random().normal(0, 1, DType.FLOAT64, 1000);
 * var k = Nd.random().integers(0, 10, DType.INT32, 5);       // NumPy's Generator methods, camelCase
 * }</pre>
 *
 * <p>This class holds the seed and where the stream stands; every method's checks and kernels are in
 * {@code DistributionLibrary} of this module, which reserves each call's counters here. There
 * uniform and normal read Philox blocks i/4 or i/2 of the call, and the Generator methods (integers,
 * standardNormal, exponential, gamma, beta, poisson, binomial, multinomial, choice, permutation,
 * shuffle, lognormal, chisquare, laplace) draw from Philox counters of each element's own (or its
 * share of one block), so rejection loops stay reproducible.
 * Parameters are numbers (NumPy's array-valued parameters are not taken).
 */
public final class Random {
    private static final DistributionLibrary DRAWS = new DistributionLibrary();
    private static final Device.Key<Random> GENERATOR = new Device.Key<>("random generator");

    private long seed;
    private long offset;

    private Random(long seed) {
        this.seed = seed;
    }

    /** The generator of a device, seeded from the clock until seed() is called; {@link Device#reset()} drops it. */
    public static Random forDevice(Device d) {
        Objects.requireNonNull(d, "forDevice: d is null");
        return d.state(GENERATOR, () -> new Random(System.nanoTime()));
    }

    /** Restarts the stream of numbers from {@code seed}. */
    public synchronized Random seed(long seed) {
        if (seed < 0) throw new NdException("random.seed: expected a non-negative integer, got " + seed);
        this.seed = seed;
        this.offset = 0;
        return this;
    }

    /** The generator and where its stream stands, e.g. {@code Random(Philox4x32-10, seed=42, offset=3)}. */
    @Override
    public synchronized String toString() {
        return "Random(Philox4x32-10, seed=" + seed + ", offset=" + offset + ")";
    }

    /** Uniform in [0, 1), float64. */
    public NDArray random(long... shape) {
        Objects.requireNonNull(shape, "random: shape is null");
        return uniform(0, 1, DType.FLOAT64, shape);
    }

    /** Uniform in [low, high), float64. */
    public NDArray uniform(double low, double high, long... shape) {
        return uniform(low, high, DType.FLOAT64, shape);
    }

    /** Uniform in [low, high) of a float dtype. */
    public NDArray uniform(double low, double high, DType dtype, long... shape) {
        return DRAWS.uniform(this::reserve, low, high, dtype, shape);
    }

    /** Normal with mean {@code loc} and standard deviation {@code scale}, by Box-Muller on pairs. */
    public NDArray normal(double loc, double scale, DType dtype, long... shape) {
        return DRAWS.normal(this::reserve, loc, scale, dtype, shape);
    }

    /** Standard normal, float64. */
    public NDArray normal(long... shape) {
        return normal(0, 1, DType.FLOAT64, shape);
    }

    // ---------------------------------------------------------------- NumPy's Generator

    /** The counters of one call: this generator's key and a fresh offset, {@code units} past it (at least one). */
    private synchronized Draw reserve(long units) {
        if (Capture.current() != null) {
            throw new CaptureException("Nd.random(): a call's place in the random stream is taken on the host, so a"
                    + " graph would draw the same numbers at every launch; draw them outside the body into an array"
                    + " the graph reads");
        }
        Draw d = new Draw(seed, offset);
        offset += Math.max(1, units);
        return d;
    }

    /** Generator.integers(low, high, size): int64 in [low, high), exactly uniform. */
    public NDArray integers(long low, long high, long... shape) {
        return integers(low, high, false, DType.INT64, shape);
    }

    /** Generator.integers(low, high, size, dtype): an integer (or bool) dtype, high exclusive: {@code integers(0, 10, DType.INT8, 5)}. */
    public NDArray integers(long low, long high, DType dtype, long... shape) {
        return integers(low, high, false, dtype, shape);
    }

    /** Generator.integers with {@code endpoint}: true makes high inclusive, so {@code integers(Long.MIN_VALUE, Long.MAX_VALUE, true, ...)} spans int64. */
    public NDArray integers(long low, long high, boolean endpoint, DType dtype, long... shape) {
        return DRAWS.integers(this::reserve, low, high, endpoint, dtype, shape);
    }

    /** Generator.standard_normal(size): float64. */
    public NDArray standardNormal(long... shape) {
        return standardNormal(DType.FLOAT64, shape);
    }

    /** Generator.standard_normal(size, dtype): float32 or float64. */
    public NDArray standardNormal(DType dtype, long... shape) {
        return DRAWS.continuous(Continuous.STANDARD_NORMAL, this::reserve, dtype, shape);
    }

    /** Generator.exponential(scale, size): float64. */
    public NDArray exponential(double scale, long... shape) {
        return exponential(scale, DType.FLOAT64, shape);
    }

    /** Generator.exponential(scale, size) as float32 or float64. */
    public NDArray exponential(double scale, DType dtype, long... shape) {
        return DRAWS.continuous(Continuous.EXPONENTIAL, this::reserve, dtype, shape, scale);
    }

    /** Generator.gamma(shape, scale, size): float64, by Marsaglia and Tsang. */
    public NDArray gamma(double shape, double scale, long... size) {
        return gamma(shape, scale, DType.FLOAT64, size);
    }

    /** Generator.gamma(shape, scale, size) as float32 or float64. */
    public NDArray gamma(double shape, double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.GAMMA, this::reserve, dtype, size, shape, scale);
    }

    /** Generator.beta(a, b, size): float64. */
    public NDArray beta(double a, double b, long... size) {
        return beta(a, b, DType.FLOAT64, size);
    }

    /** Generator.beta(a, b, size) as float32 or float64. */
    public NDArray beta(double a, double b, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.BETA, this::reserve, dtype, size, a, b);
    }

    /** Generator.lognormal(mean, sigma, size): float64. */
    public NDArray lognormal(double mean, double sigma, long... size) {
        return lognormal(mean, sigma, DType.FLOAT64, size);
    }

    /** Generator.lognormal(mean, sigma, size) as float32 or float64. */
    public NDArray lognormal(double mean, double sigma, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.LOGNORMAL, this::reserve, dtype, size, mean, sigma);
    }

    /** Generator.chisquare(df, size): float64. */
    public NDArray chisquare(double df, long... size) {
        return chisquare(df, DType.FLOAT64, size);
    }

    /** Generator.chisquare(df, size) as float32 or float64. */
    public NDArray chisquare(double df, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.CHISQUARE, this::reserve, dtype, size, df);
    }

    /** Generator.laplace(loc, scale, size): float64. */
    public NDArray laplace(double loc, double scale, long... size) {
        return laplace(loc, scale, DType.FLOAT64, size);
    }

    /** Generator.laplace(loc, scale, size) as float32 or float64. */
    public NDArray laplace(double loc, double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.LAPLACE, this::reserve, dtype, size, loc, scale);
    }

    /** Generator.poisson(lam, size): int64. */
    public NDArray poisson(double lam, long... size) {
        return DRAWS.poisson(this::reserve, lam, size);
    }

    /** Generator.binomial(n, p, size): int64. */
    public NDArray binomial(long n, double p, long... size) {
        return DRAWS.binomial(this::reserve, n, p, size);
    }

    /** Generator.multinomial(n, pvals, size): int64 of shape size + (pvals.length,); the last category takes what the others leave. */
    public NDArray multinomial(long n, double[] pvals, long... size) {
        return DRAWS.multinomial(this::reserve, n, pvals, size);
    }

    /** Generator.choice(a, size): int64 draws from arange(a), with replacement. */
    public NDArray choice(long a, long... size) {
        return choice(a, size, true, null);
    }

    /**
     * Generator.choice(a, size, replace): {@code size} int64 draws from arange(a); without replacement they are
     * distinct, and a sample small beside a huge population ({@code choice(Long.MAX_VALUE, 3, false)}) is drawn
     * without materializing a permutation.
     */
    public NDArray choice(long a, long size, boolean replace) {
        return choice(a, new long[] {size}, replace, null);
    }

    /** Generator.choice(a, size, replace, p): from arange(a); {@code p} (null: uniform) must sum to 1. */
    public NDArray choice(long a, long[] size, boolean replace, double[] p) {
        return DRAWS.choice(this::reserve, a, size, replace, p);
    }

    /** Generator.choice(a, size, replace, p): elements (rows, along axis 0) of {@code a}. */
    public NDArray choice(NDArray a, long[] size, boolean replace, double[] p) {
        return DRAWS.choice(this::reserve, a, size, replace, p);
    }

    /** Generator.permutation(n): arange(n) permuted, int64. */
    public NDArray permutation(long n) {
        return DRAWS.permutation(this::reserve, n);
    }

    /** Generator.permutation(x): a permuted copy of x along axis 0. */
    public NDArray permutation(NDArray x) {
        return DRAWS.permutation(this::reserve, x);
    }

    /** Generator.shuffle(x): permutes x along axis 0, in place. */
    public void shuffle(NDArray x) {
        DRAWS.shuffle(this::reserve, x);
    }
}
