package org.ndgpu.fft.impl;

import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Views;

/**
 * numpy.fft's one-axis transforms, built on an {@link Engine}: the axis goes last into contiguous
 * rows ({@link AxisRows}), the engine transforms the rows, and the result comes back as a view with
 * the axis in its place. The real transforms use the engine's own real paths where it has them
 * (cuFFT's R2C and C2R) and otherwise the complex transform: rfft keeps the first n // 2 + 1
 * points; irfft extends its input to the full Hermitian spectrum first.
 */
final class Transforms {
    private Transforms() {}

    /** fft (inverse false) or ifft of a along axis, n points, norm. */
    static NDArray c2c(String op, NDArray a, Long n, int axis, String norm, boolean inverse) {
        Args.array(op, a);
        Args.checkNorm(op, norm);
        int ax = Args.axis(op, a, axis);
        long nn = Args.points(op, n == null ? a.shape(ax) : n);
        double scale = Args.scale(op, norm, (double) nn, inverse);
        DType ct = Args.complexOf(a.dtype());
        Args.fits(op, a, ax, nn, ct);
        Device dev = a.device();
        Engine engine = Engine.of(dev);
        if (a.dtype() == ct && nn == a.shape(ax) && a.size() > 0) {
            // a strided complex view: the engine may read it in place (cuFFT's advanced layout)
            try (NDArray v = AxisRows.axisLast(a, ax)) {
                if (!v.isCContiguous()) {
                    NDArray out = NDArray.empty(dev, ct, v.shape(), Order.C);
                    if (engine.c2cStrided(v, out, nn, inverse, scale)) return AxisRows.back(out, ax);
                    out.close();
                }
            }
        }
        try (NDArray rows = AxisRows.rows(a, ax, nn, ct)) {
            long[] shape = rows.shape();
            NDArray out = NDArray.empty(dev, ct, shape, Order.C);
            engine.c2c(rows, out, AxisRows.batch(shape), nn, inverse, scale);
            return AxisRows.back(out, ax);
        }
    }

    /** rfft (conj false) or ihfft (the conjugate of rfft with the norm's directions swapped, i.e. the inverse transform's first half). */
    static NDArray r2c(String op, NDArray a, Long n, int axis, String norm, boolean ihfft) {
        Args.array(op, a);
        Args.requireReal(op, a);
        Args.checkNorm(op, norm);
        int ax = Args.axis(op, a, axis);
        long nn = Args.points(op, n == null ? a.shape(ax) : n);
        double scale = Args.scale(op, norm, (double) nn, ihfft);
        DType ct = Args.complexOf(a.dtype());
        Args.fits(op, a, ax, nn, ct);
        Device dev = a.device();
        Engine engine = Engine.of(dev);
        long half = nn / 2 + 1;
        if (!ihfft) {
            try (NDArray rows = AxisRows.rows(a, ax, nn, ct.real())) {
                long[] shape = rows.shape();
                shape[shape.length - 1] = half;
                NDArray out = NDArray.empty(dev, ct, shape, Order.C);
                if (engine.r2c(rows, out, AxisRows.batch(shape), nn, scale)) return AxisRows.back(out, ax);
                out.close();
            }
        }
        try (NDArray rows = AxisRows.rows(a, ax, nn, ct);
                NDArray full = NDArray.empty(dev, ct, rows.shape(), Order.C)) {
            engine.c2c(rows, full, AxisRows.batch(rows.shape()), nn, ihfft, scale);
            try (NDArray first = Views.slab(full, full.ndim() - 1, 0, half)) {
                return AxisRows.back(first.copy(), ax);
            }
        }
    }

    /**
     * irfft (hfft false), or hfft: the real result of n points from the first n // 2 + 1 of a
     * Hermitian spectrum. hfft(a) is irfft(conj(a)) with the norm's directions swapped, which is
     * the forward transform of the same Hermitian extension: only the direction changes.
     */
    static NDArray c2r(String op, NDArray a, Long n, int axis, String norm, boolean hfft) {
        Args.array(op, a);
        if (a.dtype() == DType.FLOAT16) {
            // NumPy computes a float16 input in float32 and writes its result into float16
            // (result_type(float16, 1.0)); rfft of float16 stays complex64, as there is no complex32
            try (NDArray f = a.astype(DType.FLOAT32);
                    NDArray r = c2r(op, f, n, axis, norm, hfft)) {
                return r.astype(DType.FLOAT16);
            }
        }
        Args.checkNorm(op, norm);
        int ax = Args.axis(op, a, axis);
        long nn = Args.points(op, n == null ? Args.inverseRealPoints(op, a.shape(ax)) : n);
        double scale = Args.scale(op, norm, (double) nn, !hfft);
        DType ct = Args.complexOf(a.dtype());
        Args.fits(op, a, ax, nn, ct);
        Device dev = a.device();
        Engine engine = Engine.of(dev);
        long half = nn / 2 + 1;
        try (NDArray rows = AxisRows.rows(a, ax, half, ct)) {
            long[] shape = rows.shape();
            long batch = AxisRows.batch(shape);
            shape[shape.length - 1] = nn;
            NDArray out = NDArray.empty(dev, ct.real(), shape, Order.C);
            if (!hfft && batch > 0) {
                // cuFFT's C2R overwrites its input: give it a copy unless rows already is one
                try (NDArray scratch = rows.sharesMemory(a) ? rows.copy() : null) {
                    if (engine.c2r(scratch != null ? scratch : rows, out, batch, nn, scale))
                        return AxisRows.back(out, ax);
                }
            }
            if (batch > 0) {
                try (NDArray full = NDArray.empty(dev, ct, shape, Order.C);
                        NDArray spec = NDArray.empty(dev, ct, shape, Order.C)) {
                    long total = batch * nn;
                    OwnFft.helper(
                            dev,
                            ct,
                            "hermitian",
                            total,
                            LaunchArgs.of(7)
                                    .array(rows)
                                    .array(full)
                                    .i64(half)
                                    .i64(nn)
                                    .i64(total));
                    engine.c2c(full, spec, batch, nn, !hfft, 1.0);
                    OwnFft.helper(
                            dev,
                            ct,
                            "real",
                            total,
                            LaunchArgs.of(6).array(spec).array(out).i64(total).scalar(ct.real(), scale));
                }
            }
            return AxisRows.back(out, ax);
        }
    }
}
