package org.ndgpu.elementwise;

import org.ndgpu.DTypeException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.ndarray.DType;

/**
 * The C expression of each ufunc for one loop, written once against the preludes' names (the
 * nd_c64_* complex helpers, nd_floordiv_T, nd_mod_T, nd_pow_T, nd_lshift_T, ...), so it means
 * the same on OpenCL C and CUDA C. Operands arrive already converted to the loop's input types.
 */
final class UfuncSnippets {
    private UfuncSnippets() { }

    /**
     * The expression of {@code ufunc} over operands {@code v} of loop type {@code t} (the first
     * input's loop dtype; every input of the ufuncs here has one loop type) with result type {@code out}.
     */
    static String expr(String ufunc, DType t, DType out, String... v) {
        String a = v[0];
        String b = v.length > 1 ? v[1] : null;
        boolean cx = t.isComplex();
        String cp = t == DType.COMPLEX64 ? "nd_c64_" : "nd_c128_";
        String ct = CTypes.compute(t);
        boolean fl = t.isFloating();
        return switch (ufunc) {
            case "add" -> t.isBool() ? "(" + a + " || " + b + ")" : cx ? cp + "add(" + a + ", " + b + ")" : "(" + a + " + " + b + ")";
            case "subtract" -> cx ? cp + "sub(" + a + ", " + b + ")" : "(" + a + " - " + b + ")";
            case "multiply" -> t.isBool() ? "(" + a + " && " + b + ")" : cx ? cp + "mul(" + a + ", " + b + ")" : "(" + a + " * " + b + ")";
            case "true_divide" -> cx ? cp + "div(" + a + ", " + b + ")" : "(" + a + " / " + b + ")";
            case "floor_divide" -> "nd_floordiv_" + ct + "(" + a + ", " + b + ")";
            case "remainder" -> "nd_mod_" + ct + "(" + a + ", " + b + ")";
            case "power" -> cx ? cp + "pow(" + a + ", " + b + ")" : fl ? "pow(" + a + ", " + b + ")" : "nd_pow_" + ct + "(" + a + ", " + b + ")";
            case "maximum" -> minmax(t, a, b, ">");
            case "minimum" -> minmax(t, a, b, "<");
            case "arctan2" -> "atan2(" + a + ", " + b + ")";
            case "hypot" -> "hypot(" + a + ", " + b + ")";
            case "equal" -> cx ? cp + "eq(" + a + ", " + b + ")" : "(" + a + " == " + b + ")";
            case "not_equal" -> cx ? "!" + cp + "eq(" + a + ", " + b + ")" : "(" + a + " != " + b + ")";
            case "less" -> compare(cx, a, b, "<", false);
            case "less_equal" -> compare(cx, a, b, "<", true);
            case "greater" -> compare(cx, a, b, ">", false);
            case "greater_equal" -> compare(cx, a, b, ">", true);
            case "logical_and" -> "(" + truth(t, a) + " && " + truth(t, b) + ")";
            case "logical_or" -> "(" + truth(t, a) + " || " + truth(t, b) + ")";
            case "logical_xor" -> "(" + truth(t, a) + " != " + truth(t, b) + ")";
            case "logical_not" -> "!" + truth(t, a);
            case "bitwise_and" -> "(" + a + " & " + b + ")";
            case "bitwise_or" -> "(" + a + " | " + b + ")";
            case "bitwise_xor" -> "(" + a + " ^ " + b + ")";
            case "invert" -> t.isBool() ? "!" + a : "~" + a;
            case "left_shift" -> "nd_lshift_" + ct + "(" + a + ", " + b + ")";
            case "right_shift" -> "nd_rshift_" + ct + "(" + a + ", " + b + ")";
            case "negative" -> cx ? cp + "neg(" + a + ")" : "(-" + a + ")";
            case "absolute" -> cx ? cp + "abs(" + a + ")" : fl ? "fabs(" + a + ")"
                    : t.isSigned() ? "(" + a + " < 0 ? -" + a + " : " + a + ")" : a;
            // floats: NaN stays NaN, and both zeros give +0 (NumPy: sign(-0.0) is 0.0)
            case "sign" -> cx ? cp + "sign(" + a + ")" : fl ? "(" + a + " > 0 ? 1 : (" + a + " < 0 ? -1 : (" + a + " == 0 ? 0 : " + a + ")))"
                    : t.isSigned() ? "((" + a + " > 0) - (" + a + " < 0))" : "(" + a + " > 0)";
            case "square" -> cx ? cp + "square(" + a + ")" : "(" + a + " * " + a + ")";
            case "reciprocal" -> cx ? cp + "reciprocal(" + a + ")" : fl ? "(1 / " + a + ")" : "(" + a + " == 0 ? 0 : 1 / " + a + ")";
            case "conjugate" -> cx ? cp + "conj(" + a + ")" : a;
            case "floor", "ceil", "rint", "trunc" -> fl ? ufunc + "(" + a + ")" : a;
            case "isnan", "isinf", "isfinite" -> cx ? cp + ufunc + "(" + a + ")" : fl ? "(nd_bool)" + ufunc + "(" + a + ")"
                    : ufunc.equals("isfinite") ? "1" : "0";
            case "exp", "log", "sqrt" -> cx ? cp + ufunc + "(" + a + ")" : ufunc + "(" + a + ")";
            case "expm1", "log1p", "log2", "log10", "cbrt", "sin", "cos", "tan", "sinh", "cosh", "tanh" -> real(ufunc, t, ufunc + "(" + a + ")");
            case "arcsin" -> real(ufunc, t, "asin(" + a + ")");
            case "arccos" -> real(ufunc, t, "acos(" + a + ")");
            case "arctan" -> real(ufunc, t, "atan(" + a + ")");
            default -> throw new DTypeException(ufunc + ": not an elementwise operation of ndgpu");
        };
    }

    private static String real(String ufunc, DType t, String e) {
        if (t.isComplex()) {
            throw new DTypeException(ufunc + ": complex input is not supported by ndgpu yet (exp, log, sqrt, arithmetic, abs,"
                    + " power and comparisons are); got " + t);
        }
        return e;
    }

    /** NumPy's maximum/minimum: NaN propagates; complex compares lexicographically. */
    private static String minmax(DType t, String a, String b, String op) {
        if (t.isBool()) return op.equals(">") ? "(" + a + " || " + b + ")" : "(" + a + " && " + b + ")";
        if (t.isComplex()) {
            return "((" + a + ".x " + op + " " + b + ".x || (" + a + ".x == " + b + ".x && " + a + ".y " + op + "= " + b + ".y)"
                    + " || isnan(" + a + ".x) || isnan(" + a + ".y)) ? " + a + " : " + b + ")";
        }
        if (t.isFloating()) return "((" + a + " " + op + "= " + b + " || isnan(" + a + ")) ? " + a + " : " + b + ")";
        return "(" + a + " " + op + " " + b + " ? " + a + " : " + b + ")";
    }

    private static String compare(boolean cx, String a, String b, String op, boolean orEqual) {
        if (!cx) return "(" + a + " " + op + (orEqual ? "=" : "") + " " + b + ")";
        return "(" + a + ".x " + op + " " + b + ".x || (" + a + ".x == " + b + ".x && " + a + ".y " + op + (orEqual ? "=" : "")
                + " " + b + ".y))";
    }

    /** A value's truth, as NumPy's bool(): nonzero (either part, for complex). */
    static String truth(DType t, String a) {
        return t.isComplex() ? "(" + a + ".x != 0 || " + a + ".y != 0)" : "(" + a + " != 0)";
    }
}
