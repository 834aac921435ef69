package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BinaryOperator;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal's convolve, correlate, fftconvolve, convolve2d and correlate2d: the shapes of each
 * mode, the choice between the direct kernel ({@link Direct}) and the FFT path (module fft's rfftn
 * and irfftn at 7-smooth lengths), and NumPy's dtypes. Real floating-point inputs compute in their
 * common dtype; integer inputs compute in float64 (exact while the sums stay below 2^53) and are
 * rounded back to their integer result dtype, as SciPy rounds its FFT results.
 */
final class Convolutions {
    private Convolutions() {}

    /** convolve or correlate (n-D, same ndim) in the mode, by the method. */
    static NDArray convolve(String op, NDArray in1, NDArray in2, ConvMode mode, ConvMethod method, boolean correlate) {
        Objects.requireNonNull(method, op + ": method is null");
        DType rt = check(op, in1, in2, mode);
        if (in1.ndim() == 0) return scalarProduct(in1, in2, correlate ? in2.conj() : in2, rt);
        if (in1.size() == 0 || in2.size() == 0) return empty(in1, rt);
        if (rt.isComplex()) {
            return complexParts(in1, in2, correlate, rt, (a, v) -> convolve(op, a, v, mode, method, correlate));
        }
        validShapes(op, in1.shape(), in2.shape(), mode);
        ConvMethod m = method == ConvMethod.AUTO ? choose(in1, in2, mode) : method;
        NDArray out;
        if (m == ConvMethod.FFT) {
            out = viaFft(in1, in2, mode, null, correlate, work(rt));
        } else {
            out = direct(in1, in2, mode, correlate, Boundary.FILL, 0, rt, false);
        }
        return toResult(out, rt);
    }

    /** fftconvolve (and oaconvolve) over {@code axes} (null: every axis); the result is floating point. */
    static NDArray fftconvolve(String op, NDArray in1, NDArray in2, ConvMode mode, int[] axes) {
        DType rt = check(op, in1, in2, mode);
        DType ft = work(rt);
        if (in1.ndim() == 0) return scalarProduct(in1, in2, in2, rt.isComplex() ? rt : ft);
        if (in1.size() == 0 || in2.size() == 0) return empty(in1, DType.FLOAT64);
        if (rt.isComplex()) return complexParts(in1, in2, false, rt, (a, v) -> fftconvolve(op, a, v, mode, axes));
        int[] ax = normalizeAxes(op, axes, in1.ndim());
        long[] s1 = in1.shape(), s2 = in2.shape();
        boolean[] on = new boolean[s1.length];
        for (int a : ax) on[a] = true;
        for (int d = 0; d < s1.length; d++) {
            if (!on[d] && s1[d] != s2[d] && s1[d] != 1 && s2[d] != 1) {
                throw new ShapeException(op + ": incompatible shapes for in1 and in2: " + Arrays.toString(s1) + " and "
                        + Arrays.toString(s2) + " (axes outside axes must be equal or 1)");
            }
        }
        if (mode == ConvMode.VALID) validShapes(op, pick(s1, ax), pick(s2, ax), mode);
        return viaFft(in1, in2, mode, ax, false, ft);
    }

    /** convolve2d or correlate2d: 2-D inputs, the first extended by the boundary (direct sums). */
    static NDArray convolve2d(
            String op,
            NDArray in1,
            NDArray in2,
            ConvMode mode,
            Boundary boundary,
            double fillvalue,
            boolean correlate) {
        Objects.requireNonNull(boundary, op + ": boundary is null");
        DType rt = check(op, in1, in2, mode);
        if (in1.ndim() != 2) throw new ShapeException(op + ": expected 2-D inputs, got " + in1.ndim() + "-D arrays");
        if (in1.size() == 0 || in2.size() == 0) return empty(in1, rt);
        if (rt.isComplex()) {
            if (fillvalue != 0 && boundary == Boundary.FILL && mode != ConvMode.VALID) {
                throw new DTypeException(op + ": complex input takes fillvalue 0 only, got " + fillvalue);
            }
            return complexParts(
                    in1, in2, correlate, rt, (a, v) -> convolve2d(op, a, v, mode, boundary, fillvalue, correlate));
        }
        validShapes(op, in1.shape(), in2.shape(), mode);
        // in mode 'valid' no read leaves the larger input; a smaller first input is read as zeros past
        // its edges, which is the swapped correlation SciPy computes
        Boundary b = mode == ConvMode.VALID ? Boundary.FILL : boundary;
        return toResult(direct(in1, in2, mode, correlate, b, mode == ConvMode.VALID ? 0 : fillvalue, rt, true), rt);
    }

    /** scipy.signal.correlation_lags: arange(-in2_len + 1, in1_len), cut for 'same' and 'valid' as SciPy's. */
    static NDArray correlationLags(long in1Len, long in2Len, ConvMode mode) {
        String op = "signal.correlation_lags";
        Objects.requireNonNull(mode, op + ": mode is null");
        if (in1Len < 0 || in2Len < 0) {
            throw new NdException(op + ": the lengths must be >= 0, got " + in1Len + " and " + in2Len);
        }
        long from, to; // [from, to)
        switch (mode) {
            case FULL -> {
                from = -in2Len + 1;
                to = in1Len;
            }
            case SAME -> {
                long lo = -in2Len + 1, size = Math.max(0, in1Len - lo), mid = size / 2, bound = in1Len / 2;
                long a = Math.max(0, mid - bound), b = Math.min(size, mid + bound + (in1Len % 2 == 0 ? 0 : 1));
                from = lo + a;
                to = lo + Math.max(a, b);
            }
            default -> {
                long bound = in1Len - in2Len;
                from = bound >= 0 ? 0 : bound;
                to = bound >= 0 ? bound + 1 : 1;
            }
        }
        long n = Math.max(0, to - from);
        if (n > Windows.MAX_LENGTH)
            throw new NdException(op + ": " + n + " lags are more than ndgpu makes on the host");
        double[] v = new double[(int) n];
        for (int i = 0; i < n; i++) v[i] = from + i;
        try (NDArray d = Lfilter.doubles(org.ndgpu.device.Device.current(), v)) {
            return d.astype(DType.INT64);
        }
    }

    /** scipy.signal.choose_conv_method: FFT where SciPy's operation-count model says it is faster. */
    static ConvMethod choose(NDArray in1, NDArray in2, ConvMode mode) {
        DType t1 = in1.dtype(), t2 = in2.dtype();
        if (t1.isInteger() || t2.isInteger()) {
            double m1 = maxAbs(in1), m2 = maxAbs(in2);
            double max = m1 * m2 * Math.min(in1.size(), in2.size());
            if (max > 0x1p52 - 1) return ConvMethod.DIRECT;
        }
        if (t1 == DType.BOOL && t2 == DType.BOOL) return ConvMethod.DIRECT;
        return fftFaster(in1.shape(), in2.shape(), mode) ? ConvMethod.FFT : ConvMethod.DIRECT;
    }

    // SciPy's _fftconv_faster and _conv_ops, constants included
    private static boolean fftFaster(long[] x, long[] h, ConvMode mode) {
        int nd = x.length;
        double[] out = new double[nd];
        double full = 1;
        for (int d = 0; d < nd; d++) {
            out[d] = switch (mode) {
                case FULL -> x[d] + h[d] - 1;
                case VALID -> Math.abs(x[d] - h[d]) + 1;
                case SAME -> x[d];
            };
            full *= x[d] + h[d] - 1;
        }
        double direct;
        double px = prod(x), ph = prod(h), po = 1;
        for (double o : out) po *= o;
        if (nd == 1) {
            double s1 = x[0], s2 = h[0];
            direct = switch (mode) {
                case FULL -> s1 * s2;
                case VALID -> s2 >= s1 ? (s2 - s1 + 1) * s1 : (s1 - s2 + 1) * s2;
                case SAME -> s1 < s2 ? s1 * s2 : s1 * s2 - Math.floor(s2 / 2) * Math.floor((s2 + 1) / 2);
            };
        } else {
            direct = mode == ConvMode.SAME ? px * ph : Math.min(px, ph) * po;
        }
        double fftOps = 3 * full * Math.log(full);
        double offset = nd == 1 ? -1e-3 : -1e-4;
        double[] c;
        if (nd == 1) {
            c = switch (mode) {
                case VALID -> new double[] {1.89095737e-9, 2.1364985e-10, offset};
                case FULL -> new double[] {1.7649070e-9, 2.1414831e-10, offset};
                case SAME ->
                    ph <= px
                            ? new double[] {3.2646654e-9, 2.8478277e-10, offset}
                            : new double[] {3.21635404e-9, 1.1773253e-8, -1e-5};
            };
        } else {
            c = switch (mode) {
                case VALID -> new double[] {1.85927e-9, 2.11242e-8, offset};
                case FULL -> new double[] {1.99817e-9, 1.66174e-8, offset};
                case SAME -> new double[] {2.04735e-9, 1.55367e-8, offset};
            };
        }
        return c[0] * fftOps < c[1] * direct + c[2];
    }

    private static double prod(long[] s) {
        double p = 1;
        for (long v : s) p *= v;
        return p;
    }

    private static double maxAbs(NDArray a) {
        try (NDArray f = a.astype(DType.FLOAT64);
                NDArray ab = f.abs();
                NDArray m = ab.max()) {
            return ((Number) m.item()).doubleValue();
        }
    }

    // ---------------------------------------------------------------- the two paths

    private static NDArray direct(
            NDArray in1,
            NDArray in2,
            ConvMode mode,
            boolean correlate,
            Boundary b,
            double fill,
            DType rt,
            boolean twoD) {
        DType w = work(rt);
        long[] s1 = in1.shape(), s2 = in2.shape();
        int nd = s1.length;
        long[] outShape = new long[nd], start = new long[nd];
        window(s1, s2, mode, outShape, start);
        if (twoD && correlate && mode == ConvMode.SAME) {
            // SciPy's correlate2d centres 'same' on n2 / 2 where correlate and convolve2d take (n2 - 1) / 2
            for (int d = 0; d < nd; d++) start[d] = s2[d] / 2;
        }
        int[] all = new int[nd];
        for (int d = 0; d < nd; d++) all[d] = d;
        // the first input as it is where its dtype is the work's: the kernels only read it
        NDArray a = in1.dtype() == w ? in1 : in1.astype(w);
        try (NDArray v0 = in2.astype(w);
                NDArray v = correlate ? null : v0.flip(all)) {
            return Direct.correlate(a, correlate ? v0 : v, outShape, start, b, fill);
        } finally {
            if (a != in1) a.close();
        }
    }

    private static NDArray viaFft(NDArray in1, NDArray in2, ConvMode mode, int[] axes, boolean correlate, DType ft) {
        Fft fft = FftLibrary.instance();
        int nd = in1.ndim();
        int[] ax = axes != null ? axes : allAxes(nd);
        long[] s1 = in1.shape(), s2 = in2.shape();
        NDArray blocks = blocks(in1, in2, mode, ax, correlate, ft);
        if (blocks != null) {
            if (mode != ConvMode.SAME || Arrays.equals(blocks.shape(), s1)) return blocks;
            try (blocks;
                    NDArray cut = blocks.get(cut(blocks.shape(), s1, s2, ax, null))) {
                return cut.copy();
            }
        }
        long[] fshape = new long[ax.length];
        for (int i = 0; i < ax.length; i++) fshape[i] = fft.nextFastLen(s1[ax[i]] + s2[ax[i]] - 1);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray a = track(temps, in1.astype(ft));
            NDArray v = track(temps, in2.astype(ft));
            if (correlate) v = track(temps, v.flip(ax));
            NDArray fa = track(temps, fft.rfftn(a, fshape, ax, null));
            NDArray fv = track(temps, fft.rfftn(v, fshape, ax, null));
            NDArray p = track(temps, fa.mul(fv));
            NDArray full = track(temps, fft.irfftn(p, fshape, ax, null));
            NDArray cut = track(temps, full.get(cut(full.shape(), s1, s2, ax, mode)));
            return cut.astype(ft).copy();
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * The index of the mode's part of a full result of shape {@code full}: on the axes, the mode's
     * window (everything where {@code mode} is null: a result already cut there); elsewhere everything,
     * except in mode 'same' (or null), where SciPy centres every axis on in1's extent.
     */
    private static String cut(long[] full, long[] s1, long[] s2, int[] ax, ConvMode mode) {
        StringBuilder idx = new StringBuilder();
        for (int d = 0; d < full.length; d++) {
            long lo = 0, len = full[d];
            boolean axis = indexOf(ax, d) >= 0;
            if (axis && mode != null) {
                long[] o = new long[1], s = new long[1];
                window(new long[] {s1[d]}, new long[] {s2[d]}, mode, o, s);
                lo = s[0];
                len = o[0];
            } else if (!axis && (mode == ConvMode.SAME || mode == null)) {
                lo = (full[d] - s1[d]) / 2;
                len = s1[d];
            }
            if (d > 0) idx.append(',');
            idx.append(lo).append(':').append(lo + len);
        }
        return idx.toString();
    }

    /** The overlap-save plan ({@link OverlapSave}) when exactly one axis convolves and it fits, else null. */
    private static NDArray blocks(NDArray in1, NDArray in2, ConvMode mode, int[] ax, boolean correlate, DType ft) {
        long[] s1 = in1.shape(), s2 = in2.shape();
        int c = -1;
        for (int a : ax) {
            if (s1[a] == 1 && s2[a] == 1) continue;
            if (c >= 0) return null;
            c = a;
        }
        if (c < 0) return null;
        long[] o = new long[1], st = new long[1];
        window(new long[] {s1[c]}, new long[] {s2[c]}, mode, o, st);
        if (!correlate) return OverlapSave.convolve(in1, in2, c, st[0], o[0], ft);
        try (NDArray flipped = in2.flip(new int[] {c})) {
            return OverlapSave.convolve(in1, flipped, c, st[0], o[0], ft);
        }
    }

    /** The output's shape and its start in the full result's coordinates, per axis, for the mode. */
    private static void window(long[] s1, long[] s2, ConvMode mode, long[] outShape, long[] start) {
        for (int d = 0; d < s1.length; d++) {
            long n1 = s1[d], n2 = s2[d];
            switch (mode) {
                case FULL -> {
                    outShape[d] = n1 + n2 - 1;
                    start[d] = 0;
                }
                case SAME -> {
                    outShape[d] = n1;
                    start[d] = (n2 - 1) / 2;
                }
                case VALID -> {
                    outShape[d] = Math.abs(n1 - n2) + 1;
                    start[d] = Math.min(n1, n2) - 1;
                }
            }
        }
    }

    // ---------------------------------------------------------------- checks and dtypes

    private static DType check(String op, NDArray in1, NDArray in2, ConvMode mode) {
        Objects.requireNonNull(in1, op + ": in1 is null");
        Objects.requireNonNull(in2, op + ": in2 is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        in1.live(op);
        in2.live(op);
        for (NDArray x : new NDArray[] {in1, in2}) {
            DType dt = x.dtype();
            if (dt == DType.BOOL)
                throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
            if (dt == DType.FLOAT16) throw new DTypeException(op + ": float16 input is not supported; use float32");
        }
        if (in1.ndim() != in2.ndim()) {
            throw new ShapeException(
                    op + ": in1 and in2 should have the same dimensionality, got " + in1.ndim() + " and " + in2.ndim());
        }
        if (in1.ndim() > Direct.MAX_DIMS) {
            throw new ShapeException(op + ": at most " + Direct.MAX_DIMS + " dimensions, got " + in1.ndim());
        }
        if (in1.device() != in2.device()) {
            throw new NdException(
                    op + ": in1 and in2 must be on one device, got " + in1.device() + " and " + in2.device());
        }
        return DType.promote(in1.dtype(), in2.dtype());
    }

    // SciPy's _inputs_swap_needed: in mode 'valid' one input must be at least as large on every axis
    private static void validShapes(String op, long[] s1, long[] s2, ConvMode mode) {
        if (mode != ConvMode.VALID) return;
        boolean ok1 = true, ok2 = true;
        for (int d = 0; d < s1.length; d++) {
            ok1 &= s1[d] >= s2[d];
            ok2 &= s2[d] >= s1[d];
        }
        if (!ok1 && !ok2) {
            throw new ShapeException(op + ": for 'valid' mode, one must be at least as large as the other in every"
                    + " dimension, got " + Arrays.toString(s1) + " and " + Arrays.toString(s2));
        }
    }

    private static int[] normalizeAxes(String op, int[] axes, int nd) {
        if (axes == null) return allAxes(nd);
        boolean[] seen = new boolean[nd];
        int[] out = new int[axes.length];
        for (int i = 0; i < axes.length; i++) {
            int a = axes[i];
            if (a < -nd || a >= nd) {
                throw new org.ndgpu.exceptions.AxisException(
                        op + ": axis " + a + " is out of bounds for an array of " + nd + " dimensions");
            }
            a = a < 0 ? a + nd : a;
            if (seen[a]) throw new NdException(op + ": axes must be unique, got " + Arrays.toString(axes));
            seen[a] = true;
            out[i] = a;
        }
        Arrays.sort(out);
        return out;
    }

    private static int[] allAxes(int nd) {
        int[] a = new int[nd];
        for (int d = 0; d < nd; d++) a[d] = d;
        return a;
    }

    private static long[] pick(long[] s, int[] ax) {
        long[] r = new long[ax.length];
        for (int i = 0; i < ax.length; i++) r[i] = s[ax[i]];
        return r;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
        return -1;
    }

    /** The dtype the sums run in: the result's floating type, float64 for integers. */
    static DType work(DType rt) {
        return rt == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
    }

    private static NDArray toResult(NDArray out, DType rt) {
        if (out.dtype() == rt) return out;
        try (NDArray o = out;
                NDArray r = o.rint()) {
            return r.astype(rt);
        }
    }

    private static NDArray scalarProduct(NDArray in1, NDArray in2, NDArray factor, DType rt) {
        try (NDArray p = in1.mul(factor)) {
            return p.astype(rt);
        } finally {
            if (factor != in2) factor.close();
        }
    }

    /**
     * A complex convolution from real ones: (ar + i ai) * (vr + i vi), v conjugated for a
     * correlation (SciPy's correlate conjugates in2), the parts that are zero left out.
     */
    private static NDArray complexParts(
            NDArray in1, NDArray in2, boolean correlate, DType rt, BinaryOperator<NDArray> conv) {
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray ar = part(in1, true, temps), ai = part(in1, false, temps);
            NDArray vr = part(in2, true, temps), vi = part(in2, false, temps);
            if (vi != null && correlate) vi = track(temps, vi.neg());
            NDArray re = track(temps, conv.apply(ar, vr)), im = null;
            if (vi != null) im = track(temps, conv.apply(ar, vi));
            if (ai != null) {
                NDArray ir = track(temps, conv.apply(ai, vr));
                im = im == null ? ir : track(temps, im.add(ir));
                if (vi != null) re = track(temps, re.sub(track(temps, conv.apply(ai, vi))));
            }
            DType ct = re.dtype() == DType.FLOAT32 && rt == DType.COMPLEX64 ? DType.COMPLEX64 : DType.COMPLEX128;
            NDArray j = track(temps, ShortTimeFourier.imaginaryUnit(in1.device(), ct));
            return re.add(track(temps, im.mul(j)));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray part(NDArray a, boolean real, List<NDArray> temps) {
        if (!a.dtype().isComplex()) return real ? a : null;
        return track(temps, real ? a.real() : a.imag());
    }

    private static NDArray empty(NDArray like, DType rt) {
        return NDArray.empty(like.device(), rt, new long[] {0}, org.ndgpu.ndarray.Order.C);
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
