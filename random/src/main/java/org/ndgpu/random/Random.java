package org.ndgpu.random;

import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.impl.Continuous;
import org.ndgpu.random.impl.Discrete;
import org.ndgpu.random.impl.DistributionLibrary;
import org.ndgpu.random.impl.Draw;
import org.ndgpu.random.impl.RandomBytes;

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
 * uniform and normal read Philox blocks i/4 or i/2 of the call, and the Generator methods draw from
 * Philox counters of each element's own (or its share of one block), so rejection loops stay reproducible.
 * Parameters are numbers, or NDArrays broadcast as NumPy broadcasts them (normal, uniform, gamma, ...).
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

    /** Generator.normal(loc, scale, size), float64: {@code normal(10, 2, 3)} is three draws of N(10, 2^2). */
    public NDArray normal(double loc, double scale, long... size) {
        return normal(loc, scale, DType.FLOAT64, size);
    }

    // ---------------------------------------------------------------- NumPy's Generator

    /** The counters of one call: this generator's key and a fresh offset, {@code units} past it (at least one). */
    private synchronized Draw reserve(long units) {
        Draw d = Draw.outsideCapture(seed, offset);
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

    /** Generator.standard_exponential(size): Exponential(1), the numbers of {@code exponential(1, ...)}, float64, e.g. {@code Nd.random().standardExponential(1000)}. */
    public NDArray standardExponential(long... shape) {
        return standardExponential(DType.FLOAT64, shape);
    }

    /** Generator.standard_exponential(size) as float32 or float64. */
    public NDArray standardExponential(DType dtype, long... shape) {
        return DRAWS.continuous(Continuous.EXPONENTIAL, this::reserve, dtype, shape, 1.0);
    }

    /** Generator.standard_gamma(shape, size): Gamma(shape, 1), by Marsaglia and Tsang, float64, e.g. {@code Nd.random().standardGamma(2.5, 1000)}. */
    public NDArray standardGamma(double shape, long... size) {
        return standardGamma(shape, DType.FLOAT64, size);
    }

    /** Generator.standard_gamma(shape, size) as float32 or float64. */
    public NDArray standardGamma(double shape, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.GAMMA, this::reserve, dtype, size, shape, 1.0);
    }

    /** Generator.standard_cauchy(size): Cauchy(0, 1), a ratio of normals, float64, e.g. {@code Nd.random().standardCauchy(1000)}. */
    public NDArray standardCauchy(long... shape) {
        return standardCauchy(DType.FLOAT64, shape);
    }

    /** Generator.standard_cauchy(size) as float32 or float64. */
    public NDArray standardCauchy(DType dtype, long... shape) {
        return DRAWS.continuous(Continuous.STANDARD_CAUCHY, this::reserve, dtype, shape);
    }

    /** Generator.standard_t(df, size): Student's t with {@code df} degrees of freedom, float64, e.g. {@code Nd.random().standardT(5, 1000)}. */
    public NDArray standardT(double df, long... size) {
        return standardT(df, DType.FLOAT64, size);
    }

    /** Generator.standard_t(df, size) as float32 or float64. */
    public NDArray standardT(double df, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.STANDARD_T, this::reserve, dtype, size, df);
    }

    /** Generator.logistic(loc, scale, size): the logistic distribution, float64, e.g. {@code Nd.random().logistic(0, 1, 1000)}. */
    public NDArray logistic(double loc, double scale, long... size) {
        return logistic(loc, scale, DType.FLOAT64, size);
    }

    /** Generator.logistic(loc, scale, size) as float32 or float64. */
    public NDArray logistic(double loc, double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.LOGISTIC, this::reserve, dtype, size, loc, scale);
    }

    /** Generator.gumbel(loc, scale, size): the Gumbel (type I extreme value) distribution, float64, e.g. {@code Nd.random().gumbel(0, 1, 1000)}. */
    public NDArray gumbel(double loc, double scale, long... size) {
        return gumbel(loc, scale, DType.FLOAT64, size);
    }

    /** Generator.gumbel(loc, scale, size) as float32 or float64. */
    public NDArray gumbel(double loc, double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.GUMBEL, this::reserve, dtype, size, loc, scale);
    }

    /** Generator.pareto(a, size): Pareto II (Lomax) with shape {@code a}, as NumPy's, float64, e.g. {@code Nd.random().pareto(3, 1000)}. */
    public NDArray pareto(double a, long... size) {
        return pareto(a, DType.FLOAT64, size);
    }

    /** Generator.pareto(a, size) as float32 or float64. */
    public NDArray pareto(double a, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.PARETO, this::reserve, dtype, size, a);
    }

    /** Generator.power(a, size): the power distribution on [0, 1] with exponent {@code a - 1}, float64, e.g. {@code Nd.random().power(5, 1000)}. */
    public NDArray power(double a, long... size) {
        return power(a, DType.FLOAT64, size);
    }

    /** Generator.power(a, size) as float32 or float64. */
    public NDArray power(double a, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.POWER, this::reserve, dtype, size, a);
    }

    /** Generator.rayleigh(scale, size): the Rayleigh distribution, float64, e.g. {@code Nd.random().rayleigh(2, 1000)}. */
    public NDArray rayleigh(double scale, long... size) {
        return rayleigh(scale, DType.FLOAT64, size);
    }

    /** Generator.rayleigh(scale, size) as float32 or float64. */
    public NDArray rayleigh(double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.RAYLEIGH, this::reserve, dtype, size, scale);
    }

    /** Generator.wald(mean, scale, size): the Wald (inverse Gaussian) distribution, float64, e.g. {@code Nd.random().wald(1, 2, 1000)}. */
    public NDArray wald(double mean, double scale, long... size) {
        return wald(mean, scale, DType.FLOAT64, size);
    }

    /** Generator.wald(mean, scale, size) as float32 or float64. */
    public NDArray wald(double mean, double scale, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.WALD, this::reserve, dtype, size, mean, scale);
    }

    /** Generator.weibull(a, size): the Weibull distribution with shape {@code a}, scale 1, float64, e.g. {@code Nd.random().weibull(1.5, 1000)}. */
    public NDArray weibull(double a, long... size) {
        return weibull(a, DType.FLOAT64, size);
    }

    /** Generator.weibull(a, size) as float32 or float64. */
    public NDArray weibull(double a, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.WEIBULL, this::reserve, dtype, size, a);
    }

    /** Generator.vonmises(mu, kappa, size): the von Mises distribution on [-pi, pi], float64, e.g. {@code Nd.random().vonmises(0, 4, 1000)}. */
    public NDArray vonmises(double mu, double kappa, long... size) {
        return vonmises(mu, kappa, DType.FLOAT64, size);
    }

    /** Generator.vonmises(mu, kappa, size) as float32 or float64. */
    public NDArray vonmises(double mu, double kappa, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.VONMISES, this::reserve, dtype, size, mu, kappa);
    }

    /** Generator.triangular(left, mode, right, size): the triangular distribution, float64, e.g. {@code Nd.random().triangular(0, 1, 4, 1000)}. */
    public NDArray triangular(double left, double mode, double right, long... size) {
        return triangular(left, mode, right, DType.FLOAT64, size);
    }

    /** Generator.triangular(left, mode, right, size) as float32 or float64. */
    public NDArray triangular(double left, double mode, double right, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.TRIANGULAR, this::reserve, dtype, size, left, mode, right);
    }

    /** Generator.f(dfnum, dfden, size): Fisher's F, float64, e.g. {@code Nd.random().f(5, 10, 1000)}. */
    public NDArray f(double dfnum, double dfden, long... size) {
        return f(dfnum, dfden, DType.FLOAT64, size);
    }

    /** Generator.f(dfnum, dfden, size) as float32 or float64. */
    public NDArray f(double dfnum, double dfden, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.F, this::reserve, dtype, size, dfnum, dfden);
    }

    /** Generator.noncentral_chisquare(df, nonc, size): the noncentral chi-square distribution, float64, e.g. {@code Nd.random().noncentralChisquare(3, 2, 1000)}. */
    public NDArray noncentralChisquare(double df, double nonc, long... size) {
        return noncentralChisquare(df, nonc, DType.FLOAT64, size);
    }

    /** Generator.noncentral_chisquare(df, nonc, size) as float32 or float64. */
    public NDArray noncentralChisquare(double df, double nonc, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.NONCENTRAL_CHISQUARE, this::reserve, dtype, size, df, nonc);
    }

    /** Generator.noncentral_f(dfnum, dfden, nonc, size): the noncentral F distribution, float64, e.g. {@code Nd.random().noncentralF(5, 10, 2, 1000)}. */
    public NDArray noncentralF(double dfnum, double dfden, double nonc, long... size) {
        return noncentralF(dfnum, dfden, nonc, DType.FLOAT64, size);
    }

    /** Generator.noncentral_f(dfnum, dfden, nonc, size) as float32 or float64. */
    public NDArray noncentralF(double dfnum, double dfden, double nonc, DType dtype, long... size) {
        return DRAWS.continuous(Continuous.NONCENTRAL_F, this::reserve, dtype, size, dfnum, dfden, nonc);
    }

    /** Generator.geometric(p, size): trials to the first success, int64, e.g. {@code Nd.random().geometric(0.2, 1000)}. */
    public NDArray geometric(double p, long... size) {
        return DRAWS.discrete(Discrete.GEOMETRIC, this::reserve, size, new double[] {p});
    }

    /** Generator.negative_binomial(n, p, size): failures before the n-th success, int64, as a Poisson of a gamma, e.g. {@code Nd.random().negativeBinomial(5, 0.3, 1000)}. */
    public NDArray negativeBinomial(double n, double p, long... size) {
        return DRAWS.discrete(Discrete.NEGATIVE_BINOMIAL, this::reserve, size, new double[] {n, p});
    }

    /** Generator.logseries(p, size): the logarithmic series distribution, int64, e.g. {@code Nd.random().logseries(0.6, 1000)}. */
    public NDArray logseries(double p, long... size) {
        return DRAWS.discrete(Discrete.LOGSERIES, this::reserve, size, new double[] {p});
    }

    /** Generator.zipf(a, size): Zipf's distribution, int64, by NumPy's rejection, e.g. {@code Nd.random().zipf(2, 1000)}. */
    public NDArray zipf(double a, long... size) {
        return DRAWS.discrete(Discrete.ZIPF, this::reserve, size, new double[] {a});
    }

    /** Generator.hypergeometric(ngood, nbad, nsample, size): good items among nsample drawn without replacement, int64, e.g. {@code Nd.random().hypergeometric(7, 5, 6, 1000)}. */
    public NDArray hypergeometric(long ngood, long nbad, long nsample, long... size) {
        return DRAWS.discrete(Discrete.HYPERGEOMETRIC, this::reserve, size, new double[0], ngood, nbad, nsample);
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
     * distinct, and from a population above 2^16 ({@code choice(Long.MAX_VALUE, 3, false)} too) they are the images
     * of 0..size-1 under a keyed Feistel bijection of arange(a), as CuPy draws them: one thread per value, no
     * permutation of the population, pseudo-random rather than independent draws.
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

    /** Generator.permuted(x, axis): a copy of x, each slice along {@code axis} shuffled on its own: {@code permuted(x, 1)}. */
    public NDArray permuted(NDArray x, int axis) {
        return DRAWS.permuted(this::reserve, x, axis);
    }

    /** Generator.permuted(x, axis=None): x's elements shuffled over the whole array, in x's shape: {@code permuted(x)}. */
    public NDArray permuted(NDArray x) {
        return DRAWS.permuted(this::reserve, x, null);
    }

    /** Generator.dirichlet(alpha, size): float64 of shape size + (len(alpha),), rows summing to 1: {@code dirichlet(new double[] {1, 2, 3}, 100)}. */
    public NDArray dirichlet(double[] alpha, long... size) {
        return DRAWS.dirichlet(this::reserve, alpha, size);
    }

    /** Generator.multivariate_normal(mean, cov, size): float64 of shape size + (len(mean),): {@code multivariateNormal(mu, cov, 1000)}. */
    public NDArray multivariateNormal(double[] mean, double[][] cov, long... size) {
        return DRAWS.multivariateNormal(this::reserve, mean, cov, size);
    }

    /** Generator.multivariate_hypergeometric(colors, nsample, size): int64 of shape size + (len(colors),): {@code multivariateHypergeometric(new long[] {10, 5, 3}, 6, 100)}. */
    public NDArray multivariateHypergeometric(long[] colors, long nsample, long... size) {
        return DRAWS.multivariateHypergeometric(this::reserve, colors, nsample, size);
    }

    /** Generator.bytes(length): {@code length} random bytes, drawn on the device: {@code Nd.random().bytes(16)}. */
    public byte[] bytes(int length) {
        return RandomBytes.bytes(DRAWS, this::reserve, length);
    }

    /** Generator.shuffle(x): permutes x along axis 0, in place. */
    public void shuffle(NDArray x) {
        DRAWS.shuffle(this::reserve, x);
    }

    // ---------------------------------------------------------------- NDArray parameters, broadcast as NumPy's

    /** Generator.normal(loc, scale, size) with array parameters broadcast (to size if given), float64: {@code normal(Nd.array(new double[] {0, 10}), Nd.array(new double[] {1, 2}))}. */
    public NDArray normal(NDArray loc, NDArray scale, long... size) {
        return DRAWS.normal(this::reserve, loc, scale, size);
    }

    /** Generator.uniform(low, high, size) with array parameters broadcast (to size if given), float64: {@code uniform(lows, highs, 3, 2)}. */
    public NDArray uniform(NDArray low, NDArray high, long... size) {
        return DRAWS.uniform(this::reserve, low, high, size);
    }

    /** Generator.exponential(scale, size) with array parameters broadcast (to size if given), float64: {@code exponential(scales)}. */
    public NDArray exponential(NDArray scale, long... size) {
        return DRAWS.continuous(Continuous.EXPONENTIAL, this::reserve, size, scale);
    }

    /** Generator.gamma(shape, scale, size) with array parameters broadcast (to size if given), float64: {@code gamma(shapes, scales)}. */
    public NDArray gamma(NDArray shape, NDArray scale, long... size) {
        return DRAWS.continuous(Continuous.GAMMA, this::reserve, size, shape, scale);
    }

    /** Generator.beta(a, b, size) with array parameters broadcast (to size if given), float64: {@code beta(as, bs)}. */
    public NDArray beta(NDArray a, NDArray b, long... size) {
        return DRAWS.continuous(Continuous.BETA, this::reserve, size, a, b);
    }

    /** Generator.chisquare(df, size) with array parameters broadcast (to size if given), float64: {@code chisquare(dfs)}. */
    public NDArray chisquare(NDArray df, long... size) {
        return DRAWS.continuous(Continuous.CHISQUARE, this::reserve, size, df);
    }

    /** Generator.standard_t(df, size) with array parameters broadcast (to size if given), float64: {@code standardT(dfs)}. */
    public NDArray standardT(NDArray df, long... size) {
        return DRAWS.continuous(Continuous.STANDARD_T, this::reserve, size, df);
    }

    /** Generator.poisson(lam, size) with array parameters broadcast (to size if given), int64: {@code poisson(lams)}. */
    public NDArray poisson(NDArray lam, long... size) {
        return DRAWS.poisson(this::reserve, lam, size);
    }

    /** Generator.binomial(n, p, size) with array parameters broadcast (to size if given), int64: {@code binomial(ns, ps)}. */
    public NDArray binomial(NDArray n, NDArray p, long... size) {
        return DRAWS.binomial(this::reserve, n, p, size);
    }
}
