package org.ndgpu.special;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

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
 * {@code Fuse.of} these calls are traced like any ufunc. The expm1/log1p variants (cosm1, exprel,
 * powm1, the Box-Cox transforms) and betainc are written in {@link ExpLogAndBetaFunctions}, and
 * the Bessel functions of real order (jv, yv, iv, kv and their scaled forms) in {@link BesselFunctions},
 * whose methods are this namespace's too.
 */
public final class Special extends BesselFunctions {
    private static final Special INSTANCE = new Special();

    private Special() {}

    /** The namespace (one instance: it holds no state). */
    public static Special instance() {
        return INSTANCE;
    }

    private static NDArray call(Ufunc op, NDArray out, Object... operands) {
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /** scipy.special.erf: the error function, 2/sqrt(pi) times the integral of exp(-t^2) from 0 to x: {@code Nd.special().erf(x)}. */
    public NDArray erf(Object x) {
        return call(Ufunc.ERF, null, x);
    }

    /** scipy.special.erf into {@code out}: {@code Nd.special().erf(x, out)}. */
    public NDArray erf(Object x, NDArray out) {
        return call(Ufunc.ERF, out, x);
    }

    /** scipy.special.erfc: the complementary error function, 1 - erf(x), accurate where erf(x) is near 1: {@code Nd.special().erfc(x)}. */
    public NDArray erfc(Object x) {
        return call(Ufunc.ERFC, null, x);
    }

    /** scipy.special.erfc into {@code out}: {@code Nd.special().erfc(x, out)}. */
    public NDArray erfc(Object x, NDArray out) {
        return call(Ufunc.ERFC, out, x);
    }

    /** scipy.special.erfcx: the scaled complementary error function, exp(x^2) erfc(x): {@code Nd.special().erfcx(x)}. */
    public NDArray erfcx(Object x) {
        return call(Ufunc.ERFCX, null, x);
    }

    /** scipy.special.erfcx into {@code out}: {@code Nd.special().erfcx(x, out)}. */
    public NDArray erfcx(Object x, NDArray out) {
        return call(Ufunc.ERFCX, out, x);
    }

    /** scipy.special.erfinv: the inverse of erf on (-1, 1); +-inf at +-1, NaN outside: {@code Nd.special().erfinv(y)}. */
    public NDArray erfinv(Object y) {
        return call(Ufunc.ERFINV, null, y);
    }

    /** scipy.special.erfinv into {@code out}: {@code Nd.special().erfinv(y, out)}. */
    public NDArray erfinv(Object y, NDArray out) {
        return call(Ufunc.ERFINV, out, y);
    }

    /** scipy.special.erfcinv: the inverse of erfc on (0, 2); inf at 0, -inf at 2, NaN outside: {@code Nd.special().erfcinv(y)}. */
    public NDArray erfcinv(Object y) {
        return call(Ufunc.ERFCINV, null, y);
    }

    /** scipy.special.erfcinv into {@code out}: {@code Nd.special().erfcinv(y, out)}. */
    public NDArray erfcinv(Object y, NDArray out) {
        return call(Ufunc.ERFCINV, out, y);
    }

    /** scipy.special.expit: the logistic sigmoid 1 / (1 + exp(-x)): {@code Nd.special().expit(x)}. */
    public NDArray expit(Object x) {
        return call(Ufunc.EXPIT, null, x);
    }

    /** scipy.special.expit into {@code out}: {@code Nd.special().expit(x, out)}. */
    public NDArray expit(Object x, NDArray out) {
        return call(Ufunc.EXPIT, out, x);
    }

    /** scipy.special.logit: the log-odds log(p / (1 - p)), the inverse of expit: {@code Nd.special().logit(p)}. */
    public NDArray logit(Object p) {
        return call(Ufunc.LOGIT, null, p);
    }

    /** scipy.special.logit into {@code out}: {@code Nd.special().logit(p, out)}. */
    public NDArray logit(Object p, NDArray out) {
        return call(Ufunc.LOGIT, out, p);
    }

    /** scipy.special.log_expit: log(expit(x)), without overflow or loss for large |x|: {@code Nd.special().logExpit(x)}. */
    public NDArray logExpit(Object x) {
        return call(Ufunc.LOG_EXPIT, null, x);
    }

    /** scipy.special.log_expit into {@code out}: {@code Nd.special().logExpit(x, out)}. */
    public NDArray logExpit(Object x, NDArray out) {
        return call(Ufunc.LOG_EXPIT, out, x);
    }

    /** scipy.special.xlogy: x * log(y), 0 where x is 0 (and y is not NaN): {@code Nd.special().xlogy(x, y)}. */
    public NDArray xlogy(Object x, Object y) {
        return call(Ufunc.XLOGY, null, x, y);
    }

    /** scipy.special.xlogy into {@code out}: {@code Nd.special().xlogy(x, y, out)}. */
    public NDArray xlogy(Object x, Object y, NDArray out) {
        return call(Ufunc.XLOGY, out, x, y);
    }

    /** scipy.special.xlog1py: x * log1p(y), 0 where x is 0 (and y is not NaN): {@code Nd.special().xlog1py(x, y)}. */
    public NDArray xlog1py(Object x, Object y) {
        return call(Ufunc.XLOG1PY, null, x, y);
    }

    /** scipy.special.xlog1py into {@code out}: {@code Nd.special().xlog1py(x, y, out)}. */
    public NDArray xlog1py(Object x, Object y, NDArray out) {
        return call(Ufunc.XLOG1PY, out, x, y);
    }

    /** scipy.special.entr: the elementwise entropy -x log(x): 0 at 0, -inf below: {@code Nd.special().entr(p)}. */
    public NDArray entr(Object x) {
        return call(Ufunc.ENTR, null, x);
    }

    /** scipy.special.entr into {@code out}: {@code Nd.special().entr(x, out)}. */
    public NDArray entr(Object x, NDArray out) {
        return call(Ufunc.ENTR, out, x);
    }

    /** scipy.special.rel_entr: the relative entropy x log(x / y): 0 at x = 0, y >= 0; inf where x or y is negative: {@code Nd.special().relEntr(p, q)}. */
    public NDArray relEntr(Object x, Object y) {
        return call(Ufunc.REL_ENTR, null, x, y);
    }

    /** scipy.special.rel_entr into {@code out}: {@code Nd.special().relEntr(x, y, out)}. */
    public NDArray relEntr(Object x, Object y, NDArray out) {
        return call(Ufunc.REL_ENTR, out, x, y);
    }

    /** scipy.special.kl_div: the Kullback-Leibler term x log(x / y) - x + y: {@code Nd.special().klDiv(p, q)}. */
    public NDArray klDiv(Object x, Object y) {
        return call(Ufunc.KL_DIV, null, x, y);
    }

    /** scipy.special.kl_div into {@code out}: {@code Nd.special().klDiv(x, y, out)}. */
    public NDArray klDiv(Object x, Object y, NDArray out) {
        return call(Ufunc.KL_DIV, out, x, y);
    }

    /** scipy.special.ndtr: the standard normal distribution's CDF: {@code Nd.special().ndtr(z)}. */
    public NDArray ndtr(Object x) {
        return call(Ufunc.NDTR, null, x);
    }

    /** scipy.special.ndtr into {@code out}: {@code Nd.special().ndtr(x, out)}. */
    public NDArray ndtr(Object x, NDArray out) {
        return call(Ufunc.NDTR, out, x);
    }

    /** scipy.special.ndtri: the inverse of ndtr (the normal quantile): -inf at 0, inf at 1, NaN outside [0, 1]: {@code Nd.special().ndtri(p)}. */
    public NDArray ndtri(Object y) {
        return call(Ufunc.NDTRI, null, y);
    }

    /** scipy.special.ndtri into {@code out}: {@code Nd.special().ndtri(y, out)}. */
    public NDArray ndtri(Object y, NDArray out) {
        return call(Ufunc.NDTRI, out, y);
    }

    /** scipy.special.log_ndtr: log(ndtr(x)), accurate far into the lower tail: {@code Nd.special().logNdtr(z)}. */
    public NDArray logNdtr(Object x) {
        return call(Ufunc.LOG_NDTR, null, x);
    }

    /** scipy.special.log_ndtr into {@code out}: {@code Nd.special().logNdtr(x, out)}. */
    public NDArray logNdtr(Object x, NDArray out) {
        return call(Ufunc.LOG_NDTR, out, x);
    }

    /** scipy.special.gamma: the gamma function: inf at +0, -inf at -0, NaN at the negative integers: {@code Nd.special().gamma(x)}. */
    public NDArray gamma(Object x) {
        return call(Ufunc.GAMMA, null, x);
    }

    /** scipy.special.gamma into {@code out}: {@code Nd.special().gamma(x, out)}. */
    public NDArray gamma(Object x, NDArray out) {
        return call(Ufunc.GAMMA, out, x);
    }

    /** scipy.special.gammaln: log |gamma(x)|: inf at the poles: {@code Nd.special().gammaln(x)}. */
    public NDArray gammaln(Object x) {
        return call(Ufunc.GAMMALN, null, x);
    }

    /** scipy.special.gammaln into {@code out}: {@code Nd.special().gammaln(x, out)}. */
    public NDArray gammaln(Object x, NDArray out) {
        return call(Ufunc.GAMMALN, out, x);
    }

    /** scipy.special.loggamma: the principal branch of log(gamma(x)) for real x: NaN below 0 (SciPy's real loggamma): {@code Nd.special().loggamma(x)}. */
    public NDArray loggamma(Object x) {
        return call(Ufunc.LOGGAMMA, null, x);
    }

    /** scipy.special.loggamma into {@code out}: {@code Nd.special().loggamma(x, out)}. */
    public NDArray loggamma(Object x, NDArray out) {
        return call(Ufunc.LOGGAMMA, out, x);
    }

    /** scipy.special.digamma: the digamma function psi(x) = d/dx log(gamma(x)); SciPy's psi: {@code Nd.special().digamma(x)}. */
    public NDArray digamma(Object x) {
        return call(Ufunc.DIGAMMA, null, x);
    }

    /** scipy.special.digamma into {@code out}: {@code Nd.special().digamma(x, out)}. */
    public NDArray digamma(Object x, NDArray out) {
        return call(Ufunc.DIGAMMA, out, x);
    }

    /** scipy.special.beta: the beta function gamma(a) gamma(b) / gamma(a + b): {@code Nd.special().beta(a, b)}. */
    public NDArray beta(Object a, Object b) {
        return call(Ufunc.BETA, null, a, b);
    }

    /** scipy.special.beta into {@code out}: {@code Nd.special().beta(a, b, out)}. */
    public NDArray beta(Object a, Object b, NDArray out) {
        return call(Ufunc.BETA, out, a, b);
    }

    /** scipy.special.betaln: log |beta(a, b)|: {@code Nd.special().betaln(a, b)}. */
    public NDArray betaln(Object a, Object b) {
        return call(Ufunc.BETALN, null, a, b);
    }

    /** scipy.special.betaln into {@code out}: {@code Nd.special().betaln(a, b, out)}. */
    public NDArray betaln(Object a, Object b, NDArray out) {
        return call(Ufunc.BETALN, out, a, b);
    }

    /** scipy.special.i0: the modified Bessel function of the first kind, order 0: {@code Nd.special().i0(x)}. */
    public NDArray i0(Object x) {
        return call(Ufunc.I0, null, x);
    }

    /** scipy.special.i0 into {@code out}: {@code Nd.special().i0(x, out)}. */
    public NDArray i0(Object x, NDArray out) {
        return call(Ufunc.I0, out, x);
    }

    /** scipy.special.i0e: the exponentially scaled i0, exp(-|x|) i0(x): {@code Nd.special().i0e(x)}. */
    public NDArray i0e(Object x) {
        return call(Ufunc.I0E, null, x);
    }

    /** scipy.special.i0e into {@code out}: {@code Nd.special().i0e(x, out)}. */
    public NDArray i0e(Object x, NDArray out) {
        return call(Ufunc.I0E, out, x);
    }

    /** scipy.special.i1: the modified Bessel function of the first kind, order 1: {@code Nd.special().i1(x)}. */
    public NDArray i1(Object x) {
        return call(Ufunc.I1, null, x);
    }

    /** scipy.special.i1 into {@code out}: {@code Nd.special().i1(x, out)}. */
    public NDArray i1(Object x, NDArray out) {
        return call(Ufunc.I1, out, x);
    }

    /** scipy.special.i1e: the exponentially scaled i1, exp(-|x|) i1(x): {@code Nd.special().i1e(x)}. */
    public NDArray i1e(Object x) {
        return call(Ufunc.I1E, null, x);
    }

    /** scipy.special.i1e into {@code out}: {@code Nd.special().i1e(x, out)}. */
    public NDArray i1e(Object x, NDArray out) {
        return call(Ufunc.I1E, out, x);
    }

    /** scipy.special.j0: the Bessel function of the first kind, order 0: {@code Nd.special().j0(x)}. */
    public NDArray j0(Object x) {
        return call(Ufunc.J0, null, x);
    }

    /** scipy.special.j0 into {@code out}: {@code Nd.special().j0(x, out)}. */
    public NDArray j0(Object x, NDArray out) {
        return call(Ufunc.J0, out, x);
    }

    /** scipy.special.j1: the Bessel function of the first kind, order 1: {@code Nd.special().j1(x)}. */
    public NDArray j1(Object x) {
        return call(Ufunc.J1, null, x);
    }

    /** scipy.special.j1 into {@code out}: {@code Nd.special().j1(x, out)}. */
    public NDArray j1(Object x, NDArray out) {
        return call(Ufunc.J1, out, x);
    }

    /** scipy.special.y0: the Bessel function of the second kind, order 0: -inf at 0, NaN below: {@code Nd.special().y0(x)}. */
    public NDArray y0(Object x) {
        return call(Ufunc.Y0, null, x);
    }

    /** scipy.special.y0 into {@code out}: {@code Nd.special().y0(x, out)}. */
    public NDArray y0(Object x, NDArray out) {
        return call(Ufunc.Y0, out, x);
    }

    /** scipy.special.y1: the Bessel function of the second kind, order 1: -inf at 0, NaN below: {@code Nd.special().y1(x)}. */
    public NDArray y1(Object x) {
        return call(Ufunc.Y1, null, x);
    }

    /** scipy.special.y1 into {@code out}: {@code Nd.special().y1(x, out)}. */
    public NDArray y1(Object x, NDArray out) {
        return call(Ufunc.Y1, out, x);
    }

    /** scipy.special.k0: the modified Bessel function of the second kind, order 0: inf at 0, NaN below: {@code Nd.special().k0(x)}. */
    public NDArray k0(Object x) {
        return call(Ufunc.K0, null, x);
    }

    /** scipy.special.k0 into {@code out}: {@code Nd.special().k0(x, out)}. */
    public NDArray k0(Object x, NDArray out) {
        return call(Ufunc.K0, out, x);
    }

    /** scipy.special.k1: the modified Bessel function of the second kind, order 1: inf at 0, NaN below: {@code Nd.special().k1(x)}. */
    public NDArray k1(Object x) {
        return call(Ufunc.K1, null, x);
    }

    /** scipy.special.k1 into {@code out}: {@code Nd.special().k1(x, out)}. */
    public NDArray k1(Object x, NDArray out) {
        return call(Ufunc.K1, out, x);
    }

    /** scipy.special.zeta: the Hurwitz zeta function, the sum of (k + q)^-x over k >= 0 (x > 1; inf at x = 1): {@code Nd.special().zeta(x, q)}. */
    public NDArray zeta(Object x, Object q) {
        return call(Ufunc.ZETA, null, x, q);
    }

    /** scipy.special.zeta into {@code out}: {@code Nd.special().zeta(x, q, out)}. */
    public NDArray zeta(Object x, Object q, NDArray out) {
        return call(Ufunc.ZETA, out, x, q);
    }

    /** scipy.special.polygamma: the n-th derivative of the digamma function: digamma for n = 0, else (-1)^(n+1) n! zeta(n + 1, x): {@code Nd.special().polygamma(n, x)}. */
    public NDArray polygamma(Object n, Object x) {
        return call(Ufunc.POLYGAMMA, null, n, x);
    }

    /** scipy.special.polygamma into {@code out}: {@code Nd.special().polygamma(n, x, out)}. */
    public NDArray polygamma(Object n, Object x, NDArray out) {
        return call(Ufunc.POLYGAMMA, out, n, x);
    }

    /** scipy.special.gammainc: the regularized lower incomplete gamma function P(a, x): {@code Nd.special().gammainc(a, x)}. */
    public NDArray gammainc(Object a, Object x) {
        return call(Ufunc.GAMMAINC, null, a, x);
    }

    /** scipy.special.gammainc into {@code out}: {@code Nd.special().gammainc(a, x, out)}. */
    public NDArray gammainc(Object a, Object x, NDArray out) {
        return call(Ufunc.GAMMAINC, out, a, x);
    }

    /** scipy.special.gammaincc: the regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x): {@code Nd.special().gammaincc(a, x)}. */
    public NDArray gammaincc(Object a, Object x) {
        return call(Ufunc.GAMMAINCC, null, a, x);
    }

    /** scipy.special.gammaincc into {@code out}: {@code Nd.special().gammaincc(a, x, out)}. */
    public NDArray gammaincc(Object a, Object x, NDArray out) {
        return call(Ufunc.GAMMAINCC, out, a, x);
    }

    /** scipy.special.gammaincinv: the inverse of gammainc in x, the x with P(a, x) = p: {@code Nd.special().gammaincinv(a, p)}. */
    public NDArray gammaincinv(Object a, Object p) {
        return call(Ufunc.GAMMAINCINV, null, a, p);
    }

    /** scipy.special.gammaincinv into {@code out}: {@code Nd.special().gammaincinv(a, p, out)}. */
    public NDArray gammaincinv(Object a, Object p, NDArray out) {
        return call(Ufunc.GAMMAINCINV, out, a, p);
    }

    /** scipy.special.sinc (numpy.sinc, which SciPy re-exports): the normalized sinc sin(pi x) / (pi x), 1 at 0: {@code Nd.special().sinc(x)}. */
    public NDArray sinc(Object x) {
        return call(Ufunc.SINC, null, x);
    }

    /** scipy.special.sinc into {@code out}: {@code Nd.special().sinc(x, out)}. */
    public NDArray sinc(Object x, NDArray out) {
        return call(Ufunc.SINC, out, x);
    }

    // ---- reductions

    /** scipy.special.logsumexp(a): log(sum(exp(a))) over every element, computed stably: {@code Nd.special().logsumexp(a)}. */
    public NDArray logsumexp(NDArray a) {
        return LogSumExp.logsumexp(a, null, false);
    }

    /** scipy.special.logsumexp(a, axis): along one axis (negative counts from the end): {@code Nd.special().logsumexp(a, 1)}. */
    public NDArray logsumexp(NDArray a, int axis) {
        return LogSumExp.logsumexp(a, new int[] {axis}, false);
    }

    /**
     * scipy.special.logsumexp(a, axis, keepdims=keepdims): over the given axes (null: all):
     * {@code Nd.special().logsumexp(a, new int[] {0, 1}, true)}.
     */
    public NDArray logsumexp(NDArray a, int[] axes, boolean keepdims) {
        return LogSumExp.logsumexp(a, axes, keepdims);
    }

    /** scipy.special.softmax(x): exp(x) / sum(exp(x)) over every element: {@code Nd.special().softmax(x)}. */
    public NDArray softmax(NDArray x) {
        return LogSumExp.softmax(x, null);
    }

    /** scipy.special.softmax(x, axis): along one axis: {@code Nd.special().softmax(logits, -1)}. */
    public NDArray softmax(NDArray x, int axis) {
        return LogSumExp.softmax(x, new int[] {axis});
    }

    /** scipy.special.softmax(x, axis) over the given axes (null: all): {@code Nd.special().softmax(x, new int[] {0, 1})}. */
    public NDArray softmax(NDArray x, int[] axes) {
        return LogSumExp.softmax(x, axes);
    }

    /** scipy.special.log_softmax(x): x - logsumexp(x) over every element, stably: {@code Nd.special().logSoftmax(x)}. */
    public NDArray logSoftmax(NDArray x) {
        return LogSumExp.logSoftmax(x, null);
    }

    /** scipy.special.log_softmax(x, axis): along one axis: {@code Nd.special().logSoftmax(logits, -1)}. */
    public NDArray logSoftmax(NDArray x, int axis) {
        return LogSumExp.logSoftmax(x, new int[] {axis});
    }

    /** scipy.special.log_softmax(x, axis) over the given axes (null: all): {@code Nd.special().logSoftmax(x, new int[] {1})}. */
    public NDArray logSoftmax(NDArray x, int[] axes) {
        return LogSumExp.logSoftmax(x, axes);
    }
}
