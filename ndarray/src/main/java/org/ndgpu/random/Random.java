package org.ndgpu.random;

import java.util.List;
import java.util.Objects;
import org.ndgpu.DTypeException;
import org.ndgpu.NdException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.spi.Distributions;
import org.ndgpu.spi.Providers;

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
 * <p>The Generator methods (integers, standardNormal, exponential, gamma, beta, poisson, binomial,
 * multinomial, choice, permutation, shuffle, lognormal, chisquare, laplace) run in module random:
 * there each element of a call draws from Philox counters of its own (or its share of one block), so
 * rejection loops stay reproducible.
 * Parameters are numbers (NumPy's array-valued parameters are not taken).
 */
public final class Random {
    private static final Device.Key<Random> GENERATOR = new Device.Key<>("random generator");

    static final String PHILOX = """
            // Philox4x32-10 (Salmon et al., SC'11): 10 rounds of a keyed bijection on a 128-bit counter
            ND_DEVICE_FN uint nd_mulhilo(uint a, uint b, uint* hi) {
                ulong p = (ulong)a * (ulong)b;
                *hi = (uint)(p >> 32);
                return (uint)p;
            }
            ND_DEVICE_FN uint nd_philox(ulong block, ulong offset, ulong seed, int word) {
                uint c0 = (uint)block, c1 = (uint)(block >> 32), c2 = (uint)offset, c3 = (uint)(offset >> 32);
                uint k0 = (uint)seed, k1 = (uint)(seed >> 32);
                for (int r = 0; r < 10; r++) {
                    uint hi0, hi1;
                    uint lo0 = nd_mulhilo(0xD2511F53u, c0, &hi0);
                    uint lo1 = nd_mulhilo(0xCD9E8D57u, c2, &hi1);
                    uint n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
                    c0 = n0; c1 = lo1; c2 = n2; c3 = lo0;
                    k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
                }
                return word == 0 ? c0 : word == 1 ? c1 : word == 2 ? c2 : c3;
            }
            // [0, 1) with 24 or 53 random bits
            ND_DEVICE_FN float nd_u01f(uint x) { return (float)(x >> 8) * 5.9604644775390625e-8f; }
            ND_DEVICE_FN double nd_u01d(uint a, uint b) { return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * 1.1102230246251565e-16; }
            """;

    private long seed;
    private long offset;

    private Random(long seed) { this.seed = seed; }

    /** The generator of a device, seeded from the clock until seed() is called; {@link Device#reset()} drops it. */
    public static Random forDevice(Device d) { Objects.requireNonNull(d, "forDevice: d is null"); return d.state(GENERATOR, () -> new Random(System.nanoTime())); }

    /** Restarts the stream of numbers from {@code seed}. */
    public synchronized Random seed(long seed) {
        if (seed < 0) throw new NdException("random.seed: expected a non-negative integer, got " + seed);
        this.seed = seed;
        this.offset = 0;
        return this;
    }

    /** The generator and where its stream stands, e.g. {@code Random(Philox4x32-10, seed=42, offset=3)}. */
    @Override
    public synchronized String toString() { return "Random(Philox4x32-10, seed=" + seed + ", offset=" + offset + ")"; }

    /** Uniform in [0, 1), float64. */
    public NDArray random(long... shape) { Objects.requireNonNull(shape, "random: shape is null"); return uniform(0, 1, DType.FLOAT64, shape); }

    /** Uniform in [low, high), float64. */
    public NDArray uniform(double low, double high, long... shape) { return uniform(low, high, DType.FLOAT64, shape); }

    /** Uniform in [low, high) of a float dtype. */
    public NDArray uniform(double low, double high, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "uniform: dtype is null");
        Objects.requireNonNull(shape, "uniform: shape is null");
        // NumPy's Generator.uniform: the range must be finite and not negative
        if (!Double.isFinite(high - low)) {
            throw new NdException("random.uniform: high - low range exceeds valid bounds (low " + low + ", high " + high + ")");
        }
        if (high < low) throw new NdException("random.uniform: high - low < 0 (low " + low + ", high " + high + ")");
        boolean f32 = floatType("uniform", dtype) != DType.FLOAT64;
        String u = f32 ? "nd_u01f(nd_philox(i >> 2, _off, _seed, (int)(i & 3)))"
                : "nd_u01d(nd_philox(i >> 1, _off, _seed, (int)(i & 1) * 2), nd_philox(i >> 1, _off, _seed, (int)(i & 1) * 2 + 1))";
        String t = f32 ? "float" : "double";
        String body = "y = " + CTypes.cast(f32 ? DType.FLOAT32 : DType.FLOAT64, dtype, "(" + t + ")_lo + (" + t + ")(_hi - _lo) * " + u) + ";";
        return generate("nd_uniform_" + dtype, dtype, shape, body, low, high, f32 ? 4 : 2);
    }

    /** Normal with mean {@code loc} and standard deviation {@code scale}, by Box-Muller on pairs. */
    public NDArray normal(double loc, double scale, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "normal: dtype is null");
        Objects.requireNonNull(shape, "normal: shape is null");
        // NumPy's check: a negative scale (-0.0 included) is an error; NaN passes and gives NaN
        if (scale < 0 || (scale == 0 && 1 / scale < 0)) throw new NdException("random.normal: scale < 0 (got " + scale + ")");
        boolean f32 = floatType("normal", dtype) != DType.FLOAT64;
        String body;
        if (f32) {
            body = """
                    ulong _b = i >> 1;
                    float _u1 = 1.0f - nd_u01f(nd_philox(_b, _off, _seed, 0));
                    float _u2 = nd_u01f(nd_philox(_b, _off, _seed, 1));
                    float _r = sqrt(-2.0f * log(_u1));
                    float _t = 6.283185307179586f * _u2;
                    y = %s;""".formatted(CTypes.cast(DType.FLOAT32, dtype, "(float)_lo + (float)_hi * _r * ((i & 1) ? sin(_t) : cos(_t))"));
        } else {
            body = """
                    ulong _b = i >> 1;
                    double _u1 = 1.0 - nd_u01d(nd_philox(_b, _off, _seed, 0), nd_philox(_b, _off, _seed, 1));
                    double _u2 = nd_u01d(nd_philox(_b, _off, _seed, 2), nd_philox(_b, _off, _seed, 3));
                    double _r = sqrt(-2.0 * log(_u1));
                    double _t = 6.283185307179586 * _u2;
                    y = _lo + _hi * _r * ((i & 1) ? sin(_t) : cos(_t));""";
        }
        return generate("nd_normal_" + dtype, dtype, shape, body, loc, scale, 2);
    }

    /** Standard normal, float64. */
    public NDArray normal(long... shape) { return normal(0, 1, DType.FLOAT64, shape); }

    // ---------------------------------------------------------------- NumPy's Generator (module random)

    /** The counters of one Generator call: this generator's key and a fresh offset. */
    private synchronized Distributions.Draw reserve(long units) {
        Distributions.Draw d = new Distributions.Draw(seed, offset);
        offset += Math.max(1, units);
        return d;
    }

    /** Generator.integers(low, high, size): int64 in [low, high), exactly uniform. */
    public NDArray integers(long low, long high, long... shape) { return integers(low, high, false, DType.INT64, shape); }

    /** Generator.integers(low, high, size, dtype): an integer (or bool) dtype, high exclusive: {@code integers(0, 10, DType.INT8, 5)}. */
    public NDArray integers(long low, long high, DType dtype, long... shape) { return integers(low, high, false, dtype, shape); }

    /** Generator.integers with {@code endpoint}: true makes high inclusive, so {@code integers(Long.MIN_VALUE, Long.MAX_VALUE, true, ...)} spans int64. */
    public NDArray integers(long low, long high, boolean endpoint, DType dtype, long... shape) { return Providers.distributions().integers(this::reserve, low, high, endpoint, dtype, shape); }

    /** Generator.standard_normal(size): float64. */
    public NDArray standardNormal(long... shape) { return standardNormal(DType.FLOAT64, shape); }

    /** Generator.standard_normal(size, dtype): float32 or float64. */
    public NDArray standardNormal(DType dtype, long... shape) { return Providers.distributions().continuous("standard_normal", this::reserve, dtype, shape); }

    /** Generator.exponential(scale, size): float64. */
    public NDArray exponential(double scale, long... shape) { return exponential(scale, DType.FLOAT64, shape); }

    /** Generator.exponential(scale, size) as float32 or float64. */
    public NDArray exponential(double scale, DType dtype, long... shape) { return Providers.distributions().continuous("exponential", this::reserve, dtype, shape, scale); }

    /** Generator.gamma(shape, scale, size): float64, by Marsaglia and Tsang. */
    public NDArray gamma(double shape, double scale, long... size) { return gamma(shape, scale, DType.FLOAT64, size); }

    /** Generator.gamma(shape, scale, size) as float32 or float64. */
    public NDArray gamma(double shape, double scale, DType dtype, long... size) { return Providers.distributions().continuous("gamma", this::reserve, dtype, size, shape, scale); }

    /** Generator.beta(a, b, size): float64. */
    public NDArray beta(double a, double b, long... size) { return beta(a, b, DType.FLOAT64, size); }

    /** Generator.beta(a, b, size) as float32 or float64. */
    public NDArray beta(double a, double b, DType dtype, long... size) { return Providers.distributions().continuous("beta", this::reserve, dtype, size, a, b); }

    /** Generator.lognormal(mean, sigma, size): float64. */
    public NDArray lognormal(double mean, double sigma, long... size) { return lognormal(mean, sigma, DType.FLOAT64, size); }

    /** Generator.lognormal(mean, sigma, size) as float32 or float64. */
    public NDArray lognormal(double mean, double sigma, DType dtype, long... size) { return Providers.distributions().continuous("lognormal", this::reserve, dtype, size, mean, sigma); }

    /** Generator.chisquare(df, size): float64. */
    public NDArray chisquare(double df, long... size) { return chisquare(df, DType.FLOAT64, size); }

    /** Generator.chisquare(df, size) as float32 or float64. */
    public NDArray chisquare(double df, DType dtype, long... size) { return Providers.distributions().continuous("chisquare", this::reserve, dtype, size, df); }

    /** Generator.laplace(loc, scale, size): float64. */
    public NDArray laplace(double loc, double scale, long... size) { return laplace(loc, scale, DType.FLOAT64, size); }

    /** Generator.laplace(loc, scale, size) as float32 or float64. */
    public NDArray laplace(double loc, double scale, DType dtype, long... size) { return Providers.distributions().continuous("laplace", this::reserve, dtype, size, loc, scale); }

    /** Generator.poisson(lam, size): int64. */
    public NDArray poisson(double lam, long... size) { return Providers.distributions().poisson(this::reserve, lam, size); }

    /** Generator.binomial(n, p, size): int64. */
    public NDArray binomial(long n, double p, long... size) { return Providers.distributions().binomial(this::reserve, n, p, size); }

    /** Generator.multinomial(n, pvals, size): int64 of shape size + (pvals.length,); the last category takes what the others leave. */
    public NDArray multinomial(long n, double[] pvals, long... size) { return Providers.distributions().multinomial(this::reserve, n, pvals, size); }

    /** Generator.choice(a, size): int64 draws from arange(a), with replacement. */
    public NDArray choice(long a, long... size) { return choice(a, size, true, null); }

    /** Generator.choice(a, size, replace, p): from arange(a); {@code p} (null: uniform) must sum to 1. */
    public NDArray choice(long a, long[] size, boolean replace, double[] p) { return Providers.distributions().choice(this::reserve, a, size, replace, p); }

    /** Generator.choice(a, size, replace, p): elements (rows, along axis 0) of {@code a}. */
    public NDArray choice(NDArray a, long[] size, boolean replace, double[] p) { return Providers.distributions().choice(this::reserve, a, size, replace, p); }

    /** Generator.permutation(n): arange(n) permuted, int64. */
    public NDArray permutation(long n) { return Providers.distributions().permutation(this::reserve, n); }

    /** Generator.permutation(x): a permuted copy of x along axis 0. */
    public NDArray permutation(NDArray x) { return Providers.distributions().permutation(this::reserve, x); }

    /** Generator.shuffle(x): permutes x along axis 0, in place. */
    public void shuffle(NDArray x) { Providers.distributions().shuffle(this::reserve, x); }

    private static DType floatType(String op, DType d) {
        java.util.Objects.requireNonNull(d, "dtype");
        if (d != DType.FLOAT32 && d != DType.FLOAT64 && d != DType.FLOAT16) {
            throw new DTypeException("random." + op + ": expected a float dtype (float16, float32, float64), got " + d);
        }
        return d;
    }

    private NDArray generate(String name, DType dtype, long[] shape, String body, double a, double b, int perBlock) {
        java.util.Objects.requireNonNull(shape, "shape");
        Device device = Device.current();
        NDArray out = NDArray.empty(device, dtype, shape, Order.C);
        long n = out.size();
        long off;
        synchronized (this) {
            off = offset;
            offset += (n + perBlock - 1) / perBlock + 1;
        }
        var spec = new Spec(name, List.of(new Param("y", dtype, Kind.OUT), new Param("_seed", DType.INT64, Kind.SCALAR),
                new Param("_off", DType.INT64, Kind.SCALAR), new Param("_lo", DType.FLOAT64, Kind.SCALAR),
                new Param("_hi", DType.FLOAT64, Kind.SCALAR)), body, PHILOX, "", "", List.of());
        ElementwiseLoop.run(spec, new Object[]{out, seed, off, a, b}, out.shape());
        return out;
    }
}
