package org.ndgpu.routines.windows;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * numpy.bartlett, blackman, hamming, hanning and kaiser: float64 windows of M points on the current
 * device, in NumPy's formulas over n = arange(1 - M, M, 2) (kaiser: arange(0, M)); M below 1 gives
 * an empty array and M = 1 a single one, as NumPy.
 */
public final class Windows {
    private Windows() {}

    /** numpy.bartlett(M): the triangular window, 1 - |n| / (M - 1). */
    public static NDArray bartlett(long m) {
        if (m < 2) return trivial(m);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray n = t(temps, Ranges.arange(1 - m, m, 2));
            NDArray r = t(temps, n.div((double) (m - 1)));
            NDArray up = t(temps, r.add(1.0)), down = t(temps, t(temps, r.neg()).add(1.0));
            NDArray left = t(temps, n.le(0));
            return Providers.ufuncs(left, up, down).where(left, up, down, null);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.blackman(M): 0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1)). */
    public static NDArray blackman(long m) {
        if (m < 2) return trivial(m);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray n = t(temps, Ranges.arange(1 - m, m, 2));
            NDArray c1 = t(temps, cosine(n, Math.PI, m, temps).mul(0.5));
            NDArray c2 = t(temps, cosine(n, 2.0 * Math.PI, m, temps).mul(0.08));
            return t(temps, c1.add(0.42)).add(c2);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.hamming(M): 0.54 + 0.46 cos(pi n / (M - 1)). */
    public static NDArray hamming(long m) {
        return raisedCosine(m, 0.54, 0.46);
    }

    /** numpy.hanning(M): 0.5 + 0.5 cos(pi n / (M - 1)). */
    public static NDArray hanning(long m) {
        return raisedCosine(m, 0.5, 0.5);
    }

    /** numpy.kaiser(M, beta): i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta), alpha = (M - 1) / 2. */
    public static NDArray kaiser(long m, double beta) {
        if (m < 2) return trivial(m);
        List<NDArray> temps = new ArrayList<>();
        try {
            double alpha = (m - 1) / 2.0;
            NDArray n = t(temps, Ranges.arange(0, m, 1));
            NDArray r = t(temps, t(temps, n.sub(alpha)).div(alpha));
            NDArray s = t(
                    temps,
                    t(temps, t(temps, t(temps, r.pow(2.0)).neg()).add(1.0)).sqrt());
            NDArray num = t(temps, u(Ufunc.I0, t(temps, s.mul(beta))));
            NDArray den = t(temps, u(Ufunc.I0, t(temps, Creation.full(beta, DType.FLOAT64))));
            return num.div(den);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray raisedCosine(long m, double a, double b) {
        if (m < 2) return trivial(m);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray n = t(temps, Ranges.arange(1 - m, m, 2));
            return t(temps, cosine(n, Math.PI, m, temps).mul(b)).add(a);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // cos(c * n / (M - 1)), NumPy's order: (c * n) / (M - 1)
    private static NDArray cosine(NDArray n, double c, long m, List<NDArray> temps) {
        return t(temps, t(temps, t(temps, n.mul(c)).div((double) (m - 1))).cos());
    }

    private static NDArray trivial(long m) {
        return m < 1 ? Creation.zeros(DType.FLOAT64, 0) : Creation.ones(DType.FLOAT64, 1);
    }

    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
