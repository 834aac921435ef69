package org.ndgpu.routines.math;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.convolve and numpy.correlate of 1-d arrays, modes full, same and valid, as NumPy defines
 * them: correlate(a, v)[k] = sum_j a[k + j - off] * conj(v[j]) over the longer array a (when v is
 * longer, the result of correlate(v, a) conjugated and reversed, as NumPy's multiarray.correlate2),
 * and convolve(a, v) = correlate(longer, shorter[::-1]) without the conjugate. {@link #correlate} is
 * the one entry of both and picks the method, as scipy.signal.choose_conv_method does:
 * <ul>
 * <li>direct (a kernel with one output element per thread, each summing its window in the result's
 *     dtype, as numpy.convolve and scipy's method='direct') for bool, integer and complex inputs, and
 *     for short real floating-point ones;
 * <li>for real floating-point inputs long enough that it is faster ({@link #fftIsFaster}), when
 *     module fft is present, through real FFTs ({@link FftConvolution}), with every output that the
 *     FFT cannot give to NumPy's accuracy (a NaN or inf among the inputs, or a window of values far
 *     smaller than the inputs' norms) summed directly.
 * </ul>
 */
public final class Convolution {
    private Convolution() {}

    private static final ConcurrentHashMap<DType, Spec> DIRECT = new ConcurrentHashMap<>();

    /**
     * When floating-point inputs go through the FFT rather than the direct kernel, chosen with
     * {@code ConvolveCrossover} (fft's test sources; figures in routines/notes/CONVOLVE.md). The direct
     * kernel's time grows with n * k, the FFT's stays near its fixed cost (a few kernels and the plan),
     * which on a GPU is a few hundred microseconds: on an H100 the FFT won only from k = 512 with
     * n * k >= 2^31, and from k = 1024 at n = 2^20. On a CPU device (PoCL) the direct kernel is slow
     * and the FFT won from k = 256 at n = 2^16 and 2^18.
     */
    static final long FFT_MIN_SHORTER_GPU = 512, FFT_MIN_WORK_GPU = 1L << 31, FFT_MIN_SHORTER_CPU = 256;

    static boolean fftIsFaster(NDArray a, NDArray v) {
        long n = a.size(), k = v.size();
        return a.device().isGpu()
                ? k >= FFT_MIN_SHORTER_GPU && (double) n * k >= FFT_MIN_WORK_GPU
                : k >= FFT_MIN_SHORTER_CPU;
    }

    /** numpy.convolve(a, v, mode): mode "full" (NumPy's default), "same" or "valid". */
    public static NDArray convolve(String op, NDArray a, NDArray v, String mode) {
        check(op, a, v);
        int m = mode(op, mode);
        NDArray longer = a.size() >= v.size() ? a : v, shorter = longer == a ? v : a;
        try (NDArray rev = shorter.get("::-1")) {
            return method(longer, rev, m, false);
        }
    }

    /** numpy.correlate(a, v, mode): mode "valid" (NumPy's default), "same" or "full"; complex v is conjugated. */
    public static NDArray correlate(String op, NDArray a, NDArray v, String mode) {
        check(op, a, v);
        return method(a, v, mode(op, mode), true);
    }

    private static int mode(String op, String mode) {
        return switch (mode) {
            case "valid" -> 0;
            case "same" -> 1;
            case "full" -> 2;
            case null -> throw new NullPointerException(op + ": mode is null");
            default ->
                throw new NdException(op + ": mode must be one of 'valid', 'same', or 'full', got '" + mode + "'");
        };
    }

    // the correlation of a with v (conjugated when conj), in the order NumPy gives it whichever is longer
    private static NDArray method(NDArray a, NDArray v, int mode, boolean conj) {
        DType t = DType.promote(a.dtype(), v.dtype());
        boolean swap = a.size() < v.size();
        NDArray x = swap ? v : a, y = swap ? a : v;
        if (t.isFloating() && fftIsFaster(x, y)) {
            var fft = org.ndgpu.spi.Providers.realFftIfPresent();
            if (fft.isPresent()) {
                NDArray r = viaFft(x, y, mode, t, fft.get());
                if (!swap) return r;
                try (r;
                        NDArray rev = r.get("::-1")) {
                    return rev.copy();
                }
            }
        }
        // NumPy swaps a shorter a with v and reverses the result; for complex the swapped sum conjugates x, not y
        return direct(x, y, mode, swap, conj && swap, conj && !swap);
    }

    /** The correlation through real FFTs, outputs it cannot give exactly enough summed directly ({@link FftConvolution}). */
    static NDArray viaFft(NDArray a, NDArray v, int mode, DType t, org.ndgpu.spi.RealFft fft) {
        return FftConvolution.correlate(a, v, mode, t, fft);
    }

    private static void check(String op, NDArray a, NDArray v) {
        a.live(op);
        v.live(op);
        Operands.device(op, a, v);
        if (a.ndim() != 1 || v.ndim() != 1) {
            throw new ShapeException(op + ": object too deep for desired array: expected 1-d arrays, got "
                    + Shapes.str(a.shape()) + " and " + Shapes.str(v.shape()));
        }
        if (a.size() == 0) throw new ShapeException(op + ": a cannot be empty");
        if (v.size() == 0) throw new ShapeException(op + ": v cannot be empty");
        // every method works on up to len(a) + len(v) - 1 points (the FFT's padded length a little more): sizes no
        // array can have are refused here, with the caller's lengths, not deep inside a step such as nextFastLen
        long n = a.size(), k = v.size();
        if (n > Long.MAX_VALUE / Double.BYTES - (k - 1)) {
            throw new ShapeException(op + ": array is too big: len(a) " + n + " + len(v) " + k
                    + " - 1 points of float64 need more than 2^63 - 1 bytes");
        }
    }

    /** The output length and the first full-correlation index the mode keeps, for n at least k. */
    static long[] window(long n, long k, int mode) {
        long len = mode == 0 ? n - k + 1 : mode == 1 ? n : n + k - 1;
        long start = mode == 0 ? k - 1 : mode == 1 ? k - 1 - k / 2 : 0;
        return new long[] {len, start};
    }

    // a at least as long as v (fft's ConvolveCrossover times it by reflection beside viaFft)
    static NDArray direct(NDArray a, NDArray v, int mode) {
        return direct(a, v, mode, false, false, false);
    }

    /**
     * The window of the full correlation sum_j a[q + j] * v[j] that the mode keeps, a at least as long as v, each
     * output summing its window directly: reversed when {@code reverse}, with a's or v's elements conjugated when
     * {@code conjA} or {@code conjV} (complex dtypes; ignored for real ones).
     */
    static NDArray direct(NDArray a, NDArray v, int mode, boolean reverse, boolean conjA, boolean conjV) {
        long n = a.size(), k = v.size();
        long[] w = window(n, k, mode);
        DType t = DType.promote(a.dtype(), v.dtype());
        NDArray out = NDArray.empty(a.device(), t, new long[] {w[0]}, Order.C);
        try (NDArray ac = a.dtype() == t ? a.view(a.shape(), a.strides(), a.offset()) : a.astype(t);
                NDArray vc = v.dtype() == t ? v.view(v.shape(), v.strides(), v.offset()) : v.astype(t);
                NDArray a0 = ac.view(new long[0], new long[0], ac.offset());
                NDArray v0 = vc.view(new long[0], new long[0], vc.offset())) {
            ElementwiseLoop.run(
                    DIRECT.computeIfAbsent(t, Convolution::directSpec),
                    new Object[] {
                        out,
                        a0,
                        v0,
                        n,
                        k,
                        w[1],
                        ac.strides()[0] / ac.itemsize(),
                        vc.strides()[0] / vc.itemsize(),
                        reverse ? w[0] - 1 : -1L,
                        conjA ? 1L : 0L,
                        conjV ? 1L : 0L
                    },
                    out.shape());
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static Spec directSpec(DType t) {
        return new Spec(
                "nd_correlate_" + t,
                List.of(
                        new Param("y", t, Kind.OUT),
                        new Param("a", t, Kind.RAW),
                        new Param("v", t, Kind.RAW),
                        new Param("_cn", DType.INT64, Kind.SCALAR),
                        new Param("_ck", DType.INT64, Kind.SCALAR),
                        new Param("_cs", DType.INT64, Kind.SCALAR),
                        new Param("_sa", DType.INT64, Kind.SCALAR),
                        new Param("_sv", DType.INT64, Kind.SCALAR),
                        new Param("_crev", DType.INT64, Kind.SCALAR),
                        new Param("_cca", DType.INT64, Kind.SCALAR),
                        new Param("_ccv", DType.INT64, Kind.SCALAR)),
                "long _co = _crev >= 0 ? _crev - (long)i : (long)i;\n" + windowSum(t, "_co", "_cacc") + "\ny = "
                        + result(t, "_cacc") + ";");
    }

    /** The accumulator's dtype: bool counts in int64 (any true product makes a true result), float16 sums in float32. */
    static DType accumulator(DType t) {
        return t == DType.BOOL ? DType.INT64 : t == DType.FLOAT16 ? DType.FLOAT32 : t;
    }

    static String result(DType t, String acc) {
        return t == DType.BOOL ? "(" + acc + " != 0)" : CTypes.cast(accumulator(t), t, acc);
    }

    /**
     * Statements declaring {@code acc} as the sum over output {@code o}'s window: parameters a, v (RAW, dtype t),
     * _cn, _ck, _cs, _sa, _sv, and _cca / _ccv (conjugate a's / v's elements) as in {@link #directSpec}.
     */
    static String windowSum(DType t, String o, String acc) {
        DType c = accumulator(t);
        String x = CTypes.cast(t, c, CTypes.load(t, "(a + (_cq + _cj) * _sa)")),
                y = CTypes.cast(t, c, CTypes.load(t, "(v + _cj * _sv)"));
        String step;
        if (t.isComplex()) {
            String p = t == DType.COMPLEX64 ? "c64" : "c128";
            step =
                    "%1$s _cx = %2$s, _cy = %3$s;\n    if (_cca) _cx = nd_%4$s_conj(_cx);\n    if (_ccv) _cy = nd_%4$s_conj(_cy);\n    %5$s = nd_%4$s_add(%5$s, nd_%4$s_mul(_cx, _cy));"
                            .formatted(CTypes.compute(c), x, y, p, acc);
        } else {
            step = acc + " += " + x + " * " + y + ";";
        }
        String zero = t.isComplex() ? CTypes.cast(DType.FLOAT64, c, "0.0") : "0";
        return """
                long _cq = %1$s + _cs - (_ck - 1);
                long _j0 = _cq < 0 ? -_cq : 0, _j1 = _cn - _cq < _ck ? _cn - _cq : _ck;
                %2$s %3$s = %4$s;
                for (long _cj = _j0; _cj < _j1; _cj++) {
                    %5$s
                }""".formatted(o, CTypes.compute(c), acc, zero, step);
    }
}
