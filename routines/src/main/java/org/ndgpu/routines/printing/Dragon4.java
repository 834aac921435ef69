package org.ndgpu.routines.printing;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Float to text exactly as NumPy's {@code dragon4_positional} and {@code dragon4_scientific} do
 * (numpy/_core/src/multiarray/dragon4.c) in "unique" digit mode: the shortest digits that read back
 * as the same value of the array's own float type (half, single or double), cut off at a maximum
 * and extended to a minimum number of digits by correctly rounding the exact binary value, then
 * trimmed and padded.
 *
 * <p>The shortest digits come from Java's {@link Double#toString}/{@link Float#toString} (shortest
 * and closest since JDK 19, as Dragon4's), corrected where Java keeps two digits although one
 * suffices (4.9E-324, which NumPy prints as 5e-324); float16 uses a direct shortest search.
 *
 * <pre>{@code
 * Dragon4.positional(0.1 + 0.2, Dragon4.Kind.DOUBLE, 8, 0, Dragon4.Trim.ZEROS, false, -1, -1); // "0.3"
 * }</pre>
 */
final class Dragon4 {
    /** The binary format a value came from: it decides which digits are "shortest". */
    enum Kind {
        HALF,
        SINGLE,
        DOUBLE
    }

    /** NumPy's trim modes: 'k' keep zeros, '.' trim zeros keep the point, '0' leave one zero, '-' trim point too. */
    enum Trim {
        NONE,
        ZEROS,
        ONE_ZERO,
        DPT_ZEROS
    }

    /** A positive decimal d1.d2d3... * 10^exp; "0" with exp 0 for zero. Trailing zeros are kept. */
    record Digits(String digits, int exp) {}

    private Dragon4() {}

    static String positional(
            double v, Kind kind, int precision, int minDigits, Trim trim, boolean plus, int padLeft, int padRight) {
        if (!Double.isFinite(v)) return infNan(v, plus);
        String sign = signOf(v, plus);
        Digits d = digits(Math.abs(v), kind, false, precision, minDigits);
        StringBuilder b = new StringBuilder(sign);
        String ds = d.digits();
        int p = d.exp(), whole, frac;
        if (p >= 0) {
            whole = p + 1;
            if (ds.length() <= whole) {
                b.append(ds).append("0".repeat(whole - ds.length()));
                frac = 0;
            } else {
                b.append(ds, 0, whole).append('.').append(ds, whole, ds.length());
                frac = ds.length() - whole;
            }
        } else {
            b.append("0.").append("0".repeat(-(p + 1))).append(ds);
            frac = ds.length() - (p + 1);
            whole = 1;
        }
        if (trim != Trim.DPT_ZEROS && frac == 0) b.append('.');
        frac = trimAndFill(b, frac, Math.max(0, minDigits), trim);
        if (trim == Trim.DPT_ZEROS && frac == 0 && b.charAt(b.length() - 1) == '.') b.setLength(b.length() - 1);
        if (padRight >= frac) {
            if (trim == Trim.DPT_ZEROS && frac == 0) b.append(' ');
            b.append(" ".repeat(padRight - frac));
        }
        if (padLeft > whole + sign.length()) b.insert(0, " ".repeat(padLeft - whole - sign.length()));
        return b.toString();
    }

    static String scientific(
            double v, Kind kind, int precision, int minDigits, Trim trim, boolean plus, int padLeft, int expDigits) {
        if (!Double.isFinite(v)) return infNan(v, plus);
        String sign = signOf(v, plus);
        Digits d = digits(Math.abs(v), kind, true, precision, minDigits);
        StringBuilder b = new StringBuilder();
        if (padLeft > 1 + sign.length()) b.append(" ".repeat(padLeft - 1 - sign.length()));
        b.append(sign).append(d.digits().charAt(0));
        int frac = d.digits().length() - 1;
        if (frac > 0) b.append('.').append(d.digits(), 1, d.digits().length());
        if (trim != Trim.DPT_ZEROS && frac == 0) b.append('.');
        trimAndFill(b, frac, Math.max(0, minDigits), trim);
        // dragon4.c keeps a '.' left bare by trimming in scientific DptZeros mode; only
        // rounding could produce one, and NumPy never asks for that combination
        int e = d.exp();
        String ed = Integer.toString(Math.abs(e));
        int width = expDigits < 0 ? 2 : Math.min(expDigits, 5);
        b.append('e')
                .append(e >= 0 ? '+' : '-')
                .append("0".repeat(Math.max(0, width - ed.length())))
                .append(ed);
        return b.toString();
    }

    /** Applies the trim mode's trailing-zero rules; returns the new count of fraction digits. */
    private static int trimAndFill(StringBuilder b, int frac, int wanted, Trim trim) {
        if (trim == Trim.ONE_ZERO && frac == 0) {
            b.append('0');
            frac++;
        } else if (trim == Trim.NONE && wanted > frac) {
            b.append("0".repeat(wanted - frac));
            frac = wanted;
        }
        if (trim != Trim.NONE && frac > 0) {
            while (b.charAt(b.length() - 1) == '0') {
                b.setLength(b.length() - 1);
                frac--;
            }
            if (b.charAt(b.length() - 1) == '.' && trim == Trim.ONE_ZERO) {
                b.append('0');
                frac++;
            }
        }
        return frac;
    }

    private static String signOf(double v, boolean plus) {
        return (Double.doubleToRawLongBits(v) < 0) ? "-" : plus ? "+" : "";
    }

    private static String infNan(double v, boolean plus) {
        if (Double.isNaN(v)) return "nan";
        return (v < 0 ? "-" : plus ? "+" : "") + "inf";
    }

    /**
     * The digits Dragon4 prints for a positive finite value: shortest, but at most {@code precision}
     * digits after the point (positional) or after the first digit (scientific), and at least
     * {@code minDigits} there; -1 means no limit.
     */
    static Digits digits(double abs, Kind kind, boolean scientific, int precision, int minDigits) {
        if (abs == 0) return new Digits("0", 0);
        Digits s = shortest(abs, kind);
        int len = s.digits().length();
        if (scientific) {
            if (precision >= 0 && len > precision + 1) return roundSignificant(abs, precision + 1);
            if (minDigits >= 0 && len < minDigits + 1) return roundSignificant(abs, minDigits + 1);
        } else {
            int frac = len - 1 - s.exp();
            if (precision >= 0 && frac > precision)
                return of(new BigDecimal(abs).setScale(precision, RoundingMode.HALF_EVEN));
            if (minDigits >= 0 && frac < minDigits)
                return of(new BigDecimal(abs).setScale(minDigits, RoundingMode.HALF_EVEN));
        }
        return s;
    }

    // Dragon4 rounds the exact binary value, ties to even, when it cuts digits off or adds them
    private static Digits roundSignificant(double abs, int n) {
        Digits d = of(new BigDecimal(abs).round(new MathContext(n, RoundingMode.HALF_EVEN)));
        String ds = d.digits();
        return ds.length() >= n ? d : new Digits(ds + "0".repeat(n - ds.length()), d.exp());
    }

    private static Digits of(BigDecimal r) {
        if (r.signum() == 0) return new Digits("0", 0);
        String s = r.unscaledValue().toString();
        return new Digits(s, s.length() - 1 - r.scale());
    }

    /** The shortest digits that round-trip in the value's own format, closest to it when several. */
    static Digits shortest(double abs, Kind kind) {
        if (kind == Kind.HALF) return shortestHalf(abs);
        String text = kind == Kind.DOUBLE ? Double.toString(abs) : Float.toString((float) abs);
        Digits d = of(new BigDecimal(text).stripTrailingZeros());
        if (d.digits().length() != 2) return d;
        // Java keeps two digits where one would do when the two are closer; Dragon4 takes the one
        int first = d.digits().charAt(0) - '0';
        Digits down = new Digits(Integer.toString(first), d.exp());
        Digits up = first == 9 ? new Digits("1", d.exp() + 1) : new Digits(Integer.toString(first + 1), d.exp());
        boolean okDown = roundTrips(down, abs, kind), okUp = roundTrips(up, abs, kind);
        if (okDown && okUp) return closer(down, up, new BigDecimal(abs), first);
        return okDown ? down : okUp ? up : d;
    }

    private static boolean roundTrips(Digits d, double abs, Kind kind) {
        String s = d.digits() + "E" + d.exp();
        return kind == Kind.DOUBLE ? Double.parseDouble(s) == abs : Float.parseFloat(s) == (float) abs;
    }

    private static BigDecimal value(Digits d) {
        return new BigDecimal(new java.math.BigInteger(d.digits()), d.digits().length() - 1 - d.exp());
    }

    private static Digits closer(Digits down, Digits up, BigDecimal x, int lastDigitOfDown) {
        int c = x.subtract(value(down)).compareTo(value(up).subtract(x));
        if (c != 0) return c < 0 ? down : up;
        return (lastDigitOfDown & 1) == 0 ? down : up;
    }

    /**
     * Shortest digits of a float16 value by direct search, with Dragon4's rounding interval:
     * half-way to each neighbour, inclusive when the mantissa is even, and a narrower lower
     * margin just above a power of two.
     */
    private static Digits shortestHalf(double abs) {
        int bits = Float.floatToFloat16((float) abs) & 0x7FFF;
        int e5 = bits >> 10, m10 = bits & 0x3FF;
        long mant = e5 != 0 ? 1024 + m10 : m10;
        int e2 = e5 != 0 ? e5 - 25 : -24;
        boolean unequal = e5 > 1 && m10 == 0;
        BigDecimal x = new BigDecimal(abs);
        BigDecimal hi = x.add(pow2(e2 - 1));
        BigDecimal lo = x.subtract(pow2(unequal ? e2 - 2 : e2 - 1));
        boolean inclusive = (mant & 1) == 0;
        for (int n = 1; n <= 17; n++) {
            BigDecimal down = x.round(new MathContext(n, RoundingMode.FLOOR));
            BigDecimal up = down.add(down.ulp());
            boolean okDown = inclusive ? down.compareTo(lo) >= 0 : down.compareTo(lo) > 0;
            boolean okUp = inclusive ? up.compareTo(hi) <= 0 : up.compareTo(hi) < 0;
            if (okDown || okUp) {
                Digits dd = of(down.stripTrailingZeros()), du = of(up.stripTrailingZeros());
                if (okDown && okUp) {
                    int last =
                            down.unscaledValue().mod(java.math.BigInteger.TEN).intValue();
                    return closer(dd, du, x, last);
                }
                return okDown ? dd : du;
            }
        }
        throw new AssertionError("no shortest digits for " + abs);
    }

    private static BigDecimal pow2(int e) {
        return e >= 0
                ? new BigDecimal(java.math.BigInteger.ONE.shiftLeft(e))
                : BigDecimal.ONE.divide(new BigDecimal(java.math.BigInteger.ONE.shiftLeft(-e)));
    }
}
