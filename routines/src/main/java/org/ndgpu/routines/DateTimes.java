package org.ndgpu.routines;

import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;

/**
 * Datetime text on the host, as NumPy reads and writes it: ISO 8601 strings to counts of a unit
 * since 1970-01-01T00:00 (proleptic Gregorian calendar, no time zones), and back.
 *
 * <pre>{@code
 * DateTimes.parse("2024-01-01T10:30", DateUnit.m);   // 28401510
 * DateTimes.unitOf("2024-01-01T10:30");              // DateUnit.m, as numpy.datetime64's default
 * DateTimes.format(28401510, DateUnit.m);            // "2024-01-01T10:30"
 * DateTimes.format(DateUnit.NAT, DateUnit.s);        // "NaT"
 * }</pre>
 */
public final class DateTimes {
    private DateTimes() {}

    private static final Pattern ISO = Pattern.compile(
            "([-+]?\\d{4,})(?:-(\\d{2})(?:-(\\d{2})(?:[T ](\\d{2})(?::(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,18}))?)?)?)?)?)?Z?");

    private static final DateUnit[] FRACTION_UNITS = {
        DateUnit.ms, DateUnit.us, DateUnit.ns, DateUnit.ps, DateUnit.fs, DateUnit.as
    };

    /**
     * The unit numpy.datetime64 gives an ISO string: its finest field ("2024" Y, "2024-01" M,
     * "2024-01-01" D, "...T10" h, "...T10:30" m, "...:00" s; 1 to 3 decimals ms, 4 to 6 us, ...);
     * "NaT" is generic, "today" D and "now" s.
     */
    public static DateUnit unitOf(String iso) {
        if (iso != null && isNat(iso.strip())) return DateUnit.GENERIC;
        Matcher m = match(current(iso));
        if (m.group(7) != null) return FRACTION_UNITS[(m.group(7).length() - 1) / 3];
        DateUnit[] byField = {DateUnit.Y, DateUnit.M, DateUnit.D, DateUnit.h, DateUnit.m, DateUnit.s};
        DateUnit u = DateUnit.Y;
        for (int g = 2; g <= 6; g++) if (m.group(g) != null) u = byField[g - 1];
        return u;
    }

    /**
     * The count of {@code unit} since 1970-01-01T00:00 of an ISO string ("2024-01-01", "1969-07-20T20:17",
     * "NaT"); fields finer than the unit are floored away, as NumPy's unsafe cast.
     */
    public static long parse(String iso, DateUnit unit) {
        java.util.Objects.requireNonNull(unit, "datetime64: unit is null");
        try {
            return parseChecked(iso, unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new DTypeException(
                    "datetime64: expected a date within int64 counts of " + unit + ", got '" + iso + "'");
        }
    }

    private static long parseChecked(String iso, DateUnit unit) {
        if (iso != null && isNat(iso.strip())) return DateUnit.NAT;
        iso = current(iso);
        Matcher m = match(iso);
        long year = Long.parseLong(m.group(1).replace("+", ""));
        int month = field(m, 2, 1, 1, 12, iso), day = field(m, 3, 1, 1, 31, iso);
        int hour = field(m, 4, 0, 0, 23, iso), minute = field(m, 5, 0, 0, 59, iso), second = field(m, 6, 0, 0, 59, iso);
        long months = Math.addExact(Math.multiplyExact(Math.subtractExact(year, 1970), 12), month - 1);
        if (unit == DateUnit.Y) return Math.floorDiv(months, 12);
        if (unit == DateUnit.M) return months;
        long days;
        try {
            days = LocalDate.of((int) year, month, day).toEpochDay();
        } catch (java.time.DateTimeException e) {
            throw new DTypeException(
                    "datetime64: expected a valid ISO 8601 date, got '" + iso + "' (" + e.getMessage() + ")");
        }
        if (unit == DateUnit.GENERIC)
            throw new DTypeException("datetime64: expected a unit for '" + iso + "', got generic");
        long seconds = Math.addExact(Math.multiplyExact(days, 86400), hour * 3600L + minute * 60L + second);
        String frac = m.group(7) == null ? "" : m.group(7);
        long attos = frac.isEmpty() ? 0 : Long.parseLong((frac + "0".repeat(18)).substring(0, 18));
        if (unit.ordinal() <= DateUnit.s.ordinal()) return Math.floorDiv(seconds, unit.factor(DateUnit.s));
        return Math.addExact(Math.multiplyExact(seconds, DateUnit.s.factor(unit)), attos / unit.factor(DateUnit.as));
    }

    /**
     * NumPy's text of a datetime64 count: "2024-01-01T10:30" at unit m, "2024" at Y, "2024-01-01"
     * at D and W, decimals of the second at ms and finer; "NaT" for {@link DateUnit#NAT}.
     */
    public static String format(long value, DateUnit unit) {
        java.util.Objects.requireNonNull(unit, "datetime_as_string: unit is null");
        if (value == DateUnit.NAT) return "NaT";
        try {
            return formatChecked(value, unit);
        } catch (ArithmeticException | java.time.DateTimeException e) {
            return Long.toString(value); // beyond the calendar's years: the count itself
        }
    }

    private static String formatChecked(long value, DateUnit unit) {
        switch (unit) {
            case GENERIC -> {
                return Long.toString(value);
            }
            case Y -> {
                return year(1970 + value);
            }
            case M -> {
                return year(1970 + Math.floorDiv(value, 12)) + "-" + two(Math.floorMod(value, 12) + 1);
            }
            default -> {}
        }
        long seconds, frac = 0;
        if (unit.ordinal() <= DateUnit.s.ordinal()) {
            seconds = Math.multiplyExact(value, unit.factor(DateUnit.s));
        } else {
            long per = DateUnit.s.factor(unit);
            seconds = Math.floorDiv(value, per);
            frac = Math.floorMod(value, per);
        }
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86400));
        long sod = Math.floorMod(seconds, 86400);
        var s = new StringBuilder(year(date.getYear()))
                .append('-')
                .append(two(date.getMonthValue()))
                .append('-')
                .append(two(date.getDayOfMonth()));
        if (unit == DateUnit.D || unit == DateUnit.W) return s.toString();
        s.append('T').append(two(sod / 3600));
        if (unit == DateUnit.h) return s.toString();
        s.append(':').append(two(sod / 60 % 60));
        if (unit == DateUnit.m) return s.toString();
        s.append(':').append(two(sod % 60));
        if (unit == DateUnit.s) return s.toString();
        int digits = 3 * (unit.ordinal() - DateUnit.s.ordinal());
        String f = Long.toString(frac);
        return s.append('.').append("0".repeat(digits - f.length())).append(f).toString();
    }

    // ---------------------------------------------------------------- arrays (the facade's datetime routines)

    /** numpy.datetime64(iso): a 0-d datetime64 array in the string's own unit ({@link #unitOf}). */
    public static NDArray datetime64(String iso) {
        DateUnit u = unitOf(iso);
        return datetime64(iso, u);
    }

    /** numpy.datetime64(iso, unit): a 0-d datetime64 array of {@code unit}. */
    public static NDArray datetime64(String iso, DateUnit unit) {
        java.util.Objects.requireNonNull(unit, "datetime64: unit is null");
        long v = unit == DateUnit.GENERIC && iso != null && isNat(iso.strip()) ? DateUnit.NAT : parse(iso, unit);
        return Creation.array(new long[] {v}, DType.datetime64(unit)).reshape();
    }

    /** numpy.timedelta64(count, unit): a 0-d timedelta64 array. */
    public static NDArray timedelta64(long count, DateUnit unit) {
        java.util.Objects.requireNonNull(unit, "timedelta64: unit is null");
        return Creation.array(new long[] {count}, DType.timedelta64(unit)).reshape();
    }

    /**
     * numpy.array(texts, dtype) for a datetime64 dtype (ISO strings; a generic dtype takes the finest
     * unit of the strings) or a timedelta64 one (integers); "NaT" is NaT.
     */
    public static NDArray array(String[] texts, DType dtype, long... shape) {
        java.util.Objects.requireNonNull(texts, "array: texts is null");
        java.util.Objects.requireNonNull(dtype, "array: dtype is null");
        java.util.Objects.requireNonNull(shape, "array: shape is null");
        if (!dtype.isTime()) {
            throw new DTypeException("array: expected a datetime64 or timedelta64 dtype for strings, got " + dtype);
        }
        DType d = dtype;
        if (d.isDatetime() && d.unit() == DateUnit.GENERIC) {
            DateUnit u = DateUnit.GENERIC;
            for (String t : texts) u = DateUnit.finer(u, unitOf(t));
            d = DType.datetime64(u);
        }
        long[] v = new long[texts.length];
        for (int k = 0; k < v.length; k++) {
            String t = texts[k];
            if (d.isDatetime()) v[k] = parse(t, d.unit());
            else if (t != null && isNat(t.strip())) v[k] = DateUnit.NAT;
            else v[k] = parseCount(t);
        }
        return Creation.array(v, d, shape.length == 0 ? new long[] {v.length} : shape);
    }

    private static long parseCount(String t) {
        try {
            return Long.parseLong(
                    java.util.Objects.requireNonNull(t, "array: a text is null").strip());
        } catch (NumberFormatException e) {
            throw new DTypeException("array: expected an integer count or 'NaT' for timedelta64, got '" + t + "'");
        }
    }

    /**
     * numpy.arange(start, stop, step, dtype) of datetimes: from {@code start} up to, not including,
     * {@code stop} (ISO strings), in steps of {@code step} units of the datetime64 {@code dtype}, on the device.
     */
    public static NDArray arange(String start, String stop, long step, DType dtype) {
        java.util.Objects.requireNonNull(dtype, "arange: dtype is null");
        if (!dtype.isDatetime() || dtype.unit() == DateUnit.GENERIC)
            throw new DTypeException("arange: expected a datetime64 dtype with a unit, got " + dtype);
        long a = parse(start, dtype.unit()), b = parse(stop, dtype.unit());
        if (a == DateUnit.NAT || b == DateUnit.NAT) throw new DTypeException("arange: expected dates, got NaT");
        return Ranges.arange(a, b, step).viewAs(dtype);
    }

    /** numpy.isnat(a): true where a datetime or timedelta array holds NaT, on the device. */
    public static NDArray isnat(NDArray a) {
        java.util.Objects.requireNonNull(a, "isnat: a is null");
        DType d = a.live("isnat").dtype();
        if (!d.isTime())
            throw new DTypeException("isnat: expected a datetime64 or timedelta64 array, got " + d
                    + " (ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64)");
        return a.viewAs(DType.INT64).eq(DateUnit.NAT);
    }

    /**
     * numpy.datetime_as_string(a, unit): the ISO text of every element, C order, in {@code unit}
     * (null: the array's own; a finer unit adds zero fields, a coarser one floors).
     */
    public static String[] datetimeAsString(NDArray a, DateUnit unit) {
        java.util.Objects.requireNonNull(a, "datetime_as_string: a is null");
        DType d = a.live("datetime_as_string").dtype();
        if (!d.isDatetime()) throw new DTypeException("datetime_as_string: expected a datetime64 array, got " + d);
        DateUnit u = unit == null ? d.unit() : unit;
        NDArray src = u == d.unit() ? a : a.astype(DType.datetime64(u));
        long[] v = src.toLongArray();
        if (src != a) src.close();
        String[] out = new String[v.length];
        for (int k = 0; k < v.length; k++) out[k] = format(v[k], u);
        return out;
    }

    /** numpy.datetime_data(dtype): the unit's code and the count of units per step (ndgpu's units count 1). */
    public static java.util.Map.Entry<String, Integer> datetimeData(DType dtype) {
        java.util.Objects.requireNonNull(dtype, "datetime_data: dtype is null");
        if (!dtype.isTime())
            throw new DTypeException("datetime_data: expected a datetime64 or timedelta64 dtype, got " + dtype);
        return java.util.Map.entry(dtype.unit().code(), 1);
    }

    /**
     * NumPy's special strings: "today", the local date (unit D), and "now", the current UTC time to
     * the second (unit s), as ISO text; any other string as it is.
     */
    private static String current(String iso) {
        if (iso == null) return null;
        String t = iso.strip();
        if (t.equalsIgnoreCase("today"))
            return LocalDate.now(java.time.ZoneId.systemDefault()).toString();
        if (t.equalsIgnoreCase("now"))
            return java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)
                    .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                    .format(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss"));
        return iso;
    }

    private static boolean isNat(String s) {
        return s.equalsIgnoreCase("nat") || s.isEmpty();
    }

    private static Matcher match(String iso) {
        if (iso == null)
            throw new DTypeException("datetime64: expected an ISO 8601 string such as '2024-01-01', got null");
        Matcher m = ISO.matcher(iso.strip());
        if (!m.matches()) {
            throw new DTypeException(
                    "datetime64: expected an ISO 8601 string such as '2024-01-01T10:30', got '" + iso + "'");
        }
        return m;
    }

    private static int field(Matcher m, int group, int absent, int lo, int hi, String iso) {
        if (m.group(group) == null) return absent;
        int v = Integer.parseInt(m.group(group));
        if (v < lo || v > hi)
            throw new DTypeException(
                    "datetime64: expected a field within " + lo + ".." + hi + " in '" + iso + "', got " + v);
        return v;
    }

    private static String year(long y) {
        String a = Long.toString(Math.abs(y));
        return (y < 0 ? "-" : "") + "0".repeat(Math.max(0, 4 - a.length())) + a;
    }

    private static String two(long v) {
        return v < 10 ? "0" + v : Long.toString(v);
    }
}
