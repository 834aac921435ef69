package org.ndgpu.routines;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.DTypeException;
import org.ndgpu.NdException;
import org.ndgpu.ShapeException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.convolve and numpy.correlate of 1-d arrays, modes full, same and valid, as NumPy defines
 * them: correlate(a, v)[k] = sum_j a[k + j - off] * v[j] over the longer array a (when v is longer,
 * the result of correlate(v, a) reversed, as NumPy's multiarray.correlate), and convolve(a, v) =
 * correlate(longer, shorter[::-1]). {@link #correlate} is the one entry of both and picks the method:
 * the direct one (a kernel with one output element per thread, the sum in the result's dtype), or,
 * for floating-point inputs long enough that it is faster ({@link #fftIsFaster}) and when module fft
 * is present, through real FFTs of the next fast length (rfft, product, irfft), as
 * scipy.signal.convolve's method='fft'. Integer and bool inputs always go direct: their sums are exact
 * in NumPy and must stay so.
 */
public final class Convolution {
    private Convolution() { }

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
        return a.device().isGpu() ? k >= FFT_MIN_SHORTER_GPU && (double) n * k >= FFT_MIN_WORK_GPU : k >= FFT_MIN_SHORTER_CPU;
    }

    /** numpy.convolve(a, v, mode): mode "full" (NumPy's default), "same" or "valid". */
    public static NDArray convolve(String op, NDArray a, NDArray v, String mode) {
        check(op, a, v);
        NDArray longer = a.size() >= v.size() ? a : v, shorter = longer == a ? v : a;
        try (NDArray rev = shorter.get("::-1")) {
            return correlate(op, longer, rev, mode);
        }
    }

    /** numpy.correlate(a, v, mode): mode "valid" (NumPy's default), "same" or "full". */
    public static NDArray correlate(String op, NDArray a, NDArray v, String mode) {
        check(op, a, v);
        int m = switch (mode) {
            case "valid" -> 0;
            case "same" -> 1;
            case "full" -> 2;
            case null -> throw new NullPointerException(op + ": mode is null");
            default -> throw new NdException(op + ": mode must be one of 'valid', 'same', or 'full', got '" + mode + "'");
        };
        if (a.size() < v.size()) {
            try (NDArray r = method(v, a, m); NDArray rev = r.get("::-1")) {
                return rev.copy();
            }
        }
        return method(a, v, m);
    }

    // a at least as long as v
    private static NDArray method(NDArray a, NDArray v, int mode) {
        DType t = DType.promote(a.dtype(), v.dtype());
        if (t.isFloating() && fftIsFaster(a, v)) {
            var fft = org.ndgpu.spi.Providers.fftIfPresent();
            if (fft.isPresent()) return viaFft(a, v, mode, t, fft.get());
        }
        return direct(a, v, mode);
    }

    /** The correlation through real FFTs: conv(a, v[::-1]) = irfft(rfft(a) * rfft(v[::-1])), then the mode's window. */
    static NDArray viaFft(NDArray a, NDArray v, int mode, DType t, org.ndgpu.fft.Fft fft) {
        long n = a.size(), k = v.size();
        long len = mode == 0 ? n - k + 1 : mode == 1 ? n : n + k - 1;
        long start = mode == 0 ? k - 1 : mode == 1 ? k - 1 - k / 2 : 0;
        long size = fft.nextFastLen(n + k - 1);
        DType work = t == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;      // float16 computes in float32, as NumPy's direct sum would round
        try (NDArray ac = a.astype(work); NDArray vr = v.get("::-1"); NDArray vc = vr.astype(work);
             NDArray fa = fft.rfft(ac, size); NDArray fv = fft.rfft(vc, size);
             NDArray p = NDArray.empty(a.device(), fa.dtype(), fa.shape(), Order.C)) {
            ElementwiseLoop.run(PRODUCT.computeIfAbsent(fa.dtype(), Convolution::product), new Object[]{fa, fv, p}, p.shape());
            try (NDArray full = fft.irfft(p, size); NDArray window = full.get(start + ":" + (start + len))) {
                return window.astype(t);
            }
        }
    }

    private static final ConcurrentHashMap<DType, Spec> PRODUCT = new ConcurrentHashMap<>();

    // the spectra's product, with the prelude's complex multiply (no dependency on the ufunc module)
    private static Spec product(DType c) {
        String p = c == DType.COMPLEX64 ? "c64" : "c128";
        return new Spec("nd_spectrum_product_" + c, List.of(new Param("x", c, Kind.IN), new Param("y", c, Kind.IN), new Param("z", c, Kind.OUT)),
                "z = nd_" + p + "_mul(x, y);");
    }

    private static void check(String op, NDArray a, NDArray v) {
        a.live(op);
        v.live(op);
        Operands.device(op, a, v);
        if (a.ndim() != 1 || v.ndim() != 1) {
            throw new ShapeException(op + ": object too deep for desired array: expected 1-d arrays, got " + Shapes.str(a.shape())
                    + " and " + Shapes.str(v.shape()));
        }
        if (a.size() == 0) throw new ShapeException(op + ": a cannot be empty");
        if (v.size() == 0) throw new ShapeException(op + ": v cannot be empty");
        // every method works on up to len(a) + len(v) - 1 points (the FFT's padded length a little more): sizes no
        // array can have are refused here, with the caller's lengths, not deep inside a step such as nextFastLen
        long n = a.size(), k = v.size();
        if (n > Long.MAX_VALUE / Double.BYTES - (k - 1)) {
            throw new ShapeException(op + ": array is too big: len(a) " + n + " + len(v) " + k + " - 1 points of float64 need more than 2^63 - 1 bytes");
        }
        if (a.dtype().isComplex() || v.dtype().isComplex()) {
            throw new DTypeException(op + ": complex arrays are not supported yet, got " + a.dtype() + " and " + v.dtype());
        }
    }

    // a at least as long as v: the window of the full correlation that the mode keeps (fft's
    // ConvolveCrossover times it by reflection beside viaFft)
    static NDArray direct(NDArray a, NDArray v, int mode) {
        long n = a.size(), k = v.size();
        long len = mode == 0 ? n - k + 1 : mode == 1 ? n : n + k - 1;
        long start = mode == 0 ? k - 1 : mode == 1 ? k - 1 - k / 2 : 0;
        DType t = DType.promote(a.dtype(), v.dtype());
        DType acc = t == DType.BOOL ? DType.INT64 : t == DType.FLOAT16 ? DType.FLOAT32 : t;
        NDArray out = NDArray.empty(a.device(), t, new long[]{len}, Order.C);
        DType res = t;
        Spec spec = DIRECT.computeIfAbsent(t, d -> new Spec("nd_correlate_" + d,
                List.of(new Param("y", d, Kind.OUT), new Param("a", d, Kind.RAW), new Param("v", d, Kind.RAW),
                        new Param("_cn", DType.INT64, Kind.SCALAR), new Param("_ck", DType.INT64, Kind.SCALAR), new Param("_cs", DType.INT64, Kind.SCALAR),
                        new Param("_sa", DType.INT64, Kind.SCALAR), new Param("_sv", DType.INT64, Kind.SCALAR)),
                """
                long _cq = (long)i + _cs - (_ck - 1);
                long _j0 = _cq < 0 ? -_cq : 0, _j1 = _cn - _cq < _ck ? _cn - _cq : _ck;
                %1$s _cacc = 0;
                for (long _cj = _j0; _cj < _j1; _cj++) _cacc += %2$s * %3$s;
                y = %4$s;""".formatted(CTypes.compute(acc),
                        CTypes.cast(res, acc, CTypes.load(res, "(a + (_cq + _cj) * _sa)")), CTypes.cast(res, acc, CTypes.load(res, "(v + _cj * _sv)")),
                        res == DType.BOOL ? "(_cacc != 0)" : CTypes.cast(acc, res, "_cacc"))));
        try (NDArray ac = a.astype(t); NDArray vc = v.dtype() == t ? v.view(v.shape(), v.strides(), v.offset()) : v.astype(t);
             NDArray a0 = ac.view(new long[0], new long[0], ac.offset()); NDArray v0 = vc.view(new long[0], new long[0], vc.offset())) {
            ElementwiseLoop.run(spec, new Object[]{out, a0, v0, n, k, start, ac.strides()[0] / ac.itemsize(), vc.strides()[0] / vc.itemsize()},
                    out.shape());
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }
}
