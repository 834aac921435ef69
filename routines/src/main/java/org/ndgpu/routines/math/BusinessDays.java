package org.ndgpu.routines.math;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.BusdayCalendar;
import org.ndgpu.routines.BusdayRoll;
import org.ndgpu.routines.DateTimes;

/**
 * NumPy's business-day routines, numpy.is_busday, numpy.busday_count and numpy.busday_offset, on
 * the device: a weekmask of the valid days of the week (Monday first) and a list of holidays, both
 * held by a {@link BusdayCalendar} (numpy.busdaycalendar). The holidays are made NumPy's way on the
 * host (sorted, without duplicates, NaT or days the weekmask already excludes), then each date is
 * counted by its weekday and a binary search of the holidays; busday_offset is NumPy's stepping,
 * one thread per date.
 */
public final class BusinessDays {
    private BusinessDays() {}

    // the weekday of day d since 1970-01-01 (a Thursday), Monday 0; m is the 7-bit weekmask, bit k Monday + k
    private static final String WEEKDAY_FN =
            "ND_DEVICE_FN int nd_weekday(int64 d) { int64 w = (d + 3) % 7; return (int) (w < 0 ? w + 7 : w); }\n";

    private static final ElementwiseKernel.Options WEEKDAY =
            ElementwiseKernel.Options.defaults().withPreamble(WEEKDAY_FN);

    // the first index of the sorted holidays h[0..nh) not below v, into lo
    private static String lowerBound(String v) {
        return "lo = 0; hi = nh; while (lo < hi) { const int64 mid = (lo + hi) / 2;" + " if (h[mid] < " + v
                + ") lo = mid + 1; else hi = mid; }\n";
    }

    private static final ElementwiseKernel IS_BUSDAY = new ElementwiseKernel(
            "int64 d, int32 m, raw int64 h, int64 nh",
            "bool z",
            "if (d == (-9223372036854775807L - 1L)) { z = 0; } else { int64 lo, hi;\n" + lowerBound("d")
                    + "z = ((m >> nd_weekday(d)) & 1) && !(lo < nh && h[lo] == d); }",
            "nd_is_busday",
            WEEKDAY);

    // [b, e), or (e, b] counted negative when e comes first; pc: the valid days of a week
    private static final ElementwiseKernel BUSDAY_COUNT = new ElementwiseKernel(
            "int64 b, int64 e, int32 m, int64 pc, raw int64 h, int64 nh",
            "int64 z",
            "const int64 from = b <= e ? b : e + 1, to = b <= e ? e : b + 1;\n"
                    + "const int64 n = to - from; int64 c = (n / 7) * pc; const int wd = nd_weekday(from);\n"
                    + "for (int64 k = 0; k < n % 7; k++) c += (m >> ((wd + k) % 7)) & 1;\n"
                    + "int64 lo, hi;\n" + lowerBound("from") + "const int64 first = lo;\n" + lowerBound("to")
                    + "c -= lo - first;\nz = b <= e ? c : -c;",
            "nd_busday_count",
            WEEKDAY);

    private static final String NAT = "(-9223372036854775807L - 1L)";

    // NumPy's busday_offset, ported (numpy/_core/src/multiarray/datetime_busday.c): roll to a valid day,
    // jump whole weeks, count the holidays jumped over, then step day by day. r: 0 raise (a NaT the host
    // then reports), 1 nat, 2 following, 3 preceding, 4 modifiedfollowing, 5 modifiedpreceding
    private static final ElementwiseKernel BUSDAY_OFFSET = new ElementwiseKernel(
            "int64 d, int64 o, int32 m, int64 pc, int32 r, raw int64 h, int64 nh",
            "int64 z",
            "int64 date = d, off = o; int hol;\n"
                    + "if (date != " + NAT + ") {\n"
                    + "int wd = nd_weekday(date);\n"
                    + holiday("hol", "date", "0", "nh")
                    + "if (!((m >> wd) & 1) || hol) {\n"
                    + "if (r <= 1) { date = " + NAT + "; } else {\n"
                    + "const int64 start = date; const int swd = wd; int dir = (r == 2 || r == 4) ? 1 : -1;\n"
                    + "for (int pass = 0; pass < 2; pass++) {\n"
                    + "do { date += dir; wd = (wd + (dir > 0 ? 1 : 6)) % 7;\n" + holiday("hol", "date", "0", "nh")
                    + "} while (!((m >> wd) & 1) || hol);\n"
                    + "if (pass == 1 || r < 4 || nd_month(start) == nd_month(date)) break;\n"
                    + "date = start; wd = swd; dir = -dir; } } }\n"
                    + "if (date != " + NAT + " && off > 0) {\n"
                    + "int64 hb, he = nh, ht;\n" + search("hb", "date", "0", "nh", false)
                    + "date += (off / pc) * 7; off = off % pc;\n"
                    + search("ht", "date", "hb", "he", true)
                    + "off += ht - hb; hb = ht;\n"
                    + "while (off > 0) { date++; wd = wd == 6 ? 0 : wd + 1;\n"
                    + "if ((m >> wd) & 1) {\n" + holiday("hol", "date", "hb", "he") + "if (!hol) off--; } }\n"
                    + "} else if (date != " + NAT + " && off < 0) {\n"
                    + "int64 hb = 0, he, ht;\n" + search("he", "date", "0", "nh", true)
                    + "date += (off / pc) * 7; off = off % pc;\n"
                    + search("ht", "date", "hb", "he", false)
                    + "off -= he - ht; he = ht;\n"
                    + "while (off < 0) { date--; wd = wd == 0 ? 6 : wd - 1;\n"
                    + "if ((m >> wd) & 1) {\n" + holiday("hol", "date", "hb", "he") + "if (!hol) off++; } }\n"
                    + "} }\n"
                    + "z = date;",
            "nd_busday_offset",
            ElementwiseKernel.Options.defaults()
                    .withPreamble(WEEKDAY_FN
                            // the month since 1970-01 of day d: civil_from_days (H. Hinnant)
                            + "ND_DEVICE_FN int64 nd_month(int64 x) { const int64 d = x + 719468;"
                            + " const int64 era = (d >= 0 ? d : d - 146096) / 146097; const int64 doe = d - era * 146097;"
                            + " const int64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;"
                            + " const int64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100); const int64 mp = (5 * doy + 2) / 153;"
                            + " const int64 mth = mp < 10 ? mp + 3 : mp - 9;"
                            + " return (yoe + era * 400 + (mth <= 2 ? 1 : 0)) * 12 + mth; }\n"));

    // into = the first index in [b, e) of a holiday at or after v (after v when strictly), else e
    private static String search(String into, String v, String b, String e, boolean strictly) {
        return "{ int64 lo_ = " + b + ", hi_ = " + e + "; while (lo_ < hi_) { const int64 mid_ = (lo_ + hi_) / 2;"
                + " if (h[mid_] " + (strictly ? "<=" : "<") + " " + v + ") lo_ = mid_ + 1; else hi_ = mid_; } "
                + into + " = lo_; }\n";
    }

    // into = 1 when v is one of the holidays h[b..e)
    private static String holiday(String into, String v, String b, String e) {
        return "{ int64 at_;\n" + search("at_", v, b, e, false) + into + " = at_ < " + e + " && h[at_] == " + v
                + "; }\n";
    }

    /**
     * numpy.busdaycalendar(weekmask, holidays) for {@code op}: the weekmask a string NumPy reads
     * ({@link #weekmask}) or null (Monday to Friday), the holidays a 1-d datetime64 array of days or a
     * coarser unit, or null.
     */
    public static BusdayCalendar calendar(String op, String weekmask, NDArray holidays) {
        return calendar(op, weekmask(op, weekmask), holidays);
    }

    /** numpy.busdaycalendar(weekmask, holidays) with the weekmask as 7 booleans, Monday first. */
    public static BusdayCalendar calendar(String op, boolean[] weekmask, NDArray holidays) {
        Objects.requireNonNull(weekmask, op + ": weekmask is null");
        if (weekmask.length != 7)
            throw new NdException(op + ": expected a weekmask of 7 days, got " + weekmask.length
                    + " (A business day weekmask array must have length 7)");
        checkSomeDay(op, weekmask, Arrays.toString(weekmask));
        return new BusdayCalendar(weekmask, holidays == null ? new long[0] : holidayDays(op, holidays));
    }

    /**
     * numpy.is_busday(dates, weekmask, holidays): true where a date (cast to days) is a valid day;
     * NaT is not: {@code BusinessDays.isBusday(d, "1111100", null)}.
     */
    public static NDArray isBusday(NDArray dates, String weekmask, NDArray holidays) {
        return isBusday(dates, calendar("is_busday", weekmask, holidays));
    }

    /** numpy.is_busday(dates, busdaycal=calendar). */
    public static NDArray isBusday(NDArray dates, BusdayCalendar calendar) {
        Objects.requireNonNull(calendar, "is_busday: busdaycal is null");
        NDArray d = days("is_busday", dates);
        long[] kept = calendar.holidayDays();
        try (var _ = dates.device().use();
                NDArray h = upload(kept)) {
            return IS_BUSDAY.call(d, bits(calendar), h, (long) kept.length);
        }
    }

    /**
     * numpy.busday_count(begindates, enddates, weekmask, holidays): the valid days in [begin, end),
     * negative when end comes first; a NaT date is an error, as in NumPy.
     */
    public static NDArray busdayCount(NDArray begin, NDArray end, String weekmask, NDArray holidays) {
        return busdayCount(begin, end, calendar("busday_count", weekmask, holidays));
    }

    /** numpy.busday_count(begindates, enddates, busdaycal=calendar). */
    public static NDArray busdayCount(NDArray begin, NDArray end, BusdayCalendar calendar) {
        Objects.requireNonNull(calendar, "busday_count: busdaycal is null");
        NDArray b = days("busday_count", begin), e = days("busday_count", end);
        if (anyNat(b) || anyNat(e))
            throw new NdException(
                    "busday_count: expected dates, got NaT (Cannot compute a business day count with a NaT)");
        long[] kept = calendar.holidayDays();
        int m = bits(calendar);
        try (var _ = begin.device().use();
                NDArray h = upload(kept)) {
            return BUSDAY_COUNT.call(b, e, m, (long) Integer.bitCount(m), h, (long) kept.length);
        }
    }

    /** numpy.busday_offset(dates, offsets, roll, weekmask, holidays); weekmask and holidays may be null. */
    public static NDArray busdayOffset(
            NDArray dates, Object offsets, BusdayRoll roll, String weekmask, NDArray holidays) {
        return busdayOffset(dates, offsets, roll, calendar("busday_offset", weekmask, holidays));
    }

    /**
     * numpy.busday_offset(dates, offsets, roll, busdaycal=calendar): each date (datetime64 of days or
     * a coarser unit) rolled to a valid day, then moved by its offset in valid days (an integer array
     * broadcast with the dates, or a Java integer); a datetime64[D] array. NaT stays NaT, except with
     * {@link BusdayRoll#RAISE}, where a NaT or a day that is not valid is an error, as in NumPy.
     */
    public static NDArray busdayOffset(NDArray dates, Object offsets, BusdayRoll roll, BusdayCalendar calendar) {
        String op = "busday_offset";
        Objects.requireNonNull(roll, op + ": roll is null");
        Objects.requireNonNull(calendar, op + ": busdaycal is null");
        NDArray d = days(op, dates);
        Object o = offsets(op, offsets);
        long[] kept = calendar.holidayDays();
        int m = bits(calendar);
        int r = switch (roll) {
            case RAISE -> 0;
            case NAT -> 1;
            case FORWARD, FOLLOWING -> 2;
            case BACKWARD, PRECEDING -> 3;
            case MODIFIEDFOLLOWING -> 4;
            case MODIFIEDPRECEDING -> 5;
        };
        NDArray z;
        try (var _ = dates.device().use();
                NDArray h = upload(kept)) {
            z = BUSDAY_OFFSET.call(d, o, m, (long) Integer.bitCount(m), r, h, (long) kept.length);
        }
        // 'raise' leaves NaT where NumPy raises: one read of the smallest day tells whether it did
        if (roll == BusdayRoll.RAISE && anyNat(z)) {
            try (z) {
                throw notValid(op, d, z);
            }
        }
        return z.viewAs(DType.DATETIME64_D);
    }

    // the error NumPy raises for the first date (in C order of the broadcast) that 'raise' cannot take
    private static NdException notValid(String op, NDArray days, NDArray result) {
        long at = result.argmin().toLongArray()[0];
        long[] shape = result.shape(), index = new long[shape.length];
        for (int k = shape.length - 1; k >= 0; k--) {
            index[k] = at % shape[k];
            at /= shape[k];
        }
        long day = days.viewAs(DType.INT64).broadcastTo(shape).get(index).toLongArray()[0];
        if (day == DateUnit.NAT)
            return new NdException(op + ": expected dates with roll 'raise', got NaT (NaT input in busday_offset)");
        String text = DateTimes.datetimeAsString(Creation.array(new long[] {day}, DType.DATETIME64_D), null)[0];
        return new NdException(op + ": expected valid days with roll 'raise', got " + text
                + " (Non-business day date in busday_offset)");
    }

    // the offsets as NumPy takes them: integers that cast safely to int64, an array or a Java integer
    private static Object offsets(String op, Object offsets) {
        Objects.requireNonNull(offsets, op + ": offsets is null");
        if (Scalars.isJavaInteger(offsets)) return ((Number) offsets).longValue();
        if (!(offsets instanceof NDArray a))
            throw new DTypeException(op + ": expected offsets as an integer NDArray or a Java integer, got "
                    + offsets.getClass().getSimpleName());
        DType t = a.live(op).dtype();
        if (t.isTime() || !DType.canCastSafely(t, DType.INT64))
            throw new DTypeException(op + ": expected integer offsets (int64 or safely cast to it), got " + t
                    + " (Cannot cast array data from dtype('" + t
                    + "') to dtype('int64') according to the rule 'safe')");
        return t == DType.INT64 ? a : a.astype(DType.INT64);
    }

    // a kernel's raw parameter needs an element even when there are no holidays
    private static NDArray upload(long[] kept) {
        return Creation.array(kept.length == 0 ? new long[] {0} : kept);
    }

    // NumPy checks for NaT before it counts: one read of the smallest count
    private static boolean anyNat(NDArray days) {
        return days.size() > 0 && days.min().toLongArray()[0] == DateUnit.NAT;
    }

    // the calendar's weekmask as 7 bits, Monday in bit 0
    private static int bits(BusdayCalendar calendar) {
        boolean[] w = calendar.weekmask();
        int m = 0;
        for (int k = 0; k < 7; k++) if (w[k]) m |= 1 << k;
        return m;
    }

    private static final List<String> DAY_NAMES = List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");

    /**
     * A weekmask string as NumPy reads it: seven '0' and '1' ("1111100"), or day names
     * ("Mon Tue Wed Thu Fri", "SatSun"; whitespace between them and around them is allowed); null
     * is Monday to Friday. At least one day must be valid.
     */
    static boolean[] weekmask(String op, String weekmask) {
        boolean[] w = new boolean[7];
        if (weekmask == null) {
            Arrays.fill(w, 0, 5, true);
            return w;
        }
        if (weekmask.matches("[01]{7}")) {
            for (int k = 0; k < 7; k++) w[k] = weekmask.charAt(k) == '1';
        } else {
            int len = weekmask.length(), i = 0;
            while (i < len) {
                if (Character.isWhitespace(weekmask.charAt(i))) {
                    i++;
                    continue;
                }
                int k = i + 3 <= len ? DAY_NAMES.indexOf(weekmask.substring(i, i + 3)) : -1;
                if (k < 0)
                    throw new DTypeException(
                            op + ": expected a weekmask such as '1111100' or 'Mon Tue Wed Thu Fri', got '" + weekmask
                                    + "' (Invalid business day weekmask string)");
                w[k] = true;
                i += 3;
            }
        }
        checkSomeDay(op, w, "'" + weekmask + "'");
        return w;
    }

    private static void checkSomeDay(String op, boolean[] w, String given) {
        for (boolean b : w) if (b) return;
        throw new DTypeException(op + ": expected a weekmask with at least one valid day, got " + given
                + " (Cannot construct a numpy.busdaycal with a weekmask of all zeros)");
    }

    // dates as NumPy's busday functions take them: datetime64 that casts safely to days (D, W, M, Y)
    private static NDArray days(String op, NDArray dates) {
        Objects.requireNonNull(dates, op + ": dates is null");
        DType t = dates.live(op).dtype();
        if (!t.isDatetime() || !DType.canCastSafely(t, DType.DATETIME64_D))
            throw new DTypeException(op + ": expected a datetime64 array of days or a coarser unit, got " + t
                    + " (Cannot cast from dtype('" + t + "') to dtype('datetime64[D]') according to the rule 'safe')");
        NDArray d = t == DType.DATETIME64_D ? dates : dates.astype(DType.DATETIME64_D);
        return d.viewAs(DType.INT64);
    }

    // the holidays as day counts, read to the host: a 1-d datetime64 array of days or a coarser unit
    private static long[] holidayDays(String op, NDArray holidays) {
        DType t = holidays.live(op).dtype();
        if (!t.isDatetime() || !DType.canCastSafely(t, DType.DATETIME64_D))
            throw new DTypeException(op + ": expected holidays as a datetime64 array of days or a coarser unit, got "
                    + t + " (Cannot safely convert provided holidays input into an array of dates)");
        if (holidays.ndim() != 1)
            throw new ShapeException(op + ": expected holidays as a 1-d array, got shape "
                    + Shapes.str(holidays.shape()) + " (holidays must be a provided as a one-dimensional array)");
        return days(op, holidays).toLongArray();
    }
}
