package org.ndgpu.reduction;

import static org.ndgpu.reduction.DeviceMath.*;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Reduction;

/**
 * The built-in reductions as {@link ReductionSpec}s, and NumPy's result dtypes for them.
 *
 * <p>Accumulators: bool and signed integers sum in int64 (NumPy's platform integer), unsigned ones in
 * uint64, wrapping around as NumPy's do; float16 accumulates
 * in float32 as NumPy's loops do; float32 and complex64 accumulate in double precision where the
 * device has it, which keeps a float32 sum of 2^26 values within 1e-6 of the exact one (NumPy gets
 * there by pairwise summation, a thread's sequential loop would not).
 */
final class BuiltinSpecs {
    private BuiltinSpecs() {}

    /** NumPy's result dtype of reduction {@code op} over {@code in}. */
    static DType resultType(Reduction op, DType in) {
        boolean intLike = in.isBool() || in.isInteger();
        return switch (op) {
            // NumPy: bool and signed integers sum to int64, unsigned ones to uint64
            case SUM, PROD, NANSUM -> intLike ? integerAccumulator(in) : in;
            case MEAN -> intLike ? DType.FLOAT64 : in;
            case VAR, STD -> intLike ? DType.FLOAT64 : in.real();
            case MIN, MAX, NANMIN, NANMAX -> in;
            case ARGMIN, ARGMAX, COUNT_NONZERO -> DType.INT64;
            case ALL, ANY -> DType.BOOL;
            case NORM -> throw new IllegalArgumentException("reduction: unknown operation '" + op.numpyName() + "'");
        };
    }

    /** NumPy's sum and product type of a bool or integer dtype: uint64 for the unsigned ones, int64 otherwise. */
    static DType integerAccumulator(DType in) {
        return in.kind() == 'u' ? DType.UINT64 : DType.INT64;
    }

    /** The accumulator dtype of sum-like reductions of {@code in}. */
    static DType accumulator(Reduction op, DType in, boolean fp64) {
        boolean intLike = in.isBool() || in.isInteger();
        if (intLike)
            return op == Reduction.MEAN || op == Reduction.VAR || op == Reduction.STD
                    ? DType.FLOAT64
                    : integerAccumulator(in);
        return switch (in) {
            case FLOAT16 -> DType.FLOAT32;
            case FLOAT32 -> fp64 ? DType.FLOAT64 : DType.FLOAT32;
            case COMPLEX64 -> fp64 ? DType.COMPLEX128 : DType.COMPLEX64;
            default -> in;
        };
    }

    /** NumPy's name for the ufunc behind a reduction, for the empty-array error. */
    static String ufuncName(Reduction op) {
        return switch (op) {
            case MAX -> Ufunc.MAXIMUM.numpyName();
            case MIN -> Ufunc.MINIMUM.numpyName();
            case NANMAX -> Ufunc.FMAX.numpyName();
            case NANMIN -> Ufunc.FMIN.numpyName();
            default -> op.numpyName();
        };
    }

    /** True for reductions that have an identity, so that reducing nothing is allowed. */
    static boolean hasIdentity(Reduction op) {
        return !(op == Reduction.MAX
                || op == Reduction.MIN
                || op == Reduction.NANMAX
                || op == Reduction.NANMIN
                || op == Reduction.ARGMAX
                || op == Reduction.ARGMIN);
    }

    /**
     * The spec of {@code op} reading {@code in} and writing {@code out}. For var and std the second
     * input is the mean (accumulator dtype) and a scalar {@code _ddof} follows.
     */
    private record SpecKey(Reduction op, DType in, DType out, boolean fp64) {
        // written out: a record's generated equals and hashCode go through method handles, slow until JIT-compiled
        @Override
        public boolean equals(Object o) {
            return o instanceof SpecKey k && k.op == op && k.in == in && k.out == out && k.fp64 == fp64;
        }

        @Override
        public int hashCode() {
            return ((op.ordinal() * 31 + in.ordinal()) * 31 + out.ordinal()) * 2 + (fp64 ? 1 : 0);
        }
    }

    private static final java.util.concurrent.ConcurrentHashMap<SpecKey, ReductionSpec> SPECS =
            new java.util.concurrent.ConcurrentHashMap<>();

    // the previous call's spec: a loop of one reduction (the common case) then skips the key and the map lookup
    private static final CallSiteCache<Reduction, ReductionSpec> LAST = new CallSiteCache<>();

    /** The spec of a built-in reduction, built once per (op, dtypes, fp64): a warm call builds no strings. */
    static ReductionSpec spec(Reduction op, DType in, DType out, boolean fp64) {
        long bits = in.ordinal() | out.ordinal() << 8 | (fp64 ? 1 << 16 : 0);
        ReductionSpec last = LAST.get(op, bits);
        if (last != null) return last;
        SpecKey key = new SpecKey(op, in, out, fp64);
        ReductionSpec hit = SPECS.get(key);
        if (hit == null) {
            ReductionSpec built =
                    build(op, in, out, fp64, "x"); // may recurse (nansum of ints is sum): not inside computeIfAbsent
            ReductionSpec raced = SPECS.putIfAbsent(key, built);
            hit = raced != null ? raced : built;
        }
        return LAST.put(op, bits, hit);
    }

    /**
     * The spec of {@code op} whose map reads its input as the C expression {@code x} (the
     * parameter {@code x}, or what a fusing generator computes in its place); not cached.
     */
    static ReductionSpec build(Reduction op, DType in, DType out, boolean fp64, String x) {
        DType acc = accumulator(op, in, fp64);
        String name = "nd_" + op.numpyName() + "_" + tag(in) + "_" + tag(out) + "_" + tag(acc);
        Param xp = new Param("x", in, Kind.IN), y = new Param("y", out, Kind.OUT);
        List<Param> xy = List.of(xp, y);
        String pre = HELPERS;
        String ct = CTypes.compute(acc);
        String xa = CTypes.cast(in, acc, x);
        return switch (op) {
            case SUM ->
                new ReductionSpec(
                        name,
                        xy,
                        ct,
                        bytes(acc),
                        xa,
                        add(acc, "a", "b"),
                        post(acc, out, "a"),
                        zero(acc),
                        true,
                        false,
                        pre,
                        List.of());
            case NANSUM ->
                !in.isInexact()
                        ? build(Reduction.SUM, in, out, fp64, x)
                        : new ReductionSpec(
                                name,
                                xy,
                                ct,
                                bytes(acc),
                                "(" + isnan(in, x) + " ? " + zero(acc) + " : " + xa + ")",
                                add(acc, "a", "b"),
                                post(acc, out, "a"),
                                zero(acc),
                                true,
                                false,
                                pre,
                                List.of());
            case PROD ->
                new ReductionSpec(
                        name,
                        xy,
                        ct,
                        bytes(acc),
                        xa,
                        mul(acc, "a", "b"),
                        post(acc, out, "a"),
                        one(acc),
                        true,
                        false,
                        pre,
                        List.of());
            case MEAN -> {
                String q = acc.isComplex()
                        ? "nd_" + tag(acc) + "(a.x / (" + CTypes.compute(acc.real()) + ")_r, a.y / ("
                                + CTypes.compute(acc.real()) + ")_r)"
                        : "(a / (" + ct + ")_r)";
                yield new ReductionSpec(
                        name,
                        xy,
                        ct,
                        bytes(acc),
                        xa,
                        add(acc, "a", "b"),
                        post(acc, out, q),
                        zero(acc),
                        true,
                        false,
                        pre,
                        List.of());
            }
            case VAR, STD -> {
                DType real = acc.real();
                String rt = CTypes.compute(real);
                String map = acc.isComplex()
                        ? "nd_abs2_" + tag(acc) + "(nd_" + tag(acc) + "_sub(" + xa + ", m))"
                        : "nd_sq_" + tag(acc) + "(" + xa + " - m)";
                String q = "(a / (" + rt + ")(_r - _ddof > 0 ? _r - _ddof : 0))";
                if (op == Reduction.STD) q = "sqrt(" + q + ")";
                var ps = List.of(xp, new Param("m", acc, Kind.IN), new Param("_ddof", DType.INT64, Kind.SCALAR), y);
                yield new ReductionSpec(
                        name,
                        ps,
                        rt,
                        bytes(real),
                        map,
                        "(a + b)",
                        post(real, out, q),
                        "0",
                        true,
                        false,
                        pre,
                        List.of());
            }
            case MAX, MIN -> {
                String better = op == Reduction.MAX ? gt(in, "a", "b") : gt(in, "b", "a");
                String red = "((" + isnan(in, "a") + " || " + better + ") ? a : b)";
                yield new ReductionSpec(
                        name,
                        xy,
                        CTypes.compute(in),
                        bytes(in),
                        x,
                        red,
                        post(in, out, "a"),
                        op == Reduction.MAX ? lowest(in) : highest(in),
                        false,
                        false,
                        pre,
                        List.of());
            }
            case NANMAX, NANMIN -> {
                if (!in.isInexact())
                    yield build(op == Reduction.NANMAX ? Reduction.MAX : Reduction.MIN, in, out, fp64, x);
                String better = op == Reduction.NANMAX ? gt(in, "b", "a") : gt(in, "a", "b");
                String red = "(" + isnan(in, "b") + " ? a : ((" + isnan(in, "a") + " || " + better + ") ? b : a))";
                yield new ReductionSpec(
                        name,
                        xy,
                        CTypes.compute(in),
                        bytes(in),
                        x,
                        red,
                        post(in, out, "a"),
                        nan(in),
                        false,
                        false,
                        pre,
                        List.of());
            }
            case ARGMAX, ARGMIN -> {
                String t = "nd_arg_" + tag(in), kind = op.numpyName().substring(3);
                String ident =
                        t + "_make(" + (op == Reduction.ARGMAX ? lowest(in) : highest(in)) + ", 9223372036854775807L)";
                yield new ReductionSpec(
                        name,
                        xy,
                        t,
                        argBytes(in),
                        t + "_make(" + x + ", (long)_j)",
                        t + "_" + kind + "(a, b)",
                        post(DType.INT64, out, "a.i"),
                        ident,
                        false,
                        true,
                        pre + argTypes(in),
                        List.of());
            }
            case ALL, ANY ->
                new ReductionSpec(
                        name,
                        xy,
                        "int",
                        4,
                        "(int)" + nonzero(in, x),
                        op == Reduction.ALL ? "(a && b)" : "(a || b)",
                        post(DType.INT32, out, "a"),
                        op == Reduction.ALL ? "1" : "0",
                        true,
                        false,
                        pre,
                        List.of());
            case COUNT_NONZERO ->
                new ReductionSpec(
                        name,
                        xy,
                        "long",
                        8,
                        "(long)" + nonzero(in, x),
                        "(a + b)",
                        post(DType.INT64, out, "a"),
                        "0",
                        true,
                        false,
                        pre,
                        List.of());
            case NORM -> throw new DTypeException("reduction: unknown operation '" + op.numpyName() + "'");
        };
    }

    private static String post(DType from, DType out, String expr) {
        return "y = " + CTypes.cast(from, out, expr) + ";";
    }
}
