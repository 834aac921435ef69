package org.ndgpu.signal;

import java.util.Arrays;
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
 * scipy.signal's periodic waveforms (sawtooth, square) as generated elementwise kernels, with
 * SciPy's rules: t taken modulo 2 pi (NumPy's mod, the divisor's sign), NaN for a width or duty
 * outside [0, 1] (a NaN duty gives square's -1 everywhere, as SciPy's comparisons do); and
 * unit_impulse, made on the device.
 */
final class Waveforms {
    private Waveforms() {}

    private static ElementwiseKernel sawtooth, square;

    // NumPy's mod(t, 2 pi), then the rising part below w 2 pi and the falling part above it
    private static synchronized ElementwiseKernel sawtooth() {
        if (sawtooth == null) {
            sawtooth = new ElementwiseKernel(
                    "T t, W w",
                    "T y",
                    "W pi = (W) 3.141592653589793; W two = pi + pi; W tv = (W) t;"
                            + " W m = fmod(tv, two); if (m != (W) 0 && m < (W) 0) m += two;"
                            + " if (m < w * two) y = (T) (m / (pi * w) - (W) 1);"
                            + " else y = (T) ((pi * (w + (W) 1) - m) / (pi * ((W) 1 - w)));",
                    "signal_sawtooth");
        }
        return sawtooth;
    }

    private static synchronized ElementwiseKernel square() {
        if (square == null) {
            square = new ElementwiseKernel(
                    "T t, W w",
                    "T y",
                    "W pi = (W) 3.141592653589793; W two = pi + pi; W tv = (W) t;"
                            + " W m = fmod(tv, two); if (m != (W) 0 && m < (W) 0) m += two;"
                            + " y = m < w * two ? (T) 1 : (T) -1;",
                    "signal_square");
        }
        return square;
    }

    /** sawtooth (square false) or square of t with width (duty) w. */
    static NDArray wave(String op, NDArray t, double w, boolean isSquare) {
        Objects.requireNonNull(t, op + ": t is null");
        t.live(op);
        DType dt = t.dtype();
        if (dt.isComplex() || dt == DType.BOOL || dt == DType.FLOAT16) {
            throw new DTypeException(op + ": t of " + dt + " is not supported; use float32 or float64");
        }
        DType rt = DType.FLOAT64; // SciPy broadcasts t against the float64 width first
        NDArray y = NDArray.empty(t.device(), rt, t.shape(), Order.C);
        if (y.size() == 0) return y;
        if (w > 1 || w < 0) { // SciPy's NaN for a width or duty outside [0, 1] (a NaN one goes through)
            y.fill(Double.NaN);
            return y;
        }
        Number wv = t.device().facts().fp64() ? (Number) w : (Number) (float) w;
        try (NDArray tc = t.astype(rt)) {
            (isSquare ? square() : sawtooth()).call(tc, wv, y);
        }
        return y;
    }

    /** scipy.signal.unit_impulse(shape, idx): zeros with a 1 at idx (null: the origin; mid: shape // 2). */
    static NDArray unitImpulse(long[] shape, long[] idx, boolean mid) {
        String op = "signal.unit_impulse";
        Objects.requireNonNull(shape, op + ": shape is null");
        for (long s : shape)
            if (s < 0)
                throw new ShapeException(op + ": negative dimensions are not allowed, got " + Arrays.toString(shape));
        long[] at = new long[shape.length];
        if (mid) for (int d = 0; d < shape.length; d++) at[d] = shape[d] / 2;
        else if (idx != null) {
            if (idx.length != shape.length && idx.length != 1) {
                throw new NdException(op + ": idx must have one index or one per dimension (" + shape.length + "), got "
                        + idx.length);
            }
            for (int d = 0; d < shape.length; d++) at[d] = idx.length == 1 ? idx[0] : idx[d];
        }
        StringBuilder s = new StringBuilder();
        for (int d = 0; d < shape.length; d++) {
            long i = at[d] < 0 ? at[d] + shape[d] : at[d];
            if (i < 0 || i >= shape[d]) {
                throw new NdException(
                        op + ": index " + at[d] + " is out of bounds for axis " + d + " with size " + shape[d]);
            }
            s.append(d > 0 ? "," : "").append(i);
        }
        NDArray y = NDArray.empty(Device.current(), DType.FLOAT64, shape, Order.C);
        y.fill(0.0);
        if (shape.length == 0) y.fill(1.0);
        else y.set(s.toString(), 1.0);
        return y;
    }
}
