package org.ndgpu.elementwise;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;

/**
 * The device kernels of datetime64 and timedelta64: unit conversions (a multiplication or a floor
 * division by a factor the host computes, or the proleptic Gregorian calendar between days and
 * months) and the NaT-aware arithmetic the ufuncs run. Every kernel works on the int64 storage
 * (an {@link NDArray#viewAs(DType)} of the operands); NaT is int64's minimum and propagates.
 */
final class TimeKernels {
    private TimeKernels() {}

    /** NaT in kernel source. */
    static final String NAT = "(-9223372036854775807L - 1L)";

    private static final String SCALED = "const int xn = x == " + NAT + "; const int yn = y == " + NAT + ";\n"
            + "const int64 xs = x * fx; const int64 ys = y * fy;\n";

    // floor(x / f) for f > 0, without overflow (x is not NaT)
    private static final String FLOOR_DIV = "(x >= 0 ? x / f : -((-x - 1) / f) - 1)";

    static final ElementwiseKernel SCALE_UP = new ElementwiseKernel(
            "int64 x, int64 f", "int64 z", "z = x == " + NAT + " ? " + NAT + " : x * f", "nd_time_scale_up");

    static final ElementwiseKernel SCALE_DOWN = new ElementwiseKernel(
            "int64 x, int64 f", "int64 z", "z = x == " + NAT + " ? " + NAT + " : " + FLOOR_DIV, "nd_time_scale_down");

    // floor(x * num / den): NumPy's conversion of timedeltas between years or months and the fixed units
    static final ElementwiseKernel RATIO = new ElementwiseKernel(
            "int64 x, int64 num, int64 den",
            "int64 z",
            "if (x == " + NAT + ") { z = " + NAT + "; } else { const int64 p = x * num;"
                    + " z = p >= 0 ? p / den : -((-p - 1) / den) - 1; }",
            "nd_time_ratio");

    // NumPy's average year and month in seconds (400 Gregorian years are 146097 days)
    private static final long YEAR_SECONDS = 146097L * 86400 / 400, MONTH_SECONDS = YEAR_SECONDS / 12;

    // months since 1970-01 (x times months per unit) to days since 1970-01-01: H. Hinnant's days_from_civil
    static final ElementwiseKernel MONTHS_TO_DAYS = new ElementwiseKernel(
            "int64 x, int64 f",
            "int64 z",
            "if (x == " + NAT + ") { z = " + NAT + "; } else {\n"
                    + "const int64 mo = x * f;\n"
                    + "const int64 yq = mo >= 0 ? mo / 12 : -((-mo - 1) / 12) - 1;\n"
                    + "int64 yr = 1970 + yq; const int64 mth = mo - yq * 12 + 1;\n"
                    + "yr -= mth <= 2 ? 1 : 0;\n"
                    + "const int64 era = (yr >= 0 ? yr : yr - 399) / 400;\n"
                    + "const int64 yoe = yr - era * 400;\n"
                    + "const int64 doy = (153 * (mth > 2 ? mth - 3 : mth + 9) + 2) / 5;\n"
                    + "const int64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;\n"
                    + "z = era * 146097 + doe - 719468; }",
            "nd_time_months_to_days");

    // days since 1970-01-01 to whole units of f months since 1970-01: civil_from_days, then a floor division
    static final ElementwiseKernel DAYS_TO_MONTHS = new ElementwiseKernel(
            "int64 x, int64 f",
            "int64 z",
            "if (x == " + NAT + ") { z = " + NAT + "; } else {\n"
                    + "const int64 d = x + 719468;\n"
                    + "const int64 era = (d >= 0 ? d : d - 146096) / 146097;\n"
                    + "const int64 doe = d - era * 146097;\n"
                    + "const int64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;\n"
                    + "const int64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);\n"
                    + "const int64 mp = (5 * doy + 2) / 153;\n"
                    + "const int64 mth = mp < 10 ? mp + 3 : mp - 9;\n"
                    + "const int64 yr = yoe + era * 400 + (mth <= 2 ? 1 : 0);\n"
                    + "const int64 mo = (yr - 1970) * 12 + mth - 1;\n"
                    + "z = mo >= 0 ? mo / f : -((-mo - 1) / f) - 1; }",
            "nd_time_days_to_months");

    // a float to a count of units: truncation, as a C cast; NaN and infinities are NaT
    static final ElementwiseKernel FROM_FLOAT = new ElementwiseKernel(
            "float64 x", "int64 z", "z = (x != x || x - x != 0) ? " + NAT + " : (int64) x", "nd_time_from_float");

    /** x + y and x - y (s = 1 or -1) of counts scaled to one unit; NaT propagates. */
    static final ElementwiseKernel ADD = binary("int64", "z = (xn || yn) ? " + NAT + " : xs + s * ys", "add");

    /** NumPy's maximum, minimum (NaT propagates) and fmax, fmin (NaT ignored unless both are). */
    static final ElementwiseKernel MAXIMUM =
            binary("int64", "z = (xn || yn) ? " + NAT + " : (xs > ys ? xs : ys)", "maximum");

    static final ElementwiseKernel MINIMUM =
            binary("int64", "z = (xn || yn) ? " + NAT + " : (xs < ys ? xs : ys)", "minimum");

    static final ElementwiseKernel FMAX =
            binary("int64", "z = xn ? (yn ? " + NAT + " : ys) : (yn ? xs : (xs > ys ? xs : ys))", "fmax");

    static final ElementwiseKernel FMIN =
            binary("int64", "z = xn ? (yn ? " + NAT + " : ys) : (yn ? xs : (xs < ys ? xs : ys))", "fmin");

    /** numpy.clip of counts in one unit: minimum(maximum(x, lo), hi), NaT where any is NaT. */
    static final ElementwiseKernel CLIP = new ElementwiseKernel(
            "int64 x, int64 lo, int64 hi",
            "int64 z",
            "if (x == " + NAT + " || lo == " + NAT + " || hi == " + NAT + ") { z = " + NAT + "; } else {"
                    + " const int64 y = x < lo ? lo : x; z = y < hi ? y : hi; }",
            "nd_time_clip");

    /** timedelta / timedelta: float64, NaN where either is NaT. */
    static final ElementwiseKernel TRUE_DIVIDE =
            binary("float64", "z = (xn || yn) ? (0.0 / 0.0) : (float64) xs / (float64) ys", "true_divide");

    /** timedelta // timedelta: int64, floored; 0 where either is NaT or the divisor is 0, as NumPy. */
    static final ElementwiseKernel FLOOR_DIVIDE = binary(
            "int64",
            "if (xn || yn || ys == 0) { z = 0; } else { int64 q = xs / ys;"
                    + " if (xs % ys != 0 && ((xs < 0) != (ys < 0))) q -= 1; z = q; }",
            "floor_divide");

    /** timedelta % timedelta: the sign of the divisor, as Python; NaT where either is NaT or the divisor is 0. */
    static final ElementwiseKernel REMAINDER = binary(
            "int64",
            "if (xn || yn || ys == 0) { z = " + NAT + "; } else { int64 r = xs % ys;"
                    + " if (r != 0 && ((r < 0) != (ys < 0))) r += ys; z = r; }",
            "remainder");

    /** The comparisons of counts scaled to one unit: false where either is NaT ({@code !=}: true). */
    static final ElementwiseKernel EQUAL = compare("==", "equal"),
            NOT_EQUAL = compare("!=", "not_equal"),
            LESS = compare("<", "less"),
            LESS_EQUAL = compare("<=", "less_equal"),
            GREATER = compare(">", "greater"),
            GREATER_EQUAL = compare(">=", "greater_equal");

    private static ElementwiseKernel compare(String cOp, String name) {
        String nat = cOp.equals("!=") ? "1" : "0";
        return binary("bool", "z = (xn || yn) ? " + nat + " : (xs " + cOp + " ys)", name);
    }

    /** timedelta times or divided by a number (float64), truncated; NaN, infinite or NaT gives NaT. */
    static final ElementwiseKernel SCALE_BY_FLOAT = new ElementwiseKernel(
            "int64 x, float64 y, int32 divide",
            "int64 z",
            "const float64 p = divide ? (float64) x / y : (float64) x * y;\n" + "z = (x == " + NAT
                    + " || p != p || p - p != 0) ? " + NAT + " : (int64) p",
            "nd_time_scale_by_float");

    /** timedelta times or divided (truncated, as NumPy) by an integer; NaT, or division by 0, gives NaT. */
    static final ElementwiseKernel SCALE_BY_INT = new ElementwiseKernel(
            "int64 x, int64 y, int32 divide",
            "int64 z",
            "z = (x == " + NAT + " || (divide && y == 0)) ? " + NAT + " : (divide ? x / y : x * y)",
            "nd_time_scale_by_int");

    /** -x and |x|; NaT stays NaT. */
    static final ElementwiseKernel NEGATIVE =
            new ElementwiseKernel("int64 x", "int64 z", "z = x == " + NAT + " ? x : -x", "nd_time_negative");

    static final ElementwiseKernel ABSOLUTE = new ElementwiseKernel(
            "int64 x", "int64 z", "z = (x == " + NAT + " || x >= 0) ? x : -x", "nd_time_absolute");

    /** numpy.isnat on the int64 storage. */
    static final ElementwiseKernel ISNAT =
            new ElementwiseKernel("int64 x", "bool z", "z = x == " + NAT, "nd_time_isnat");

    /** The order key that sorts NaT last (x - 1 with wrap-around: NaT becomes int64's maximum), and its inverse. */
    static final ElementwiseKernel SORT_KEY =
            new ElementwiseKernel("int64 x", "int64 z", "z = (int64) ((uint64) x - (uint64) 1)", "nd_time_sort_key");

    static final ElementwiseKernel FROM_SORT_KEY = new ElementwiseKernel(
            "int64 x", "int64 z", "z = (int64) ((uint64) x + (uint64) 1)", "nd_time_from_sort_key");

    private static ElementwiseKernel binary(String outType, String body, String name) {
        return new ElementwiseKernel(
                "int64 x, int64 y, int64 fx, int64 fy, int64 s", outType + " z", SCALED + body, "nd_time_" + name);
    }

    // num/den with from-count * num / den = to-count, one of the units years or months, the other fixed
    private static long[] averageRatio(DateUnit from, DateUnit to) {
        boolean toFixed = to.isLinear();
        DateUnit cal = toFixed ? from : to, fixed = toFixed ? to : from;
        long calSeconds = cal == DateUnit.Y ? YEAR_SECONDS : MONTH_SECONDS;
        long num, den; // calendar units to fixed units
        if (fixed.ordinal() >= DateUnit.s.ordinal()) {
            num = Math.multiplyExact(calSeconds, DateUnit.s.factor(fixed));
            den = 1;
        } else {
            num = calSeconds;
            den = fixed.factor(DateUnit.s);
        }
        long g = java.math.BigInteger.valueOf(num)
                .gcd(java.math.BigInteger.valueOf(den))
                .longValue();
        return toFixed ? new long[] {num / g, den / g} : new long[] {den / g, num / g};
    }

    /** The int64 storage of a datetime or timedelta array (a view, no copy). */
    static NDArray raw(NDArray a) {
        return a.viewAs(DType.INT64);
    }

    /** Converts the counts of {@code x} (int64 storage, datetime when {@code datetime}) from unit {@code from} to {@code to}. */
    static NDArray convert(NDArray x, DateUnit from, DateUnit to, boolean datetime, String op) {
        if (from == to || from == DateUnit.GENERIC) return x;
        if (!datetime && from.isCalendar() != to.isCalendar() && to != DateUnit.GENERIC) {
            // a timedelta of years or months is an average length, as NumPy's astype
            long[] r = averageRatio(from, to);
            return RATIO.call(x, r[0], r[1]);
        }
        if (from.isCalendar() && to.isLinear()) {
            NDArray days = MONTHS_TO_DAYS.call(x, from == DateUnit.Y ? 12L : 1L);
            return convert(days, DateUnit.D, to, true, op);
        }
        if (from.isLinear() && to.isCalendar()) {
            NDArray days = convert(x, from, DateUnit.D, true, op);
            return DAYS_TO_MONTHS.call(days, to == DateUnit.Y ? 12L : 1L);
        }
        if (to == DateUnit.GENERIC)
            throw new org.ndgpu.exceptions.DTypeException(
                    op + ": expected a unit to convert " + from + " counts to, got generic");
        if (from.ordinal() < to.ordinal()) return SCALE_UP.call(x, from.factor(to));
        return SCALE_DOWN.call(x, to.factor(from));
    }
}
