package org.ndgpu.elementwise;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ufunc;

/**
 * The device kernels behind the ufunc methods ({@link UfuncMethods}) for any binary ufunc: each
 * folds the ufunc's own C expression along C-contiguous lines, in NumPy's order (left to right),
 * so a non-associative ufunc (subtract, power, arctan2) gives NumPy's answer. One thread walks one
 * line, or one chunk of a line when the ufunc is associative and the lines are long (its partial
 * results are folded again by the same kernel).
 *
 * <p>A kernel's non-raw output is named {@code nd_y}: ElementwiseKernel binds that name in the
 * body, and the ufuncs' helper functions in the preamble have parameters named {@code x} and {@code y}.
 *
 * <p>The arrays given here are C-contiguous and already of the loop dtype {@code t} (the caller
 * casts), except {@code at}'s target, which keeps its own dtype.
 */
final class UfuncFolds {
    private UfuncFolds() {}

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    private static ElementwiseKernel kernel(
            String kind, Ufunc op, DType t, DType target, String in, String out, String body) {
        String name = "nd_ufunc_" + kind + "_" + op.numpyName() + "_" + code(t) + "_" + code(target);
        return KERNELS.computeIfAbsent(
                name,
                n -> new ElementwiseKernel(
                        in,
                        out,
                        body,
                        n,
                        ElementwiseKernel.Options.defaults().withPreamble(UfuncExpressions.preamble(op))));
    }

    private static String code(DType d) {
        return d.descr().substring(1);
    }

    /** {@code acc = op(acc, v)} for values of the loop dtype {@code t} (or {@code acc = op(acc)} for a unary ufunc). */
    private static String step(Ufunc op, DType t, String acc, String v) {
        String e = op.nin() == 1
                ? UfuncExpressions.expr(op, new DType[] {t}, t, acc)
                : UfuncExpressions.expr(op, new DType[] {t, t}, t, acc, v);
        return acc + " = " + CTypes.cast(t, t, e) + ";";
    }

    /**
     * Folds each line of the C-contiguous {@code [lines, len]} array {@code x} (len > 0) in chunks of
     * {@code chunk}: a {@code [lines, ceil(len / chunk)]} array. {@code init}, when not null, starts
     * each line's first chunk (NumPy's {@code initial=}).
     */
    static NDArray reduceChunks(Ufunc op, DType t, NDArray x, long lines, long len, long chunk, Object init) {
        String c = CTypes.compute(t);
        String body = "const long _l = i / nch; const long _c = i - _l * nch;\n"
                + "const long _s = _l * len + _c * chunk; long _e = _s + chunk;\n"
                + "if (_e > _l * len + len) _e = _l * len + len;\n"
                + c + " _acc; long _j = _s;\n"
                + "if (has_init != 0 && _c == 0) { _acc = " + CTypes.cast(t.real(), t, "init") + "; }\n"
                + "else { _acc = " + CTypes.load(t, "x + _s") + "; _j = _s + 1; }\n"
                + "for (; _j < _e; _j++) { const " + c + " _v = " + CTypes.load(t, "x + _j") + "; "
                + step(op, t, "_acc", "_v") + " }\n"
                + "nd_y = _acc;";
        String tn = t.numpyName();
        var k = kernel(
                "reduce",
                op,
                t,
                t,
                "raw " + tn + " x, int64 len, int64 chunk, int64 nch, "
                        + t.real().numpyName() + " init, int32 has_init",
                tn + " nd_y",
                body);
        long nch = (len + chunk - 1) / chunk;
        NDArray y = NDArray.empty(x.device(), t, new long[] {lines, nch}, Order.C);
        Object initArg = init != null ? init : t == DType.BOOL ? (Object) false : (Object) 0;
        return k.call(x, len, chunk, nch, initArg, init != null ? 1 : 0, y);
    }

    /** Each line of the C-contiguous {@code [lines, len]} array {@code x} accumulated into {@code y} of the same shape. */
    static void accumulate(Ufunc op, DType t, NDArray x, NDArray y, long lines, long len) {
        String c = CTypes.compute(t);
        String body = "const long _b = i * len;\n"
                + c + " _acc = " + CTypes.load(t, "x + _b") + ";\n"
                + CTypes.store(t, "y + _b", "_acc") + "\n"
                + "for (long _j = 1; _j < len; _j++) { const " + c + " _v = " + CTypes.load(t, "x + _b + _j")
                + "; " + step(op, t, "_acc", "_v") + " " + CTypes.store(t, "y + _b + _j", "_acc") + " }";
        String tn = t.numpyName();
        kernel("accumulate", op, t, t, "raw " + tn + " x, int64 len", "raw " + tn + " y", body)
                .callWithSize(lines, x, len, y);
    }

    /**
     * NumPy's reduceat on the lines of the C-contiguous {@code [lines, len]} array {@code x}: output
     * {@code [l, k]} folds {@code x[l, idx[k]:idx[k+1]]}, or is {@code x[l, idx[k]]} when that slice
     * is empty; {@code idx} is int64, C-contiguous and within {@code [0, len)}.
     */
    static NDArray reduceat(Ufunc op, DType t, NDArray x, NDArray idx, long lines, long len) {
        String c = CTypes.compute(t);
        String body = "const long _l = i / nk; const long _k = i - _l * nk;\n"
                + "const long _s = *(idx + _k); const long _e = _k + 1 < nk ? *(idx + _k + 1) : len;\n"
                + "const long _b = _l * len;\n"
                + c + " _acc = " + CTypes.load(t, "x + _b + _s") + ";\n"
                + "for (long _j = _s + 1; _j < _e; _j++) { const " + c + " _v = " + CTypes.load(t, "x + _b + _j")
                + "; " + step(op, t, "_acc", "_v") + " }\n"
                + "nd_y = _acc;";
        String tn = t.numpyName();
        var k = kernel(
                "reduceat", op, t, t, "raw " + tn + " x, raw int64 idx, int64 len, int64 nk", tn + " nd_y", body);
        long nk = idx.size();
        return k.call(x, idx, len, nk, NDArray.empty(x.device(), t, new long[] {lines, nk}, Order.C));
    }

    /**
     * NumPy's unbuffered {@code ufunc.at} on the C-contiguous {@code [n, inner]} array {@code a}, in
     * place: {@code srt} holds the m (valid, non-negative) row indices sorted stably, {@code perm}
     * where each came from, {@code b} (null for a unary ufunc) the C-contiguous {@code [m, inner]}
     * operands in the loop dtype {@code t}. One thread owns each distinct row (and column), so a
     * repeated index is applied once per occurrence, in the order given, with no atomics; the value
     * goes back to a's dtype after every step, as NumPy's loop stores it.
     */
    static void at(Ufunc op, DType t, NDArray a, NDArray srt, NDArray perm, NDArray b, long m, long inner) {
        DType ad = a.dtype();
        String c = CTypes.compute(t);
        String v = b != null ? CTypes.load(t, "b + *(perm + _q) * inner + _t") : "";
        String round = ad == t ? "" : "_acc = " + CTypes.cast(ad, t, CTypes.cast(t, ad, "_acc")) + ";";
        String body = "const long _p = i / inner; const long _t = i - _p * inner;\n"
                + "const long _r = *(srt + _p);\n"
                + "if (_p == 0 || *(srt + _p - 1) != _r) {\n"
                + "  " + c + " _acc = " + CTypes.cast(ad, t, CTypes.load(ad, "a + _r * inner + _t")) + ";\n"
                + "  for (long _q = _p; _q < m && *(srt + _q) == _r; _q++) {\n"
                + (b != null ? "    const " + c + " _v = " + v + ";\n" : "")
                + "    " + step(op, t, "_acc", "_v") + " " + round + "\n"
                + "  }\n"
                + "  " + CTypes.store(ad, "a + _r * inner + _t", CTypes.cast(t, ad, "_acc")) + "\n"
                + "}";
        String in = "raw int64 srt, raw int64 perm, " + (b != null ? "raw " + t.numpyName() + " b, " : "")
                + "int64 m, int64 inner";
        var k = kernel(b != null ? "at" : "at1", op, t, ad, in, "raw " + ad.numpyName() + " a", body);
        if (b != null) k.callWithSize(m * inner, srt, perm, b, m, inner, a);
        else k.callWithSize(m * inner, srt, perm, m, inner, a);
    }

    /** Indices made non-negative ({@code k < 0 ? k + n : k}), as int64. */
    static NDArray wrapIndices(NDArray idx, long n) {
        return KERNELS.computeIfAbsent(
                        "nd_ufunc_wrap_indices",
                        name -> new ElementwiseKernel("int64 k, int64 n", "int64 y", "y = k < 0 ? k + n : k;", name))
                .call(idx, n);
    }
}
