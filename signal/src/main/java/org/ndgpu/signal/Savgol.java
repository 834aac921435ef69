package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal's savgol_coeffs (on the host: a least-squares fit of a few dozen numbers, by QR) and
 * savgol_filter on the device: the coefficients convolved along the axis by {@link Direct} (zero or
 * cval past the edges, or wrapped), and for mode 'interp' each edge's half window replaced by the
 * polynomial fitted to the first or last window, a small matrix applied by matmul.
 */
final class Savgol {
    private Savgol() {}

    /** scipy.signal.savgol_coeffs(window_length, polyorder, deriv, delta), use 'conv'. */
    static double[] coeffs(String op, int wl, int polyorder, int deriv, double delta) {
        check(op, wl, polyorder, deriv, delta);
        int half = wl / 2;
        double pos = wl % 2 == 1 ? half : half - 0.5;
        int p = polyorder + 1;
        // A^T (wl x p): column j holds x^j at x = pos - i (SciPy's 'conv' order: the positions reversed)
        double[][] at = new double[wl][p];
        for (int i = 0; i < wl; i++) {
            double x = pos - i;
            double v = 1;
            for (int j = 0; j < p; j++) {
                at[i][j] = v;
                v *= x;
            }
        }
        double[] y = new double[p];
        if (deriv < p) y[deriv] = factorial(deriv) / Math.pow(delta, deriv);
        // the least-norm solution of A c = y: A^T = Q R, c = Q R^-T y
        double[][][] qr = qr(at);
        double[][] q = qr[0], r = qr[1];
        double[] z = new double[p];
        for (int j = 0; j < p; j++) {
            double s = y[j];
            for (int k = 0; k < j; k++) s -= r[k][j] * z[k];
            z[j] = s / r[j][j];
        }
        double[] c = new double[wl];
        for (int i = 0; i < wl; i++) {
            double s = 0;
            for (int j = 0; j < p; j++) s += q[i][j] * z[j];
            c[i] = s;
        }
        return c;
    }

    /** scipy.signal.savgol_filter(x, window_length, polyorder, deriv, delta, axis, mode, cval). */
    static NDArray filter(
            NDArray x, int wl, int polyorder, int deriv, double delta, int axis, String mode, double cval) {
        String op = "signal.savgol_filter";
        Objects.requireNonNull(x, op + ": x is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        x.live(op);
        DType dt = x.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported yet, got " + dt);
        if (dt == DType.BOOL) throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        String m = mode.toLowerCase(Locale.ROOT);
        if (!m.equals("interp") && !m.equals("constant") && !m.equals("wrap")) {
            throw new NdException(op + ": mode must be 'interp', 'constant' or 'wrap' (ndgpu has not 'mirror' and"
                    + " 'nearest' yet), got '" + mode + "'");
        }
        int ax = Spectral.axis(op, x, axis);
        double[] c = coeffs(op, wl, polyorder, deriv, delta);
        long n = x.shape()[ax];
        if (m.equals("interp") && wl > n) {
            throw new NdException(op + ": if mode is 'interp', window_length must be less than or equal to the size"
                    + " of x, got " + wl + " > " + n);
        }
        DType rt = dt == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray xm = track(temps, moved.astype(rt));
            if (xm.size() == 0)
                return track(temps, xm.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
            int nd = xm.ndim();
            long[] vshape = new long[nd], start = new long[nd];
            java.util.Arrays.fill(vshape, 1);
            vshape[nd - 1] = wl;
            start[nd - 1] = wl / 2; // ndimage's convolve1d centre
            // Direct correlates: the reversed coefficients convolve
            double[] rev = new double[wl];
            for (int i = 0; i < wl; i++) rev[i] = c[wl - 1 - i];
            NDArray v = track(
                    temps,
                    track(temps, track(temps, Lfilter.doubles(x.device(), rev)).astype(rt))
                            .reshape(vshape));
            Boundary b = m.equals("wrap") ? Boundary.WRAP : Boundary.FILL;
            NDArray y = track(temps, Direct.correlate(xm, v, xm.shape(), start, b, m.equals("constant") ? cval : 0));
            if (m.equals("interp")) {
                int half = wl / 2;
                edge(xm, y, 0, 0, half, wl, polyorder, deriv, delta, rt, temps);
                edge(xm, y, n - wl, n - half, n, wl, polyorder, deriv, delta, rt, temps);
            }
            return track(temps, y.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // SciPy's _fit_edge: y[from:to] = the deriv-th derivative of the polynomial fitted to x[w0:w0 + wl], at from..to
    private static void edge(
            NDArray x,
            NDArray y,
            long w0,
            long from,
            long to,
            int wl,
            int polyorder,
            int deriv,
            double delta,
            DType rt,
            List<NDArray> temps) {
        if (to <= from) return;
        int p = polyorder + 1, rows = (int) (to - from);
        double[][] v = new double[wl][p];
        for (int i = 0; i < wl; i++) {
            double t = 1;
            for (int j = 0; j < p; j++) {
                v[i][j] = t;
                t *= i;
            }
        }
        // columns scaled to unit norm first, as numpy.polyfit scales them
        double[] scale = new double[p];
        for (int j = 0; j < p; j++) {
            double s = 0;
            for (int i = 0; i < wl; i++) s += v[i][j] * v[i][j];
            scale[j] = s == 0 ? 1 : Math.sqrt(s);
            for (int i = 0; i < wl; i++) v[i][j] /= scale[j];
        }
        double[][][] qr = qr(v);
        double[][] q = qr[0], r = qr[1];
        // pinv(V) = R^-1 Q^T, a p x wl table
        double[][] pinv = new double[p][wl];
        for (int col = 0; col < wl; col++) {
            for (int j = p - 1; j >= 0; j--) {
                double s = q[col][j];
                for (int k = j + 1; k < p; k++) s -= r[j][k] * pinv[k][col];
                pinv[j][col] = s / r[j][j];
            }
        }
        for (int j = 0; j < p; j++) for (int col = 0; col < wl; col++) pinv[j][col] /= scale[j];
        // E^T (wl x rows): column t holds sum_j d^deriv(tau^j)/dtau^deriv at tau = from - w0 + t, times pinv's row j
        double[] et = new double[wl * rows];
        for (int t = 0; t < rows; t++) {
            double tau = from - w0 + t;
            for (int j = deriv; j < p; j++) {
                double d = factorial(j) / factorial(j - deriv) * Math.pow(tau, j - deriv) / Math.pow(delta, deriv);
                for (int i = 0; i < wl; i++) et[i * rows + t] += d * pinv[j][i];
            }
        }
        int last = x.ndim() - 1;
        NDArray e = track(
                temps,
                track(temps, track(temps, Lfilter.doubles(x.device(), et)).astype(rt))
                        .reshape(wl, rows));
        NDArray window = track(temps, x.get(index(last, w0, w0 + wl)));
        NDArray values = track(temps, window.matmul(e));
        y.set(index(last, from, to), values);
    }

    // modified Gram-Schmidt, twice, of the columns of a (m x p, m >= p): Q (m x p) and R (p x p)
    private static double[][][] qr(double[][] a) {
        int m = a.length, p = a[0].length;
        double[][] q = new double[m][p], r = new double[p][p];
        for (int j = 0; j < p; j++) {
            double[] v = new double[m];
            for (int i = 0; i < m; i++) v[i] = a[i][j];
            for (int pass = 0; pass < 2; pass++) {
                for (int k = 0; k < j; k++) {
                    double s = 0;
                    for (int i = 0; i < m; i++) s += q[i][k] * v[i];
                    r[k][j] += s;
                    for (int i = 0; i < m; i++) v[i] -= s * q[i][k];
                }
            }
            double norm = 0;
            for (double w : v) norm += w * w;
            norm = Math.sqrt(norm);
            r[j][j] = norm;
            for (int i = 0; i < m; i++) q[i][j] = v[i] / norm;
        }
        return new double[][][] {q, r};
    }

    private static void check(String op, int wl, int polyorder, int deriv, double delta) {
        if (wl < 1) throw new NdException(op + ": window_length must be positive, got " + wl);
        if (wl > 4096) throw new NdException(op + ": window_length of at most 4096, got " + wl);
        if (polyorder < 0) throw new NdException(op + ": polyorder must be >= 0, got " + polyorder);
        if (polyorder >= wl)
            throw new NdException(op + ": polyorder must be less than window_length, got " + polyorder);
        if (deriv < 0) throw new NdException(op + ": deriv must be nonnegative, got " + deriv);
        if (!(delta > 0) || Double.isInfinite(delta))
            throw new NdException(op + ": expected a finite delta > 0, got " + delta);
    }

    private static double factorial(int k) {
        double f = 1;
        for (int i = 2; i <= k; i++) f *= i;
        return f;
    }

    private static String index(int axis, long from, long to) {
        StringBuilder s = new StringBuilder();
        for (int d = 0; d < axis; d++) s.append(":,");
        return s.append(from).append(':').append(to).toString();
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
