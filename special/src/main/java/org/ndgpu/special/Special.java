package org.ndgpu.special;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Ufunc;

/**
 * The scipy.special namespace, as {@code Nd.special()} (CuPy's {@code cupyx.scipy.special}): the
 * special functions as ufuncs on the device, with SciPy's names in lowerCamelCase. Each takes NDArrays
 * or Java numbers (NumPy's broadcasting; a number is a NEP 50 weak scalar), SciPy's loops (float32 and
 * float64; an integer or bool array resolves as SciPy resolves it, mostly to float64) and an optional
 * {@code out}. float32 is computed as SciPy computes it, in double and rounded once (expit, logit and
 * log_expit in float). NaN, infinities and the domain's edges give SciPy's results.
 *
 * <pre>{@code
 * NDArray p = Nd.special().ndtr(z);               // the normal CDF
 * NDArray lg = Nd.special().gammaln(x);           // log |gamma(x)|
 * NDArray l = Nd.special().logsumexp(a, 1);       // along axis 1, stable
 * }</pre>
 *
 * <p>The same functions are device functions any kernel may call, {@code special_erf(x)},
 * {@code special_ndtri(p)}, ...: see {@code org.ndgpu.elementwise.SpecialFunctions}. Inside
 * {@code Fuse.of} these calls are traced like any ufunc.
 */
public final class Special {
    private static final Special INSTANCE = new Special();

    private Special() {}

    /** The namespace (one instance: it holds no state). */
    public static Special instance() {
        return INSTANCE;
    }

    private static NDArray call(Ufunc op, NDArray out, Object... operands) {
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /**
     * scipy.special.erf: the error function, 2/sqrt(pi) times the integral of exp(-t^2) from 0 to x. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().erf(x);}</pre>
     */
    public NDArray erf(Object x) {
        return call(Ufunc.ERF, null, x);
    }

    /** scipy.special.erf into {@code out}: {@code Nd.special().erf(x, out)}. */
    public NDArray erf(Object x, NDArray out) {
        return call(Ufunc.ERF, out, x);
    }

    /**
     * scipy.special.erfc: the complementary error function, 1 - erf(x), accurate where erf(x) is near 1. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().erfc(x);}</pre>
     */
    public NDArray erfc(Object x) {
        return call(Ufunc.ERFC, null, x);
    }

    /** scipy.special.erfc into {@code out}: {@code Nd.special().erfc(x, out)}. */
    public NDArray erfc(Object x, NDArray out) {
        return call(Ufunc.ERFC, out, x);
    }

    /**
     * scipy.special.erfcx: the scaled complementary error function, exp(x^2) erfc(x). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().erfcx(x);}</pre>
     */
    public NDArray erfcx(Object x) {
        return call(Ufunc.ERFCX, null, x);
    }

    /** scipy.special.erfcx into {@code out}: {@code Nd.special().erfcx(x, out)}. */
    public NDArray erfcx(Object x, NDArray out) {
        return call(Ufunc.ERFCX, out, x);
    }

    /**
     * scipy.special.erfinv: the inverse of erf on (-1, 1); +-inf at +-1, NaN outside. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().erfinv(y);}</pre>
     */
    public NDArray erfinv(Object y) {
        return call(Ufunc.ERFINV, null, y);
    }

    /** scipy.special.erfinv into {@code out}: {@code Nd.special().erfinv(y, out)}. */
    public NDArray erfinv(Object y, NDArray out) {
        return call(Ufunc.ERFINV, out, y);
    }

    /**
     * scipy.special.erfcinv: the inverse of erfc on (0, 2); inf at 0, -inf at 2, NaN outside. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().erfcinv(y);}</pre>
     */
    public NDArray erfcinv(Object y) {
        return call(Ufunc.ERFCINV, null, y);
    }

    /** scipy.special.erfcinv into {@code out}: {@code Nd.special().erfcinv(y, out)}. */
    public NDArray erfcinv(Object y, NDArray out) {
        return call(Ufunc.ERFCINV, out, y);
    }

    /**
     * scipy.special.expit: the logistic sigmoid 1 / (1 + exp(-x)). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().expit(x);}</pre>
     */
    public NDArray expit(Object x) {
        return call(Ufunc.EXPIT, null, x);
    }

    /** scipy.special.expit into {@code out}: {@code Nd.special().expit(x, out)}. */
    public NDArray expit(Object x, NDArray out) {
        return call(Ufunc.EXPIT, out, x);
    }

    /**
     * scipy.special.logit: the log-odds log(p / (1 - p)), the inverse of expit. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().logit(p);}</pre>
     */
    public NDArray logit(Object p) {
        return call(Ufunc.LOGIT, null, p);
    }

    /** scipy.special.logit into {@code out}: {@code Nd.special().logit(p, out)}. */
    public NDArray logit(Object p, NDArray out) {
        return call(Ufunc.LOGIT, out, p);
    }

    /**
     * scipy.special.log_expit: log(expit(x)), without overflow or loss for large |x|. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().logExpit(x);}</pre>
     */
    public NDArray logExpit(Object x) {
        return call(Ufunc.LOG_EXPIT, null, x);
    }

    /** scipy.special.log_expit into {@code out}: {@code Nd.special().logExpit(x, out)}. */
    public NDArray logExpit(Object x, NDArray out) {
        return call(Ufunc.LOG_EXPIT, out, x);
    }

    /**
     * scipy.special.xlogy: x * log(y), 0 where x is 0 (and y is not NaN). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().xlogy(x, y);}</pre>
     */
    public NDArray xlogy(Object x, Object y) {
        return call(Ufunc.XLOGY, null, x, y);
    }

    /** scipy.special.xlogy into {@code out}: {@code Nd.special().xlogy(x, y, out)}. */
    public NDArray xlogy(Object x, Object y, NDArray out) {
        return call(Ufunc.XLOGY, out, x, y);
    }

    /**
     * scipy.special.xlog1py: x * log1p(y), 0 where x is 0 (and y is not NaN). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().xlog1py(x, y);}</pre>
     */
    public NDArray xlog1py(Object x, Object y) {
        return call(Ufunc.XLOG1PY, null, x, y);
    }

    /** scipy.special.xlog1py into {@code out}: {@code Nd.special().xlog1py(x, y, out)}. */
    public NDArray xlog1py(Object x, Object y, NDArray out) {
        return call(Ufunc.XLOG1PY, out, x, y);
    }

    /**
     * scipy.special.entr: the elementwise entropy -x log(x): 0 at 0, -inf below. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().entr(p);}</pre>
     */
    public NDArray entr(Object x) {
        return call(Ufunc.ENTR, null, x);
    }

    /** scipy.special.entr into {@code out}: {@code Nd.special().entr(x, out)}. */
    public NDArray entr(Object x, NDArray out) {
        return call(Ufunc.ENTR, out, x);
    }

    /**
     * scipy.special.rel_entr: the relative entropy x log(x / y): 0 at x = 0, y >= 0; inf where x or y is negative. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().relEntr(p, q);}</pre>
     */
    public NDArray relEntr(Object x, Object y) {
        return call(Ufunc.REL_ENTR, null, x, y);
    }

    /** scipy.special.rel_entr into {@code out}: {@code Nd.special().relEntr(x, y, out)}. */
    public NDArray relEntr(Object x, Object y, NDArray out) {
        return call(Ufunc.REL_ENTR, out, x, y);
    }

    /**
     * scipy.special.kl_div: the Kullback-Leibler term x log(x / y) - x + y. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().klDiv(p, q);}</pre>
     */
    public NDArray klDiv(Object x, Object y) {
        return call(Ufunc.KL_DIV, null, x, y);
    }

    /** scipy.special.kl_div into {@code out}: {@code Nd.special().klDiv(x, y, out)}. */
    public NDArray klDiv(Object x, Object y, NDArray out) {
        return call(Ufunc.KL_DIV, out, x, y);
    }

    /**
     * scipy.special.ndtr: the standard normal distribution's CDF. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().ndtr(z);}</pre>
     */
    public NDArray ndtr(Object x) {
        return call(Ufunc.NDTR, null, x);
    }

    /** scipy.special.ndtr into {@code out}: {@code Nd.special().ndtr(x, out)}. */
    public NDArray ndtr(Object x, NDArray out) {
        return call(Ufunc.NDTR, out, x);
    }

    /**
     * scipy.special.ndtri: the inverse of ndtr (the normal quantile): -inf at 0, inf at 1, NaN outside [0, 1]. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().ndtri(p);}</pre>
     */
    public NDArray ndtri(Object y) {
        return call(Ufunc.NDTRI, null, y);
    }

    /** scipy.special.ndtri into {@code out}: {@code Nd.special().ndtri(y, out)}. */
    public NDArray ndtri(Object y, NDArray out) {
        return call(Ufunc.NDTRI, out, y);
    }

    /**
     * scipy.special.log_ndtr: log(ndtr(x)), accurate far into the lower tail. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().logNdtr(z);}</pre>
     */
    public NDArray logNdtr(Object x) {
        return call(Ufunc.LOG_NDTR, null, x);
    }

    /** scipy.special.log_ndtr into {@code out}: {@code Nd.special().logNdtr(x, out)}. */
    public NDArray logNdtr(Object x, NDArray out) {
        return call(Ufunc.LOG_NDTR, out, x);
    }

    /**
     * scipy.special.gamma: the gamma function: inf at +0, -inf at -0, NaN at the negative integers. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().gamma(x);}</pre>
     */
    public NDArray gamma(Object x) {
        return call(Ufunc.GAMMA, null, x);
    }

    /** scipy.special.gamma into {@code out}: {@code Nd.special().gamma(x, out)}. */
    public NDArray gamma(Object x, NDArray out) {
        return call(Ufunc.GAMMA, out, x);
    }

    /**
     * scipy.special.gammaln: log |gamma(x)|: inf at the poles. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().gammaln(x);}</pre>
     */
    public NDArray gammaln(Object x) {
        return call(Ufunc.GAMMALN, null, x);
    }

    /** scipy.special.gammaln into {@code out}: {@code Nd.special().gammaln(x, out)}. */
    public NDArray gammaln(Object x, NDArray out) {
        return call(Ufunc.GAMMALN, out, x);
    }

    /**
     * scipy.special.loggamma: the principal branch of log(gamma(x)) for real x: NaN below 0 (SciPy's real loggamma). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().loggamma(x);}</pre>
     */
    public NDArray loggamma(Object x) {
        return call(Ufunc.LOGGAMMA, null, x);
    }

    /** scipy.special.loggamma into {@code out}: {@code Nd.special().loggamma(x, out)}. */
    public NDArray loggamma(Object x, NDArray out) {
        return call(Ufunc.LOGGAMMA, out, x);
    }

    /**
     * scipy.special.digamma: the digamma function psi(x) = d/dx log(gamma(x)); SciPy's psi. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().digamma(x);}</pre>
     */
    public NDArray digamma(Object x) {
        return call(Ufunc.DIGAMMA, null, x);
    }

    /** scipy.special.digamma into {@code out}: {@code Nd.special().digamma(x, out)}. */
    public NDArray digamma(Object x, NDArray out) {
        return call(Ufunc.DIGAMMA, out, x);
    }

    /**
     * scipy.special.beta: the beta function gamma(a) gamma(b) / gamma(a + b). SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().beta(a, b);}</pre>
     */
    public NDArray beta(Object a, Object b) {
        return call(Ufunc.BETA, null, a, b);
    }

    /** scipy.special.beta into {@code out}: {@code Nd.special().beta(a, b, out)}. */
    public NDArray beta(Object a, Object b, NDArray out) {
        return call(Ufunc.BETA, out, a, b);
    }

    /**
     * scipy.special.betaln: log |beta(a, b)|. SciPy's float32 and float64 loops.
     *
     * <pre>{@code NDArray r = Nd.special().betaln(a, b);}</pre>
     */
    public NDArray betaln(Object a, Object b) {
        return call(Ufunc.BETALN, null, a, b);
    }

    /** scipy.special.betaln into {@code out}: {@code Nd.special().betaln(a, b, out)}. */
    public NDArray betaln(Object a, Object b, NDArray out) {
        return call(Ufunc.BETALN, out, a, b);
    }
}
