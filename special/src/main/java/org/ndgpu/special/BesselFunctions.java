package org.ndgpu.special;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * The part of {@link Special}'s namespace for scipy.special's Bessel functions: of real order jv, jn, yv,
 * iv, kv and the exponentially scaled jve, yve, ive, kve; of integer order yn, kn and the spherical
 * spherical_jn, spherical_yn, spherical_in, spherical_kn (with their {@code derivative=True} form). Device ufuncs of two inputs (the order
 * and the argument {@code z}, broadcast together), called as {@code Nd.special().jv(v, z)}.
 * Real arguments only (float32 and float64; integers resolve as SciPy's loops do); docs/special.md
 * says which algorithm each uses and how closely it follows SciPy. A file of its own so that each
 * stays readable; Special is the only class that extends it (public so that Special's inherited
 * methods are plain public methods to reflection, as the hostile sweep and the SciPy name map read them).
 */
public abstract sealed class BesselFunctions extends ExpLogAndBetaFunctions permits Special {
    BesselFunctions() {}

    private static NDArray call(Ufunc op, NDArray out, Object... operands) {
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /**
     * scipy.special.jv: the Bessel function of the first kind of real order v, J_v(z); NaN for z &lt; 0
     * unless v is an integer: {@code Nd.special().jv(2.5, z)}.
     */
    public NDArray jv(Object v, Object z) {
        return call(Ufunc.JV, null, v, z);
    }

    /** scipy.special.jv into {@code out}: {@code Nd.special().jv(v, z, out)}. */
    public NDArray jv(Object v, Object z, NDArray out) {
        return call(Ufunc.JV, out, v, z);
    }

    /** scipy.special.jn: SciPy's other name of jv (any real order): {@code Nd.special().jn(3, z)}. */
    public NDArray jn(Object n, Object z) {
        return call(Ufunc.JN, null, n, z);
    }

    /** scipy.special.jn into {@code out}: {@code Nd.special().jn(n, z, out)}. */
    public NDArray jn(Object n, Object z, NDArray out) {
        return call(Ufunc.JN, out, n, z);
    }

    /**
     * scipy.special.yv: the Bessel function of the second kind of real order v, Y_v(z); NaN for z &lt; 0,
     * infinite at 0: {@code Nd.special().yv(0.5, z)}.
     */
    public NDArray yv(Object v, Object z) {
        return call(Ufunc.YV, null, v, z);
    }

    /** scipy.special.yv into {@code out}: {@code Nd.special().yv(v, z, out)}. */
    public NDArray yv(Object v, Object z, NDArray out) {
        return call(Ufunc.YV, out, v, z);
    }

    /**
     * scipy.special.iv: the modified Bessel function of the first kind of real order v, I_v(z); NaN for
     * z &lt; 0 unless v is an integer: {@code Nd.special().iv(1.5, z)}.
     */
    public NDArray iv(Object v, Object z) {
        return call(Ufunc.IV, null, v, z);
    }

    /** scipy.special.iv into {@code out}: {@code Nd.special().iv(v, z, out)}. */
    public NDArray iv(Object v, Object z, NDArray out) {
        return call(Ufunc.IV, out, v, z);
    }

    /**
     * scipy.special.kv: the modified Bessel function of the second kind of real order v, K_v(z); NaN for
     * z &lt; 0, inf at 0: {@code Nd.special().kv(0.5, z)}.
     */
    public NDArray kv(Object v, Object z) {
        return call(Ufunc.KV, null, v, z);
    }

    /** scipy.special.kv into {@code out}: {@code Nd.special().kv(v, z, out)}. */
    public NDArray kv(Object v, Object z, NDArray out) {
        return call(Ufunc.KV, out, v, z);
    }

    /**
     * scipy.special.jve: J_v(z) exp(-|imag(z)|), which for a real z is jv (NaN at z = 0 for a negative
     * non-integer v, as SciPy's): {@code Nd.special().jve(v, z)}.
     */
    public NDArray jve(Object v, Object z) {
        return call(Ufunc.JVE, null, v, z);
    }

    /** scipy.special.jve into {@code out}: {@code Nd.special().jve(v, z, out)}. */
    public NDArray jve(Object v, Object z, NDArray out) {
        return call(Ufunc.JVE, out, v, z);
    }

    /** scipy.special.yve: Y_v(z) exp(-|imag(z)|), which for a real z is yv (NaN at z = 0, as SciPy's): {@code Nd.special().yve(v, z)}. */
    public NDArray yve(Object v, Object z) {
        return call(Ufunc.YVE, null, v, z);
    }

    /** scipy.special.yve into {@code out}: {@code Nd.special().yve(v, z, out)}. */
    public NDArray yve(Object v, Object z, NDArray out) {
        return call(Ufunc.YVE, out, v, z);
    }

    /** scipy.special.ive: the exponentially scaled I_v(z) exp(-|z|), finite where iv overflows: {@code Nd.special().ive(v, z)}. */
    public NDArray ive(Object v, Object z) {
        return call(Ufunc.IVE, null, v, z);
    }

    /** scipy.special.ive into {@code out}: {@code Nd.special().ive(v, z, out)}. */
    public NDArray ive(Object v, Object z, NDArray out) {
        return call(Ufunc.IVE, out, v, z);
    }

    /** scipy.special.kve: the exponentially scaled K_v(z) exp(z), nonzero where kv underflows: {@code Nd.special().kve(v, z)}. */
    public NDArray kve(Object v, Object z) {
        return call(Ufunc.KVE, null, v, z);
    }

    /** scipy.special.kve into {@code out}: {@code Nd.special().kve(v, z, out)}. */
    public NDArray kve(Object v, Object z, NDArray out) {
        return call(Ufunc.KVE, out, v, z);
    }

    /**
     * scipy.special.yn: the Bessel function of the second kind of integer order n (a non-integer n is
     * truncated, as SciPy's float loops do): {@code Nd.special().yn(2, z)}.
     */
    public NDArray yn(Object n, Object z) {
        return call(Ufunc.YN, null, n, z);
    }

    /** scipy.special.yn into {@code out}: {@code Nd.special().yn(n, z, out)}. */
    public NDArray yn(Object n, Object z, NDArray out) {
        return call(Ufunc.YN, out, n, z);
    }

    /**
     * scipy.special.kn: the modified Bessel function of the second kind of integer order n (a non-integer
     * n is truncated): {@code Nd.special().kn(2, z)}.
     */
    public NDArray kn(Object n, Object z) {
        return call(Ufunc.KN, null, n, z);
    }

    /** scipy.special.kn into {@code out}: {@code Nd.special().kn(n, z, out)}. */
    public NDArray kn(Object n, Object z, NDArray out) {
        return call(Ufunc.KN, out, n, z);
    }

    /**
     * scipy.special.spherical_jn(n, z): the spherical Bessel function of the first kind j_n(z), for an
     * integer n &gt;= 0 (SciPy casts n to an integer; NaN for n &lt; 0): {@code Nd.special().sphericalJn(2, z)}.
     */
    public NDArray sphericalJn(Object n, Object z) {
        return call(Ufunc.SPHERICAL_JN, null, n, z);
    }

    /** scipy.special.spherical_jn into {@code out}: {@code Nd.special().sphericalJn(n, z, out)}. */
    public NDArray sphericalJn(Object n, Object z, NDArray out) {
        return call(Ufunc.SPHERICAL_JN, out, n, z);
    }

    /**
     * scipy.special.spherical_yn(n, z): the spherical Bessel function of the second kind y_n(z), for an
     * integer n &gt;= 0 (-inf at z = 0): {@code Nd.special().sphericalYn(1, z)}.
     */
    public NDArray sphericalYn(Object n, Object z) {
        return call(Ufunc.SPHERICAL_YN, null, n, z);
    }

    /** scipy.special.spherical_yn into {@code out}: {@code Nd.special().sphericalYn(n, z, out)}. */
    public NDArray sphericalYn(Object n, Object z, NDArray out) {
        return call(Ufunc.SPHERICAL_YN, out, n, z);
    }

    /**
     * scipy.special.spherical_jn(n, z, derivative): with {@code derivative} true, j'_n(z) (SciPy's
     * recurrence j_{n-1}(z) - (n+1) j_n(z) / z; -j_1(z) for n = 0): {@code Nd.special().sphericalJn(2, z, true)}.
     */
    public NDArray sphericalJn(Object n, Object z, boolean derivative) {
        return call(derivative ? Ufunc.SPHERICAL_JN_D : Ufunc.SPHERICAL_JN, null, n, z);
    }

    /** scipy.special.spherical_jn(n, z, derivative) into {@code out}: {@code Nd.special().sphericalJn(n, z, true, out)}. */
    public NDArray sphericalJn(Object n, Object z, boolean derivative, NDArray out) {
        return call(derivative ? Ufunc.SPHERICAL_JN_D : Ufunc.SPHERICAL_JN, out, n, z);
    }

    /**
     * scipy.special.spherical_yn(n, z, derivative): with {@code derivative} true, y'_n(z) (y_{n-1}(z) - (n+1)
     * y_n(z) / z; -y_1(z) for n = 0): {@code Nd.special().sphericalYn(1, z, true)}.
     */
    public NDArray sphericalYn(Object n, Object z, boolean derivative) {
        return call(derivative ? Ufunc.SPHERICAL_YN_D : Ufunc.SPHERICAL_YN, null, n, z);
    }

    /** scipy.special.spherical_yn(n, z, derivative) into {@code out}: {@code Nd.special().sphericalYn(n, z, true, out)}. */
    public NDArray sphericalYn(Object n, Object z, boolean derivative, NDArray out) {
        return call(derivative ? Ufunc.SPHERICAL_YN_D : Ufunc.SPHERICAL_YN, out, n, z);
    }

    /**
     * scipy.special.spherical_in(n, z): the modified spherical Bessel function of the first kind
     * i_n(z) = sqrt(pi / (2z)) I_{n+1/2}(z), for an integer n &gt;= 0 (NaN for n &lt; 0):
     * {@code Nd.special().sphericalIn(2, z)}.
     */
    public NDArray sphericalIn(Object n, Object z) {
        return call(Ufunc.SPHERICAL_IN, null, n, z);
    }

    /** scipy.special.spherical_in into {@code out}: {@code Nd.special().sphericalIn(n, z, out)}. */
    public NDArray sphericalIn(Object n, Object z, NDArray out) {
        return call(Ufunc.SPHERICAL_IN, out, n, z);
    }

    /**
     * scipy.special.spherical_in(n, z, derivative): with {@code derivative} true, i'_n(z) (i_{n-1}(z) - (n+1)
     * i_n(z) / z; i_1(z) for n = 0): {@code Nd.special().sphericalIn(2, z, true)}.
     */
    public NDArray sphericalIn(Object n, Object z, boolean derivative) {
        return call(derivative ? Ufunc.SPHERICAL_IN_D : Ufunc.SPHERICAL_IN, null, n, z);
    }

    /** scipy.special.spherical_in(n, z, derivative) into {@code out}: {@code Nd.special().sphericalIn(n, z, true, out)}. */
    public NDArray sphericalIn(Object n, Object z, boolean derivative, NDArray out) {
        return call(derivative ? Ufunc.SPHERICAL_IN_D : Ufunc.SPHERICAL_IN, out, n, z);
    }

    /**
     * scipy.special.spherical_kn(n, z): the modified spherical Bessel function of the second kind
     * k_n(z) = sqrt(pi / (2z)) K_{n+1/2}(z), for an integer n &gt;= 0 (inf at z = 0; at z &lt; 0 the real
     * value SciPy takes from its complex form): {@code Nd.special().sphericalKn(1, z)}.
     */
    public NDArray sphericalKn(Object n, Object z) {
        return call(Ufunc.SPHERICAL_KN, null, n, z);
    }

    /** scipy.special.spherical_kn into {@code out}: {@code Nd.special().sphericalKn(n, z, out)}. */
    public NDArray sphericalKn(Object n, Object z, NDArray out) {
        return call(Ufunc.SPHERICAL_KN, out, n, z);
    }

    /**
     * scipy.special.spherical_kn(n, z, derivative): with {@code derivative} true, k'_n(z) (-k_{n-1}(z) - (n+1)
     * k_n(z) / z; -k_1(z) for n = 0): {@code Nd.special().sphericalKn(1, z, true)}.
     */
    public NDArray sphericalKn(Object n, Object z, boolean derivative) {
        return call(derivative ? Ufunc.SPHERICAL_KN_D : Ufunc.SPHERICAL_KN, null, n, z);
    }

    /** scipy.special.spherical_kn(n, z, derivative) into {@code out}: {@code Nd.special().sphericalKn(n, z, true, out)}. */
    public NDArray sphericalKn(Object n, Object z, boolean derivative, NDArray out) {
        return call(derivative ? Ufunc.SPHERICAL_KN_D : Ufunc.SPHERICAL_KN, out, n, z);
    }
}
