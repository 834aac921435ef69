package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
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
 * scipy.signal.lfilter on the device, in SciPy's transposed direct form II, parallel over blocks:
 * the state after a block is linear in the state before it ({@code s' = A^L s + z}, A the
 * recursion's companion matrix), so (1) every block of L samples is filtered from a zero state at
 * once, each by one work-item, keeping its final state z; (2) one work-item per signal walks the
 * blocks, carrying the true state across them (B small N x N products); (3) every sample adds the
 * response of its block's true initial state, row t of the host table {@code G[t] = e0 A^t}. Sums
 * run in float64 where the device has it.
 */
final class Lfilter {
    private Lfilter() {}

    /** The highest order (max(len(a), len(b)) - 1) the recursion's per-work-item state takes. */
    static final int MAX_ORDER = 64;

    /** The fewest samples per block of the parallel recursion. */
    private static final int BLOCK = 256;

    private static ElementwiseKernel blocks, carry, correct;

    private static synchronized ElementwiseKernel blocks() {
        if (blocks == null) {
            blocks = new ElementwiseKernel(
                    "raw T x, raw W coef, raw W y, raw W zst, int64 n, int64 nb, int64 L, int64 N",
                    "W last",
                    "long r = (long) i / nb; long j = (long) i - r * nb; long s = j * L;"
                            + " long e = s + L < n ? s + L : n; W z[" + (MAX_ORDER + 1) + "];"
                            + " for (long k = 0; k <= N; k++) z[k] = (W) 0;"
                            + " for (long t = s; t < e; t++) {"
                            + "   W xv = (W) x[r * n + t]; W yv = coef[0] * xv + z[0];"
                            + "   for (long k = 0; k < N; k++) z[k] = coef[k + 1] * xv + z[k + 1] - coef[N + 2 + k] * yv;"
                            + "   y[r * n + t] = yv;"
                            + " }"
                            + " for (long k = 0; k < N; k++) zst[(long) i * N + k] = z[k];"
                            + " last = e > s ? y[r * n + e - 1] : (W) 0;",
                    "signal_lfilter_blocks");
        }
        return blocks;
    }

    // per signal: s_0 = zi; for each block, store s_j, then s_{j+1} = M s_j + z_j (Mlast for a short last block)
    private static synchronized ElementwiseKernel carry() {
        if (carry == null) {
            carry = new ElementwiseKernel(
                    "raw W zst, raw W zi, raw W m, raw W mlast, raw W sinit, raw W zf, int64 nb, int64 N",
                    "W s0",
                    "long r = (long) i; W s[" + MAX_ORDER + "], u[" + MAX_ORDER + "];"
                            + " for (long k = 0; k < N; k++) s[k] = zi[r * N + k];"
                            + " for (long j = 0; j < nb; j++) {"
                            + "   long b = (r * nb + j) * N;"
                            + "   for (long k = 0; k < N; k++) sinit[b + k] = s[k];"
                            + "   long mo = j == nb - 1 ? 1 : 0;"
                            + "   for (long k = 0; k < N; k++) { W acc = zst[b + k];"
                            + "     for (long q = 0; q < N; q++) acc += (mo ? mlast[k * N + q] : m[k * N + q]) * s[q];"
                            + "     u[k] = acc; }"
                            + "   for (long k = 0; k < N; k++) s[k] = u[k];"
                            + " }"
                            + " for (long k = 0; k < N; k++) zf[r * N + k] = s[k];"
                            + " s0 = s[0];",
                    "signal_lfilter_carry");
        }
        return carry;
    }

    private static synchronized ElementwiseKernel correct() {
        if (correct == null) {
            correct = new ElementwiseKernel(
                    "raw W y, raw W sinit, raw W g, int64 n, int64 nb, int64 L, int64 N",
                    "T out",
                    "long r = (long) i / n; long t = (long) i - r * n; long j = t / L; long o = t - j * L;"
                            + " W acc = y[i]; long b = (r * nb + j) * N;"
                            + " for (long k = 0; k < N; k++) acc += g[o * N + k] * sinit[b + k];"
                            + " out = (T) acc;",
                    "signal_lfilter_correct");
        }
        return correct;
    }

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
        long rows = x.size() / Math.max(1, n);
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
        DType w = device.facts().fp64() ? DType.FLOAT64 : DType.FLOAT32;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray moved = track(temps, x.moveaxis(new int[] {ax}, new int[] {-1}));
            NDArray xc = track(temps, moved.copy(Order.C));
            long[] mshape = xc.shape();
            NDArray out = NDArray.empty(device, rt, mshape, Order.C);
            NDArray zfm;
            if (order == 0 || n == 0) {
                if (x.size() > 0) {
                    try (NDArray scaled = xc.mul(bn[0]);
                            NDArray cast = scaled.astype(rt)) {
                        out.set(":", cast);
                    }
                }
                long[] zs = mshape.clone();
                zs[zs.length - 1] = order;
                zfm = NDArray.empty(device, rt, zs, Order.C);
                if (order > 0 && zi != null) {
                    try (NDArray zm = zi.moveaxis(new int[] {ax}, new int[] {-1});
                            NDArray zc = zm.astype(rt)) {
                        zfm.set(":", zc);
                    }
                }
            } else {
                // blocks of about 2 sqrt(n): the parallel first pass and the serial carry stay balanced
                long block = Math.max(BLOCK, Math.min(1L << 16, 2L * Long.highestOneBit((long) Math.sqrt((double) n))));
                long L = Math.min(block, n), nb = (n + L - 1) / L, lastLen = n - (nb - 1) * L;
                double[] coef = new double[2 * order + 2];
                System.arraycopy(bn, 0, coef, 0, order + 1);
                System.arraycopy(an, 0, coef, order + 1, order + 1);
                NDArray cf = track(temps, arr(temps, device, w, coef));
                NDArray y = track(temps, NDArray.empty(device, w, mshape, Order.C));
                NDArray zst = track(temps, NDArray.empty(device, w, new long[] {rows * nb * order}, Order.C));
                NDArray lastY = track(temps, NDArray.empty(device, w, new long[] {rows * nb}, Order.C));
                blocks().call(xc, cf, y, zst, n, nb, L, (long) order, lastY);
                double[][] powers = powers(an, order, (int) L);
                NDArray m = track(temps, arr(temps, device, w, matrixPower(an, order, (int) L)));
                NDArray ml = track(temps, arr(temps, device, w, matrixPower(an, order, (int) lastLen)));
                NDArray g = track(temps, arr(temps, device, w, flatten(powers)));
                NDArray z0;
                if (zi == null) {
                    z0 = track(temps, NDArray.empty(device, w, new long[] {rows * order}, Order.C));
                    z0.fill(0.0);
                } else {
                    NDArray zm =
                            track(temps, zi.ndim() == shape.length ? zi.moveaxis(new int[] {ax}, new int[] {-1}) : zi);
                    z0 = track(temps, zm.astype(w));
                    z0 = track(temps, z0.copy(Order.C));
                }
                NDArray sinit = track(temps, NDArray.empty(device, w, new long[] {rows * nb * order}, Order.C));
                NDArray zf = track(temps, NDArray.empty(device, w, new long[] {rows * order}, Order.C));
                NDArray first = track(temps, NDArray.empty(device, w, new long[] {rows}, Order.C));
                carry().call(zst, z0, m, ml, sinit, zf, nb, (long) order, first);
                correct().call(y, sinit, g, n, nb, L, (long) order, out);
                long[] zs = mshape.clone();
                zs[zs.length - 1] = order;
                try (NDArray zr = zf.reshape(zs)) {
                    zfm = zr.astype(rt);
                }
            }
            NDArray yBack, zBack = null;
            try (NDArray o = out;
                    NDArray ov = o.moveaxis(new int[] {-1}, new int[] {ax})) {
                yBack = ov.copy(Order.C);
            }
            try (NDArray zz = zfm;
                    NDArray zv = zz.moveaxis(new int[] {-1}, new int[] {ax})) {
                if (zi != null) zBack = zv.copy(Order.C);
            }
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

    // the companion recursion of the zero-input state: s'[k] = s[k + 1] - a[k + 1] s[0], s'[N - 1] = -a[N] s[0]
    private static double[] step(double[] an, int order, double[] s) {
        double[] u = new double[order];
        for (int k = 0; k < order; k++) u[k] = (k + 1 < order ? s[k + 1] : 0) - an[k + 1] * s[0];
        return u;
    }

    /** A^len as an N x N row-major table: column q is the state after len steps from e_q. */
    private static double[] matrixPower(double[] an, int order, int len) {
        double[] m = new double[order * order];
        for (int q = 0; q < order; q++) {
            double[] s = new double[order];
            s[q] = 1;
            for (int t = 0; t < len; t++) s = step(an, order, s);
            for (int k = 0; k < order; k++) m[k * order + q] = s[k];
        }
        return m;
    }

    /** Row t (t < len): the output at step t of the zero-input response to e_q, for each q: e0 A^t. */
    private static double[][] powers(double[] an, int order, int len) {
        double[][] g = new double[len][order];
        for (int q = 0; q < order; q++) {
            double[] s = new double[order];
            s[q] = 1;
            for (int t = 0; t < len; t++) {
                g[t][q] = s[0];
                s = step(an, order, s);
            }
        }
        return g;
    }

    private static double[] flatten(double[][] g) {
        int cols = g.length == 0 ? 0 : g[0].length;
        double[] f = new double[g.length * cols];
        for (int t = 0; t < g.length; t++) System.arraycopy(g[t], 0, f, t * cols, cols);
        return f;
    }

    private static NDArray arr(List<NDArray> temps, Device device, DType w, double[] v) {
        return track(temps, doubles(device, v)).astype(w);
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
