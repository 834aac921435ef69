package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.fft.impl.SegmentPower;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * SciPy's _spectral_helper and the estimates on it (periodogram, welch, csd, coherence), on the
 * device: the segments are a strided view of the samples (no copy), each detrended and weighted by
 * the window, transformed by module fft along the last axis, and the products averaged over the
 * segments; the one-sided doubling and the scaling come last, on the nfreq averages.
 */
final class Spectral {
    private Spectral() {}

    /** The parameters of one estimate, SciPy's keyword arguments after their defaults were applied. */
    record Params(
            double fs,
            double[] window,
            int nperseg,
            int noverlap,
            int nfft,
            String detrend,
            boolean onesided,
            String scaling,
            int axis,
            String average) {}

    /** csd(x, y) (y null: welch(x), real): the averaged cross spectral density along the axis. */
    static Spectrum csd(
            String op,
            NDArray x,
            NDArray y,
            double fs,
            NDArray window,
            String windowName,
            double param,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean onesided,
            String scaling,
            int axis,
            String average) {
        check(op, x, "x");
        if (y != null) check(op, y, "y");
        int ax = axis(op, x, axis);
        int ay = y == null ? 0 : axis(op, y, axis);
        if (!(fs > 0) || Double.isInfinite(fs)) throw new NdException(op + ": expected a finite fs > 0, got " + fs);
        String dt = detrendName(op, detrend);
        Objects.requireNonNull(scaling, op + ": scaling is null");
        if (!scaling.equals("density") && !scaling.equals("spectrum")) {
            throw new NdException(op + ": scaling must be 'density' or 'spectrum', got '" + scaling + "'");
        }
        Objects.requireNonNull(average, op + ": average is null");
        if (average.equals("median")) throw new NdException(op + ": average='median' is not supported yet, use 'mean'");
        if (!average.equals("mean"))
            throw new NdException(op + ": average must be 'mean' or 'median', got '" + average + "'");
        long n = x.shape()[ax];
        if (y != null) n = Math.max(n, y.shape()[ay]);
        DType rt = realType(x, y);
        if (x.size() == 0 || (y != null && y.size() == 0)) {
            return new Spectrum(
                    NDArray.empty(x.device(), DType.FLOAT64, x.shape(), Order.C),
                    NDArray.empty(x.device(), DType.FLOAT64, x.shape(), Order.C));
        }
        double[] win;
        int seg;
        if (window != null) {
            window.live(op);
            if (window.ndim() != 1) throw new ShapeException(op + ": window must be 1-D, got " + window.ndim() + "-D");
            if (window.dtype().isComplex()) throw new DTypeException(op + ": a complex window is not supported");
            if (window.size() > n) {
                throw new NdException(op + ": window is longer than input signal (" + window.size() + " > " + n + ")");
            }
            if (window.size() == 0) throw new NdException(op + ": the window is empty");
            win = window.astype(DType.FLOAT64).toDoubleArray();
            if (nperseg != null && nperseg != win.length) {
                throw new NdException(op + ": value specified for nperseg (" + nperseg
                        + ") is different from length of window (" + win.length + ")");
            }
            seg = win.length;
        } else {
            if (nperseg != null && nperseg < 1) {
                throw new NdException(op + ": nperseg must be a positive integer, got " + nperseg);
            }
            seg = nperseg == null ? 256 : nperseg;
            if (seg > n) seg = (int) n; // SciPy warns and uses the input's length
            win = Windows.get(op, windowName, param, seg, true);
        }
        int fftLen = nfft == null ? seg : nfft;
        if (fftLen < seg)
            throw new NdException(op + ": nfft must be greater than or equal to nperseg, got " + nfft + " < " + seg);
        int overlap = noverlap == null ? seg / 2 : noverlap;
        if (overlap >= seg)
            throw new NdException(op + ": noverlap must be less than nperseg, got " + overlap + " >= " + seg);
        if (overlap < 0) throw new NdException(op + ": noverlap must be >= 0, got " + overlap);
        Params p = new Params(fs, win, seg, overlap, fftLen, dt, onesided, scaling, axis, average);
        return estimate(x, ax, y, ay, n, p, rt);
    }

    private static Spectrum estimate(NDArray x, int ax, NDArray y, int ay, long n, Params p, DType rt) {
        Fft fft = FftLibrary.instance();
        Device device = x.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray w = track(temps, doubles(device, p.window()));
            NDArray wr = track(temps, w.astype(rt));
            NDArray mean = averagedPower(x, ax, y, p, n, wr, rt);
            if (mean != null) {
                track(temps, mean);
            } else {
                NDArray fx = track(temps, spectra(x, ax, p, n, wr, rt, fft, temps));
                NDArray prod;
                if (y == null) {
                    NDArray re = track(temps, fx.real()), im = track(temps, fx.imag());
                    NDArray re2 = track(temps, re.mul(re)), im2 = track(temps, im.mul(im));
                    prod = track(temps, re2.add(im2));
                } else {
                    NDArray fy = track(temps, spectra(y, ay, p, n, wr, rt, fft, temps));
                    NDArray cx = track(temps, fx.conj());
                    prod = track(temps, cx.mul(fy));
                }
                mean = track(temps, prod.mean(new int[] {-2}, false));
            }
            double sum = 0, sum2 = 0;
            for (double v : p.window()) {
                sum += v;
                sum2 += v * v;
            }
            double scale = p.scaling().equals("density") ? 1.0 / (p.fs() * sum2) : 1.0 / (sum * sum);
            int nfreq = (int) mean.shape()[mean.ndim() - 1];
            double[] factor = new double[nfreq];
            for (int k = 0; k < nfreq; k++) {
                boolean doubled = p.onesided() && k > 0 && (p.nfft() % 2 == 1 || k < nfreq - 1);
                factor[k] = doubled ? 2 * scale : scale;
            }
            NDArray f = track(temps, doubles(device, factor));
            NDArray fr = track(temps, f.astype(rt));
            NDArray scaled = track(temps, mean.mul(fr));
            NDArray moved = track(temps, scaled.moveaxis(new int[] {-1}, new int[] {p.axis()}));
            NDArray out = moved.copy(Order.C);
            NDArray freqs = p.onesided() ? fft.rfftfreq(p.nfft(), 1.0 / p.fs()) : fft.fftfreq(p.nfft(), 1.0 / p.fs());
            return new Spectrum(freqs, out);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * welch's mean over the segments of |X|^2 in one kernel ({@link SegmentPower}): shape (outer...,
     * nfreq); null where that kernel does not serve the estimate (a cross spectrum, complex samples, a
     * two-sided spectrum, nfft above nperseg, detrend 'linear', a segment too long for local memory).
     */
    private static NDArray averagedPower(NDArray x, int ax, NDArray y, Params p, long n, NDArray win, DType rt) {
        if (y != null
                || !p.onesided()
                || x.dtype().isComplex()
                || p.nfft() != p.nperseg()
                || p.detrend().equals("linear")
                || x.shape()[ax] != n
                || !SegmentPower.fits(x.device(), rt, p.nperseg())) return null;
        try (NDArray moved = x.moveaxis(new int[] {ax}, new int[] {-1});
                NDArray c = moved.dtype() == rt && moved.isCContiguous() ? null : moved.astype(rt);
                NDArray cc = c == null || c.isCContiguous() ? null : c.copy(Order.C);
                NDArray rows = (cc != null ? cc : c != null ? c : moved).reshape(x.size() / n, n);
                NDArray mean = SegmentPower.mean(
                        rows, win, p.nperseg() - p.noverlap(), p.detrend().equals("constant"))) {
            long[] shape = moved.shape();
            shape[shape.length - 1] = p.nperseg() / 2 + 1;
            return mean.reshape(shape);
        }
    }

    /** The transforms of the detrended, windowed segments of {@code a}: shape (outer..., nseg, nfreq). */
    private static NDArray spectra(
            NDArray a, int axis, Params p, long n, NDArray win, DType rt, Fft fft, List<NDArray> temps) {
        NDArray moved = track(temps, a.moveaxis(new int[] {axis}, new int[] {-1}));
        NDArray c = track(temps, moved.astype(rt));
        if (!c.isCContiguous()) c = track(temps, c.copy(Order.C));
        long len = c.shape()[c.ndim() - 1];
        if (len < n) c = track(temps, padded(c, n, temps));
        long step = p.nperseg() - p.noverlap();
        long nseg = (n - p.nperseg()) / step + 1;
        long[] shape = c.shape(), strides = c.strides();
        int nd = shape.length;
        long[] fs = new long[nd + 1], fst = new long[nd + 1];
        System.arraycopy(shape, 0, fs, 0, nd - 1);
        System.arraycopy(strides, 0, fst, 0, nd - 1);
        long item = rt.itemsize();
        fs[nd - 1] = nseg;
        fs[nd] = p.nperseg();
        fst[nd - 1] = step * item;
        fst[nd] = item;
        NDArray frames = track(temps, c.view(fs, fst, c.offset()));
        NDArray detrended = switch (p.detrend()) {
            case "none" -> frames;
            case "constant" -> {
                NDArray m = track(temps, frames.mean(new int[] {-1}, true));
                yield track(temps, frames.sub(m));
            }
            default -> track(temps, linear(frames, p.nperseg(), rt, temps));
        };
        NDArray weighted = track(temps, detrended.mul(win));
        return p.onesided()
                ? fft.rfft(weighted, (long) p.nfft(), -1, null)
                : fft.fft(weighted, (long) p.nfft(), -1, null);
    }

    // SciPy's detrend(type='linear') on each segment: the least-squares line removed
    static NDArray linear(NDArray frames, int m, DType rt, List<NDArray> temps) {
        double[] t = new double[m];
        double tbar = (m - 1) / 2.0, tt = 0;
        for (int i = 0; i < m; i++) {
            t[i] = i - tbar;
            tt += t[i] * t[i];
        }
        NDArray tc = track(temps, track(temps, doubles(frames.device(), t)).astype(rt));
        NDArray mean = track(temps, frames.mean(new int[] {-1}, true));
        NDArray xc = track(temps, frames.sub(mean));
        if (tt == 0) return xc.copy();
        NDArray xt = track(temps, xc.mul(tc));
        NDArray s = track(temps, xt.sum(new int[] {-1}, true));
        NDArray slope = track(temps, s.mul(1.0 / tt));
        NDArray line = track(temps, slope.mul(tc));
        return xc.sub(line);
    }

    private static NDArray padded(NDArray c, long n, List<NDArray> temps) {
        long[] shape = c.shape();
        shape[shape.length - 1] = n;
        NDArray z = track(temps, NDArray.empty(c.device(), c.dtype(), shape, Order.C));
        z.fill(0.0);
        StringBuilder idx = new StringBuilder();
        for (int d = 0; d < shape.length - 1; d++) idx.append(":,");
        idx.append("0:").append(c.shape()[shape.length - 1]);
        z.set(idx.toString(), c);
        return z.copy();
    }

    // ---------------------------------------------------------------- checks

    private static void check(String op, NDArray x, String name) {
        Objects.requireNonNull(x, op + ": " + name + " is null");
        x.live(op);
        DType dt = x.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported yet, got " + dt);
        if (dt == DType.BOOL) throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        if (dt == DType.FLOAT16) throw new DTypeException(op + ": float16 input is not supported; use float32");
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
    }

    static int axis(String op, NDArray x, int axis) {
        int nd = x.ndim();
        if (axis < -nd || axis >= nd) {
            throw new AxisException(op + ": axis " + axis + " is out of bounds for an array of " + nd + " dimensions");
        }
        return axis < 0 ? axis + nd : axis;
    }

    private static String detrendName(String op, String detrend) {
        if (detrend == null) return "none";
        return switch (detrend.toLowerCase(Locale.ROOT)) {
            case "constant" -> "constant";
            case "linear" -> "linear";
            case "none", "false" -> "none";
            default ->
                throw new NdException(op + ": detrend must be 'constant', 'linear' or 'none', got '" + detrend + "'");
        };
    }

    private static DType realType(NDArray x, NDArray y) {
        boolean single = x.dtype() == DType.FLOAT32 && (y == null || y.dtype() == DType.FLOAT32);
        return single ? DType.FLOAT32 : DType.FLOAT64;
    }

    static NDArray doubles(Device device, double[] values) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(1, values.length) * 8L, 8);
            for (int i = 0; i < values.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, values[i]);
            return NDArray.fromHost(
                    device, DType.FLOAT64, new long[] {values.length}, seg.asSlice(0, values.length * 8L));
        }
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
