package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.spi.Providers;

/**
 * numpy.polyadd, polysub, polymul, polydiv, polyder and polyint on 1-d coefficient arrays (highest
 * power first), as NumPy's polynomial.py writes them: padding and ufuncs, convolve for polymul,
 * NumPy's long division step by step for polydiv (one scale and one subtract of a slice per step,
 * on the device; only the final trimming of the remainder's leading near-zeros reads values back).
 */
public final class PolynomialArithmetic {
    private PolynomialArithmetic() {}

    /** numpy.polyadd(a1, a2): the shorter padded with leading zeros, then added. */
    public static NDArray polyadd(NDArray a1, NDArray a2) {
        return addOrSub("polyadd", a1, a2, Ufunc.ADD);
    }

    /** numpy.polysub(a1, a2). */
    public static NDArray polysub(NDArray a1, NDArray a2) {
        return addOrSub("polysub", a1, a2, Ufunc.SUBTRACT);
    }

    /** numpy.polymul(a1, a2): convolve(a1, a2). */
    public static NDArray polymul(NDArray a1, NDArray a2) {
        oneD("polymul", a1);
        oneD("polymul", a2);
        return Convolution.convolve("polymul", a1, a2, "full");
    }

    /** numpy.polyder(p, m): the m-th derivative, p[:-1] * arange(n, 0, -1) m times. */
    public static NDArray polyder(NDArray p, int m) {
        oneD("polyder", p);
        if (m < 0) throw new NdException("polyder: order of derivative must be positive (see polyint), got " + m);
        NDArray cur = p.copy();
        for (int i = 0; i < m; i++) {
            long n = cur.size() - 1;
            if (n < 0) break;
            try (NDArray old = cur;
                    NDArray head = Views.slab(old, 0, 0, n);
                    NDArray k = Ranges.arange(n, 0, -1)) {
                cur = head.mul(k);
            }
        }
        return cur;
    }

    /** numpy.polyint(p, m, k): the m-th antiderivative, each step p / arange(n, 0, -1) with constant k. */
    public static NDArray polyint(NDArray p, int m, double k) {
        oneD("polyint", p);
        if (m < 0) throw new NdException("polyint: order of integral must be positive (see polyder), got " + m);
        NDArray cur = p.copy();
        for (int i = 0; i < m; i++) {
            long n = cur.size();
            try (NDArray old = cur;
                    NDArray div = Ranges.arange(n, 0, -1);
                    NDArray q = old.div(div);
                    NDArray c = Creation.full(k, q.dtype(), 1)) {
                cur = Joining.concatenate("polyint", List.of(q, c), 0);
            }
        }
        return cur;
    }

    /**
     * numpy.polydiv(u, v): {quotient, remainder} in floating point (u + 0.0, v + 0.0); the
     * remainder's leading elements close to zero (allclose, rtol 1e-14) trimmed, as NumPy.
     */
    public static NDArray[] polydiv(NDArray u, NDArray v) {
        oneD("polydiv", u);
        oneD("polydiv", v);
        if (u.size() == 0 || v.size() == 0)
            throw new ShapeException("polydiv: expected non-empty coefficient arrays, got shapes "
                    + Shapes.str(u.shape()) + " and " + Shapes.str(v.shape()));
        List<NDArray> temps = new ArrayList<>();
        NDArray q = null, r = null;
        try {
            NDArray uf = t(temps, u.add(0.0)), vf = t(temps, v.add(0.0));
            DType dt = DType.promote(uf.dtype(), vf.dtype());
            int m = (int) uf.size() - 1, n = (int) vf.size() - 1;
            NDArray v0 = t(temps, vf.get(0));
            NDArray scale = t(temps, u(Ufunc.TRUE_DIVIDE, 1.0, v0));
            q = Creation.zeros(dt, Math.max(m - n + 1, 1));
            r = uf.astype(dt);
            for (int k = 0; k <= m - n; k++) {
                try (NDArray rk = r.get(k);
                        NDArray d = scale.mul(rk);
                        NDArray qk = Views.slab(q, 0, k, 1);
                        NDArray dv = d.mul(vf);
                        NDArray window = Views.slab(r, 0, k, n + 1)) {
                    Providers.ufuncs(d).call(Ufunc.ADD, qk, qk, d);
                    Providers.ufuncs(window, dv).call(Ufunc.SUBTRACT, window, window, dv);
                }
            }
            // NumPy: while allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1: r = r[1:]
            long start = 0, len = r.size();
            double[] mag;
            try (NDArray a = r.abs()) {
                mag = a.toDoubleArray();
            }
            // allclose(r[0], 0, rtol=1e-14): |r[0]| <= atol 1e-8
            while (len > 1 && mag[(int) start] <= 1e-8) {
                start++;
                len--;
            }
            NDArray rem = start == 0 ? r : Views.slab(r, 0, start, len);
            NDArray[] out = {q, start == 0 ? r : rem.copy()};
            if (start != 0) {
                rem.close();
                r.close();
            }
            q = null;
            r = null;
            return out;
        } finally {
            temps.forEach(NDArray::close);
            if (q != null) q.close();
            if (r != null) r.close();
        }
    }

    private static NDArray addOrSub(String op, NDArray a1, NDArray a2, Ufunc f) {
        oneD(op, a1);
        oneD(op, a2);
        long diff = a2.size() - a1.size();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray x = a1, y = a2;
            if (diff > 0) x = t(temps, padded(op, a1, diff, temps));
            else if (diff < 0) y = t(temps, padded(op, a2, -diff, temps));
            return u(f, x, y);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray padded(String op, NDArray a, long zeros, List<NDArray> temps) {
        NDArray z = t(temps, Creation.zeros(a.dtype(), zeros));
        return Joining.concatenate(op, List.of(z, a), 0);
    }

    static void oneD(String op, NDArray p) {
        p.live(op);
        if (p.ndim() != 1)
            throw new ShapeException(op + ": expected a 1-d array of coefficients, got shape " + Shapes.str(p.shape()));
    }

    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
