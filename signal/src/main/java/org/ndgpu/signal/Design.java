package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * IIR filter design on the host, as scipy.signal's iirfilter does it (the design is a few dozen
 * numbers): the analog prototype's zeros, poles and gain (buttap, cheb1ap, cheb2ap), the frequency
 * transform (lp2lp, lp2hp, lp2bp, lp2bs) at the prewarped edges, the bilinear transform, and the
 * polynomials of zpk2tf or the sections of zpk2sos ({@link Sections}). Digital filters.
 */
final class Design {
    private Design() {}

    /** A complex number of the design's arithmetic. */
    record C(double re, double im) {
        C plus(C o) {
            return new C(re + o.re, im + o.im);
        }

        C minus(C o) {
            return new C(re - o.re, im - o.im);
        }

        C times(C o) {
            return new C(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        C times(double s) {
            return new C(re * s, im * s);
        }

        C div(C o) {
            double d = o.re * o.re + o.im * o.im;
            return new C((re * o.re + im * o.im) / d, (im * o.re - re * o.im) / d);
        }

        C sqrt() {
            double r = Math.hypot(re, im);
            double a = Math.sqrt((r + Math.abs(re)) / 2);
            if (a == 0) return new C(0, 0);
            double b = im / (2 * a);
            return re >= 0 ? new C(a, b) : new C(Math.abs(b), Math.copySign(a, im));
        }

        C neg() {
            return new C(-re, -im);
        }
    }

    /** A filter's zeros, poles and gain. */
    record Zpk(List<C> z, List<C> p, double k) {}

    /**
     * [b, a] of the digital filter: kind "butter", "cheby1" (rp the passband ripple in dB) or
     * "cheby2" (rp then the stopband attenuation rs in dB).
     */
    static double[][] iirfilter(String op, int n, double[] wn, double rp, String btype, Double fs, String kind) {
        Zpk d = digital(op, n, wn, rp, btype, fs, kind);
        double[] b = poly(d.z());
        for (int i = 0; i < b.length; i++) b[i] *= d.k();
        double[] a = poly(d.p());
        return new double[][] {b, a};
    }

    /** The same design as second-order sections, SciPy's output='sos' (its zpk2sos, pairing 'nearest'). */
    static double[][] iirfilterSos(String op, int n, double[] wn, double rp, String btype, Double fs, String kind) {
        return Sections.zpk2sos(op, digital(op, n, wn, rp, btype, fs, kind));
    }

    // the digital filter's zeros, poles and gain
    private static Zpk digital(String op, int n, double[] wn, double rp, String btype, Double fs, String kind) {
        if (n < 0) throw new NdException(op + ": expected an order N >= 0, got " + n);
        if (n > 60) throw new NdException(op + ": expected an order N of at most 60, got " + n);
        if (wn == null) throw new NullPointerException(op + ": Wn is null");
        if (btype == null) throw new NullPointerException(op + ": btype is null");
        String bt = switch (btype.toLowerCase(Locale.ROOT)) {
            case "low", "lowpass", "lp" -> "lowpass";
            case "high", "highpass", "hp" -> "highpass";
            case "band", "bandpass", "bp", "pass" -> "bandpass";
            case "bandstop", "stop", "bs", "bands" -> "bandstop";
            default ->
                throw new NdException(
                        op + ": btype must be one of lowpass, highpass, bandpass, bandstop, got '" + btype + "'");
        };
        boolean band = bt.equals("bandpass") || bt.equals("bandstop");
        if (wn.length != (band ? 2 : 1)) {
            throw new NdException(op + ": Wn must have " + (band ? "2 elements for a " : "1 element for a ") + bt
                    + " filter, got " + wn.length);
        }
        double[] w = wn.clone();
        if (fs != null) {
            if (!(fs > 0) || Double.isInfinite(fs)) throw new NdException(op + ": expected a finite fs > 0, got " + fs);
            for (int i = 0; i < w.length; i++) w[i] = w[i] / (fs / 2);
        }
        for (double v : w) {
            if (!(v > 0 && v < 1)) {
                throw new NdException(op + ": digital filter critical frequencies must be 0 < Wn < 1"
                        + (fs == null ? "" : " (fs/2 = " + fs / 2 + ")") + ", got " + v);
            }
        }
        if (band && !(w[0] < w[1]))
            throw new NdException(op + ": Wn[0] must be less than Wn[1], got " + w[0] + ", " + w[1]);
        Zpk proto = switch (kind) {
            case "butter" -> buttap(n);
            case "cheby2" -> cheb2ap(op, n, rp);
            default -> cheb1ap(op, n, rp);
        };
        double fs2 = 4.0; // SciPy designs at fs = 2: 2 * fs
        double[] warped = new double[w.length];
        for (int i = 0; i < w.length; i++) warped[i] = fs2 * Math.tan(Math.PI * w[i] / 2.0);
        Zpk t = switch (bt) {
            case "lowpass" -> lp2lp(proto, warped[0]);
            case "highpass" -> lp2hp(proto, warped[0]);
            case "bandpass" -> lp2bp(proto, Math.sqrt(warped[0] * warped[1]), warped[1] - warped[0], false);
            default -> lp2bp(proto, Math.sqrt(warped[0] * warped[1]), warped[1] - warped[0], true);
        };
        return bilinear(t, fs2);
    }

    private static Zpk buttap(int n) {
        List<C> p = new ArrayList<>();
        for (int m = -n + 1; m < n; m += 2) {
            double th = Math.PI * m / (2.0 * n);
            p.add(new C(-Math.cos(th), -Math.sin(th))); // -exp(1j * pi * m / (2 N))
        }
        return new Zpk(List.of(), p, 1.0);
    }

    private static Zpk cheb1ap(String op, int n, double rp) {
        if (!(rp > 0) || Double.isInfinite(rp))
            throw new NdException(op + ": expected a finite ripple rp > 0, got " + rp);
        if (n == 0) return new Zpk(List.of(), List.of(), Math.pow(10, -rp / 20));
        double eps = Math.sqrt(Math.pow(10, 0.1 * rp) - 1.0);
        double mu = 1.0 / n * asinh(1 / eps);
        List<C> p = new ArrayList<>();
        for (int m = -n + 1; m < n; m += 2) {
            double th = Math.PI * m / (2.0 * n);
            // -sinh(mu + 1j th) = -(sinh(mu) cos(th) + 1j cosh(mu) sin(th))
            p.add(new C(-Math.sinh(mu) * Math.cos(th), -Math.cosh(mu) * Math.sin(th)));
        }
        C prod = new C(1, 0);
        for (C q : p) prod = prod.times(q.neg());
        double k = prod.re();
        if (n % 2 == 0) k = k / Math.sqrt(1 + eps * eps);
        return new Zpk(List.of(), p, k);
    }

    // SciPy's cheb2ap: zeros on the imaginary axis, poles the reciprocals of cheb1ap's at rs
    private static Zpk cheb2ap(String op, int n, double rs) {
        if (!(rs > 0) || Double.isInfinite(rs))
            throw new NdException(op + ": expected a finite attenuation rs > 0, got " + rs);
        if (n == 0) return new Zpk(List.of(), List.of(), 1.0);
        double de = 1.0 / Math.sqrt(Math.pow(10, 0.1 * rs) - 1);
        double mu = asinh(1.0 / de) / n;
        List<C> z = new ArrayList<>(), p = new ArrayList<>();
        for (int m = -n + 1; m < n; m += 2) {
            if (n % 2 == 1 && m == 0) continue; // an odd order has no zero at infinity's pair
            z.add(new C(0, 1.0 / Math.sin(m * Math.PI / (2.0 * n))));
        }
        for (int m = -n + 1; m < n; m += 2) {
            double th = Math.PI * m / (2.0 * n);
            p.add(new C(-1, 0).div(new C(Math.sinh(mu) * Math.cos(th), Math.cosh(mu) * Math.sin(th))));
        }
        C np = new C(1, 0), nz = new C(1, 0);
        for (C q : p) np = np.times(q.neg());
        for (C q : z) nz = nz.times(q.neg());
        return new Zpk(z, p, np.div(nz).re());
    }

    private static double asinh(double x) {
        return Math.log(x + Math.sqrt(x * x + 1));
    }

    private static Zpk lp2lp(Zpk f, double wo) {
        int degree = f.p().size() - f.z().size();
        return new Zpk(scale(f.z(), wo), scale(f.p(), wo), f.k() * Math.pow(wo, degree));
    }

    private static Zpk lp2hp(Zpk f, double wo) {
        int degree = f.p().size() - f.z().size();
        C w = new C(wo, 0);
        List<C> z = new ArrayList<>(), p = new ArrayList<>();
        for (C q : f.z()) z.add(w.div(q));
        for (C q : f.p()) p.add(w.div(q));
        for (int i = 0; i < degree; i++) z.add(new C(0, 0));
        return new Zpk(z, p, f.k() * ratio(f.z(), f.p()).re());
    }

    // lp2bp_zpk, or (stop) lp2bs_zpk
    private static Zpk lp2bp(Zpk f, double wo, double bw, boolean stop) {
        int degree = f.p().size() - f.z().size();
        C half = new C(bw / 2, 0), wo2 = new C(wo * wo, 0);
        List<C> z = new ArrayList<>(), p = new ArrayList<>();
        bandRoots(f.z(), z, half, wo2, bw, stop);
        bandRoots(f.p(), p, half, wo2, bw, stop);
        if (stop) {
            for (int i = 0; i < degree; i++) z.add(new C(0, wo));
            for (int i = 0; i < degree; i++) z.add(new C(0, -wo));
            return new Zpk(z, p, f.k() * ratio(f.z(), f.p()).re());
        }
        for (int i = 0; i < degree; i++) z.add(new C(0, 0));
        return new Zpk(z, p, f.k() * Math.pow(bw, degree));
    }

    // each root of the lowpass becomes the two roots of s^2 + wo^2 = s * lp (or, for stop, of its reciprocal)
    private static void bandRoots(List<C> in, List<C> out, C half, C wo2, double bw, boolean stop) {
        List<C> lp = new ArrayList<>();
        for (C q : in) lp.add(stop ? half.div(q) : q.times(bw / 2));
        for (C q : lp) out.add(q.plus(q.times(q).minus(wo2).sqrt()));
        for (C q : lp) out.add(q.minus(q.times(q).minus(wo2).sqrt()));
    }

    /**
     * scipy.signal.lfilter_zi: the state of a filter whose input and output have been the constant
     * 1 forever, the solution of (I - A^T) zi = b[1:] - a[1:] b[0] (b and a normalized and padded).
     */
    static double[] lfilterZi(double[] b, double[] a) {
        int m = b.length - 1;
        double[][] lhs = new double[m][m + 1];
        for (int i = 0; i < m; i++) {
            lhs[i][i] += 1;
            lhs[i][0] += a[i + 1]; // minus companion(a).T's first column, -a[1:]
            if (i + 1 < m) lhs[i][i + 1] -= 1;
            lhs[i][m] = b[i + 1] - a[i + 1] * b[0];
        }
        for (int c = 0; c < m; c++) {
            int piv = c;
            for (int r = c + 1; r < m; r++) if (Math.abs(lhs[r][c]) > Math.abs(lhs[piv][c])) piv = r;
            double[] tmp = lhs[c];
            lhs[c] = lhs[piv];
            lhs[piv] = tmp;
            if (lhs[c][c] == 0)
                throw new NdException("signal.lfilter_zi: the filter has a pole at z = 1 (I - A is singular)");
            for (int r = 0; r < m; r++) {
                if (r == c) continue;
                double f = lhs[r][c] / lhs[c][c];
                for (int k = c; k <= m; k++) lhs[r][k] -= f * lhs[c][k];
            }
        }
        double[] zi = new double[m];
        for (int i = 0; i < m; i++) zi[i] = lhs[i][m] / lhs[i][i];
        return zi;
    }

    /** scipy.signal.firwin: the windowed ideal filter of the bands, scaled to unit gain at the first band's centre. */
    static double[] firwin(
            String op, int numtaps, double[] cutoffIn, String window, boolean passZero, boolean scale, Double fs) {
        return firwin(op, numtaps, cutoffIn, window, Double.NaN, passZero, scale, fs);
    }

    /** firwin with a window's parameter (kaiser's beta, say; NaN: none), as SciPy's window=(name, param). */
    static double[] firwin(
            String op,
            int numtaps,
            double[] cutoffIn,
            String window,
            double param,
            boolean passZero,
            boolean scale,
            Double fs) {
        if (cutoffIn == null) throw new NullPointerException(op + ": cutoff is null");
        if (window == null) throw new NullPointerException(op + ": window is null");
        if (numtaps < 1) throw new NdException(op + ": numtaps must be positive, got " + numtaps);
        if (cutoffIn.length == 0) throw new NdException(op + ": at least one cutoff frequency must be given");
        double nyq = 0.5 * (fs == null ? 2.0 : fs);
        if (fs != null && (!(fs > 0) || Double.isInfinite(fs)))
            throw new NdException(op + ": expected a finite fs > 0, got " + fs);
        double[] cutoff = new double[cutoffIn.length];
        for (int i = 0; i < cutoff.length; i++) {
            cutoff[i] = cutoffIn[i] / nyq;
            if (!(cutoff[i] > 0 && cutoff[i] < 1)) {
                throw new NdException(
                        op + ": invalid cutoff frequency: frequencies must be greater than 0 and less than"
                                + " fs/2, got " + cutoffIn[i]);
            }
            if (i > 0 && !(cutoff[i] > cutoff[i - 1])) {
                throw new NdException(op + ": invalid cutoff frequencies: the frequencies must be strictly increasing");
            }
        }
        boolean passNyquist = (cutoff.length % 2 == 0) == passZero;
        if (passNyquist && numtaps % 2 == 0) {
            throw new NdException(op + ": a filter with an even number of coefficients (" + numtaps
                    + ") must have zero response at the Nyquist frequency");
        }
        double[] edges = new double[cutoff.length + (passZero ? 1 : 0) + (passNyquist ? 1 : 0)];
        int e = 0;
        if (passZero) edges[e++] = 0;
        for (double c : cutoff) edges[e++] = c;
        if (passNyquist) edges[e] = 1;
        double alpha = 0.5 * (numtaps - 1);
        double[] win = Windows.get(op, window, param, numtaps, false);
        double[] h = new double[numtaps];
        for (int i = 0; i < numtaps; i++) {
            double m = i - alpha, v = 0;
            for (int j = 0; j < edges.length; j += 2)
                v += edges[j + 1] * sinc(edges[j + 1] * m) - edges[j] * sinc(edges[j] * m);
            h[i] = v * win[i];
        }
        if (scale) {
            double left = edges[0], right = edges[1];
            double f = left == 0 ? 0.0 : right == 1 ? 1.0 : 0.5 * (left + right);
            double sum = 0;
            for (int i = 0; i < numtaps; i++) sum += h[i] * Math.cos(Math.PI * (i - alpha) * f);
            for (int i = 0; i < numtaps; i++) h[i] /= sum;
        }
        return h;
    }

    private static double sinc(double x) {
        if (x == 0) return 1;
        double y = Math.PI * x;
        return Math.sin(y) / y;
    }

    // prod(-z) / prod(-p)
    private static C ratio(List<C> z, List<C> p) {
        C nz = new C(1, 0), np = new C(1, 0);
        for (C q : z) nz = nz.times(q.neg());
        for (C q : p) np = np.times(q.neg());
        return nz.div(np);
    }

    private static Zpk bilinear(Zpk f, double fs2) {
        int degree = f.p().size() - f.z().size();
        C two = new C(fs2, 0);
        List<C> z = new ArrayList<>(), p = new ArrayList<>();
        C nz = new C(1, 0), np = new C(1, 0);
        for (C q : f.z()) {
            z.add(two.plus(q).div(two.minus(q)));
            nz = nz.times(two.minus(q));
        }
        for (C q : f.p()) {
            p.add(two.plus(q).div(two.minus(q)));
            np = np.times(two.minus(q));
        }
        for (int i = 0; i < degree; i++) z.add(new C(-1, 0));
        return new Zpk(z, p, f.k() * nz.div(np).re());
    }

    private static List<C> scale(List<C> v, double s) {
        List<C> r = new ArrayList<>();
        for (C q : v) r.add(q.times(s));
        return r;
    }

    /** numpy.poly: the real coefficients of prod (x - r), highest power first. */
    static double[] poly(List<C> roots) {
        C[] c = new C[roots.size() + 1];
        c[0] = new C(1, 0);
        for (int i = 1; i < c.length; i++) c[i] = new C(0, 0);
        int deg = 0;
        for (C r : roots) {
            deg++;
            for (int i = deg; i >= 1; i--) c[i] = c[i].minus(r.times(c[i - 1]));
        }
        double[] out = new double[c.length];
        for (int i = 0; i < c.length; i++) out[i] = c[i].re();
        return out;
    }
}
