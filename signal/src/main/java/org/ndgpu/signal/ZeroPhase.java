package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal's second-order-section filters with state: sosfilt_zi (on the host: each section's
 * lfilter_zi scaled by the DC gain of the sections before it), sosfilt with zi, and sosfiltfilt
 * (the edges extended as filtfilt's, then a forward and a backward pass from the steady state);
 * each section runs through {@link Lfilter}'s parallel recursion on the device.
 */
final class ZeroPhase {
    private ZeroPhase() {}

    /** The rows of sos on the host, checked as SciPy's _validate_sos. */
    static double[][] sections(String op, NDArray sos) {
        Objects.requireNonNull(sos, op + ": sos is null");
        sos.live(op);
        if (sos.ndim() != 2 || sos.shape()[1] != 6) {
            throw new ShapeException(
                    op + ": sos array must be shape (n_sections, 6), got " + Arrays.toString(sos.shape()));
        }
        if (sos.shape()[0] == 0) throw new ShapeException(op + ": sos has no sections");
        if (sos.dtype().isComplex()) throw new DTypeException(op + ": complex sos is not supported yet");
        double[] v = sos.astype(DType.FLOAT64).toDoubleArray();
        int n = (int) sos.shape()[0];
        double[][] rows = new double[n][6];
        for (int s = 0; s < n; s++) {
            System.arraycopy(v, 6 * s, rows[s], 0, 6);
            for (double c : rows[s])
                if (!Double.isFinite(c)) throw new NdException(op + ": sos must be finite, got " + c);
            if (rows[s][3] != 1) throw new NdException(op + ": sos[:, 3] should be all ones, got " + rows[s][3]);
        }
        return rows;
    }

    /** scipy.signal.lfiltic(b, a, y, x): the state that past outputs y and inputs x (newest first) leave. */
    static NDArray lfiltic(NDArray b, NDArray a, NDArray y, NDArray x) {
        String op = "signal.lfiltic";
        NDArray[] all = {b, a, y, x};
        String[] names = {"b", "a", "y", "x"};
        DType rt = null;
        for (int i = 0; i < 4; i++) {
            if (all[i] == null) {
                if (i == 3) continue;
                throw new NullPointerException(op + ": " + names[i] + " is null");
            }
            all[i].live(op);
            if (all[i].ndim() > 1) {
                throw new ShapeException(op + ": " + names[i] + " must be 1-D, got " + all[i].ndim() + "-D");
            }
            if (all[i].dtype().isComplex())
                throw new DTypeException(op + ": complex " + names[i] + " is not supported yet");
            rt = rt == null ? all[i].dtype() : DType.promote(rt, all[i].dtype());
        }
        if (!rt.isFloating() || rt == DType.FLOAT16) rt = DType.FLOAT64;
        double[] bh = host(b), ah = host(a), yh = host(y), xh = x == null ? new double[0] : host(x);
        int n = ah.length - 1, m = bh.length - 1, k = Math.max(m, n);
        if (n < 0) throw new NdException(op + ": there must be at least one a coefficient");
        double[] zi = new double[k];
        for (int i = 0; i < m; i++) for (int j = i + 1; j <= m; j++) zi[i] += bh[j] * at(xh, j - i - 1);
        for (int i = 0; i < n; i++) for (int j = i + 1; j <= n; j++) zi[i] -= ah[j] * at(yh, j - i - 1);
        if (ah[0] != 1) {
            if (ah[0] == 0) throw new NdException(op + ": the first a coefficient must be non-zero");
            for (int i = 0; i < k; i++) zi[i] /= ah[0];
        }
        try (NDArray d = Spectral.doubles(b.device(), zi)) {
            return d.astype(rt);
        }
    }

    private static double[] host(NDArray v) {
        try (NDArray f = v.astype(DType.FLOAT64)) {
            return f.toDoubleArray();
        }
    }

    // v[i], zero past its end (SciPy pads x and y with zeros)
    private static double at(double[] v, int i) {
        return i < v.length ? v[i] : 0;
    }

    /** scipy.signal.freqz_sos: w and the product of the sections' responses. */
    static FrequencyResponse freqzSos(String op, NDArray sos, int worN, boolean whole, double fs) {
        double[][] rows = sections(op, sos);
        if (worN < 1 || worN > Windows.MAX_LENGTH) {
            throw new NdException(
                    op + ": worN must be a positive integer of at most " + Windows.MAX_LENGTH + ", got " + worN);
        }
        if (!(fs > 0) || Double.isInfinite(fs)) throw new NdException(op + ": expected a finite fs > 0, got " + fs);
        NDArray w = null, h = null;
        try {
            for (int s = 0; s < rows.length; s++) {
                try (NDArray b = sos.get(s + ",0:3");
                        NDArray a = sos.get(s + ",3:6");
                        FrequencyResponse r = Transforms.freqz(b, a, worN, whole, fs)) {
                    if (w == null) w = r.w().copy();
                    NDArray next = h == null ? r.h().copy() : h.mul(r.h());
                    if (h != null) h.close();
                    h = next;
                }
            }
            return new FrequencyResponse(w, h);
        } catch (RuntimeException e) {
            if (w != null) w.close();
            if (h != null) h.close();
            throw e;
        }
    }

    /** scipy.signal.sos2tf: b and a, the products of the sections' numerators and denominators. */
    static Coefficients sos2tf(NDArray sos) {
        String op = "signal.sos2tf";
        Objects.requireNonNull(sos, op + ": sos is null");
        sos.live(op);
        if (sos.ndim() != 2 || sos.shape()[1] != 6) {
            throw new ShapeException(
                    op + ": sos array must be shape (n_sections, 6), got " + Arrays.toString(sos.shape()));
        }
        DType dt = sos.dtype();
        if (dt.isComplex() || dt == DType.BOOL || dt == DType.FLOAT16)
            throw new DTypeException(op + ": sos of " + dt + " is not supported; use float32 or float64");
        DType rt = dt.isFloating() ? dt : DType.FLOAT64;
        double[] v = sos.astype(DType.FLOAT64).toDoubleArray();
        double[] b = {1}, a = {1};
        for (int s = 0; s < sos.shape()[0]; s++) {
            b = polymul(b, Arrays.copyOfRange(v, 6 * s, 6 * s + 3), rt);
            a = polymul(a, Arrays.copyOfRange(v, 6 * s + 3, 6 * s + 6), rt);
        }
        try (NDArray bd = Spectral.doubles(sos.device(), b);
                NDArray ad = Spectral.doubles(sos.device(), a)) {
            return new Coefficients(bd.astype(rt), ad.astype(rt));
        }
    }

    // numpy.polymul (a convolution), rounded to float32 after each product where the dtype is float32
    private static double[] polymul(double[] p, double[] q, DType rt) {
        double[] r = new double[p.length + q.length - 1];
        for (int i = 0; i < p.length; i++) for (int j = 0; j < q.length; j++) r[i + j] += p[i] * q[j];
        if (rt == DType.FLOAT32) for (int i = 0; i < r.length; i++) r[i] = (float) r[i];
        return r;
    }

    /** scipy.signal.sosfilt_zi: (n_sections, 2) steady-state states for a unit step. */
    static double[][] ziTable(String op, double[][] rows) {
        double[][] zi = new double[rows.length][];
        double scale = 1.0;
        for (int s = 0; s < rows.length; s++) {
            double[] b = Arrays.copyOfRange(rows[s], 0, 3), a = Arrays.copyOfRange(rows[s], 3, 6);
            double[] z = Design.lfilterZi(b, a);
            zi[s] = new double[] {scale * z[0], scale * z[1]};
            double bs = b[0] + b[1] + b[2], as = a[0] + a[1] + a[2];
            if (as == 0) throw new NdException(op + ": section " + s + " has a pole at z = 1 (a sums to 0)");
            scale *= bs / as;
        }
        return zi;
    }

    static NDArray sosfiltZi(NDArray sos) {
        String op = "signal.sosfilt_zi";
        double[][] zi = ziTable(op, sections(op, sos));
        double[] flat = new double[2 * zi.length];
        for (int s = 0; s < zi.length; s++) System.arraycopy(zi[s], 0, flat, 2 * s, 2);
        try (NDArray d = Spectral.doubles(sos.device(), flat)) {
            return d.reshape(zi.length, 2);
        }
    }

    /** scipy.signal.sosfilt(sos, x, axis, zi): zi of shape (n_sections, ..., 2, ...), its final state returned. */
    static FilterResult sosfilt(String op, NDArray sos, NDArray x, int axis, NDArray zi) {
        double[][] rows = sections(op, sos);
        Objects.requireNonNull(x, op + ": x is null");
        Objects.requireNonNull(zi, op + ": zi is null");
        x.live(op);
        zi.live(op);
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        int ax = Spectral.axis(op, x, axis);
        long[] want = new long[x.ndim() + 1];
        want[0] = rows.length;
        for (int d = 0; d < x.ndim(); d++) want[d + 1] = d == ax ? 2 : x.shape()[d];
        if (!Arrays.equals(zi.shape(), want)) {
            throw new ShapeException(op + ": invalid zi shape: expected " + Arrays.toString(want) + ", got "
                    + Arrays.toString(zi.shape()));
        }
        List<NDArray> temps = new ArrayList<>();
        NDArray zf = null, y = x;
        try {
            for (int s = 0; s < rows.length; s++) {
                NDArray b = track(temps, sos.get(s + ",0:3")), a = track(temps, sos.get(s + ",3:6"));
                NDArray zs = track(temps, zi.get(String.valueOf(s)));
                FilterResult r = Lfilter.apply(op, b, a, y, ax, zs);
                track(temps, r.zf());
                if (zf == null) zf = NDArray.empty(x.device(), r.zf().dtype(), want, Order.C);
                zf.set(String.valueOf(s), r.zf());
                if (y != x) y.close();
                y = r.y();
            }
            return new FilterResult(y, zf);
        } catch (RuntimeException e) {
            if (zf != null) zf.close();
            if (y != x) y.close();
            throw e;
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** scipy.signal.sosfiltfilt(sos, x, axis, padtype, padlen). */
    static NDArray sosfiltfilt(NDArray sos, NDArray x, int axis, String padtype, Integer padlen) {
        String op = "signal.sosfiltfilt";
        double[][] rows = sections(op, sos);
        Resampling.check(op, x);
        int ax = Spectral.axis(op, x, axis);
        String pt = padtype == null ? "none" : padtype.toLowerCase(Locale.ROOT);
        if (!List.of("odd", "even", "constant", "none").contains(pt)) {
            throw new NdException(op + ": padtype must be 'odd', 'even', 'constant' or 'none', got '" + padtype + "'");
        }
        int zb = 0, za = 0;
        for (double[] r : rows) {
            if (r[2] == 0) zb++;
            if (r[5] == 0) za++;
        }
        long ntaps = 2L * rows.length + 1 - Math.min(zb, za);
        long edge = pt.equals("none") ? 0 : padlen == null ? 3 * ntaps : padlen;
        if (edge < 0) throw new NdException(op + ": padlen must be >= 0, got " + edge);
        long n = x.shape()[ax];
        if (n <= edge) {
            throw new NdException(op + ": the length of the input vector x must be greater than padlen, which is "
                    + edge + " (got " + n + ")");
        }
        double[][] zi = ziTable(op, rows);
        DType rt = DType.promote(sos.dtype(), x.dtype());
        if ((!rt.isFloating() && !rt.isComplex()) || rt == DType.FLOAT16) rt = DType.FLOAT64;
        Device device = x.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray xm = track(temps, moved.astype(DType.promote(x.dtype(), DType.FLOAT64)));
            NDArray ext = edge > 0 ? track(temps, Transforms.extend(xm, edge, pt, temps)) : xm;
            int last = ext.ndim() - 1;
            long m = ext.shape()[last];
            NDArray y = track(temps, pass(op, sos, rows.length, zi, ext, device, temps));
            NDArray rev = track(temps, track(temps, y.flip(last)).copy(Order.C));
            NDArray y2 = track(temps, pass(op, sos, rows.length, zi, rev, device, temps));
            NDArray back = track(temps, y2.flip(last));
            NDArray cut = track(temps, Transforms.slice(back, last, edge, m - edge));
            NDArray out = track(temps, cut.moveaxis(new int[] {-1}, new int[] {ax}));
            return out.astype(rt).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // one pass of every section along the last axis, each from its steady state scaled by the first sample
    private static NDArray pass(
            String op, NDArray sos, int nsec, double[][] zi, NDArray x, Device device, List<NDArray> temps) {
        int last = x.ndim() - 1;
        NDArray x0 = track(temps, Transforms.slice(x, last, 0, 1));
        long[] zs = new long[x.ndim()];
        Arrays.fill(zs, 1);
        zs[last] = 2;
        NDArray y = x;
        for (int s = 0; s < nsec; s++) {
            NDArray b = track(temps, sos.get(s + ",0:3")), a = track(temps, sos.get(s + ",3:6"));
            NDArray z =
                    track(temps, track(temps, Spectral.doubles(device, zi[s])).reshape(zs));
            NDArray zx = track(temps, z.mul(x0));
            FilterResult r = Lfilter.apply(op, b, a, y, -1, zx);
            track(temps, r.zf());
            y = track(temps, r.y());
        }
        return y.copy(Order.C);
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
