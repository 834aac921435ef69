package org.ndgpu.special;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * The part of {@link Special}'s namespace for scipy.special's expm1 and log1p and their variants (cosm1,
 * exprel, powm1, the Box-Cox transforms and their inverses) and the regularized incomplete beta
 * function: device ufuncs, as the rest of {@code Nd.special()}, called as
 * {@code Nd.special().betainc(a, b, x)}. A file of its own so that each stays readable; Special
 * is the only class that extends it, through {@link BesselFunctions} (public so that Special's inherited methods are plain public
 * methods to reflection, as the hostile sweep and the SciPy name map read them).
 */
public abstract sealed class ExpLogAndBetaFunctions permits BesselFunctions {
    ExpLogAndBetaFunctions() {}

    private static NDArray call(Ufunc op, NDArray out, Object... operands) {
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /** scipy.special.expm1 (numpy.expm1 under SciPy's name): exp(x) - 1, accurate near 0: {@code Nd.special().expm1(x)}. */
    public NDArray expm1(Object x) {
        return call(Ufunc.EXPM1, null, x);
    }

    /** scipy.special.expm1 into {@code out}: {@code Nd.special().expm1(x, out)}. */
    public NDArray expm1(Object x, NDArray out) {
        return call(Ufunc.EXPM1, out, x);
    }

    /** scipy.special.log1p (numpy.log1p under SciPy's name): log(1 + x), accurate near 0: {@code Nd.special().log1p(x)}. */
    public NDArray log1p(Object x) {
        return call(Ufunc.LOG1P, null, x);
    }

    /** scipy.special.log1p into {@code out}: {@code Nd.special().log1p(x, out)}. */
    public NDArray log1p(Object x, NDArray out) {
        return call(Ufunc.LOG1P, out, x);
    }

    /** scipy.special.cosm1: cos(x) - 1, accurate near 0: {@code Nd.special().cosm1(x)}. */
    public NDArray cosm1(Object x) {
        return call(Ufunc.COSM1, null, x);
    }

    /** scipy.special.cosm1 into {@code out}: {@code Nd.special().cosm1(x, out)}. */
    public NDArray cosm1(Object x, NDArray out) {
        return call(Ufunc.COSM1, out, x);
    }

    /** scipy.special.exprel: (exp(x) - 1) / x, 1 at 0: {@code Nd.special().exprel(x)}. */
    public NDArray exprel(Object x) {
        return call(Ufunc.EXPREL, null, x);
    }

    /** scipy.special.exprel into {@code out}: {@code Nd.special().exprel(x, out)}. */
    public NDArray exprel(Object x, NDArray out) {
        return call(Ufunc.EXPREL, out, x);
    }

    /** scipy.special.powm1: x^y - 1, accurate where x^y is near 1: {@code Nd.special().powm1(x, y)}. */
    public NDArray powm1(Object x, Object y) {
        return call(Ufunc.POWM1, null, x, y);
    }

    /** scipy.special.powm1 into {@code out}: {@code Nd.special().powm1(x, y, out)}. */
    public NDArray powm1(Object x, Object y, NDArray out) {
        return call(Ufunc.POWM1, out, x, y);
    }

    /** scipy.special.boxcox: the Box-Cox transform (x^lmbda - 1) / lmbda, log(x) at lmbda = 0: {@code Nd.special().boxcox(x, 0.5)}. */
    public NDArray boxcox(Object x, Object lmbda) {
        return call(Ufunc.BOXCOX, null, x, lmbda);
    }

    /** scipy.special.boxcox into {@code out}: {@code Nd.special().boxcox(x, lmbda, out)}. */
    public NDArray boxcox(Object x, Object lmbda, NDArray out) {
        return call(Ufunc.BOXCOX, out, x, lmbda);
    }

    /** scipy.special.boxcox1p: the Box-Cox transform of 1 + x, log1p(x) at lmbda = 0: {@code Nd.special().boxcox1p(x, 0.5)}. */
    public NDArray boxcox1p(Object x, Object lmbda) {
        return call(Ufunc.BOXCOX1P, null, x, lmbda);
    }

    /** scipy.special.boxcox1p into {@code out}: {@code Nd.special().boxcox1p(x, lmbda, out)}. */
    public NDArray boxcox1p(Object x, Object lmbda, NDArray out) {
        return call(Ufunc.BOXCOX1P, out, x, lmbda);
    }

    /** scipy.special.inv_boxcox: the inverse of boxcox in x: {@code Nd.special().invBoxcox(y, 0.5)}. */
    public NDArray invBoxcox(Object y, Object lmbda) {
        return call(Ufunc.INV_BOXCOX, null, y, lmbda);
    }

    /** scipy.special.inv_boxcox into {@code out}: {@code Nd.special().invBoxcox(y, lmbda, out)}. */
    public NDArray invBoxcox(Object y, Object lmbda, NDArray out) {
        return call(Ufunc.INV_BOXCOX, out, y, lmbda);
    }

    /** scipy.special.inv_boxcox1p: the inverse of boxcox1p in x: {@code Nd.special().invBoxcox1p(y, 0.5)}. */
    public NDArray invBoxcox1p(Object y, Object lmbda) {
        return call(Ufunc.INV_BOXCOX1P, null, y, lmbda);
    }

    /** scipy.special.inv_boxcox1p into {@code out}: {@code Nd.special().invBoxcox1p(y, lmbda, out)}. */
    public NDArray invBoxcox1p(Object y, Object lmbda, NDArray out) {
        return call(Ufunc.INV_BOXCOX1P, out, y, lmbda);
    }

    /**
     * scipy.special.betainc: the regularized incomplete beta function I_x(a, b), for a, b &gt;= 0 and
     * x in [0, 1]: {@code Nd.special().betainc(2.0, 3.0, x)}.
     */
    public NDArray betainc(Object a, Object b, Object x) {
        return call(Ufunc.BETAINC, null, a, b, x);
    }

    /** scipy.special.betainc into {@code out}: {@code Nd.special().betainc(a, b, x, out)}. */
    public NDArray betainc(Object a, Object b, Object x, NDArray out) {
        return call(Ufunc.BETAINC, out, a, b, x);
    }
}
