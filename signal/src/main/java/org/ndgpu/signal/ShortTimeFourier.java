package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal.stft and spectrogram on the device, SciPy's legacy _spectral_helper with
 * mode 'stft' or 'psd' for one input: the samples (moved to the last axis) are extended by the
 * boundary, zero-padded to whole segments, cut into a strided view of overlapping segments (no
 * copy), each detrended and weighted by the window, and transformed by module fft. The scaling,
 * the one-sided doubling and the spectrogram's modes are elementwise on the transforms.
 */
final class ShortTimeFourier {
    private ShortTimeFourier() {}

    /** What one call asks for, SciPy's keyword arguments (null: SciPy's default for the function). */
    record Request(
            String op,
            double fs,
            NDArray window,
            String windowName,
            double param,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean onesided,
            String boundary,
            boolean padded,
            int axis,
            String scaling,
            String mode) {}

    private static ElementwiseKernel phaseStep;

    // numpy.unwrap's correction of one difference dd (period 2 pi, discont pi)
    private static synchronized ElementwiseKernel phaseStep() {
        if (phaseStep == null) {
            phaseStep = new ElementwiseKernel(
                    "T dd",
                    "T c",
                    "T pi = (T) 3.141592653589793; T m = dd + pi; T two = pi + pi;"
                            + " m = m - floor(m / two) * two - pi;"
                            + " if (m == -pi && dd > (T) 0) m = pi;"
                            + " c = fabs(dd) < pi ? (T) 0 : m - dd;",
                    "signal_unwrap_step");
        }
        return phaseStep;
    }

    /** stft (mode "stft") or spectrogram (mode "psd", "complex", "magnitude", "angle", "phase"). */
    static Stft analyse(NDArray x, Request r) {
        String op = r.op();
        check(op, x);
        int ax = Spectral.axis(op, x, r.axis());
        if (!(r.fs() > 0) || Double.isInfinite(r.fs()))
            throw new NdException(op + ": expected a finite fs > 0, got " + r.fs());
        Objects.requireNonNull(r.scaling(), op + ": scaling is null");
        String mode = r.mode();
        boolean stft = !mode.equals("psd");
        String scaling = r.scaling();
        if (op.equals("signal.stft")) {
            if (!scaling.equals("spectrum") && !scaling.equals("psd"))
                throw new NdException(op + ": scaling must be 'spectrum' or 'psd', got '" + scaling + "'");
            scaling = scaling.equals("psd") ? "density" : scaling;
        } else if (!scaling.equals("density") && !scaling.equals("spectrum")) {
            throw new NdException(op + ": scaling must be 'density' or 'spectrum', got '" + scaling + "'");
        }
        String boundary = r.boundary() == null ? null : r.boundary().toLowerCase(Locale.ROOT);
        if (boundary != null && !List.of("even", "odd", "constant", "zeros").contains(boundary)) {
            throw new NdException(
                    op + ": boundary must be 'even', 'odd', 'constant', 'zeros' or null, got '" + r.boundary() + "'");
        }
        String detrend = detrendName(op, r.detrend());
        long n = x.shape()[ax];
        if (x.size() == 0) {
            return new Stft(empty(x), empty(x), empty(x));
        }
        double[] win = window(op, r, n);
        int seg = win.length;
        int fftLen = r.nfft() == null ? seg : r.nfft();
        if (fftLen < seg)
            throw new NdException(op + ": nfft must be greater than or equal to nperseg, got " + fftLen + " < " + seg);
        // SciPy's defaults: half a segment for stft, an eighth for spectrogram
        int overlap = r.noverlap() != null ? r.noverlap() : op.equals("signal.stft") ? seg / 2 : seg / 8;
        if (overlap >= seg)
            throw new NdException(op + ": noverlap must be less than nperseg, got " + overlap + " >= " + seg);
        if (overlap < 0) throw new NdException(op + ": noverlap must be >= 0, got " + overlap);
        boolean complexIn = x.dtype().isComplex();
        boolean onesided = r.onesided() && !complexIn;
        DType real = x.dtype() == DType.FLOAT32 || x.dtype() == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
        DType work = complexIn ? x.dtype() : real;
        Fft fft = FftLibrary.instance();
        Device device = x.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray c = track(temps, track(temps, moved.astype(work)).copy(Order.C));
            int last = c.ndim() - 1;
            long edge = seg / 2;
            if (boundary != null && edge > 0) {
                c = boundary.equals("zeros")
                        ? track(temps, zeroPad(c, edge, edge, temps))
                        : track(temps, Transforms.extend(c, edge, boundary, temps));
            }
            long len = c.shape()[last];
            long step = seg - overlap;
            if (r.padded()) {
                long nadd = Math.floorMod(Math.floorMod(-(len - seg), step), seg);
                if (nadd > 0) c = track(temps, zeroPad(c, 0, nadd, temps));
                len = c.shape()[last];
            }
            long nseg = (len - seg) / step + 1;
            NDArray frames = track(temps, frames(c, nseg, seg, step));
            NDArray detrended = switch (detrend) {
                case "none" -> frames;
                case "constant" -> track(temps, frames.sub(track(temps, frames.mean(new int[] {-1}, true))));
                default -> track(temps, Spectral.linear(frames, seg, work, temps));
            };
            NDArray w = track(temps, track(temps, Spectral.doubles(device, win)).astype(real));
            NDArray weighted = track(temps, detrended.mul(w));
            NDArray spec = track(
                    temps,
                    onesided
                            ? fft.rfft(weighted, (long) fftLen, -1, null)
                            : fft.fft(weighted, (long) fftLen, -1, null));
            double sum = 0, sum2 = 0;
            for (double v : win) {
                sum += v;
                sum2 += v * v;
            }
            double scale = scaling.equals("density") ? 1.0 / (r.fs() * sum2) : 1.0 / (sum * sum);
            NDArray result;
            if (stft) {
                result = track(temps, spec.mul(Math.sqrt(scale)));
            } else {
                NDArray re = track(temps, spec.real()), im = track(temps, spec.imag());
                NDArray power = track(temps, track(temps, re.mul(re)).add(track(temps, im.mul(im))));
                int nfreq = (int) power.shape()[power.ndim() - 1];
                double[] factor = new double[nfreq];
                for (int k = 0; k < nfreq; k++) {
                    boolean doubled = onesided && k > 0 && (fftLen % 2 == 1 || k < nfreq - 1);
                    factor[k] = doubled ? 2 * scale : scale;
                }
                result = track(
                        temps,
                        power.mul(track(temps, Spectral.doubles(device, factor)).astype(real)));
            }
            int dest = r.axis() < 0 ? r.axis() - 1 : r.axis();
            NDArray out = track(temps, result.moveaxis(new int[] {-1}, new int[] {dest}));
            out = switch (mode) {
                case "magnitude" -> track(temps, out.abs());
                case "angle" -> track(temps, angle(out, temps));
                case "phase" -> track(temps, unwrap(track(temps, angle(out, temps)), dest, temps));
                default -> out;
            };
            double[] t = new double[(int) nseg];
            for (int k = 0; k < nseg; k++) {
                t[k] = (seg / 2.0 + k * (double) step) / r.fs();
                if (boundary != null) t[k] -= (seg / 2.0) / r.fs();
            }
            NDArray freqs = onesided ? fft.rfftfreq(fftLen, 1.0 / r.fs()) : fft.fftfreq(fftLen, 1.0 / r.fs());
            return new Stft(freqs, Spectral.doubles(device, t), out.copy(Order.C));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** The window's values (SciPy's _triage_segments): a named window of nperseg (default 256, at most n) or the array. */
    static double[] window(String op, Request r, long n) {
        NDArray window = r.window();
        if (window != null) {
            window.live(op);
            if (window.ndim() != 1) throw new ShapeException(op + ": window must be 1-D, got " + window.ndim() + "-D");
            if (window.dtype().isComplex()) throw new DTypeException(op + ": a complex window is not supported");
            if (window.size() == 0) throw new NdException(op + ": the window is empty");
            if (window.size() > n) {
                throw new NdException(op + ": window is longer than input signal (" + window.size() + " > " + n + ")");
            }
            double[] win = window.astype(DType.FLOAT64).toDoubleArray();
            if (r.nperseg() != null && r.nperseg() != win.length) {
                throw new NdException(op + ": value specified for nperseg (" + r.nperseg()
                        + ") is different from length of window (" + win.length + ")");
            }
            for (double v : win)
                if (!Double.isFinite(v)) throw new NdException(op + ": the window must be finite, got " + v);
            return win;
        }
        if (r.nperseg() != null && r.nperseg() < 1) {
            throw new NdException(op + ": nperseg must be a positive integer, got " + r.nperseg());
        }
        long seg = r.nperseg() == null ? 256 : r.nperseg();
        if (seg > n) seg = n; // SciPy warns and uses the input's length
        return Windows.get(op, r.windowName(), r.param(), (int) seg, true);
    }

    /** The segments of the last axis as a view of shape (outer..., nseg, seg); c is C-contiguous. */
    static NDArray frames(NDArray c, long nseg, long seg, long step) {
        long[] shape = c.shape(), strides = c.strides();
        int nd = shape.length;
        long[] fs = new long[nd + 1], fst = new long[nd + 1];
        System.arraycopy(shape, 0, fs, 0, nd - 1);
        System.arraycopy(strides, 0, fst, 0, nd - 1);
        long item = c.dtype().itemsize();
        fs[nd - 1] = nseg;
        fs[nd] = seg;
        fst[nd - 1] = step * item;
        fst[nd] = item;
        return c.view(fs, fst, c.offset());
    }

    /** c with {@code before} and {@code after} zeros on its last axis. */
    static NDArray zeroPad(NDArray c, long before, long after, List<NDArray> temps) {
        long[] shape = c.shape();
        int last = shape.length - 1;
        long n = shape[last];
        shape[last] = n + before + after;
        NDArray z = track(temps, NDArray.empty(c.device(), c.dtype(), shape, Order.C));
        z.fill(0.0);
        z.set(Transforms.index(last, before, before + n), c);
        return z.copy(Order.C);
    }

    /** numpy.angle: atan2 of the imaginary and real parts, real input giving 0 or pi. */
    static NDArray angle(NDArray z, List<NDArray> temps) {
        NDArray re = track(temps, z.real()), im = track(temps, z.imag());
        return im.arctan2(re);
    }

    /** numpy.unwrap(p, axis): each jump above pi between neighbours folded back by 2 pi. */
    static NDArray unwrap(NDArray p, int axis, List<NDArray> temps) {
        int ax = axis < 0 ? axis + p.ndim() : axis;
        long m = p.shape()[ax];
        if (m < 2) return p.copy(Order.C);
        NDArray hi = track(temps, Transforms.slice(p, ax, 1, m)), lo = track(temps, Transforms.slice(p, ax, 0, m - 1));
        NDArray dd = track(temps, hi.sub(lo));
        NDArray corr = track(temps, NDArray.empty(p.device(), dd.dtype(), dd.shape(), Order.C));
        phaseStep().call(dd, corr);
        NDArray cum = track(temps, corr.cumsum(ax));
        NDArray out = p.copy(Order.C);
        out.set(Transforms.index(ax, 1, m), track(temps, hi.add(cum)));
        return out;
    }

    /** A one-element complex array holding 1j, of the complex dtype {@code ct}, on the device. */
    static NDArray imaginaryUnit(Device device, DType ct) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(16, 8);
            seg.setAtIndex(ValueLayout.JAVA_DOUBLE, 0, 0.0);
            seg.setAtIndex(ValueLayout.JAVA_DOUBLE, 1, 1.0);
            try (NDArray j = NDArray.fromHost(device, DType.COMPLEX128, new long[] {1}, seg)) {
                return j.astype(ct);
            }
        }
    }

    /** spectrogram's mode, checked. */
    static String mode(String mode) {
        if (mode == null) throw new NullPointerException("signal.spectrogram: mode is null");
        if (!List.of("psd", "complex", "magnitude", "angle", "phase").contains(mode)) {
            throw new NdException("signal.spectrogram: unknown value for mode '" + mode
                    + "', must be one of psd, complex, magnitude, angle, phase");
        }
        return mode;
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

    private static NDArray empty(NDArray x) {
        return NDArray.empty(x.device(), DType.FLOAT64, x.shape(), Order.C);
    }

    static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
