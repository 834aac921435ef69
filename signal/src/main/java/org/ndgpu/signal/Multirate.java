package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal's multirate functions, a part of {@code Nd.signal()} ({@link Signal} implements it):
 * upfirdn, resample_poly and decimate, on the device (the FIR filters designed on the host as
 * SciPy's). Real float32 and float64 input and complex input.
 *
 * <pre>{@code
 * NDArray y = Nd.signal().resamplePoly(x, 3, 2, -1);
 * NDArray d = Nd.signal().decimate(x, 4);
 * }</pre>
 */
public interface Multirate {
    /** scipy.signal.upfirdn(h, x): the FIR filter h along the last axis, full length: {@code signal.upfirdn(h, x)}. */
    default NDArray upfirdn(NDArray h, NDArray x) {
        return upfirdn(h, x, 1, 1, -1, "constant", 0.0);
    }

    /** scipy.signal.upfirdn(h, x, up, down): {@code signal.upfirdn(h, x, 3, 2)}. */
    default NDArray upfirdn(NDArray h, NDArray x, int up, int down) {
        return upfirdn(h, x, up, down, -1, "constant", 0.0);
    }

    /**
     * scipy.signal.upfirdn(h, x, up, down, axis, mode, cval): upsample by zero insertion, filter by
     * h, keep every down-th sample, of ((n - 1) up + len(h) - 1) // down + 1 samples; mode
     * "constant" only (x extended by cval); the dtype is h's and x's promoted with float32:
     * {@code signal.upfirdn(h, x, 2, 3, 0, "constant", 0.0)}.
     */
    default NDArray upfirdn(NDArray h, NDArray x, int up, int down, int axis, String mode, double cval) {
        return Resampling.upfirdn("signal.upfirdn", h, x, up, down, axis, mode, cval);
    }

    /** scipy.signal.resample_poly(x, up, down): along axis 0, kaiser (5.0) filter: {@code signal.resamplePoly(x, 3, 2)}. */
    default NDArray resamplePoly(NDArray x, int up, int down) {
        return resamplePoly(x, up, down, 0);
    }

    /** scipy.signal.resample_poly(x, up, down, axis): {@code signal.resamplePoly(x, 3, 2, -1)}. */
    default NDArray resamplePoly(NDArray x, int up, int down, int axis) {
        return resamplePoly(x, up, down, axis, "kaiser", 5.0, "constant", null);
    }

    /**
     * scipy.signal.resample_poly(x, up, down, axis, window=(window, param), padtype, cval): the
     * lowpass FIR of 20 max(up, down) + 1 taps with that window (param NaN for a window without
     * one), padtype "constant" (cval, null for 0), "mean", "minimum" or "maximum":
     * {@code signal.resamplePoly(x, 5, 3, 0, "hamming", Double.NaN, "mean", null)}.
     */
    default NDArray resamplePoly(
            NDArray x, int up, int down, int axis, String window, double param, String padtype, Double cval) {
        if (window == null) throw new NullPointerException("signal.resample_poly: window is null");
        return Resampling.resamplePoly(x, up, down, axis, window, param, null, padtype, cval);
    }

    /**
     * scipy.signal.resample_poly(x, up, down, axis, window=h, padtype, cval) with the FIR filter's
     * coefficients: {@code signal.resamplePoly(x, 2, 1, 0, signal.firwin(41, 0.5), "constant", null)}.
     */
    default NDArray resamplePoly(NDArray x, int up, int down, int axis, NDArray window, String padtype, Double cval) {
        if (window == null) throw new NullPointerException("signal.resample_poly: window is null");
        return Resampling.resamplePoly(x, up, down, axis, null, Double.NaN, window, padtype, cval);
    }

    /** scipy.signal.decimate(x, q): order 8 Chebyshev I, zero phase, last axis: {@code signal.decimate(x, 4)}. */
    default NDArray decimate(NDArray x, int q) {
        return decimate(x, q, null, "iir", -1, true);
    }

    /**
     * scipy.signal.decimate(x, q, n, ftype, axis, zero_phase): ftype "iir" (Chebyshev I of order n,
     * default 8, applied forward and back or forward only) or "fir" (a hamming FIR of n + 1 taps,
     * default 20 q + 1, through resample_poly or upfirdn); every q-th sample kept:
     * {@code signal.decimate(x, 3, 30, "fir", 0, true)}.
     */
    default NDArray decimate(NDArray x, int q, Integer n, String ftype, int axis, boolean zeroPhase) {
        return Resampling.decimate(x, q, n, ftype, axis, zeroPhase);
    }
}
