package org.ndgpu.random.impl;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's Generator distributions on the device: the checks NumPy makes (each failure an
 * NdException naming the method, what it expected and what it got), then one generated kernel per
 * call ({@link UniformNormalDraws} for Random.uniform and Random.normal, {@link DeviceDraws} for the
 * rejection samplers and integers, {@link BlockDraws} for the distributions with a fixed number of
 * random words per value), or a sort of random keys for the
 * sampling methods ({@link Sampling}). Element {@code i} of a call draws from Philox4x32-10, keyed by
 * the seed, at counters (i, round, call offset) of its own (rejection samplers, integers), or from
 * block i/4 or i/2 of the call (the distributions with a fixed number of words per value), so the
 * numbers depend only on the seed, the call's place in the generator's stream and i, never on the
 * device or the number of threads.
 * Reached through {@code Nd.random()}:
 *
 * <pre>{@code
 * Nd.random().seed(1);
 * Nd.random().integers(0, 6, DType.INT8, 10);   // dice
 * Nd.random().gamma(2.0, 1.5, 1000);
 * }</pre>
 */
public final class DistributionLibrary {
    /** The one instance is {@link org.ndgpu.random.Random}'s; callers go through {@code Nd.random()}. */
    public DistributionLibrary() {}

    /** NumPy's POISSON_LAM_MAX: above it the int64 result could overflow. */
    static final double POISSON_LAM_MAX = 9.223372006484771e18;

    /** Random.uniform(low, high, dtype, shape) of float16, float32 or float64: element i from Philox block i/4 (float64: i/2) of the call. */
    public NDArray uniform(Counters c, double low, double high, DType dtype, long[] shape) {
        Objects.requireNonNull(dtype, "uniform: dtype is null");
        Objects.requireNonNull(shape, "uniform: shape is null");
        // NumPy's Generator.uniform: the range must be finite and not negative
        if (!Double.isFinite(high - low)) {
            throw new NdException(
                    "random.uniform: high - low range exceeds valid bounds (low " + low + ", high " + high + ")");
        }
        // -0.0 too, as NumPy's sign-bit check (uniform(0.0, -0.0))
        if (high < low || (high - low == 0 && 1 / (high - low) < 0))
            throw new NdException("random.uniform: high - low < 0 (low " + low + ", high " + high + ")");
        anyFloatDtype("uniform", dtype);
        // the draws are low + (high - low) u in the dtype (float16 computes in float32 and rounds to float16): a
        // bound or a width past the dtype's largest value would make inf, or NaN from inf - inf
        if (!finiteIn(dtype, high - low) || !finiteIn(dtype, low) || !finiteIn(dtype, high)) {
            throw new NdException("random.uniform: high - low range exceeds valid bounds for " + dtype + " (low " + low
                    + ", high " + high + ", expected low, high and high - low at most " + maxOf(dtype)
                    + " in magnitude)");
        }
        return UniformNormalDraws.uniform(c, low, high, dtype, shape);
    }

    /** Random.normal(loc, scale, dtype, shape): Box-Muller on pairs, pair i/2 from Philox block i/2 of the call. */
    public NDArray normal(Counters c, double loc, double scale, DType dtype, long[] shape) {
        Objects.requireNonNull(dtype, "normal: dtype is null");
        Objects.requireNonNull(shape, "normal: shape is null");
        // NumPy's check: a negative scale (-0.0 included) is an error; NaN passes and gives NaN
        if (scale < 0 || (scale == 0 && 1 / scale < 0))
            throw new NdException("random.normal: scale < 0 (got " + scale + ")");
        anyFloatDtype("normal", dtype);
        return UniformNormalDraws.normal(c, loc, scale, dtype, shape);
    }

    /** One of {@link Continuous}, its parameters in NumPy's order (exponential: scale; gamma: shape, scale; ...). */
    public NDArray continuous(Continuous dist, Counters c, DType dtype, long[] shape, double... params) {
        Objects.requireNonNull(dist, "random: dist is null");
        String op = "random." + camel(dist.numpyName());
        Objects.requireNonNull(c, op + ": counters are null");
        floatDtype(op, dtype);
        checkShape(op, shape);
        switch (dist) {
            case STANDARD_NORMAL, RANDOM -> {}
            case EXPONENTIAL -> nonNegative(op, "scale", params[0]);
            case GAMMA -> {
                nonNegative(op, "shape", params[0]);
                nonNegative(op, "scale", params[1]);
            }
            case BETA -> {
                positive(op, "a", params[0]);
                positive(op, "b", params[1]);
            }
            case LOGNORMAL -> nonNegative(op, "sigma", params[1]);
            case CHISQUARE -> positive(op, "df", params[0]);
            case LAPLACE, LOGISTIC, GUMBEL -> nonNegative(op, "scale", params[1]);
            case STANDARD_CAUCHY -> {}
            case STANDARD_T -> positive(op, "df", params[0]);
            case PARETO, POWER -> positive(op, "a", params[0]);
            case WEIBULL -> nonNegative(op, "a", params[0]);
            case RAYLEIGH -> nonNegative(op, "scale", params[0]);
            case WALD -> {
                positive(op, "mean", params[0]);
                positive(op, "scale", params[1]);
            }
            case VONMISES -> nonNegative(op, "kappa", params[1]);
            case TRIANGULAR -> triangular(op, params[0], params[1], params[2]);
            case F -> {
                positive(op, "dfnum", params[0]);
                positive(op, "dfden", params[1]);
            }
            case NONCENTRAL_CHISQUARE -> {
                positive(op, "df", params[0]);
                nonNegative(op, "nonc", params[1]);
                poissonMixture(op, params[0], params[1]);
            }
            case NONCENTRAL_F -> {
                positive(op, "dfnum", params[0]);
                positive(op, "dfden", params[1]);
                nonNegative(op, "nonc", params[2]);
                poissonMixture(op, params[0], params[2]);
            }
        }
        return DeviceDraws.continuous(dist, c, dtype, shape, params);
    }

    /**
     * One of {@link Continuous} with NDArray parameters in NumPy's order, broadcast together (and to {@code size}
     * where it is not empty): float64, each element from its own Philox stream.
     */
    public NDArray continuous(Continuous dist, Counters c, long[] size, NDArray... params) {
        Objects.requireNonNull(dist, "random: dist is null");
        String op = "random." + camel(dist.numpyName());
        Objects.requireNonNull(params, op + ": parameters are null");
        long[] shape = ArrayDraws.shape(op, size, params);
        switch (dist) {
            case EXPONENTIAL, RAYLEIGH -> nonNegative(op, "scale", params[0]);
            case GAMMA -> {
                nonNegative(op, "shape", params[0]);
                nonNegative(op, "scale", params[1]);
            }
            case BETA -> {
                positive(op, "a", params[0]);
                positive(op, "b", params[1]);
            }
            case LOGNORMAL -> nonNegative(op, "sigma", params[1]);
            case CHISQUARE, STANDARD_T -> positive(op, "df", params[0]);
            case LAPLACE, LOGISTIC, GUMBEL -> nonNegative(op, "scale", params[1]);
            case PARETO, POWER -> positive(op, "a", params[0]);
            case WEIBULL -> nonNegative(op, "a", params[0]);
            case WALD -> {
                positive(op, "mean", params[0]);
                positive(op, "scale", params[1]);
            }
            case VONMISES -> nonNegative(op, "kappa", params[1]);
            case F -> {
                positive(op, "dfnum", params[0]);
                positive(op, "dfden", params[1]);
            }
            // noncentral arrays would need poissonMixture's bound per element
            case RANDOM, STANDARD_NORMAL, STANDARD_CAUCHY, TRIANGULAR, NONCENTRAL_CHISQUARE, NONCENTRAL_F ->
                throw new NdException(op + ": expected number parameters, got arrays (not taken for this method)");
        }
        return ArrayDraws.continuous(dist.numpyName(), ArrayDraws.sample(dist), c, shape, params);
    }

    /** Generator.normal(loc, scale, size) with NDArray parameters: float64, loc + scale * a standard normal. */
    public NDArray normal(Counters c, NDArray loc, NDArray scale, long[] size) {
        String op = "random.normal";
        long[] shape = ArrayDraws.shape(op, size, loc, scale);
        nonNegative(op, "scale", scale);
        return ArrayDraws.continuous("normal", "double _v = _p0 + _p1 * nd_std_normal(&_rng);", c, shape, loc, scale);
    }

    /** Generator.uniform(low, high, size) with NDArray parameters: float64, low + (high - low) * [0, 1). */
    public NDArray uniform(Counters c, NDArray low, NDArray high, long[] size) {
        String op = "random.uniform";
        long[] shape = ArrayDraws.shape(op, size, low, high);
        try (NDArray range = high.sub(low)) {
            ArrayDraws.require(
                    op,
                    "high - low finite and >= 0",
                    range,
                    ArrayDraws.both(range.ge(0.0), range.isfinite()),
                    v -> v >= 0 && Double.isFinite(v));
        }
        return ArrayDraws.continuous(
                "uniform",
                // low + (high - low) u can round up to high: the largest double below it instead keeps [low, high)
                "double _v = _p0 + (_p1 - _p0) * nd_next_double(&_rng);\n"
                        + "if (_v >= _p1 && _p1 > _p0) _v = nextafter(_p1, (double)-INFINITY);",
                c,
                shape,
                low,
                high);
    }

    /** Generator.poisson(lam, size) with an NDArray lam: int64. */
    public NDArray poisson(Counters c, NDArray lam, long[] size) {
        String op = "random.poisson";
        long[] shape = ArrayDraws.shape(op, size, lam);
        ArrayDraws.require(op, "lam >= 0", lam, lam.ge(0.0), v -> v >= 0);
        ArrayDraws.require(op, "lam <= " + POISSON_LAM_MAX, lam, lam.le(POISSON_LAM_MAX), v -> v <= POISSON_LAM_MAX);
        return ArrayDraws.discrete("poisson", "nd_poisson(&_rng, _x0)", c, shape, lam, null, DType.FLOAT64);
    }

    /** Generator.binomial(n, p, size) with NDArray parameters (n cast to int64): int64. */
    public NDArray binomial(Counters c, NDArray n, NDArray p, long[] size) {
        String op = "random.binomial";
        long[] shape = ArrayDraws.shape(op, size, n, p);
        // NumPy casts n to int64 under the 'safe' rule: a float or uint64 count would be truncated or wrapped
        if (!DType.canCastSafely(n.dtype(), DType.INT64))
            throw new DTypeException(op + ": cannot cast n from dtype " + n.dtype()
                    + " to int64 according to the rule 'safe' (expected an integer or bool array n)");
        ArrayDraws.require(op, "n >= 0", n, n.ge(0L), v -> v >= 0);
        ArrayDraws.require(op, "0 <= p <= 1", p, ArrayDraws.both(p.ge(0.0), p.le(1.0)), v -> v >= 0 && v <= 1);
        // the probability goes first in the kernel's parameters (_x0), the count second (_x1)
        return ArrayDraws.discrete("binomial", "nd_binomial(&_rng, _x1, _x0)", c, shape, p, n, DType.INT64);
    }

    /** Generator.integers(low, high, size, dtype, endpoint): exactly uniform, no modulo bias. */
    public NDArray integers(Counters c, long low, long high, boolean endpoint, DType dtype, long[] shape) {
        String op = "random.integers";
        Objects.requireNonNull(dtype, op + ": dtype is null");
        checkShape(op, shape);
        if (!dtype.isInteger() && !dtype.isBool()) {
            throw new DTypeException(
                    op + ": expected an integer or bool dtype, got " + dtype + " (floats come from uniform or random)");
        }
        if ((!endpoint && high == Long.MIN_VALUE) || (endpoint ? low > high : low >= high)) {
            throw new NdException(op + ": expected low " + (endpoint ? "<=" : "<") + " high, got low " + low + ", high "
                    + high + (endpoint ? " (endpoint=true)" : " (high is exclusive)"));
        }
        long top = endpoint ? high : high - 1;
        long min = dtypeMin(dtype), max = dtypeMax(dtype);
        if (low < min)
            throw new NdException(
                    op + ": low " + low + " is out of bounds for " + dtype + " (expected at least " + min + ")");
        if (top > max) {
            throw new NdException(op + ": high " + high + " is out of bounds for " + dtype
                    + " (expected the largest value drawn, " + top + ", at most " + max + ")");
        }
        return DeviceDraws.integers(c, low, top - low + 1, dtype, shape);
    }

    /**
     * With df at most 1 the noncentral chi-square is a Poisson(nonc / 2) mixture of chi-squares, and a Poisson
     * rate past {@link #POISSON_LAM_MAX} has no int64 count (its sampler would not end): refused, as poisson does.
     */
    private static void poissonMixture(String op, double df, double nonc) {
        if (df <= 1 && nonc / 2 > POISSON_LAM_MAX)
            throw new NdException(op + ": expected nonc / 2 at most " + POISSON_LAM_MAX + " when df <= 1, got nonc "
                    + nonc + " (df " + df + ")");
    }

    /** NumPy's triangular checks: left <= mode <= right and left < right (NaN fails them). */
    private static void triangular(String op, double left, double mode, double right) {
        if (!(left <= mode)) throw new NdException(op + ": expected left <= mode, got left " + left + ", mode " + mode);
        if (!(mode <= right))
            throw new NdException(op + ": expected mode <= right, got mode " + mode + ", right " + right);
        if (!(left < right))
            throw new NdException(op + ": expected left < right, got left " + left + ", right " + right);
    }

    /**
     * One of {@link Discrete} as int64: geometric(p), negative_binomial(n, p), logseries(p), zipf(a) take
     * {@code x}; hypergeometric takes ngood, nbad, nsample as {@code counts}.
     */
    public NDArray discrete(Discrete dist, Counters c, long[] shape, double[] x, long... counts) {
        Objects.requireNonNull(dist, "random: dist is null");
        String op = "random." + camel(dist.numpyName());
        checkShape(op, shape);
        double x0 = x.length > 0 ? x[0] : 0, x1 = x.length > 1 ? x[1] : 0;
        switch (dist) {
            case GEOMETRIC -> {
                if (!(x0 > 0 && x0 <= 1)) throw new NdException(op + ": expected 0 < p <= 1, got " + x0);
            }
            case NEGATIVE_BINOMIAL -> {
                positive(op, "n", x0);
                if (!(x1 > 0 && x1 <= 1)) throw new NdException(op + ": expected 0 < p <= 1, got " + x1);
                // NumPy's bound: the Poisson rate, at the gamma's mean plus ten deviations, must not overflow int64
                double maxLam = (1 - x1) / x1 * (x0 + 10 * Math.sqrt(x0));
                if (!(maxLam <= POISSON_LAM_MAX)) // NaN (n infinite, p 1) too
                throw new NdException(op + ": n too large or p too small: expected (1 - p) / p * (n + 10 sqrt(n))"
                        + " at most " + POISSON_LAM_MAX + ", got " + maxLam + " (n " + x0 + ", p " + x1 + ")");
            }
            case LOGSERIES -> {
                if (!(x0 >= 0 && x0 < 1)) throw new NdException(op + ": expected 0 <= p < 1, got " + x0);
            }
            case ZIPF -> {
                if (!(x0 > 1)) throw new NdException(op + ": expected a > 1, got " + x0);
            }
            case HYPERGEOMETRIC -> {
                long good = counts[0], bad = counts[1], nsample = counts[2];
                if (good < 0) throw new NdException(op + ": expected ngood >= 0, got " + good);
                if (bad < 0) throw new NdException(op + ": expected nbad >= 0, got " + bad);
                if (nsample < 0) throw new NdException(op + ": expected nsample >= 0, got " + nsample);
                if (good >= 1_000_000_000L || bad >= 1_000_000_000L)
                    throw new NdException(op + ": expected both ngood and nbad less than 1000000000, got ngood " + good
                            + ", nbad " + bad);
                if (good + bad < nsample)
                    throw new NdException(op + ": expected nsample <= ngood + nbad, got nsample " + nsample
                            + ", ngood + nbad " + (good + bad));
            }
        }
        return DeviceDraws.discrete(dist, c, shape, x0, x1, counts);
    }

    /** Generator.poisson(lam, size): int64. */
    public NDArray poisson(Counters c, double lam, long[] shape) {
        checkShape("random.poisson", shape);
        // NumPy's CONS_POISSON, unlike CONS_NON_NEGATIVE, takes -0.0
        if (!(lam >= 0)) throw new NdException("random.poisson: expected lam >= 0, got " + lam);
        if (lam > POISSON_LAM_MAX)
            throw new NdException(
                    "random.poisson: lam value too large: expected at most " + POISSON_LAM_MAX + ", got " + lam);
        return DeviceDraws.discrete("poisson", c, shape, lam, 0);
    }

    /** Generator.binomial(n, p, size): int64. */
    public NDArray binomial(Counters c, long n, double p, long[] shape) {
        checkShape("random.binomial", shape);
        if (n < 0) throw new NdException("random.binomial: expected n >= 0, got " + n);
        if (!(p >= 0 && p <= 1)) throw new NdException("random.binomial: expected 0 <= p <= 1, got " + p);
        return DeviceDraws.discrete("binomial", c, shape, p, n);
    }

    /** Generator.multinomial(n, pvals, size): int64 of shape size + (len(pvals),). */
    public NDArray multinomial(Counters c, long n, double[] pvals, long[] size) {
        String op = "random.multinomial";
        checkShape(op, size);
        Objects.requireNonNull(pvals, op + ": pvals is null");
        if (n < 0) throw new NdException(op + ": expected n >= 0, got " + n);
        if (pvals.length == 0) throw new NdException(op + ": expected at least one probability in pvals, got none");
        double head = 0;
        for (int j = 0; j < pvals.length; j++) {
            if (!(pvals[j] >= 0 && pvals[j] <= 1))
                throw new NdException(op + ": expected each of pvals in [0, 1], got pvals[" + j + "] = " + pvals[j]);
            if (j < pvals.length - 1) head += pvals[j];
        }
        // NumPy's rule: the last category takes what the others leave, so only the others must not exceed 1
        if (head > 1.0 + 1e-12) throw new NdException(op + ": expected sum(pvals[:-1]) <= 1, got " + head);
        return DeviceDraws.multinomial(c, n, pvals, size);
    }

    /** Generator.choice(a, size, replace, p): {@code a} a Long (arange(a)) or an NDArray (along axis 0); p may be null. */
    public NDArray choice(Counters c, Object a, long[] size, boolean replace, double[] p) {
        return Sampling.choice(c, a, size, replace, p);
    }

    /** Generator.permutation(x): {@code x} a Long (a permuted arange) or an NDArray (a permuted copy along axis 0). */
    public NDArray permutation(Counters c, Object x) {
        return Sampling.permutation(c, x);
    }

    /** Generator.permuted(x, axis): each slice along {@code axis} (null: x flattened) shuffled on its own. */
    public NDArray permuted(Counters c, NDArray x, Integer axis) {
        return Permuted.permuted(c, x, axis);
    }

    /**
     * Generator.dirichlet(alpha, size): float64 of shape size + (len(alpha),), each row Gamma(alpha_j, 1) draws
     * over their sum, or, as NumPy, a stick broken by betas when every alpha is below 0.1.
     */
    public NDArray dirichlet(Counters c, double[] alpha, long[] size) {
        String op = "random.dirichlet";
        Objects.requireNonNull(alpha, op + ": alpha is null");
        checkShape(op, size);
        if (alpha.length == 0) throw new NdException(op + ": expected at least one alpha, got none");
        for (int j = 0; j < alpha.length; j++)
            if (!(alpha[j] > 0)) throw new NdException(op + ": expected alpha > 0, got alpha[" + j + "] = " + alpha[j]);
        return DeviceDraws.dirichlet(c, alpha, size);
    }

    /** Generator.multivariate_normal(mean, cov, size): float64 of shape size + (len(mean),). */
    public NDArray multivariateNormal(Counters c, double[] mean, double[][] cov, long[] size) {
        return MultivariateNormal.draw(c, mean, cov, size);
    }

    /**
     * Generator.multivariate_hypergeometric(colors, nsample, size), NumPy's method 'marginals': each color a
     * hypergeometric draw of what is left, so a row always sums to nsample.
     */
    public NDArray multivariateHypergeometric(Counters c, long[] colors, long nsample, long[] size) {
        String op = "random.multivariateHypergeometric";
        Objects.requireNonNull(colors, op + ": colors is null");
        checkShape(op, size);
        long total = 0;
        for (int j = 0; j < colors.length; j++) {
            if (colors[j] < 0)
                throw new NdException(op + ": expected colors >= 0, got colors[" + j + "] = " + colors[j]);
            if (colors[j] >= 1_000_000_000L || (total += colors[j]) >= 1_000_000_000L)
                throw new NdException(op + ": expected the total of colors less than 1000000000, got at least "
                        + Math.max(total, colors[j]));
        }
        if (nsample < 0) throw new NdException(op + ": expected nsample >= 0, got " + nsample);
        if (nsample > total)
            throw new NdException(
                    op + ": insufficient count: expected nsample <= sum(colors) = " + total + ", got " + nsample);
        return DeviceDraws.multivariateHypergeometric(c, colors, nsample, total, size);
    }

    /** Generator.shuffle(x): permutes x along axis 0, in place. */
    public void shuffle(Counters c, NDArray x) {
        Sampling.shuffle(c, x);
    }

    static void checkShape(String op, long[] shape) {
        Objects.requireNonNull(shape, op + ": shape is null");
        for (int k = 0; k < shape.length; k++) {
            if (shape[k] < 0)
                throw new NdException(op + ": expected a non-negative size, got " + shape[k] + " at position " + k);
        }
        org.ndgpu.ndarray.Sizes.count(op, shape); // a size no array can have, named here
    }

    /** Whether {@code v} rounded to float {@code dtype} is finite. */
    private static boolean finiteIn(DType dtype, double v) {
        if (dtype == DType.FLOAT64) return Double.isFinite(v);
        float f = (float) v;
        if (dtype == DType.FLOAT32) return Float.isFinite(f);
        return Float.isFinite(Float.float16ToFloat(Float.floatToFloat16(f)));
    }

    private static double maxOf(DType dtype) {
        return dtype == DType.FLOAT64 ? Double.MAX_VALUE : dtype == DType.FLOAT32 ? Float.MAX_VALUE : 65504.0;
    }

    /** uniform's and normal's dtypes, float16 too (the Generator methods take float32 and float64 only, as NumPy's). */
    private static void anyFloatDtype(String op, DType d) {
        if (d != DType.FLOAT32 && d != DType.FLOAT64 && d != DType.FLOAT16) {
            throw new DTypeException("random." + op + ": expected a float dtype (float16, float32, float64), got " + d);
        }
    }

    private static void floatDtype(String op, DType d) {
        Objects.requireNonNull(d, op + ": dtype is null");
        if (d != DType.FLOAT32 && d != DType.FLOAT64)
            throw new DTypeException(op + ": expected dtype float32 or float64, got " + d);
    }

    // NumPy's CONS_NON_NEGATIVE, which refuses -0.0 by its sign bit (NaN fails here, where NumPy passes it)
    private static void nonNegative(String op, String what, double v) {
        if (!(v >= 0) || (v == 0 && 1 / v < 0)) throw new NdException(op + ": expected " + what + " >= 0, got " + v);
    }

    private static void positive(String op, String what, double v) {
        if (!(v > 0)) throw new NdException(op + ": expected " + what + " > 0, got " + v);
    }

    private static void nonNegative(String op, String what, NDArray v) {
        NDArray ok;
        if (v.dtype().isFloating()) {
            try (NDArray sign = v.signbit()) {
                ok = ArrayDraws.both(v.ge(0.0), sign.logicalNot());
            }
        } else {
            ok = v.ge(0.0);
        }
        ArrayDraws.require(op, what + " >= 0", v, ok, x -> x >= 0 && !(x == 0 && 1 / x < 0));
    }

    private static void positive(String op, String what, NDArray v) {
        ArrayDraws.require(op, what + " > 0", v, v.gt(0.0), x -> x > 0);
    }

    static long dtypeMin(DType d) {
        if (d.isBool() || !d.isSigned()) return 0;
        return -(1L << (8 * d.itemsize() - 1));
    }

    static long dtypeMax(DType d) {
        if (d.isBool()) return 1;
        int bits = 8 * d.itemsize() - (d.isSigned() ? 1 : 0);
        return bits >= 63 ? Long.MAX_VALUE : (1L << bits) - 1;
    }

    /** standard_normal -> standardNormal, as the Java method is named. */
    static String camel(String name) {
        int u = name.indexOf('_');
        return u < 0 ? name : name.substring(0, u) + Character.toUpperCase(name.charAt(u + 1)) + name.substring(u + 2);
    }
}
