package org.ndgpu.routines.printing;

import org.ndgpu.config.PrintOptions;
import org.ndgpu.routines.printing.Dragon4.Kind;
import org.ndgpu.routines.printing.Dragon4.Trim;

/**
 * One column style for all the floats of an array, as NumPy's {@code arrayprint.FloatingFormat}
 * decides it with floatmode 'maxprec' and the precision and suppress in force: the
 * choice between positional and scientific notation, and the padding that lines the values up.
 *
 * <pre>{@code
 * var f = new FloatingFormat(new double[]{1, 2.5}, Kind.DOUBLE, false, PrintOptions.defaults());
 * f.format(1);   // "1. "
 * }</pre>
 */
final class FloatingFormat {
    private final Kind kind;
    private final boolean plus;
    private boolean expFormat;
    private int padLeft;
    private int padRight;
    private final int digits;
    private final boolean suppress;
    private int precision;
    private int minDigits = -1;
    private int expSize = -1;
    private Trim trim = Trim.ZEROS;

    /**
     * @param data the values that will be shown (the summarized corners for large arrays)
     * @param kind the float format they come from
     * @param plus always print a sign (NumPy's sign='+', used for imaginary parts)
     * @param options the precision and suppress in force
     */
    FloatingFormat(double[] data, Kind kind, boolean plus, PrintOptions options) {
        this.kind = kind;
        this.plus = plus;
        this.digits = options.precision();
        this.precision = digits;
        this.suppress = options.suppress();
        fill(data);
    }

    private void fill(double[] data) {
        double max = Double.NEGATIVE_INFINITY, min = Double.POSITIVE_INFINITY;
        int finite = 0;
        boolean negInf = false;
        for (double x : data) {
            if (Double.isFinite(x)) {
                finite++;
                double a = Math.abs(x);
                if (a != 0) {
                    max = Math.max(max, a);
                    min = Math.min(min, a);
                }
            } else if (x == Double.NEGATIVE_INFINITY) {
                negInf = true;
            }
        }
        if (min != Double.POSITIVE_INFINITY) {
            // NumPy compares in the array's own dtype: the cutoffs become that dtype's values
            double cutoff = kind == Kind.DOUBLE ? 1e8 : kind == Kind.SINGLE ? 1e6 : 1e3;
            expFormat = max >= cutoff || (!suppress && (min < inOwnType(1e-4) || ratio(max, min) > 1000));
        }
        if (finite == 0) {
            padLeft = 0;
            padRight = 0;
        } else if (expFormat) {
            int maxInt = 0, maxFrac = 0, maxExp = 0;
            for (double x : data) {
                if (!Double.isFinite(x)) continue;
                String s = Dragon4.scientific(x, kind, digits, -1, Trim.ZEROS, plus, -1, -1);
                int e = s.indexOf('e'), dot = s.indexOf('.');
                maxInt = Math.max(maxInt, dot);
                maxFrac = Math.max(maxFrac, e - dot - 1);
                maxExp = Math.max(maxExp, s.length() - e - 1);
            }
            expSize = maxExp - 1;
            trim = Trim.NONE;
            precision = maxFrac;
            minDigits = maxFrac;
            padLeft = maxInt;
            padRight = expSize + 2 + precision;
        } else {
            int maxInt = 0, maxFrac = 0;
            for (double x : data) {
                if (!Double.isFinite(x)) continue;
                String s = Dragon4.positional(x, kind, digits, -1, Trim.ZEROS, plus, -1, -1);
                int dot = s.indexOf('.');
                maxInt = Math.max(maxInt, dot);
                maxFrac = Math.max(maxFrac, s.length() - dot - 1);
            }
            padLeft = maxInt;
            padRight = maxFrac;
            minDigits = 0;
        }
        if (finite != data.length) {
            // room for "nan" and "inf" (and "-inf"/"+inf") in the same column
            int offset = padRight + 1;
            int neg = (plus || negInf) ? 1 : 0;
            padLeft = Math.max(padLeft, Math.max(3 - offset, 3 + neg - offset));
        }
    }

    private double inOwnType(double x) {
        return switch (kind) {
            case DOUBLE -> x;
            case SINGLE -> (float) x;
            case HALF -> Float.float16ToFloat(Float.floatToFloat16((float) x));
        };
    }

    private double ratio(double max, double min) {
        return switch (kind) {
            case DOUBLE -> max / min;
            case SINGLE -> (float) max / (float) min;
            // NumPy divides float16 through float32 and rounds the quotient back to float16
            case HALF -> Float.float16ToFloat(Float.floatToFloat16((float) max / (float) min));
        };
    }

    /** The text of one value, padded to the column. */
    String format(double x) {
        if (!Double.isFinite(x)) {
            String ret = Double.isNaN(x) ? (plus ? "+nan" : "nan") : (x < 0 ? "-inf" : plus ? "+inf" : "inf");
            return " ".repeat(Math.max(0, padLeft + padRight + 1 - ret.length())) + ret;
        }
        if (expFormat) return Dragon4.scientific(x, kind, precision, minDigits, trim, plus, padLeft, expSize);
        return Dragon4.positional(x, kind, precision, minDigits, trim, plus, padLeft, padRight);
    }

    /**
     * NumPy's str of a float scalar (and of a 0-d array): shortest digits, positional for
     * 1e-4 &lt;= |x| &lt; 1e16 ("0.001", "1.0"), scientific otherwise ("1e-05", "1e+16"). The upper
     * bound is 1e6 for float32 and 1e3 for float16, as NumPy 2 decides by the type's precision.
     */
    static String scalarStr(double x, Kind kind, Trim positionalTrim, boolean plus) {
        if (Double.isNaN(x)) return plus ? "+nan" : "nan";
        if (Double.isInfinite(x)) return (x < 0 ? "-" : plus ? "+" : "") + "inf";
        double a = Math.abs(x);
        double upper = kind == Kind.DOUBLE ? 1e16 : kind == Kind.SINGLE ? 1e6 : 1e3;
        if (a == 0 || (a < upper && a >= 1e-4)) {
            return Dragon4.positional(x, kind, -1, -1, positionalTrim, plus, -1, -1);
        }
        return Dragon4.scientific(x, kind, -1, -1, Trim.DPT_ZEROS, plus, -1, -1);
    }
}
