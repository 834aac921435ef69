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
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal's hilbert, detrend, freqz and filtfilt on the device, from module fft's transforms,
 * NDArray arithmetic along the last axis (the axis moved there as a view) and {@link Lfilter}.
 */
final class Transforms {
    private Transforms() {}

    /** scipy.signal.hilbert: ifft(fft(x, N) * h), h = 1, 2, ..., 2, (1), 0, ..., 0. */
    static NDArray hilbert(NDArray x, Integer nArg, int axis) {
        String op = "signal.hilbert";
        realInput(op, x);
        int ax = Spectral.axis(op, x, axis);
        long n = nArg == null ? x.shape()[ax] : nArg;
        if (n <= 0) throw new NdException(op + ": N must be positive, got " + n);
        if (n > Windows.MAX_LENGTH) throw new NdException(op + ": N of at most " + Windows.MAX_LENGTH + ", got " + n);
        Fft fft = FftLibrary.instance();
        double[] h = new double[Math.toIntExact(n)];
        h[0] = 1;
        if (n % 2 == 0) {
            h[(int) (n / 2)] = 1;
            for (int i = 1; i < n / 2; i++) h[i] = 2;
        } else {
            for (int i = 1; i < (n + 1) / 2; i++) h[i] = 2;
        }
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray xf = track(temps, fft.fft(x, n, ax, null));
            DType real = xf.dtype() == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
            NDArray hv =
                    track(temps, track(temps, Lfilter.doubles(x.device(), h)).astype(real));
            long[] hs = new long[x.ndim()];
            Arrays.fill(hs, 1);
            hs[ax] = n;
            NDArray hr = track(temps, hv.reshape(hs));
            NDArray p = track(temps, xf.mul(hr));
            return fft.ifft(p, n, ax, null);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * scipy.signal.resample(x, num, axis) of a real signal: rfft, the first min(num, n) // 2 + 1 bins
     * (an unpaired middle bin doubled when shrinking, halved when growing, as SciPy 1.17), irfft at num.
     */
    static NDArray resample(NDArray x, int num, int axis) {
        String op = "signal.resample";
        realInput(op, x);
        int ax = Spectral.axis(op, x, axis);
        if (num < 1 || num > Windows.MAX_LENGTH * 16L) {
            throw new NdException(
                    op + ": num must be a positive integer of at most " + Windows.MAX_LENGTH * 16L + ", got " + num);
        }
        long nx = x.shape()[ax];
        if (nx == 0) throw new NdException(op + ": the input has no samples along axis " + ax);
        Fft fft = FftLibrary.instance();
        long m = Math.min(num, nx), m2 = m / 2 + 1;
        double sFac = (double) nx / num;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray xf = track(temps, fft.rfft(moved, (Long) null, -1, null));
            int last = xf.ndim() - 1;
            NDArray cut = track(temps, slice(xf, last, 0, m2));
            double[] f = new double[(int) m2];
            Arrays.fill(f, 1.0 / sFac);
            if (m % 2 == 0 && num != nx) f[(int) (m / 2)] *= num < nx ? 2 : 0.5;
            DType real = xf.dtype() == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
            NDArray fv =
                    track(temps, track(temps, Lfilter.doubles(x.device(), f)).astype(real));
            NDArray scaled = track(temps, cut.mul(fv));
            NDArray y = track(temps, fft.irfft(scaled, (long) num, -1, null));
            return track(temps, y.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** scipy.signal.detrend(data, axis, type): the mean ("constant") or least-squares line ("linear") removed. */
    static NDArray detrend(NDArray data, int axis, String type) {
        String op = "signal.detrend";
        realInput(op, data);
        Objects.requireNonNull(type, op + ": type is null");
        String t = type.toLowerCase(Locale.ROOT);
        if (!t.equals("linear") && !t.equals("l") && !t.equals("constant") && !t.equals("c")) {
            throw new NdException(op + ": trend type must be 'linear' or 'constant', got '" + type + "'");
        }
        int ax = Spectral.axis(op, data, axis);
        DType rt = data.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, data.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray x = track(temps, moved.astype(rt));
            if (x.size() == 0)
                return track(temps, x.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
            NDArray out = t.startsWith("c")
                    ? track(temps, x.sub(track(temps, x.mean(new int[] {-1}, true))))
                    : track(temps, Spectral.linear(x, Math.toIntExact(x.shape()[x.ndim() - 1]), rt, temps));
            return track(temps, out.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** scipy.signal.freqz(b, a, worN, whole, fs): B(e^jw) / A(e^jw) from FFTs of a length that samples w exactly. */
    static FrequencyResponse freqz(NDArray b, NDArray a, int worN, boolean whole, double fs) {
        String op = "signal.freqz";
        Objects.requireNonNull(b, op + ": b is null");
        Objects.requireNonNull(a, op + ": a is null");
        b.live(op);
        a.live(op);
        if (b.ndim() != 1 || a.ndim() != 1) throw new ShapeException(op + ": b and a must be 1-D");
        if (b.size() == 0 || a.size() == 0) throw new ShapeException(op + ": b and a must not be empty");
        if (b.dtype().isComplex() || a.dtype().isComplex())
            throw new DTypeException(op + ": complex b or a is not supported yet");
        if (worN < 1 || worN > Windows.MAX_LENGTH) {
            throw new NdException(
                    op + ": worN must be a positive integer of at most " + Windows.MAX_LENGTH + ", got " + worN);
        }
        if (!(fs > 0) || Double.isInfinite(fs)) throw new NdException(op + ": expected a finite fs > 0, got " + fs);
        long nfft = whole ? worN : 2L * worN;
        long len = Math.max(b.size(), a.size());
        long m = nfft * ((len + nfft - 1) / nfft), stride = m / nfft;
        Fft fft = FftLibrary.instance();
        Device device = b.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray bf = track(temps, b.astype(DType.FLOAT64)), af = track(temps, a.astype(DType.FLOAT64));
            NDArray fb = track(temps, fft.fft(bf, m, -1, null)), fa = track(temps, fft.fft(af, m, -1, null));
            String idx = "0:" + (worN * stride) + ":" + stride;
            NDArray hb = track(temps, fb.get(idx)), ha = track(temps, fa.get(idx));
            NDArray h = hb.div(ha);
            double[] w = new double[worN];
            double last = whole ? 2 * Math.PI : Math.PI;
            for (int i = 0; i < worN; i++) w[i] = (last * i / worN) * fs / (2 * Math.PI);
            return new FrequencyResponse(Lfilter.doubles(device, w), h);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** scipy.signal.filtfilt(b, a, x, axis, padtype, padlen) with method 'pad'. */
    static NDArray filtfilt(NDArray b, NDArray a, NDArray x, int axis, String padtype, Integer padlen) {
        String op = "signal.filtfilt";
        double[][] ba = Lfilter.coefficients(op, b, a);
        ShortTimeFourier.check(op, x); // complex x: Lfilter filters its parts
        int ax = Spectral.axis(op, x, axis);
        String pt = padtype == null ? "none" : padtype.toLowerCase(Locale.ROOT);
        if (!List.of("odd", "even", "constant", "none").contains(pt)) {
            throw new NdException(op + ": padtype must be 'odd', 'even', 'constant' or 'none', got '" + padtype + "'");
        }
        int ntaps = ba[0].length;
        long edge = pt.equals("none") ? 0 : padlen == null ? 3L * ntaps : padlen;
        if (edge < 0) throw new NdException(op + ": padlen must be >= 0, got " + edge);
        long n = x.shape()[ax];
        if (n <= edge) {
            throw new NdException(op + ": the length of the input vector x must be greater than padlen, which is "
                    + edge + " (got " + n + ")");
        }
        if (ntaps < 2) throw new NdException(op + ": expected a filter of order >= 1, got order 0");
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray xm = track(temps, moved.astype(DType.promote(x.dtype(), DType.FLOAT64)));
            NDArray ext = edge > 0 ? track(temps, extend(xm, edge, pt, temps)) : xm;
            long[] zs = new long[ext.ndim()];
            Arrays.fill(zs, 1);
            zs[zs.length - 1] = ntaps - 1;
            NDArray zi = track(
                    temps,
                    track(temps, Lfilter.doubles(x.device(), Design.lfilterZi(ba[0], ba[1])))
                            .reshape(zs));
            int last = ext.ndim() - 1;
            NDArray x0 = track(temps, slice(ext, last, 0, 1));
            NDArray z1 = track(temps, zi.mul(x0));
            FilterResult f1 = Lfilter.apply(op, b, a, ext, -1, z1);
            track(temps, f1.y());
            track(temps, f1.zf());
            NDArray y1 = f1.y();
            long m = y1.shape()[last];
            NDArray y0 = track(temps, slice(y1, last, m - 1, m));
            NDArray rev = track(temps, track(temps, y1.flip(last)).copy(Order.C));
            NDArray z2 = track(temps, zi.mul(y0));
            FilterResult f2 = Lfilter.apply(op, b, a, rev, -1, z2);
            track(temps, f2.y());
            track(temps, f2.zf());
            NDArray back = track(temps, f2.y().flip(last));
            NDArray cut = track(temps, slice(back, last, edge, m - edge));
            return track(temps, cut.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // SciPy's odd_ext, even_ext and const_ext along the last axis
    static NDArray extend(NDArray x, long edge, String pt, List<NDArray> temps) {
        int last = x.ndim() - 1;
        long n = x.shape()[last];
        long[] shape = x.shape();
        shape[last] = n + 2 * edge;
        NDArray ext = NDArray.empty(x.device(), x.dtype(), shape, Order.C);
        NDArray leftEnd = track(temps, slice(x, last, 0, 1)), rightEnd = track(temps, slice(x, last, n - 1, n));
        NDArray left, right;
        if (pt.equals("constant")) {
            NDArray zl = track(temps, track(temps, slice(x, last, 0, edge)).mul(0.0));
            left = track(temps, zl.add(leftEnd));
            NDArray zr = track(temps, track(temps, slice(x, last, 0, edge)).mul(0.0));
            right = track(temps, zr.add(rightEnd));
        } else {
            // x[edge:0:-1] and x[-2:-(edge+2):-1]
            NDArray l = track(temps, track(temps, slice(x, last, 1, edge + 1)).flip(last));
            NDArray r = track(
                    temps, track(temps, slice(x, last, n - edge - 1, n - 1)).flip(last));
            if (pt.equals("even")) {
                left = l;
                right = r;
            } else {
                left = track(temps, track(temps, leftEnd.mul(2.0)).sub(l));
                right = track(temps, track(temps, rightEnd.mul(2.0)).sub(r));
            }
        }
        ext.set(index(last, 0, edge), left);
        ext.set(index(last, edge, edge + n), x);
        ext.set(index(last, edge + n, n + 2 * edge), right);
        return ext;
    }

    static NDArray slice(NDArray a, int axis, long from, long to) {
        return a.get(index(axis, from, to));
    }

    static String index(int axis, long from, long to) {
        StringBuilder s = new StringBuilder();
        for (int d = 0; d < axis; d++) s.append(":,");
        return s.append(from).append(':').append(to).toString();
    }

    private static void realInput(String op, NDArray x) {
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        DType dt = x.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported yet, got " + dt);
        if (dt == DType.BOOL || dt == DType.FLOAT16) {
            throw new DTypeException(op + ": " + dt + " input is not supported; convert it to float32 or float64");
        }
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
