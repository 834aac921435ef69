package org.ndgpu.signal;

import java.util.Arrays;
import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * scipy.signal.get_window's named windows, computed on the host in float64 as SciPy computes them
 * (a window is nperseg values, made once per call; the samples it weighs stay on the device).
 * Symmetric windows of length M, or periodic ones (SciPy's {@code fftbins=True}, the default):
 * the symmetric window of M + 1 without its last value. SciPy's {@code '_periodic'} and
 * {@code '_symmetric'} suffixes override fftbins, as in SciPy 1.17.
 */
final class Windows {
    private Windows() {}

    /** The longest window (and FIR filter, and host-made table of a signal's length) made on the host: 2^26 values. */
    static final int MAX_LENGTH = 1 << 26;

    /** The window {@code name} of length {@code nx}; {@code param} is the parameter of kaiser, gaussian, tukey (NaN: none). */
    static double[] get(String op, String name, double param, int nx, boolean fftbins) {
        if (name == null) throw new NullPointerException(op + ": window is null");
        if (nx <= 0) throw new NdException(op + ": expected a window length Nx > 0, got " + nx);
        if (nx > MAX_LENGTH) {
            throw new NdException(op + ": a window of " + nx + " values is more than the " + MAX_LENGTH
                    + " that ndgpu makes on the host");
        }
        boolean sym = !fftbins;
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith("_symmetric")) {
            sym = true;
            n = n.substring(0, n.length() - "_symmetric".length());
        } else if (n.endsWith("_periodic")) {
            sym = false;
            n = n.substring(0, n.length() - "_periodic".length());
        }
        Kind kind = kind(op, n, name);
        boolean has = !Double.isNaN(param);
        if (kind.param == Param.NONE && has) {
            throw new NdException(op + ": '" + n + "' does not allow parameters, got " + param);
        }
        if (kind.param == Param.REQUIRED && !has) {
            throw new NdException(op + ": '" + n + "' must have a parameter (" + kind.paramName + "), got none");
        }
        if (has && !Double.isFinite(param)) {
            throw new NdException(op + ": the " + kind.paramName + " of '" + n + "' must be finite, got " + param);
        }
        if (kind == Kind.GAUSSIAN && !(param > 0)) {
            throw new NdException(op + ": the std of 'gaussian' must be > 0, got " + param);
        }
        int m = sym ? nx : nx + 1;
        if (!sym && m < 0) throw new NdException(op + ": window length " + nx + " is too large");
        double[] w = nx == 1 ? new double[] {1.0, 1.0} : symmetric(kind, has ? param : 0.5, m);
        return sym ? (nx == 1 ? new double[] {1.0} : w) : Arrays.copyOf(w, nx);
    }

    private enum Param {
        NONE,
        OPTIONAL,
        REQUIRED
    }

    private enum Kind {
        BOXCAR(Param.NONE, ""),
        TRIANG(Param.NONE, ""),
        BARTLETT(Param.NONE, ""),
        HANN(Param.NONE, ""),
        HAMMING(Param.NONE, ""),
        BLACKMAN(Param.NONE, ""),
        KAISER(Param.REQUIRED, "beta"),
        GAUSSIAN(Param.REQUIRED, "std"),
        TUKEY(Param.OPTIONAL, "alpha");

        final Param param;
        final String paramName;

        Kind(Param param, String paramName) {
            this.param = param;
            this.paramName = paramName;
        }
    }

    private static Kind kind(String op, String n, String given) {
        return switch (n) {
            case "boxcar", "box", "ones", "rect", "rectangular" -> Kind.BOXCAR;
            case "triangle", "triang", "tri" -> Kind.TRIANG;
            case "bartlett", "bart", "brt" -> Kind.BARTLETT;
            case "hann", "han" -> Kind.HANN;
            case "hamming", "hamm", "ham" -> Kind.HAMMING;
            case "blackman", "black", "blk" -> Kind.BLACKMAN;
            case "kaiser", "ksr" -> Kind.KAISER;
            case "gaussian", "gauss", "gss" -> Kind.GAUSSIAN;
            case "tukey", "tuk" -> Kind.TUKEY;
            default ->
                throw new NdException(op + ": invalid window name '" + given + "' (ndgpu has boxcar, triang,"
                        + " bartlett, hann, hamming, blackman, kaiser, gaussian, tukey)");
        };
    }

    // the symmetric window of length m >= 2
    private static double[] symmetric(Kind kind, double p, int m) {
        double[] w = new double[m];
        switch (kind) {
            case BOXCAR -> Arrays.fill(w, 1.0);
            case TRIANG -> {
                int half = (m + 1) / 2;
                for (int i = 0; i < half; i++) {
                    double n = i + 1;
                    double v = m % 2 == 0 ? (2 * n - 1.0) / m : 2 * n / (m + 1.0);
                    w[i] = v;
                    w[m - 1 - i] = v;
                }
            }
            case BARTLETT -> {
                for (int i = 0; i < m; i++) {
                    w[i] = i <= (m - 1) / 2.0 ? 2.0 * i / (m - 1) : 2.0 - 2.0 * i / (m - 1);
                }
            }
            case HANN -> cosine(w, new double[] {0.5, 0.5});
            case HAMMING -> cosine(w, new double[] {0.54, 0.46});
            case BLACKMAN -> cosine(w, new double[] {0.42, 0.50, 0.08});
            case KAISER -> {
                double alpha = (m - 1) / 2.0, den = i0(p);
                for (int i = 0; i < m; i++) {
                    double r = (i - alpha) / alpha;
                    w[i] = i0(p * Math.sqrt(Math.max(0, 1 - r * r))) / den;
                }
            }
            case GAUSSIAN -> {
                for (int i = 0; i < m; i++) {
                    double n = i - (m - 1) / 2.0;
                    w[i] = Math.exp(-n * n / (2 * p * p));
                }
            }
            case TUKEY -> tukey(w, p);
        }
        return w;
    }

    // SciPy's general_cosine: sum_k a[k] cos(k x) over x = linspace(-pi, pi, m)
    private static void cosine(double[] w, double[] a) {
        int m = w.length;
        double step = 2 * Math.PI / (m - 1);
        for (int i = 0; i < m; i++) {
            double x = i == m - 1 ? Math.PI : i * step - Math.PI;
            double s = 0;
            for (int k = 0; k < a.length; k++) s += a[k] * Math.cos(k * x);
            w[i] = s;
        }
    }

    private static void tukey(double[] w, double alpha) {
        int m = w.length;
        if (alpha <= 0) {
            Arrays.fill(w, 1.0);
            return;
        }
        if (alpha >= 1) {
            cosine(w, new double[] {0.5, 0.5});
            return;
        }
        int width = (int) Math.floor(alpha * (m - 1) / 2.0);
        for (int i = 0; i < m; i++) {
            if (i <= width) {
                w[i] = 0.5 * (1 + Math.cos(Math.PI * (-1 + 2.0 * i / alpha / (m - 1))));
            } else if (i < m - width - 1) {
                w[i] = 1.0;
            } else {
                w[i] = 0.5 * (1 + Math.cos(Math.PI * (-2.0 / alpha + 1 + 2.0 * i / alpha / (m - 1))));
            }
        }
    }

    /** The modified Bessel function I0 by its power series (every term positive: no cancellation). */
    static double i0(double x) {
        double q = x * x / 4, term = 1, sum = 1;
        for (int k = 1; k < 10000; k++) {
            term *= q / ((double) k * k);
            sum += term;
            if (term <= sum * 1e-17) break;
        }
        return sum;
    }
}
