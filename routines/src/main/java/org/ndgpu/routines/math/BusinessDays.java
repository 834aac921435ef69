package org.ndgpu.routines.math;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's business-day routines, numpy.is_busday and numpy.busday_count, on the device: a weekmask
 * of the valid days of the week (Monday first) and a list of holidays. The holidays are made
 * NumPy's way on the host (sorted, without duplicates, NaT or days the weekmask already excludes),
 * then each date is counted by its weekday and a binary search of the holidays.
 */
public final class BusinessDays {
    private BusinessDays() {}

    // the weekday of day d since 1970-01-01 (a Thursday), Monday 0; m is the 7-bit weekmask, bit k Monday + k
    private static final ElementwiseKernel.Options WEEKDAY = ElementwiseKernel.Options.defaults()
            .withPreamble(
                    "ND_DEVICE_FN int nd_weekday(int64 d) { int64 w = (d + 3) % 7; return (int) (w < 0 ? w + 7 : w); }\n");

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

    /**
     * numpy.is_busday(dates, weekmask, holidays): true where a date (cast to days) is a valid day;
     * NaT is not: {@code BusinessDays.isBusday(d, "1111100", null)}.
     */
    public static NDArray isBusday(NDArray dates, String weekmask, NDArray holidays) {
        int m = weekmask("is_busday", weekmask);
        NDArray d = days("is_busday", dates);
        long[] kept = holidays("is_busday", holidays, m);
        try (NDArray h = upload(kept)) {
            return IS_BUSDAY.call(d, m, h, (long) kept.length);
        }
    }

    /**
     * numpy.busday_count(begindates, enddates, weekmask, holidays): the valid days in [begin, end),
     * negative when end comes first; a NaT date is an error, as in NumPy.
     */
    public static NDArray busdayCount(NDArray begin, NDArray end, String weekmask, NDArray holidays) {
        int m = weekmask("busday_count", weekmask);
        NDArray b = days("busday_count", begin), e = days("busday_count", end);
        if (anyNat(b) || anyNat(e))
            throw new NdException(
                    "busday_count: expected dates, got NaT (Cannot compute a business day count with a NaT)");
        long[] kept = holidays("busday_count", holidays, m);
        try (NDArray h = upload(kept)) {
            return BUSDAY_COUNT.call(b, e, m, (long) Integer.bitCount(m), h, (long) kept.length);
        }
    }

    // a kernel's raw parameter needs an element even when there are no holidays
    private static NDArray upload(long[] kept) {
        return org.ndgpu.ndarray.Creation.array(kept.length == 0 ? new long[] {0} : kept);
    }

    // NumPy checks for NaT before it counts: one read of the smallest count
    private static boolean anyNat(NDArray days) {
        return days.size() > 0 && days.min().toLongArray()[0] == DateUnit.NAT;
    }

    // "1111100" or "Mon Tue Wed Thu Fri" to a 7-bit mask, Monday in bit 0
    static int weekmask(String op, String weekmask) {
        if (weekmask == null) return 0b0011111;
        String w = weekmask.strip();
        int m = 0;
        if (w.matches("[01]{7}")) {
            for (int k = 0; k < 7; k++) if (w.charAt(k) == '1') m |= 1 << k;
        } else {
            java.util.List<String> names = java.util.List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");
            for (String part : w.split("\\s+")) {
                int k = names.indexOf(part);
                if (k < 0)
                    throw new DTypeException(
                            op + ": expected a weekmask such as '1111100' or 'Mon Tue Wed Thu Fri', got '" + weekmask
                                    + "'");
                m |= 1 << k;
            }
        }
        if (m == 0)
            throw new DTypeException(op + ": expected a weekmask with at least one valid day, got '" + weekmask + "'");
        return m;
    }

    private static NDArray days(String op, NDArray dates) {
        Objects.requireNonNull(dates, op + ": dates is null");
        DType t = dates.live(op).dtype();
        if (!t.isDatetime()) throw new DTypeException(op + ": expected a datetime64 array, got " + t);
        NDArray d = t.unit() == DateUnit.D ? dates : dates.astype(DType.datetime64(DateUnit.D));
        return d.viewAs(DType.INT64);
    }

    // the holidays as NumPy's busdaycalendar keeps them: sorted, unique, no NaT, only days the weekmask keeps
    private static long[] holidays(String op, NDArray holidays, int m) {
        long[] h = holidays == null ? new long[0] : days(op, holidays).toLongArray();
        return Arrays.stream(h)
                .filter(v -> v != DateUnit.NAT && ((m >> Math.floorMod(v + 3, 7)) & 1) != 0)
                .sorted()
                .distinct()
                .toArray();
    }
}
