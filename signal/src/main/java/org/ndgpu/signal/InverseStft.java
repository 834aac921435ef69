package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal.istft on the device: the inverse transforms of every segment (module fft along the
 * frequency axis), then the windowed overlap-add as one generated elementwise kernel in which each
 * output sample gathers the segments that cover it (no atomics), divided by the host-made sum of
 * the squared windows where it is not tiny, as SciPy's NOLA normalization.
 */
final class InverseStft {
    private InverseStft() {}

    private static ElementwiseKernel overlapAdd;

    // y[r, t] = sum over the segments s covering t of xs[r, s, t - s step] w[t - s step]
    private static synchronized ElementwiseKernel overlapAdd() {
        if (overlapAdd == null) {
            overlapAdd = new ElementwiseKernel(
                    "raw T xs, raw T w, int64 nseg, int64 nper, int64 nstep, int64 outlen",
                    "T y",
                    "long r = (long) i / outlen; long t = (long) i - r * outlen;"
                            + " long lo = t >= nper ? (t - nper) / nstep + 1 : 0; long hi = t / nstep;"
                            + " if (hi > nseg - 1) hi = nseg - 1; T acc = (T) 0;"
                            + " for (long s = lo; s <= hi; s++) { long k = t - s * nstep;"
                            + "   acc += xs[(r * nseg + s) * nper + k] * w[k]; }"
                            + " y = acc;",
                    "signal_istft_overlap_add");
        }
        return overlapAdd;
    }

    /** istft(Zxx, ...): the times and the signal. */
    static TimeSignal istft(
            NDArray zxx,
            double fs,
            NDArray window,
            String windowName,
            Integer npersegArg,
            Integer noverlapArg,
            Integer nfftArg,
            boolean inputOnesided,
            boolean boundary,
            int timeAxis,
            int freqAxis,
            String scaling) {
        String op = "signal.istft";
        Objects.requireNonNull(zxx, op + ": Zxx is null");
        Objects.requireNonNull(scaling, op + ": scaling is null");
        zxx.live(op);
        DType dt = zxx.dtype();
        if (dt == DType.BOOL || dt == DType.FLOAT16) {
            throw new DTypeException(op + ": " + dt + " input is not supported; convert it to complex64 or complex128");
        }
        if (zxx.ndim() < 2)
            throw new ShapeException(op + ": input stft must be at least 2-D, got " + zxx.ndim() + "-D");
        if (!(fs > 0) || Double.isInfinite(fs)) throw new NdException(op + ": expected a finite fs > 0, got " + fs);
        int nd = zxx.ndim();
        int ta = normalize(op, timeAxis, nd), fa = normalize(op, freqAxis, nd);
        if (ta == fa)
            throw new NdException(op + ": must specify differing time and frequency axes, got " + ta + " twice");
        if (!scaling.equals("spectrum") && !scaling.equals("psd"))
            throw new NdException(op + ": scaling must be 'spectrum' or 'psd', got '" + scaling + "'");
        long nseg = zxx.shape()[ta], nfreq = zxx.shape()[fa];
        if (nseg == 0 || nfreq == 0) throw new NdException(op + ": the stft has no segments or no frequencies");
        long nDefault = inputOnesided ? 2 * (nfreq - 1) : nfreq;
        long nperseg = npersegArg == null ? nDefault : npersegArg;
        if (nperseg < 1) throw new NdException(op + ": nperseg must be a positive integer, got " + nperseg);
        long nfft;
        if (nfftArg == null) nfft = inputOnesided && nperseg == nDefault + 1 ? nperseg : nDefault;
        else if (nfftArg < nperseg)
            throw new NdException(
                    op + ": nfft must be greater than or equal to nperseg, got " + nfftArg + " < " + nperseg);
        else nfft = nfftArg;
        if (nfft < nperseg) {
            throw new NdException(op + ": nperseg (" + nperseg + ") is longer than the segments the " + nfreq
                    + " frequencies give (" + nfft + ")");
        }
        long noverlap = noverlapArg == null ? nperseg / 2 : noverlapArg;
        if (noverlap >= nperseg)
            throw new NdException(op + ": noverlap must be less than nperseg, got " + noverlap + " >= " + nperseg);
        if (noverlap < 0) throw new NdException(op + ": noverlap must be >= 0, got " + noverlap);
        long nstep = nperseg - noverlap;
        double[] win;
        if (window != null) {
            window.live(op);
            if (window.ndim() != 1) throw new ShapeException(op + ": window must be 1-D, got " + window.ndim() + "-D");
            if (window.dtype().isComplex()) throw new DTypeException(op + ": a complex window is not supported");
            if (window.size() != nperseg)
                throw new NdException(op + ": window must have length of " + nperseg + ", got " + window.size());
            win = window.astype(DType.FLOAT64).toDoubleArray();
        } else {
            win = Windows.get(op, windowName, Double.NaN, Math.toIntExact(nperseg), true);
        }
        double sum = 0, sum2 = 0;
        for (double v : win) {
            sum += v;
            sum2 += v * v;
        }
        double factor = scaling.equals("spectrum") ? sum : Math.sqrt(fs * sum2);
        DType ct = dt == DType.FLOAT32 || dt == DType.COMPLEX64 ? DType.COMPLEX64 : DType.COMPLEX128;
        DType real = ct == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
        long outLen = nperseg + (nseg - 1) * nstep;
        double[] norm = new double[Math.toIntExact(outLen)];
        for (long s = 0; s < nseg; s++)
            for (int k = 0; k < nperseg; k++) norm[(int) (s * nstep + k)] += win[k] * win[k];
        long cut = boundary ? nperseg / 2 : 0;
        // SciPy cuts x[..., n//2 : -(n//2)], which is empty when n // 2 is 0
        long keepFrom = cut, keepTo = boundary ? (cut == 0 ? 0 : outLen - cut) : outLen;
        if (keepTo < keepFrom) keepTo = keepFrom;
        double[] inv = new double[Math.toIntExact(keepTo - keepFrom)];
        for (int t = 0; t < inv.length; t++) {
            double v = norm[(int) (t + keepFrom)];
            inv[t] = 1.0 / (v > 1e-10 ? v : 1.0);
        }
        Fft fft = FftLibrary.instance();
        Device device = zxx.device();
        List<NDArray> temps = new ArrayList<>();
        try {
            int[] perm = new int[nd];
            int p = 0;
            for (int d = 0; d < nd; d++) if (d != ta && d != fa) perm[p++] = d;
            perm[p++] = ta;
            perm[p] = fa; // (outer..., nseg, nfreq): each segment's spectrum along the last axis
            NDArray z = track(temps, track(temps, zxx.astype(ct)).transpose(perm));
            NDArray xs = track(temps, inputOnesided ? fft.irfft(z, nfft, -1, null) : fft.ifft(z, nfft, -1, null));
            NDArray sub = track(temps, Transforms.slice(xs, nd - 1, 0, nperseg));
            NDArray scaled = track(temps, sub.mul(factor));
            NDArray w = track(temps, track(temps, Spectral.doubles(device, win)).astype(real));
            long[] outer = new long[nd - 1];
            System.arraycopy(scaled.shape(), 0, outer, 0, nd - 2);
            outer[nd - 2] = outLen;
            NDArray y;
            if (inputOnesided) {
                y = track(temps, add(scaled, w, nseg, nperseg, nstep, outLen, outer, temps));
            } else {
                NDArray re =
                        track(temps, add(track(temps, scaled.real()), w, nseg, nperseg, nstep, outLen, outer, temps));
                NDArray im =
                        track(temps, add(track(temps, scaled.imag()), w, nseg, nperseg, nstep, outLen, outer, temps));
                NDArray j = track(temps, ShortTimeFourier.imaginaryUnit(device, ct));
                y = track(temps, re.add(track(temps, im.mul(j))));
            }
            NDArray kept = track(temps, Transforms.slice(y, nd - 2, keepFrom, keepTo));
            NDArray invNorm =
                    track(temps, track(temps, Spectral.doubles(device, inv)).astype(real));
            NDArray x = track(temps, kept.mul(invNorm));
            int timeBack = nd - 2 > 0 && ta != nd - 1 ? (fa < ta ? ta - 1 : ta) : nd - 2;
            NDArray back = x.ndim() > 1 ? track(temps, x.moveaxis(new int[] {-1}, new int[] {timeBack})) : x;
            long first = back.shape()[0];
            double[] t = new double[Math.toIntExact(first)];
            for (int k = 0; k < t.length; k++) t[k] = k / fs;
            return new TimeSignal(Spectral.doubles(device, t), back.copy(Order.C));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // the overlap-add of real segments xs (outer..., nseg, nperseg) weighted by w
    private static NDArray add(
            NDArray xs, NDArray w, long nseg, long nper, long nstep, long outLen, long[] outer, List<NDArray> temps) {
        NDArray c = track(temps, xs.copy(Order.C));
        NDArray y = NDArray.empty(xs.device(), xs.dtype(), outer, Order.C);
        if (y.size() > 0) overlapAdd().call(c, w, nseg, nper, nstep, outLen, y);
        return y;
    }

    private static int normalize(String op, int axis, int nd) {
        if (axis < -nd || axis >= nd) {
            throw new AxisException(op + ": axis " + axis + " is out of bounds for an array of " + nd + " dimensions");
        }
        return axis < 0 ? axis + nd : axis;
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
