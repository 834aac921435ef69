package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal's polyphase resampling on the device: upfirdn as one generated elementwise kernel
 * in which each output sample sums only the taps that meet input samples (about len(h) / up
 * products, the upsampled zeros never read), x extended past its edges by cval as SciPy's mode
 * 'constant'; resample_poly's filter design and padding on the host, as SciPy's; decimate by
 * resample_poly (FIR) or SciPy's Chebyshev type I sections through sosfiltfilt or in turn (IIR). Complex
 * inputs go through the kernel part by part (the filter is linear).
 */
final class Resampling {
    private Resampling() {}

    private static ElementwiseKernel upfirdn;

    private static synchronized ElementwiseKernel kernel() {
        if (upfirdn == null) {
            upfirdn = new ElementwiseKernel(
                    "raw T x, raw T h, int64 nx, int64 nh, int64 up, int64 down, int64 nout, W cval",
                    "T y",
                    "long r = (long) i / nout; long o = (long) i - r * nout; long n = o * down;"
                            + " long hi = n / up; long d = n - nh + 1; long lo = d >= 0 ? (d + up - 1) / up : -((-d) / up);"
                            + " W acc = (W) 0;"
                            + " for (long j = lo; j <= hi; j++) { long k = n - j * up;"
                            + "   W v = (j < 0 || j >= nx) ? cval : (W) x[r * nx + j]; acc += (W) h[k] * v; }"
                            + " y = (T) acc;",
                    "signal_upfirdn");
        }
        return upfirdn;
    }

    /** SciPy's _output_len: the samples of upfirdn's result. */
    static long outputLength(long lenH, long inLen, long up, long down) {
        return Math.floorDiv((inLen - 1) * up + lenH - 1, down) + 1;
    }

    /** scipy.signal.upfirdn(h, x, up, down, axis, mode, cval). */
    static NDArray upfirdn(String op, NDArray h, NDArray x, int up, int down, int axis, String mode, double cval) {
        Objects.requireNonNull(h, op + ": h is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        check(op, x);
        h.live(op);
        if (h.ndim() != 1 || h.size() == 0)
            throw new ShapeException(
                    op + ": h must be 1-D with non-zero length, got shape " + java.util.Arrays.toString(h.shape()));
        if (h.dtype() == DType.BOOL || h.dtype() == DType.FLOAT16)
            throw new DTypeException(op + ": h of " + h.dtype() + " is not supported; use float32 or float64");
        if (up < 1 || down < 1)
            throw new NdException(op + ": both up and down must be >= 1, got " + up + " and " + down);
        if (!mode.toLowerCase(Locale.ROOT).equals("constant")) {
            throw new NdException(
                    op + ": mode '" + mode + "' is not supported yet; ndgpu extends by 'constant' (cval)");
        }
        int ax = Spectral.axis(op, x, axis);
        DType ot = DType.promote(DType.promote(h.dtype(), x.dtype()), DType.FLOAT32);
        long nx = x.shape()[ax], nh = h.size();
        long nout = outputLength(nh, nx, up, down);
        if (nout < 0) {
            throw new NdException(op + ": an input of no samples with " + nh + " taps, up " + up + " and down " + down
                    + " gives a negative output length");
        }
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray y;
            if (!ot.isComplex()) {
                y = track(temps, apply(moved, h, up, down, nout, cval, ot, temps));
            } else {
                DType rt = ot == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
                NDArray xr = part(moved, true, temps), xi = part(moved, false, temps);
                NDArray hr = part(h, true, temps), hi = part(h, false, temps);
                // (hr + i hi)(xr + i xi), the parts that are zero left out; cval extends xr only
                NDArray re = track(temps, apply(xr, hr, up, down, nout, cval, rt, temps)), im = null;
                if (xi != null) im = track(temps, apply(xi, hr, up, down, nout, 0, rt, temps));
                if (hi != null) {
                    NDArray ir = track(temps, apply(xr, hi, up, down, nout, cval, rt, temps));
                    im = im == null ? ir : track(temps, im.add(ir));
                    if (xi != null)
                        re = track(temps, re.sub(track(temps, apply(xi, hi, up, down, nout, 0, rt, temps))));
                }
                NDArray j = track(temps, ShortTimeFourier.imaginaryUnit(x.device(), ot));
                y = track(temps, re.add(track(temps, im.mul(j))));
            }
            return track(temps, y.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // the real part or the imaginary part of a (null for a real input's)
    private static NDArray part(NDArray a, boolean real, List<NDArray> temps) {
        if (!a.dtype().isComplex()) return real ? a : null;
        return track(temps, real ? a.real() : a.imag());
    }

    // the kernel on real x (samples on the last axis) and real h, in dtype t
    private static NDArray apply(
            NDArray x, NDArray h, long up, long down, long nout, double cval, DType t, List<NDArray> temps) {
        NDArray xc = track(temps, track(temps, x.astype(t)).copy(Order.C));
        NDArray hc = track(temps, track(temps, h.astype(t)).copy(Order.C));
        long[] shape = xc.shape();
        long nx = shape[shape.length - 1];
        shape[shape.length - 1] = nout;
        NDArray y = NDArray.empty(x.device(), t, shape, Order.C);
        if (y.size() == 0) return y;
        Number c = x.device().facts().fp64() ? (Number) cval : (Number) (float) cval;
        kernel().call(xc, hc, nx, hc.size(), up, down, nout, c, y);
        return y;
    }

    /** scipy.signal.resample_poly(x, up, down, axis, window, padtype, cval): window a name (with param) or h. */
    static NDArray resamplePoly(
            NDArray x,
            int upIn,
            int downIn,
            int axis,
            String windowName,
            double param,
            NDArray window,
            String padtype,
            Double cval) {
        String op = "signal.resample_poly";
        check(op, x);
        Objects.requireNonNull(padtype, op + ": padtype is null");
        if (upIn < 1 || downIn < 1)
            throw new NdException(op + ": up and down must be >= 1, got " + upIn + " and " + downIn);
        String pt = padtype.toLowerCase(Locale.ROOT);
        if (cval != null && !pt.equals("constant"))
            throw new NdException(op + ": cval has no effect when padtype is '" + padtype + "'");
        if (pt.equals("median")) throw new NdException(op + ": padtype 'median' is not supported yet");
        if (!List.of("constant", "mean", "minimum", "maximum").contains(pt)) {
            throw new NdException(
                    op + ": padtype must be one of constant, mean, minimum, maximum (ndgpu's), got '" + padtype + "'");
        }
        int ax = Spectral.axis(op, x, axis);
        long g = gcd(upIn, downIn);
        int up = (int) (upIn / g), down = (int) (downIn / g);
        if (up == 1 && down == 1) return x.copy(Order.C);
        long nIn = x.shape()[ax];
        if (nIn == 0) {
            DType ot = DType.promote(x.dtype(), DType.FLOAT32);
            return NDArray.empty(x.device(), ot, x.shape(), Order.C);
        }
        long nOut = nIn * up;
        nOut = nOut / down + (nOut % down != 0 ? 1 : 0);
        Device device = x.device();
        double[] h;
        long halfLen;
        DType hType;
        if (window != null) {
            window.live(op);
            if (window.ndim() != 1) throw new ShapeException(op + ": window must be 1-D, got " + window.ndim() + "-D");
            if (window.dtype().isComplex() || window.dtype() == DType.BOOL)
                throw new DTypeException(op + ": a window of " + window.dtype() + " is not supported");
            if (window.size() == 0) throw new NdException(op + ": the window is empty");
            h = window.astype(DType.FLOAT64).toDoubleArray();
            halfLen = (h.length - 1) / 2;
            hType = window.dtype().isFloating() ? window.dtype() : DType.FLOAT64;
        } else {
            int maxRate = Math.max(up, down);
            halfLen = 10L * maxRate;
            if (2 * halfLen + 1 > Windows.MAX_LENGTH)
                throw new NdException(op + ": up or down is too large: " + maxRate);
            h = Design.firwin(
                    op, (int) (2 * halfLen + 1), new double[] {1.0 / maxRate}, windowName, param, true, true, null);
            DType xt = x.dtype();
            hType = xt.isFloating() || xt.isComplex()
                    ? (xt == DType.FLOAT32 || xt == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64)
                    : DType.FLOAT64;
        }
        if (hType == DType.FLOAT32) for (int i = 0; i < h.length; i++) h[i] = (float) h[i];
        long nPrePad = down - halfLen % down;
        long nPostPad = 0;
        long nPreRemove = (halfLen + nPrePad) / down;
        while (outputLength(h.length + nPrePad + nPostPad, nIn, up, down) < nOut + nPreRemove) nPostPad++;
        double[] hp = new double[Math.toIntExact(h.length + nPrePad + nPostPad)];
        for (int i = 0; i < h.length; i++)
            hp[(int) (i + nPrePad)] = hType == DType.FLOAT32 ? (float) (h[i] * up) : h[i] * up;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray hd = track(temps, track(temps, Spectral.doubles(device, hp)).astype(hType));
            NDArray xs = x, background = null;
            if (!pt.equals("constant")) {
                int[] axes = {ax};
                background = track(
                        temps,
                        switch (pt) {
                            case "mean" -> x.mean(axes, true);
                            case "minimum" -> x.min(axes, true);
                            default -> x.max(axes, true);
                        });
                xs = track(temps, x.sub(background));
            }
            double c = cval == null ? 0 : cval;
            NDArray y = track(temps, upfirdn(op, hd, xs, up, down, ax, "constant", c));
            NDArray keep = track(temps, Transforms.slice(y, ax, nPreRemove, nPreRemove + nOut));
            if (background != null) keep = track(temps, keep.add(background));
            return keep.copy(Order.C);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** scipy.signal.decimate(x, q, n, ftype, axis, zero_phase). */
    static NDArray decimate(NDArray x, int q, Integer nArg, String ftype, int axis, boolean zeroPhase) {
        String op = "signal.decimate";
        check(op, x);
        Objects.requireNonNull(ftype, op + ": ftype is null");
        if (q < 1) throw new NdException(op + ": q must be a positive integer, got " + q);
        int ax = Spectral.axis(op, x, axis);
        DType xt = x.dtype();
        DType rt = xt.isFloating() || xt.isComplex() ? xt : DType.FLOAT64;
        Device device = x.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            switch (ftype.toLowerCase(Locale.ROOT)) {
                case "fir" -> {
                    int n = nArg == null ? 20 * q : nArg;
                    if (n < 0) throw new NdException(op + ": the filter order n must be >= 0, got " + n);
                    double[] b = Design.firwin(op, n + 1, new double[] {1.0 / q}, "hamming", true, true, null);
                    DType bt = rt == DType.FLOAT32 || rt == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
                    NDArray bd = track(
                            temps, track(temps, Spectral.doubles(device, b)).astype(bt));
                    if (zeroPhase) return resamplePoly(x, 1, q, ax, null, Double.NaN, bd, "constant", null);
                    long nIn = x.shape()[ax];
                    long nOut = nIn / q + (nIn % q != 0 ? 1 : 0);
                    NDArray y = track(temps, upfirdn(op, bd, x, 1, q, ax, "constant", 0));
                    return track(temps, Transforms.slice(y, ax, 0, nOut)).copy(Order.C);
                }
                case "iir" -> {
                    int n = nArg == null ? 8 : nArg;
                    // SciPy's design as second-order sections, rounded to the input's precision as its
                    double[][] rows =
                            Design.iirfilterSos(op, n, new double[] {0.8 / q}, 0.05, "lowpass", null, "cheby1");
                    DType st = rt == DType.FLOAT32 || rt == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
                    double[] flat = new double[6 * rows.length];
                    for (int s = 0; s < rows.length; s++) System.arraycopy(rows[s], 0, flat, 6 * s, 6);
                    NDArray sos = track(
                            temps,
                            track(
                                            temps,
                                            track(temps, Spectral.doubles(device, flat))
                                                    .reshape(rows.length, 6))
                                    .astype(st));
                    int zb = 0, za = 0;
                    for (double[] r : rows) {
                        zb += r[2] == 0 ? 1 : 0;
                        za += r[5] == 0 ? 1 : 0;
                    }
                    long edge = 3L * (2L * rows.length + 1 - Math.min(zb, za)), len = x.shape()[ax];
                    if (zeroPhase && len <= edge) {
                        throw new NdException(op + ": the length of the input vector x must be greater than padlen,"
                                + " which is " + edge + " (got " + len + ")");
                    }
                    NDArray y;
                    if (zeroPhase) {
                        y = track(temps, ZeroPhase.sosfiltfilt(sos, x, ax, "odd", null));
                    } else {
                        y = x;
                        for (int s = 0; s < rows.length; s++) {
                            NDArray b = track(temps, sos.get(s + ",0:3")), a = track(temps, sos.get(s + ",3:6"));
                            y = track(
                                    temps, Lfilter.apply(op, b, a, y, ax, null).y());
                        }
                    }
                    NDArray strided = track(temps, y.get(stepIndex(ax, y.ndim(), q)));
                    DType out = DType.promote(st, rt);
                    return track(temps, strided.astype(out)).copy(Order.C);
                }
                default -> throw new NdException(op + ": invalid ftype '" + ftype + "', expected 'iir' or 'fir'");
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static String stepIndex(int axis, int nd, int q) {
        StringBuilder s = new StringBuilder();
        for (int d = 0; d < nd; d++) s.append(d > 0 ? "," : "").append(d == axis ? "::" + q : ":");
        return s.toString();
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    static void check(String op, NDArray x) {
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        DType dt = x.dtype();
        if (dt == DType.BOOL) throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        if (dt == DType.FLOAT16) throw new DTypeException(op + ": float16 input is not supported; use float32");
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
