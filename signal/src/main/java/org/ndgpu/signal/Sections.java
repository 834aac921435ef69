package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.signal.Design.C;
import org.ndgpu.signal.Design.Zpk;

/**
 * scipy.signal.zpk2sos for digital filters with pairing 'nearest', on the host (a design is a few
 * dozen numbers), step for step as SciPy's so that the sections come out in its order: the roots
 * split into conjugate pairs and reals (_cplxreal), then from the last section to the first the
 * pole nearest the unit circle is taken with its conjugate (or the next real pole) and the zeros
 * nearest it; the gain goes to the first section.
 */
final class Sections {
    private Sections() {}

    private static final double EPS = Math.ulp(1.0);

    /** The (n_sections, 6) rows b0 b1 b2 a0 a1 a2. */
    static double[][] zpk2sos(String op, Zpk f) {
        List<C> z = new ArrayList<>(f.z()), p = new ArrayList<>(f.p());
        double k = f.k();
        if (z.isEmpty() && p.isEmpty()) return new double[][] {{k, 0, 0, 1, 0, 0}};
        while (p.size() < z.size()) p.add(new C(0, 0));
        while (z.size() < p.size()) z.add(new C(0, 0));
        int nSections = (Math.max(p.size(), z.size()) + 1) / 2;
        if (p.size() % 2 == 1) {
            p.add(new C(0, 0));
            z.add(new C(0, 0));
        }
        z = cplxreal(op, z);
        p = cplxreal(op, p);
        double[][] sos = new double[nSections][];
        for (int si = nSections - 1; si >= 0; si--) {
            C p1 = p.remove(worst(p));
            if (real(p1) && countReal(p) == 0) {
                C z1 = z.remove(nearest(z, p1, "real"));
                sos[si] = single(List.of(z1, new C(0, 0)), List.of(p1, new C(0, 0)));
            } else if (p.size() + 1 == z.size() && !real(p1) && countReal(p) == 1 && countReal(z) == 1) {
                C z1 = z.remove(nearest(z, p1, "complex"));
                sos[si] = single(List.of(z1, conj(z1)), List.of(p1, conj(p1)));
            } else {
                C p2;
                if (real(p1)) {
                    List<Integer> realIdx = new ArrayList<>();
                    for (int i = 0; i < p.size(); i++) if (real(p.get(i))) realIdx.add(i);
                    List<C> reals = new ArrayList<>();
                    for (int i : realIdx) reals.add(p.get(i));
                    p2 = p.remove((int) realIdx.get(worst(reals)));
                } else {
                    p2 = conj(p1);
                }
                if (!z.isEmpty()) {
                    C z1 = z.remove(nearest(z, p1, "any"));
                    if (!real(z1)) {
                        sos[si] = single(List.of(z1, conj(z1)), List.of(p1, p2));
                    } else if (!z.isEmpty()) {
                        C z2 = z.remove(nearest(z, p1, "real"));
                        sos[si] = single(List.of(z1, z2), List.of(p1, p2));
                    } else {
                        sos[si] = single(List.of(z1), List.of(p1, p2));
                    }
                } else {
                    sos[si] = single(List.of(), List.of(p1, p2));
                }
            }
        }
        for (int i = 0; i < 3; i++) sos[0][i] *= k;
        return sos;
    }

    /** zpk2sos of device arrays: the roots read to the host. */
    static double[][] rows(String op, NDArray z, NDArray p, double k) {
        if (!Double.isFinite(k)) throw new NdException(op + ": k must be finite, got " + k);
        return zpk2sos(op, new Zpk(roots(op, z, "z"), roots(op, p, "p"), k));
    }

    static NDArray zpk2sos(NDArray z, NDArray p, double k) {
        double[][] sos = rows("signal.zpk2sos", z, p, k);
        double[] flat = new double[6 * sos.length];
        for (int s = 0; s < sos.length; s++) System.arraycopy(sos[s], 0, flat, 6 * s, 6);
        try (NDArray d = Lfilter.doubles(z.device(), flat)) {
            return d.reshape(sos.length, 6);
        }
    }

    static Coefficients zpk2tf(NDArray z, NDArray p, double k) {
        String op = "signal.zpk2tf";
        if (!Double.isFinite(k)) throw new NdException(op + ": k must be finite, got " + k);
        List<C> zs = roots(op, z, "z"), ps = roots(op, p, "p");
        cplxreal(op, zs); // the polynomials are real only for roots in conjugate pairs
        cplxreal(op, ps);
        double[] b = Design.poly(zs), a = Design.poly(ps);
        for (int i = 0; i < b.length; i++) b[i] *= k;
        return new Coefficients(Lfilter.doubles(z.device(), b), Lfilter.doubles(z.device(), a));
    }

    /** scipy.signal.kaiser_beta. */
    static double kaiserBeta(double a) {
        if (Double.isNaN(a)) throw new NdException("signal.kaiser_beta: a is NaN");
        if (a > 50) return 0.1102 * (a - 8.7);
        if (a > 21) return 0.5842 * Math.pow(a - 21, 0.4) + 0.07886 * (a - 21);
        return 0.0;
    }

    private static List<C> roots(String op, NDArray r, String name) {
        java.util.Objects.requireNonNull(r, op + ": " + name + " is null");
        r.live(op);
        if (r.ndim() != 1)
            throw new org.ndgpu.exceptions.ShapeException(op + ": " + name + " must be 1-D, got " + r.ndim() + "-D");
        if (r.dtype() == org.ndgpu.ndarray.DType.BOOL) {
            throw new org.ndgpu.exceptions.DTypeException(op + ": " + name + " of bool is not supported");
        }
        double[] re, im;
        if (r.dtype().isComplex()) {
            try (NDArray a = r.real();
                    NDArray b = r.imag();
                    NDArray a64 = a.astype(org.ndgpu.ndarray.DType.FLOAT64);
                    NDArray b64 = b.astype(org.ndgpu.ndarray.DType.FLOAT64)) {
                re = a64.toDoubleArray();
                im = b64.toDoubleArray();
            }
        } else {
            re = r.astype(org.ndgpu.ndarray.DType.FLOAT64).toDoubleArray();
            im = new double[re.length];
        }
        List<C> out = new ArrayList<>();
        for (int i = 0; i < re.length; i++) {
            if (!Double.isFinite(re[i]) || !Double.isFinite(im[i])) {
                throw new NdException(
                        op + ": " + name + " must be finite, got " + re[i] + (im[i] >= 0 ? "+" : "") + im[i] + "j");
            }
            out.add(new C(re[i], im[i]));
        }
        return out;
    }

    // SciPy's _cplxreal: the complex roots once each (positive imaginary part, averaged with the
    // conjugate), sorted by real part then |imag|, then the real roots sorted
    private static List<C> cplxreal(String op, List<C> roots) {
        List<C> z = new ArrayList<>(roots);
        z.sort(Comparator.comparingDouble(C::re).thenComparingDouble(c -> Math.abs(c.im())));
        double tol = 100 * EPS;
        List<C> zr = new ArrayList<>(), zp = new ArrayList<>(), zn = new ArrayList<>();
        for (C c : z) {
            if (Math.abs(c.im()) <= tol * Math.hypot(c.re(), c.im())) zr.add(new C(c.re(), 0));
            else if (c.im() > 0) zp.add(c);
            else zn.add(c);
        }
        if (zp.size() != zn.size()) throw new NdException(op + ": the filter has a complex root without its conjugate");
        // within runs of one real part, order by |imag|
        sortRuns(zp, tol);
        sortRuns(zn, tol);
        List<C> out = new ArrayList<>();
        for (int i = 0; i < zp.size(); i++) {
            C a = zp.get(i), b = zn.get(i);
            if (Math.hypot(a.re() - b.re(), a.im() + b.im()) > tol * Math.hypot(b.re(), b.im())) {
                throw new NdException(op + ": the filter has a complex root without its conjugate");
            }
            out.add(new C((a.re() + b.re()) / 2, (a.im() - b.im()) / 2));
        }
        out.addAll(zr);
        return out;
    }

    private static void sortRuns(List<C> v, double tol) {
        int i = 0;
        while (i < v.size()) {
            int j = i;
            while (j + 1 < v.size()
                    && v.get(j + 1).re() - v.get(j).re()
                            <= tol * Math.hypot(v.get(j).re(), v.get(j).im())) j++;
            if (j > i) v.subList(i, j + 1).sort(Comparator.comparingDouble(c -> Math.abs(c.im())));
            i = j + 1;
        }
    }

    // the pole nearest the unit circle, the first of equals
    private static int worst(List<C> p) {
        int best = 0;
        for (int i = 1; i < p.size(); i++) {
            if (Math.abs(1 - abs(p.get(i))) < Math.abs(1 - abs(p.get(best)))) best = i;
        }
        return best;
    }

    // SciPy's _nearest_real_complex_idx: the nearest root to `to`, of the kind asked
    private static int nearest(List<C> fro, C to, String which) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < fro.size(); i++) order.add(i);
        order.sort(Comparator.comparingDouble(i -> abs(minus(fro.get(i), to))));
        for (int i : order) {
            boolean r = real(fro.get(i));
            if (which.equals("any") || (which.equals("real") == r)) return i;
        }
        throw new IllegalStateException("zpk2sos: no " + which + " root left");
    }

    // SciPy's _single_zpksos: one section's row from its roots, the polynomials right-aligned
    private static double[] single(List<C> z, List<C> p) {
        double[] row = new double[6];
        double[] b = Design.poly(z), a = Design.poly(p);
        System.arraycopy(b, 0, row, 3 - b.length, b.length);
        System.arraycopy(a, 0, row, 6 - a.length, a.length);
        return row;
    }

    private static int countReal(List<C> v) {
        int n = 0;
        for (C c : v) if (real(c)) n++;
        return n;
    }

    private static boolean real(C c) {
        return c.im() == 0;
    }

    private static C conj(C c) {
        return new C(c.re(), -c.im());
    }

    private static C minus(C a, C b) {
        return new C(a.re() - b.re(), a.im() - b.im());
    }

    private static double abs(C c) {
        return Math.hypot(c.re(), c.im());
    }
}
