package org.ndgpu.fft.impl;

import org.ndgpu.device.Device;
import org.ndgpu.fft.Fft;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.spi.RealFft;

/**
 * {@link Fft}, the implementation of {@code Nd.fft()}, found by ServiceLoader: the one-axis
 * transforms in {@link Transforms}, the several-axes ones here (one axis after another, or one
 * library call over the trailing axes where the engine has it), shifts and frequencies in
 * {@link Shifts}.
 */
public final class FftLibrary implements Fft, RealFft {
    private static final FftLibrary INSTANCE = new FftLibrary();

    /** The namespace Nd.fft() returns (the class holds no state; ServiceLoader may make others). */
    public static FftLibrary instance() {
        return INSTANCE;
    }
    /** For ServiceLoader. */
    public FftLibrary() {}

    @Override
    public NDArray fft(NDArray a, Long n, int axis, String norm) {
        return Transforms.c2c("fft", a, n, axis, norm, false);
    }

    @Override
    public NDArray ifft(NDArray a, Long n, int axis, String norm) {
        return Transforms.c2c("ifft", a, n, axis, norm, true);
    }

    @Override
    public NDArray rfft(NDArray a, Long n, int axis, String norm) {
        return Transforms.r2c("rfft", a, n, axis, norm, false);
    }

    @Override
    public NDArray irfft(NDArray a, Long n, int axis, String norm) {
        return Transforms.c2r("irfft", a, n, axis, norm, false);
    }

    @Override
    public NDArray hfft(NDArray a, Long n, int axis, String norm) {
        return Transforms.c2r("hfft", a, n, axis, norm, true);
    }

    @Override
    public NDArray ihfft(NDArray a, Long n, int axis, String norm) {
        return Transforms.r2c("ihfft", a, n, axis, norm, true);
    }

    @Override
    public NDArray fftn(NDArray a, long[] s, int[] axes, String norm) {
        return c2cn("fftn", a, s, axes, norm, false);
    }

    @Override
    public NDArray ifftn(NDArray a, long[] s, int[] axes, String norm) {
        return c2cn("ifftn", a, s, axes, norm, true);
    }

    @Override
    public NDArray rfftn(NDArray a, long[] s, int[] axes, String norm) {
        Args.array("rfftn", a);
        Args.requireReal("rfftn", a);
        Args.checkNorm("rfftn", norm);
        Args.Nd nd = Args.nd("rfftn", a, s, axes, false);
        int k = nd.axes().length;
        if (k == 0) return a.astype(Args.complexOf(a.dtype()));
        NDArray x = Transforms.r2c("rfftn", a, nd.s()[k - 1], nd.axes()[k - 1], norm, false);
        for (int i = 0; i < k - 1; i++) {
            try (NDArray prev = x) {
                x = Transforms.c2c("rfftn", prev, nd.s()[i], nd.axes()[i], norm, false);
            }
        }
        return x;
    }

    @Override
    public NDArray irfftn(NDArray a, long[] s, int[] axes, String norm) {
        Args.array("irfftn", a);
        Args.checkNorm("irfftn", norm);
        Args.Nd nd = Args.nd("irfftn", a, s, axes, true);
        int k = nd.axes().length;
        if (k == 0) return a.astype(Args.complexOf(a.dtype()).real());
        NDArray x = a;
        for (int i = 0; i < k - 1; i++) {
            NDArray prev = x;
            x = Transforms.c2c("irfftn", prev, nd.s()[i], nd.axes()[i], norm, true);
            if (prev != a) prev.close();
        }
        NDArray out = Transforms.c2r("irfftn", x, nd.s()[k - 1], nd.axes()[k - 1], norm, false);
        if (x != a) x.close();
        return out;
    }

    /** fftn / ifftn: the axes from last to first, as NumPy's _raw_fftnd; trailing contiguous axes in one engine call when it can. */
    private static NDArray c2cn(String op, NDArray a, long[] s, int[] axes, String norm, boolean inverse) {
        Args.array(op, a);
        Args.checkNorm(op, norm);
        Args.Nd nd = Args.nd(op, a, s, axes, false);
        int k = nd.axes().length;
        if (k == 0) return a.copy();
        NDArray whole = trailing(op, a, nd, norm, inverse);
        if (whole != null) return whole;
        NDArray x = a;
        for (int i = k - 1; i >= 0; i--) {
            NDArray prev = x;
            x = Transforms.c2c(op, prev, nd.s()[i], nd.axes()[i], norm, inverse);
            if (prev != a) prev.close();
        }
        return x;
    }

    /** The transform as one engine call over the last 1 to 3 axes, or null when the engine has no such call or the layout does not fit it. */
    private static NDArray trailing(String op, NDArray a, Args.Nd nd, String norm, boolean inverse) {
        int k = nd.axes().length, ndim = a.ndim();
        DType ct = Args.complexOf(a.dtype());
        if (k < 2 || k > 3 || a.dtype() != ct || !a.isCContiguous() || a.size() == 0) return null;
        long[] shape = a.shape(), dims = new long[k];
        double points = 1;
        for (int i = 0; i < k; i++) {
            if (nd.axes()[i] != ndim - k + i || nd.s()[i] != shape[ndim - k + i]) return null;
            dims[i] = shape[ndim - k + i];
            points *= dims[i];
        }
        Device dev = a.device();
        long batch = a.size() / (long) points;
        NDArray out = NDArray.empty(dev, ct, shape, Order.C);
        if (Engine.of(dev).c2cTrailing(a, out, batch, dims, inverse, Args.scale(op, norm, points, inverse))) return out;
        out.close();
        return null;
    }

    @Override
    public NDArray fftfreq(long n, double d) {
        return Shifts.fftfreq(n, d);
    }

    @Override
    public NDArray rfftfreq(long n, double d) {
        return Shifts.rfftfreq(n, d);
    }

    @Override
    public NDArray fftshift(NDArray a, int... axes) {
        return Shifts.shift("fftshift", a, axes, false);
    }

    @Override
    public NDArray ifftshift(NDArray a, int... axes) {
        return Shifts.shift("ifftshift", a, axes, true);
    }

    @Override
    public long nextFastLen(long n) {
        return Shifts.nextFastLen("nextFastLen", n);
    }

    /** The engine that serves a device's transforms, for tests and benchmarks: "cuFFT (libcufft.so.12)" or "ndgpu kernels". */
    public static String engineName(Device device) {
        return Engine.of(device) instanceof VendorEngine v ? v.describe() : "ndgpu kernels";
    }

    // numpy.fft's defaults for routines' convolve: Fft and RealFft both declare these
    @Override
    public NDArray rfft(NDArray a, long n) {
        return Fft.super.rfft(a, n);
    }

    @Override
    public NDArray irfft(NDArray a, long n) {
        return Fft.super.irfft(a, n);
    }
}
