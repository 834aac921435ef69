package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal.lfilter: checks and normalizes the filter, moves the axis last, splits complex data
 * into its real parts, and hands the rows to {@link BlockRecursion}, the parallel recursion over
 * chunks of the signal.
 */
final class Lfilter {
    private Lfilter() {}

    /** The highest order (max(len(a), len(b)) - 1) the recursion's per-work-item state takes. */
    static final int MAX_ORDER = 64;

    /** y (and zf when zi is given) of lfilter(b, a, x, axis, zi). */
    static FilterResult apply(String op, NDArray b, NDArray a, NDArray x, int axis, NDArray zi) {
        double[][] ba = coefficients(op, b, a);
        double[] bn = ba[0], an = ba[1];
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        DType xt = x.dtype();
        if (xt.isComplex() || (zi != null && zi.live(op).dtype().isComplex()))
            return complexApply(op, b, a, x, axis, zi);
        if (xt == DType.BOOL || xt == DType.FLOAT16) {
            throw new DTypeException(op + ": " + xt + " input is not supported; convert it to float32 or float64");
        }
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        int ax = Spectral.axis(op, x, axis);
        DType rt = DType.promote(DType.promote(b.dtype(), a.dtype()), xt);
        if (!rt.isFloating() || rt == DType.FLOAT16) rt = DType.FLOAT64;
        int order = bn.length - 1;
        if (order > MAX_ORDER) {
            throw new NdException(
                    op + ": ndgpu's lfilter takes filters of order up to " + MAX_ORDER + ", got " + order);
        }
        long[] shape = x.shape();
        long n = shape[ax];
        long[] zshape = shape.clone();
        zshape[ax] = order;
        if (zi != null) {
            zi.live(op);
            boolean ok = zi.ndim() == shape.length;
            for (int d = 0; ok && d < shape.length; d++) ok = zi.shape()[d] == zshape[d];
            if (!ok && !(shape.length == 1 && zi.ndim() == 1 && zi.size() == order)) {
                throw new ShapeException(op + ": unexpected shape for zi: expected " + java.util.Arrays.toString(zshape)
                        + ", got " + java.util.Arrays.toString(zi.shape()));
            }
        }
        Device device = x.device();
        // carries in float64 where the device has it; the samples in the result's precision, as SciPy's
        DType c = device.facts().fp64() ? DType.FLOAT64 : DType.FLOAT32;
        boolean last = ax == shape.length - 1;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray xc = last && x.isCContiguous()
                    ? x
                    : track(temps, (last ? x : track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}))).copy(Order.C));
            long[] mshape = xc.shape();
            long[] zs = mshape.clone();
            zs[zs.length - 1] = order;
            NDArray out = track(temps, NDArray.empty(device, rt, mshape, Order.C));
            NDArray zfm = zi == null ? null : track(temps, NDArray.empty(device, rt, zs, Order.C));
            if (order == 0 || n == 0) {
                if (x.size() > 0) {
                    try (NDArray scaled = xc.mul(bn[0]);
                            NDArray cast = scaled.astype(rt)) {
                        out.set(":", cast);
                    }
                }
                if (order > 0 && zi != null) {
                    try (NDArray zm = zi.moveaxis(new int[] {ax}, new int[] {-1});
                            NDArray zc = zm.astype(rt)) {
                        zfm.set(":", zc);
                    }
                }
            } else {
                double[] coef = new double[2 * order + 2];
                System.arraycopy(bn, 0, coef, 0, order + 1);
                System.arraycopy(an, 0, coef, order + 1, order + 1);
                NDArray z0 = null;
                if (zi != null) {
                    NDArray zm =
                            zi.ndim() == shape.length ? track(temps, zi.moveaxis(new int[] {ax}, new int[] {-1})) : zi;
                    z0 = track(temps, track(temps, zm.astype(c)).copy(Order.C));
                }
                NDArray zf = zfm == null ? track(temps, NDArray.empty(device, rt, zs, Order.C)) : zfm;
                BlockRecursion.run(xc, coef, an, order, z0, out, zf, c, temps);
            }
            if (last) {
                // the results leave the temporaries: nothing else closes them
                temps.remove(out);
                temps.remove(zfm);
                return new FilterResult(out, zfm);
            }
            NDArray yBack = track(
                    temps,
                    track(temps, out.moveaxis(new int[] {-1}, new int[] {ax})).copy(Order.C));
            NDArray zBack = zfm == null
                    ? null
                    : track(
                            temps,
                            track(temps, zfm.moveaxis(new int[] {-1}, new int[] {ax}))
                                    .copy(Order.C));
            temps.remove(yBack);
            temps.remove(zBack);
            return new FilterResult(yBack, zBack);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // real coefficients are linear over the parts: filter the real and imaginary parts apart
    private static FilterResult complexApply(String op, NDArray b, NDArray a, NDArray x, int axis, NDArray zi) {
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray xr = part(x, true, temps), xi = part(x, false, temps);
            NDArray zr = zi == null ? null : part(zi, true, temps), zim = zi == null ? null : part(zi, false, temps);
            FilterResult re = apply(op, b, a, xr, axis, zr);
            temps.add(re.y());
            if (re.zf() != null) temps.add(re.zf());
            FilterResult im = apply(op, b, a, xi, axis, zim);
            temps.add(im.y());
            if (im.zf() != null) temps.add(im.zf());
            DType ct = re.y().dtype() == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128;
            NDArray j = track(temps, ShortTimeFourier.imaginaryUnit(x.device(), ct));
            NDArray y = re.y().add(track(temps, im.y().mul(j)));
            NDArray zf =
                    re.zf() == null ? null : re.zf().add(track(temps, im.zf().mul(j)));
            return new FilterResult(y, zf);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // the real or imaginary part of a (zeros of its shape for a real array's imaginary part)
    private static NDArray part(NDArray a, boolean real, List<NDArray> temps) {
        if (a.dtype().isComplex()) return track(temps, real ? a.real() : a.imag());
        if (real) return a;
        NDArray z = track(temps, NDArray.empty(a.device(), a.dtype(), a.shape(), Order.C));
        z.fill(0.0);
        return z;
    }

    /** b and a padded to one length and divided by a[0], as SciPy normalizes them. */
    static double[][] coefficients(String op, NDArray b, NDArray a) {
        Objects.requireNonNull(b, op + ": b is null");
        Objects.requireNonNull(a, op + ": a is null");
        b.live(op);
        a.live(op);
        if (b.ndim() != 1 || a.ndim() != 1) {
            throw new ShapeException(op + ": b and a must be 1-D, got " + b.ndim() + "-D and " + a.ndim() + "-D");
        }
        if (b.size() == 0 || a.size() == 0) throw new ShapeException(op + ": b and a must not be empty");
        if (b.dtype().isComplex() || a.dtype().isComplex()) {
            throw new DTypeException(op + ": complex filter coefficients are not supported yet");
        }
        if (b.size() > MAX_ORDER + 1 || a.size() > MAX_ORDER + 1) {
            throw new NdException(op + ": ndgpu's lfilter takes filters of order up to " + MAX_ORDER + ", got "
                    + (Math.max(a.size(), b.size()) - 1));
        }
        double[] bh = b.astype(DType.FLOAT64).toDoubleArray(),
                ah = a.astype(DType.FLOAT64).toDoubleArray();
        if (ah[0] == 0) throw new NdException(op + ": a[0] must not be zero");
        for (double v : bh) if (!Double.isFinite(v)) throw new NdException(op + ": b must be finite, got " + v);
        for (double v : ah) if (!Double.isFinite(v)) throw new NdException(op + ": a must be finite, got " + v);
        int len = Math.max(bh.length, ah.length);
        double[] bn = new double[len], an = new double[len];
        for (int i = 0; i < bh.length; i++) bn[i] = bh[i] / ah[0];
        for (int i = 0; i < ah.length; i++) an[i] = ah[i] / ah[0];
        return new double[][] {bn, an};
    }

    static NDArray doubles(Device device, double[] v) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(1, v.length) * 8L, 8);
            for (int i = 0; i < v.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v[i]);
            return NDArray.fromHost(device, DType.FLOAT64, new long[] {v.length}, seg.asSlice(0, v.length * 8L));
        }
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
