package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.spi.RealFft;

/**
 * The real floating-point correlation through FFTs, kept to NumPy's answer: conv(a, v[::-1]) =
 * irfft(rfft(a) * rfft(v[::-1])) at the next fast length, as scipy.signal.convolve's method='fft', and
 * then every output that the FFT cannot give to about NumPy's accuracy summed directly instead.
 *
 * <p>Why: the FFT's rounding error is spread over all outputs alike, about eps * log2(L) * ||a||_2 *
 * ||v||_2 / sqrt(L) each (each of the L spectral products carries eps * log2(L) * ||a|| * ||v||, and
 * the inverse transform adds them with weight 1 / L), while a direct sum's error is relative to its
 * own window, eps times the sum of |a[q + j] * v[j]| over it (S[q]). So one NaN or inf among the
 * inputs makes every FFT output NaN where NumPy's has NaN only in the windows that touch it; and where
 * values of very different sizes mix (1e8 and 1e-3), windows of small values come out wrong in their
 * leading digits. scipy's
 * choose_conv_method guards integers by their dynamic range (the FFT is exact only while the sums stay
 * below 2^52) and leaves floats to the caller; here the test is per output: S itself comes from the
 * FFT of |a| and |v[::-1]| (no cancellation there: a window's S is small only where its values are),
 * and an output whose bound exceeds {@link #relativeError} times its S, or whose S or norms are not
 * finite (a NaN or inf among the inputs, or a sum of squares that overflows), is recomputed by the
 * direct sum of {@link Convolution}. Ordinary data keeps the FFT's speed: only outputs of a few terms
 * at the ends of mode 'full' and windows of near-zero values are summed directly.
 */
final class FftConvolution {
    private FftConvolution() {}

    /** Terms each thread of a sum-of-squares pass adds (coalesced, strided by the pass's thread count). */
    static final int SUM_PER_THREAD = 256;

    /**
     * The error relative to a window's S that an FFT output may carry, by the result's dtype: about 2^12 float64
     * ulps, 2^6 float32 ulps, and for float16 (computed in float32) below the result's own rounding.
     */
    static double relativeError(DType t) {
        return switch (t) {
            case FLOAT64 -> 0x1p-40;
            case FLOAT32 -> 0x1p-17;
            default -> 0x1p-13;
        };
    }

    private static final ConcurrentHashMap<String, Spec> SPECS = new ConcurrentHashMap<>();

    /** The correlation of a with v (a at least as long as v, a real floating-point result dtype t) in the mode's window. */
    static NDArray correlate(NDArray a, NDArray v, int mode, DType t, RealFft fft) {
        long n = a.size(), k = v.size();
        long[] w = Convolution.window(n, k, mode);
        long len = w[0], start = w[1];
        long size = fft.nextFastLen(n + k - 1);
        DType work = t == DType.FLOAT64
                ? DType.FLOAT64
                : DType.FLOAT32; // float16 computes in float32, as NumPy's direct sum would round
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray ac = track(temps, a.astype(work));
            NDArray vc = track(temps, track(temps, v.get("::-1")).astype(work));
            NDArray y = track(temps, window(viaSpectra(ac, vc, size, fft, temps), start, len, temps));
            NDArray s = track(
                    temps, window(viaSpectra(abs(ac, temps), abs(vc, temps), size, fft, temps), start, len, temps));
            NDArray na = sumOfSquares(ac, temps), nv = sumOfSquares(vc, temps);
            // the direct sums read the inputs in the result's dtype, as Convolution.direct does
            NDArray at = track(temps, a.astype(t)), vt = track(temps, v.astype(t));
            NDArray a0 = track(temps, at.view(new long[0], new long[0], at.offset())),
                    v0 = track(temps, vt.view(new long[0], new long[0], vt.offset()));
            double eps = work == DType.FLOAT64 ? Math.ulp(1.0) : Math.ulp(1.0f);
            double bound = eps
                    * Math.max(1, 64 - Long.numberOfLeadingZeros(size))
                    / Math.sqrt((double) size)
                    / relativeError(t);
            NDArray out = NDArray.empty(a.device(), t, new long[] {len}, Order.C);
            try {
                ElementwiseLoop.run(
                        SPECS.computeIfAbsent("repair|" + t + "|" + work, x -> repairSpec(t, work)),
                        new Object[] {y, s, out, a0, v0, na, nv, n, k, start, 1L, 1L, bound},
                        out.shape());
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
            return out;
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // irfft(rfft(x) * rfft(y)) at length size: the full correlation of x with y reversed already
    private static NDArray viaSpectra(NDArray x, NDArray y, long size, RealFft fft, List<NDArray> temps) {
        NDArray fx = track(temps, fft.rfft(x, size)), fy = track(temps, fft.rfft(y, size));
        NDArray p = track(temps, NDArray.empty(x.device(), fx.dtype(), fx.shape(), Order.C));
        ElementwiseLoop.run(
                SPECS.computeIfAbsent("product|" + fx.dtype(), k -> product(fx.dtype())),
                new Object[] {fx, fy, p},
                p.shape());
        return track(temps, fft.irfft(p, size));
    }

    private static NDArray window(NDArray full, long start, long len, List<NDArray> temps) {
        return track(temps, full.get(start + ":" + (start + len)));
    }

    // the spectra's product, with the prelude's complex multiply (no dependency on the ufunc module)
    private static Spec product(DType c) {
        String p = c == DType.COMPLEX64 ? "c64" : "c128";
        return new Spec(
                "nd_spectrum_product_" + c,
                List.of(new Param("x", c, Kind.IN), new Param("y", c, Kind.IN), new Param("z", c, Kind.OUT)),
                "z = nd_" + p + "_mul(x, y);");
    }

    private static NDArray abs(NDArray x, List<NDArray> temps) {
        DType d = x.dtype();
        NDArray r = track(temps, NDArray.empty(x.device(), d, x.shape(), Order.C));
        ElementwiseLoop.run(
                SPECS.computeIfAbsent(
                        "abs|" + d,
                        k -> new Spec(
                                "nd_conv_abs_" + d,
                                List.of(new Param("x", d, Kind.IN), new Param("y", d, Kind.OUT)),
                                "y = fabs(x);")),
                new Object[] {x, r},
                r.shape());
        return r;
    }

    /**
     * The sum of squares of contiguous 1-d x, in float64, as a 1-element array left on the device: passes of
     * one thread per {@value #SUM_PER_THREAD} terms (thread i adding terms i, i + m, i + 2m, ..., so that a
     * warp reads consecutive elements), until one sum is left.
     */
    private static NDArray sumOfSquares(NDArray x, List<NDArray> temps) {
        NDArray cur = x;
        boolean square = true;
        do {
            long n = cur.size(), m = (n + SUM_PER_THREAD - 1) / SUM_PER_THREAD;
            DType d = cur.dtype();
            boolean sq = square;
            NDArray next = track(temps, NDArray.empty(x.device(), DType.FLOAT64, new long[] {m}, Order.C));
            Spec spec = SPECS.computeIfAbsent(
                    "sum|" + d + "|" + sq,
                    k -> new Spec(
                            "nd_conv_sum" + (sq ? "sq_" : "_") + d,
                            List.of(
                                    new Param("y", DType.FLOAT64, Kind.OUT), new Param("x", d, Kind.RAW),
                                    new Param("_sn", DType.INT64, Kind.SCALAR),
                                            new Param("_sm", DType.INT64, Kind.SCALAR)),
                            """
                    double _s = 0;
                    for (long _j = (long)i; _j < _sn; _j += _sm) {
                        double _x = (double)%s;
                        _s += %s;
                    }
                    y = _s;""".formatted(CTypes.load(d, "(x + _j)"), sq ? "_x * _x" : "_x")));
            try (NDArray x0 = cur.view(new long[0], new long[0], cur.offset())) {
                ElementwiseLoop.run(spec, new Object[] {next, x0, n, m}, next.shape());
            }
            cur = next;
            square = false;
        } while (cur.size() > 1);
        return cur;
    }

    /**
     * Output i: the FFT's y[i] where its error, about eps * log2(L) * ||a|| * ||v|| / sqrt(L) ({@code _bound} is
     * that without the norms, over the relative error allowed), is within the allowed part of S[i]; else the direct sum.
     */
    private static Spec repairSpec(DType t, DType work) {
        return new Spec(
                "nd_conv_repair_" + t,
                List.of(
                        new Param("yf", work, Kind.IN),
                        new Param("s", work, Kind.IN),
                        new Param("y", t, Kind.OUT),
                        new Param("a", t, Kind.RAW),
                        new Param("v", t, Kind.RAW),
                        new Param("na", DType.FLOAT64, Kind.RAW),
                        new Param("nv", DType.FLOAT64, Kind.RAW),
                        new Param("_cn", DType.INT64, Kind.SCALAR),
                        new Param("_ck", DType.INT64, Kind.SCALAR),
                        new Param("_cs", DType.INT64, Kind.SCALAR),
                        new Param("_sa", DType.INT64, Kind.SCALAR),
                        new Param("_sv", DType.INT64, Kind.SCALAR),
                        new Param("_bound", DType.FLOAT64, Kind.SCALAR)),
                """
                double _err = _bound * sqrt(%1$s) * sqrt(%2$s);
                if (isfinite(_err) && _err <= (double)s) {
                    y = %3$s;
                } else {
                    %4$s
                    y = %5$s;
                }""".formatted(
                                CTypes.load(DType.FLOAT64, "(na)"),
                                CTypes.load(DType.FLOAT64, "(nv)"),
                                CTypes.cast(work, t, "yf"),
                                Convolution.windowSum(t, "(long)i", "_cacc").replace("\n", "\n    "),
                                Convolution.result(t, "_cacc")));
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
