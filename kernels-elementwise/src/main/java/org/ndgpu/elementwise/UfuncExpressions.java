package org.ndgpu.elementwise;

import org.ndgpu.codegen.CTypes;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;

/**
 * The C expression of each ufunc for one loop, written once against the preludes' names (the
 * nd_c64_* complex helpers, nd_floordiv_T, nd_mod_T, nd_pow_T, nd_lshift_T, ...), so it means
 * the same on OpenCL C and CUDA C. Operands arrive already converted to the loop's input types.
 */
final class UfuncExpressions {
    private UfuncExpressions() {}

    /** ufunc-helpers.h: the device functions of the few ufuncs whose rules do not fit an expression. */
    private static final String HELPERS = readHelpers();

    /**
     * The source a kernel of {@code ufunc} needs before its body: ufunc-helpers.h for the ufuncs that
     * call its functions, else nothing (every other kernel compiles without it).
     */
    static String preamble(Ufunc ufunc) {
        if (ufunc == null) return "";
        if (isSpecial(ufunc)) return SpecialFunctions.headerOf(ufunc);
        return switch (ufunc) {
            case LOGADDEXP, LOGADDEXP2, NEXTAFTER, FMOD, GCD, LCM, SINC, SPACING, BITWISE_COUNT, I0 -> HELPERS;
            default -> "";
        };
    }

    /** True for the scipy.special ufuncs, whose C is a call of special-functions.h's special_{name}. */
    static boolean isSpecial(Ufunc ufunc) {
        return ufunc.isSpecial();
    }

    static String readHelpers() {
        return read("ufunc-helpers.h");
    }

    static String read(String file) {
        try (var in = UfuncExpressions.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException(file + " is missing from the kernels-elementwise jar");
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The expression of {@code ufunc} over operands {@code v} of loop input types {@code in}: the
     * one-type expression below, except for NumPy's mixed comparison loops of uint64 with int64,
     * where C's conversion of the signed operand to unsigned would misorder negative values.
     */
    static String expr(Ufunc ufunc, DType[] in, DType out, String... v) {
        if (in.length == 2 && in[0] != in[1] && in[0].isInteger() && in[1].isInteger())
            return mixedSignCompare(ufunc, in[0], v[0], v[1]);
        return expr(ufunc, in[0], out, v);
    }

    /** A comparison of an unsigned with a signed integer (either order) by value: a negative one is below every unsigned one. */
    private static String mixedSignCompare(Ufunc ufunc, DType ta, String a, String b) {
        boolean aSigned = ta.isSigned();
        String neg = aSigned ? a : b; // the signed operand
        String cmp = "(ulong)" + a + " "
                + switch (ufunc) {
                    case EQUAL -> "==";
                    case NOT_EQUAL -> "!=";
                    case LESS -> "<";
                    case LESS_EQUAL -> "<=";
                    case GREATER -> ">";
                    case GREATER_EQUAL -> ">=";
                    default ->
                        throw new DTypeException(ufunc.numpyName() + ": no loop for a signed and an unsigned integer");
                }
                + " (ulong)" + b;
        // when the signed operand is negative, the result is what "signed < unsigned" makes of the operator
        boolean whenNegative = switch (ufunc) {
            case NOT_EQUAL -> true;
            case LESS, LESS_EQUAL -> aSigned;
            case GREATER, GREATER_EQUAL -> !aSigned;
            default -> false;
        };
        return "(" + neg + " < 0 ? " + (whenNegative ? "1" : "0") + " : (" + cmp + "))";
    }

    /**
     * The expression of {@code ufunc} over operands {@code v} of loop type {@code t} (the first
     * input's loop dtype; every input of the ufuncs here has one loop type) with result type {@code out}.
     */
    static String expr(Ufunc ufunc, DType t, DType out, String... v) {
        String a = v[0];
        String b = v.length > 1 ? v[1] : null;
        boolean cx = t.isComplex();
        String cp = t == DType.COMPLEX64 ? "nd_c64_" : "nd_c128_";
        String ct = CTypes.compute(t);
        boolean fl = t.isFloating();
        return switch (ufunc) {
            case ADD ->
                t.isBool()
                        ? "(" + a + " || " + b + ")"
                        : cx ? cp + "add(" + a + ", " + b + ")" : "(" + a + " + " + b + ")";
            case SUBTRACT -> cx ? cp + "sub(" + a + ", " + b + ")" : "(" + a + " - " + b + ")";
            case MULTIPLY ->
                t.isBool()
                        ? "(" + a + " && " + b + ")"
                        : cx ? cp + "mul(" + a + ", " + b + ")" : "(" + a + " * " + b + ")";
            case TRUE_DIVIDE -> cx ? cp + "div(" + a + ", " + b + ")" : "(" + a + " / " + b + ")";
            case FLOOR_DIVIDE -> "nd_floordiv_" + ct + "(" + a + ", " + b + ")";
            case REMAINDER -> "nd_mod_" + ct + "(" + a + ", " + b + ")";
            case POWER ->
                cx
                        ? cp + "pow(" + a + ", " + b + ")"
                        : fl ? "pow(" + a + ", " + b + ")" : "nd_pow_" + ct + "(" + a + ", " + b + ")";
            case MAXIMUM -> minmax(t, a, b, ">");
            case MINIMUM -> minmax(t, a, b, "<");
            case ARCTAN2 -> "atan2(" + a + ", " + b + ")";
            case HYPOT -> "hypot(" + a + ", " + b + ")";
            case EQUAL -> cx ? cp + "eq(" + a + ", " + b + ")" : "(" + a + " == " + b + ")";
            case NOT_EQUAL -> cx ? "!" + cp + "eq(" + a + ", " + b + ")" : "(" + a + " != " + b + ")";
            case LESS -> compare(cx, a, b, "<", false);
            case LESS_EQUAL -> compare(cx, a, b, "<", true);
            case GREATER -> compare(cx, a, b, ">", false);
            case GREATER_EQUAL -> compare(cx, a, b, ">", true);
            case LOGICAL_AND -> "(" + truth(t, a) + " && " + truth(t, b) + ")";
            case LOGICAL_OR -> "(" + truth(t, a) + " || " + truth(t, b) + ")";
            case LOGICAL_XOR -> "(" + truth(t, a) + " != " + truth(t, b) + ")";
            case LOGICAL_NOT -> "!" + truth(t, a);
            case BITWISE_AND -> "(" + a + " & " + b + ")";
            case BITWISE_OR -> "(" + a + " | " + b + ")";
            case BITWISE_XOR -> "(" + a + " ^ " + b + ")";
            case INVERT -> t.isBool() ? "!" + a : "~" + a;
            case LEFT_SHIFT -> "nd_lshift_" + ct + "(" + a + ", " + b + ")";
            case RIGHT_SHIFT -> "nd_rshift_" + ct + "(" + a + ", " + b + ")";
            case NEGATIVE -> cx ? cp + "neg(" + a + ")" : "(-" + a + ")";
            case ABSOLUTE ->
                cx
                        ? cp + "abs(" + a + ")"
                        : fl ? "fabs(" + a + ")" : t.isSigned() ? "(" + a + " < 0 ? -" + a + " : " + a + ")" : a;
            // floats: NaN stays NaN, and both zeros give +0 (NumPy: sign(-0.0) is 0.0)
            case SIGN ->
                cx
                        ? cp + "sign(" + a + ")"
                        : fl
                                ? "(" + a + " > 0 ? 1 : (" + a + " < 0 ? -1 : (" + a + " == 0 ? 0 : " + a + ")))"
                                : t.isSigned() ? "((" + a + " > 0) - (" + a + " < 0))" : "(" + a + " > 0)";
            case SQUARE -> cx ? cp + "square(" + a + ")" : "(" + a + " * " + a + ")";
            case RECIPROCAL ->
                cx ? cp + "reciprocal(" + a + ")" : fl ? "(1 / " + a + ")" : "(" + a + " == 0 ? 0 : 1 / " + a + ")";
            case CONJUGATE -> cx ? cp + "conj(" + a + ")" : a;
            case FLOOR, CEIL, RINT, TRUNC -> fl ? ufunc.numpyName() + "(" + a + ")" : a;
            case ISNAN, ISINF, ISFINITE ->
                cx
                        ? cp + ufunc.numpyName() + "(" + a + ")"
                        : fl ? "(nd_bool)" + ufunc.numpyName() + "(" + a + ")" : ufunc == Ufunc.ISFINITE ? "1" : "0";
            case EXP, LOG, SQRT -> cx ? cp + ufunc.numpyName() + "(" + a + ")" : ufunc.numpyName() + "(" + a + ")";
            case EXPM1, LOG1P, LOG2, LOG10, SIN, COS, TAN, SINH, COSH, TANH ->
                cx ? cp + ufunc.numpyName() + "(" + a + ")" : ufunc.numpyName() + "(" + a + ")";
            case CBRT -> real(ufunc, t, "cbrt(" + a + ")");
            case ARCSIN -> cx ? cp + "asin(" + a + ")" : "asin(" + a + ")";
            case ARCCOS -> cx ? cp + "acos(" + a + ")" : "acos(" + a + ")";
            case ARCTAN -> cx ? cp + "atan(" + a + ")" : "atan(" + a + ")";
            case ARCSINH -> cx ? cp + "asinh(" + a + ")" : "asinh(" + a + ")";
            case ARCCOSH -> cx ? cp + "acosh(" + a + ")" : "acosh(" + a + ")";
            case ARCTANH -> cx ? cp + "atanh(" + a + ")" : "atanh(" + a + ")";
            case EXP2 -> cx ? cp + "exp2(" + a + ")" : "exp2(" + a + ")";
            // NumPy: x * (pi / 180) and x * (180 / pi), in the loop's type
            case DEG2RAD -> "(" + a + " * (" + ct + ")0.017453292519943295769236907684886127)";
            case RAD2DEG -> "(" + a + " * (" + ct + ")57.295779513082320876798154814105170332)";
            case SIGNBIT -> "(signbit(" + a + ") != 0)";
            case POSITIVE -> a;
            case LOGADDEXP, LOGADDEXP2 -> "nd_" + ufunc.numpyName() + "_" + ct + "(" + a + ", " + b + ")";
            case FMOD -> fl ? "fmod(" + a + ", " + b + ")" : "nd_fmod_" + ct + "(" + a + ", " + b + ")";
            case COPYSIGN -> "copysign(" + a + ", " + b + ")";
            case FMAX -> fminmax(t, a, b, ">");
            case FMIN -> fminmax(t, a, b, "<");
            // NumPy: NaN for NaN, h at 0, else 0 or 1
            case HEAVISIDE ->
                "(isnan(" + a + ") ? " + a + " : (" + a + " == 0 ? " + b + " : (" + ct + ")(" + a + " > 0)))";
            case NEXTAFTER ->
                t == DType.FLOAT16 ? "nd_nextafter_half(" + a + ", " + b + ")" : "nextafter(" + a + ", " + b + ")";
            case FLOAT_POWER -> cx ? cp + "pow(" + a + ", " + b + ")" : "pow(" + a + ", " + b + ")";
            case GCD, LCM -> "nd_" + ufunc.numpyName() + "_" + ct + "(" + a + ", " + b + ")";
            // NumPy's int64 exponent loop clamps to the int range before calling ldexp
            case LDEXP ->
                "ldexp(" + a + ", (int)(" + b + " > 2147483647 ? 2147483647 : (" + b
                        + " < -2147483647 - 1 ? -2147483647 - 1 : " + b + ")))";
            // numpy.sinc as NumPy computes it: y = pi * x in the loop's type, then sin(y) / y, 1 where y is 0;
            // float16 rounds y and sin(y) to half as NumPy's half loops do
            case SINC ->
                real(
                        ufunc,
                        t,
                        t == DType.FLOAT16
                                ? "nd_sinc_half(" + a + ")"
                                : "((" + ct + ")3.141592653589793 * " + a + " == 0 ? (" + ct + ")1 : sin((" + ct
                                        + ")3.141592653589793 * " + a + ") / ((" + ct + ")3.141592653589793 * " + a
                                        + "))");
            // fabs and spacing have float loops only (NumPy's own type resolution): integers arrive as floats
            case FABS -> "fabs(" + a + ")";
            case SPACING -> t == DType.FLOAT16 ? "nd_spacing_half(" + a + ")" : "nd_spacing_" + ct + "(" + a + ")";
            case BITWISE_COUNT ->
                t.isSigned()
                        ? "nd_popcount(" + a + " < 0 ? (ulong)0 - (ulong)" + a + " : (ulong)" + a + ")"
                        : "nd_popcount((ulong)" + a + ")";
            // numpy.i0 in double, rounded to the loop's type (NumPy's float32 and float16 steps round each term)
            case I0 -> "(" + ct + ")nd_i0((double)" + a + ")";
            case ISPOSINF, ISNEGINF ->
                fl
                        ? "(nd_bool)(isinf(" + a + ") && " + (ufunc == Ufunc.ISNEGINF ? "" : "!") + "signbit(" + a
                                + "))"
                        : "0";
            // SciPy computes these three in the loop's own type, the others in double, rounded once
            case EXPIT, LOGIT, LOG_EXPIT ->
                "special_" + ufunc.numpyName() + (t == DType.FLOAT32 ? "f" : "") + "(" + a + ")";
            // float forms within docs/special.md's float32 bound of SciPy's double result, as the double
            // functions are many times slower on a GPU (special-functions.h)
            case ERFINV, ERFCINV, NDTRI, GAMMALN, LOGGAMMA, I0E ->
                t == DType.FLOAT32 ? "special_" + ufunc.numpyName() + "f(" + a + ")" : special(ufunc, t, v);
            case ERF,
                    ERFC,
                    ERFCX,
                    XLOGY,
                    XLOG1PY,
                    ENTR,
                    REL_ENTR,
                    KL_DIV,
                    NDTR,
                    LOG_NDTR,
                    GAMMA,
                    DIGAMMA,
                    BETA,
                    BETALN,
                    I1,
                    I1E,
                    J0,
                    J1,
                    Y0,
                    Y1,
                    K0,
                    K1,
                    ZETA,
                    POLYGAMMA,
                    GAMMAINC,
                    GAMMAINCC,
                    GAMMAINCINV,
                    COSM1,
                    EXPREL,
                    POWM1,
                    BOXCOX,
                    BOXCOX1P,
                    INV_BOXCOX,
                    INV_BOXCOX1P,
                    BETAINC,
                    JV,
                    JN,
                    YV,
                    IV,
                    KV,
                    JVE,
                    YVE,
                    IVE,
                    KVE,
                    YN,
                    KN,
                    SPHERICAL_JN,
                    SPHERICAL_YN,
                    SPHERICAL_JN_D,
                    SPHERICAL_YN_D,
                    SPHERICAL_IN,
                    SPHERICAL_IN_D,
                    SPHERICAL_KN,
                    SPHERICAL_KN_D -> special(ufunc, t, v);
            case FREXP, MODF, DIVMOD ->
                throw new DTypeException(ufunc.numpyName() + ": a ufunc of two outputs has no single expression");
            case REAL, IMAG, CLIP ->
                throw new DTypeException(ufunc.numpyName() + ": not an elementwise operation of ndgpu");
        };
    }

    /**
     * The statements of a two-output ufunc over operands {@code v} of loop type {@code t}, declaring
     * its results {@code _r0} and {@code _r1} in the loop's output types: frexp (mantissa, int32
     * exponent, NumPy's (x, 0) for 0, inf and NaN), modf (fractional part with x's sign, integral
     * part), divmod (floor_divide and remainder, NumPy's own pair).
     */
    static String pair(Ufunc ufunc, DType t, String... v) {
        String a = v[0], ct = CTypes.compute(t);
        return switch (ufunc) {
            case FREXP ->
                "int _e = 0;\n" + ct + " _r0 = " + a + ";\n" + "if (" + a + " != 0 && isfinite(" + a + ")) _r0 = frexp("
                        + a + ", &_e);\nconst int _r1 = _e;";
            case MODF ->
                "const " + ct + " _r1 = trunc(" + a + ");\n" + "const " + ct + " _r0 = isinf(" + a + ") ? copysign(("
                        + ct + ")0, " + a + ") : copysign(" + a + " - _r1, " + a + ");";
            case DIVMOD ->
                "const " + ct + " _r0 = " + expr(Ufunc.FLOOR_DIVIDE, t, t, a, v[1]) + ";\n" + "const " + ct + " _r1 = "
                        + expr(Ufunc.REMAINDER, t, t, a, v[1]) + ";";
            default -> throw new DTypeException(ufunc.numpyName() + ": not a ufunc of two outputs");
        };
    }

    /** A call of special_{name} in double; a float32 loop converts its operands and rounds the result once. */
    private static String special(Ufunc ufunc, DType t, String... v) {
        boolean f32 = t == DType.FLOAT32;
        var call = new StringBuilder(f32 ? "(float)special_" : "special_")
                .append(ufunc.numpyName())
                .append('(');
        for (int k = 0; k < v.length; k++) {
            if (k > 0) call.append(", ");
            call.append(f32 ? "(double)" : "").append(v[k]);
        }
        return call.append(')').toString();
    }

    private static String real(Ufunc ufunc, DType t, String e) {
        if (t.isComplex()) {
            throw new DTypeException(ufunc.numpyName()
                    + ": complex input is not supported by ndgpu yet (arithmetic, comparisons, abs, power, the"
                    + " exponentials, logarithms, trigonometric and hyperbolic functions and their inverses are); got "
                    + t);
        }
        return e;
    }

    /** NumPy's maximum/minimum: NaN propagates; complex compares lexicographically. */
    private static String minmax(DType t, String a, String b, String op) {
        if (t.isBool()) return op.equals(">") ? "(" + a + " || " + b + ")" : "(" + a + " && " + b + ")";
        if (t.isComplex()) {
            // NumPy's complex maximum: a when a holds a NaN or CGE(a, b), else b (so b's NaN comes through)
            return "((isnan(" + a + ".x) || isnan(" + a + ".y) || " + complexOrder(a, b, op, true) + ") ? " + a + " : "
                    + b + ")";
        }
        if (t.isFloating()) return "((" + a + " " + op + "= " + b + " || isnan(" + a + ")) ? " + a + " : " + b + ")";
        return "(" + a + " " + op + " " + b + " ? " + a + " : " + b + ")";
    }

    /** NumPy's fmax/fmin: a NaN operand gives the other one (NaN only when both are); complex compares lexicographically. */
    private static String fminmax(DType t, String a, String b, String op) {
        if (t.isComplex()) {
            // NumPy's complex fmax: a when b holds a NaN or CGE(a, b), else b (so a's NaN gives b)
            return "((isnan(" + b + ".x) || isnan(" + b + ".y) || " + complexOrder(a, b, op, true) + ") ? " + a + " : "
                    + b + ")";
        }
        if (t.isFloating()) return (op.equals(">") ? "fmax(" : "fmin(") + a + ", " + b + ")";
        return minmax(t, a, b, op);
    }

    private static String compare(boolean cx, String a, String b, String op, boolean orEqual) {
        if (!cx) return "(" + a + " " + op + (orEqual ? "=" : "") + " " + b + ")";
        return complexOrder(a, b, op, orEqual);
    }

    /**
     * NumPy's complex order (CGT, CGE, CLT, CLE of its loops): the real parts decide only where neither
     * imaginary part is NaN, equal real parts go by the imaginary ones; so any NaN compares false.
     */
    private static String complexOrder(String a, String b, String op, boolean orEqual) {
        return "((" + a + ".x " + op + " " + b + ".x && !isnan(" + a + ".y) && !isnan(" + b + ".y)) || (" + a + ".x == "
                + b + ".x && " + a + ".y " + op + (orEqual ? "=" : "") + " " + b + ".y))";
    }

    /** A value's truth, as NumPy's bool(): nonzero (either part, for complex). */
    static String truth(DType t, String a) {
        return t.isComplex() ? "(" + a + ".x != 0 || " + a + ".y != 0)" : "(" + a + " != 0)";
    }
}
