package org.ndgpu.routines;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.busdaycalendar: the valid days of the week and a list of holidays, for
 * {@code Nd.isBusday}, {@code Nd.busdayCount} and {@code Nd.busdayOffset} (NumPy's
 * {@code busdaycal=} argument). Immutable; the holidays are kept as NumPy keeps them: sorted,
 * without duplicates, NaT, or days the weekmask already excludes.
 *
 * <pre>{@code
 * BusdayCalendar c = Nd.busdaycalendar("Mon Tue Wed Thu Fri", Nd.array(new String[] {"2024-01-01"}, DType.of("M8[D]")));
 * c.weekmask();    // [true, true, true, true, true, false, false]
 * c.holidays();    // array(['2024-01-01'], dtype='datetime64[D]')
 * }</pre>
 */
public final class BusdayCalendar {
    private final boolean[] weekmask;
    private final long[] holidays;

    /**
     * numpy.busdaycalendar(weekmask, holidays) from the valid days (Monday first, 7 of them, at least
     * one true) and the holidays as day counts since 1970-01-01 (the storage of a datetime64[D], NaT
     * being {@link Long#MIN_VALUE}), in any order: {@code new BusdayCalendar(mask, new long[] {19723})}.
     */
    public BusdayCalendar(boolean[] weekmask, long[] holidayDays) {
        Objects.requireNonNull(weekmask, "busdaycalendar: weekmask is null");
        Objects.requireNonNull(holidayDays, "busdaycalendar: holidayDays is null");
        if (weekmask.length != 7)
            throw new NdException("busdaycalendar: expected a weekmask of 7 days, got " + weekmask.length
                    + " (A business day weekmask array must have length 7)");
        boolean any = false;
        for (boolean b : weekmask) any |= b;
        if (!any)
            throw new NdException("busdaycalendar: expected a weekmask with at least one valid day, got "
                    + Arrays.toString(weekmask) + " (Cannot construct a numpy.busdaycal with a weekmask of all zeros)");
        this.weekmask = weekmask.clone();
        this.holidays = Arrays.stream(holidayDays)
                .filter(v -> v != DateUnit.NAT && weekmask[Math.floorMod(v + 3, 7)])
                .sorted()
                .distinct()
                .toArray();
    }

    /** numpy.busdaycalendar.weekmask: the valid days, Monday first (a copy): {@code c.weekmask()[5]} is Saturday. */
    public boolean[] weekmask() {
        return weekmask.clone();
    }

    /** numpy.busdaycalendar.holidays: a new datetime64[D] array on the current device: {@code c.holidays()}. */
    public NDArray holidays() {
        return Creation.array(holidays, DType.DATETIME64_D);
    }

    /** The holidays as day counts since 1970-01-01, sorted (a copy, on the host): {@code c.holidayDays()}. */
    public long[] holidayDays() {
        return holidays.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BusdayCalendar c
                && Arrays.equals(weekmask, c.weekmask)
                && Arrays.equals(holidays, c.holidays);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(weekmask) + Arrays.hashCode(holidays);
    }

    /** NumPy's arguments: {@code busdaycalendar(weekmask='1111100', holidays=['2024-01-01'])}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("busdaycalendar(weekmask='");
        for (boolean b : weekmask) s.append(b ? '1' : '0');
        s.append("', holidays=[");
        for (int k = 0; k < holidays.length; k++) {
            s.append(k == 0 ? "'" : ", '");
            // java.time covers every year NumPy prints with four digits and more
            try {
                s.append(java.time.LocalDate.ofEpochDay(holidays[k]));
            } catch (java.time.DateTimeException e) {
                s.append(holidays[k]).append(" days");
            }
            s.append('\'');
        }
        return s.append("])").toString();
    }
}
