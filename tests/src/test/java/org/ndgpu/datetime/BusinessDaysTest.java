package org.ndgpu.datetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.BusdayCalendar;
import org.ndgpu.routines.BusdayRoll;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.busdaycalendar and numpy.busday_offset beyond the fixtures (DatetimeParityTest): the
 * calendar's normal form and its forms of weekmask, the calendar in every business-day function,
 * the roll names, broadcasting, and hostile inputs, each an NdException (or a NullPointerException
 * naming its parameter) whose message names the operation, what it expected and what it got. The
 * expected values are NumPy 2.4's.
 */
public class BusinessDaysTest extends PerDeviceTest {
    private static final long NAT = Long.MIN_VALUE;

    private static NDArray days(String... iso) {
        return Nd.array(iso, DType.DATETIME64_D);
    }

    private static long[] counts(NDArray a) {
        return a.astype(DType.INT64).toLongArray();
    }

    private static void refused(String op, String got, org.junit.jupiter.api.function.Executable call) {
        NdException e = assertThrows(NdException.class, call);
        assertTrue(e.getMessage().startsWith(op + ": expected "), e.getMessage());
        assertTrue(e.getMessage().contains(got), e.getMessage());
    }

    @Test
    void calendarKeepsHolidaysAsNumPy() {
        // np.busdaycalendar('1111100', ['2024-01-15', '2024-01-13', 'NaT', '2024-01-01', '2024-01-01'])
        BusdayCalendar c =
                Nd.busdaycalendar("1111100", days("2024-01-15", "2024-01-13", "NaT", "2024-01-01", "2024-01-01"));
        assertArrayEquals(new long[] {19723, 19737}, c.holidayDays());
        NDArray h = c.holidays();
        assertEquals(DType.DATETIME64_D, h.dtype());
        assertArrayEquals(new String[] {"2024-01-01", "2024-01-15"}, Nd.datetimeAsString(h));
        assertArrayEquals(new boolean[] {true, true, true, true, true, false, false}, c.weekmask());
        assertEquals("busdaycalendar(weekmask='1111100', holidays=['2024-01-01', '2024-01-15'])", c.toString());
        // immutable: the accessors hand out copies
        c.weekmask()[0] = false;
        c.holidayDays()[0] = 0;
        h.set("...", Nd.datetime64("2000-01-03"));
        assertArrayEquals(new long[] {19723, 19737}, c.holidayDays());
        assertTrue(c.weekmask()[0]);
        // every form of NumPy's weekmask gives the one calendar
        BusdayCalendar named = Nd.busdaycalendar(" Mon Tue  Wed Thu Fri ", days("2024-01-01", "2024-01-15"));
        BusdayCalendar bools =
                Nd.busdaycalendar(new boolean[] {true, true, true, true, true, false, false}, c.holidays());
        assertEquals(c, named);
        assertEquals(c, bools);
        assertEquals(c.hashCode(), bools.hashCode());
        assertNotEquals(c, Nd.busdaycalendar("1111100", null));
        assertArrayEquals(
                new boolean[] {false, false, false, false, false, true, true},
                Nd.busdaycalendar("SatSun", null).weekmask());
        assertEquals(0, Nd.busdaycalendar((String) null, null).holidayDays().length);
        // a coarser unit casts safely to days: 2024-03 is 2024-03-01, a Friday
        assertArrayEquals(
                new long[] {19783},
                Nd.busdaycalendar("1111100", Nd.array(new String[] {"2024-03"}, DType.of("M8[M]")))
                        .holidayDays());
        assertArrayEquals(
                new long[] {19723},
                new BusdayCalendar(c.weekmask(), new long[] {19723, NAT, 19723, 19722})
                        .holidayDays()); // 19722 is a Sunday
    }

    @Test
    void calendarServesEveryBusinessDayFunction() {
        BusdayCalendar c = Nd.busdaycalendar("Mon Tue Wed Thu", days("2024-01-01"));
        NDArray d = days("2023-12-29", "2024-01-01", "2024-01-02", "2024-01-05", "NaT");
        assertArrayEquals(counts(Nd.isBusday(d, "Mon Tue Wed Thu", days("2024-01-01"))), counts(Nd.isBusday(d, c)));
        assertArrayEquals(new long[] {0, 0, 1, 0, 0}, counts(Nd.isBusday(d, c)));
        NDArray b = days("2023-12-01", "2024-01-31"), e = days("2024-01-31", "2023-12-01");
        // np.busday_count(b, e, busdaycal=c): [33, -34] (2023-12-01 is a Friday, not valid)
        assertArrayEquals(new long[] {33, -34}, counts(Nd.busdayCount(b, e, c)));
        // np.busday_offset(d, 1, roll='following', busdaycal=c)
        assertArrayEquals(
                new String[] {"2024-01-03", "2024-01-03", "2024-01-03", "2024-01-09", "NaT"},
                Nd.datetimeAsString(Nd.busdayOffset(d, 1, BusdayRoll.FOLLOWING, c)));
    }

    @Test
    void offsetsBroadcastAndRollAsNumPy() {
        // np.busday_offset(np.array(['2024-01-05', '2024-01-06'], 'M8[D]')[:, None], [-3, 0, 3], roll='backward')
        NDArray d = days("2024-01-05", "2024-01-06").reshape(2, 1);
        NDArray y = Nd.busdayOffset(d, Nd.array(new long[] {-3, 0, 3}), BusdayRoll.BACKWARD);
        assertArrayEquals(new long[] {2, 3}, y.shape());
        assertArrayEquals(
                new String[] {"2024-01-02", "2024-01-05", "2024-01-10", "2024-01-02", "2024-01-05", "2024-01-10"},
                Nd.datetimeAsString(y));
        // the default roll: a weekday moves, 0-d stays 0-d, an empty array stays empty
        NDArray one = Nd.busdayOffset(Nd.datetime64("2024-01-05"), 1);
        assertEquals(0, one.ndim());
        assertArrayEquals(new String[] {"2024-01-08"}, Nd.datetimeAsString(one));
        assertEquals(
                0, Nd.busdayOffset(Nd.array(new long[0], DType.DATETIME64_D), 1).size());
        // int8 offsets and a datetime64[Y] date (2024-01-01, a Monday) are taken, as NumPy's safe casts
        assertArrayEquals(
                new String[] {"2024-01-03"},
                Nd.datetimeAsString(Nd.busdayOffset(
                        Nd.array(new String[] {"2024"}, DType.of("M8[Y]")),
                        Nd.array(new long[] {2}).astype(DType.INT8))));
        // NaT stays NaT under every roll but 'raise'
        for (BusdayRoll r : BusdayRoll.values()) {
            if (r == BusdayRoll.RAISE) continue;
            assertArrayEquals(new long[] {NAT}, counts(Nd.busdayOffset(days("NaT"), 3, r)), r.numpyName());
        }
        // modifiedfollowing stays in the month: Saturday 2024-08-31 goes back to Friday the 30th
        assertArrayEquals(
                new String[] {"2024-08-30", "2024-09-02"},
                Nd.datetimeAsString(Nd.busdayOffset(
                        days("2024-08-31", "2024-08-31"),
                        Nd.array(new long[] {0, 1}),
                        BusdayRoll.MODIFIEDFOLLOWING,
                        "1111100",
                        null)));
    }

    @Test
    void rollsHaveNumPysNames() {
        assertEquals(BusdayRoll.MODIFIEDPRECEDING, BusdayRoll.of("modifiedpreceding"));
        assertEquals("forward", BusdayRoll.FORWARD.numpyName());
        for (BusdayRoll r : BusdayRoll.values()) assertEquals(r, BusdayRoll.of(r.numpyName()));
        refused("busday_offset", "'Following'", () -> BusdayRoll.of("Following"));
        assertThrows(NullPointerException.class, () -> BusdayRoll.of(null));
    }

    @Test
    void raiseRollRefusesAsNumPy() {
        // np.busday_offset('2024-01-06', 1): ValueError: Non-business day date in busday_offset
        refused("busday_offset", "2024-01-06", () -> Nd.busdayOffset(days("2024-01-05", "2024-01-06"), 1));
        // np.busday_offset('NaT', 1): ValueError: NaT input in busday_offset
        refused("busday_offset", "NaT", () -> Nd.busdayOffset(days("2024-01-05", "NaT"), 1));
        // a holiday is not a valid day either
        refused(
                "busday_offset",
                "2024-01-01",
                () -> Nd.busdayOffset(days("2024-01-01"), 1, BusdayRoll.RAISE, "1111100", days("2024-01-01")));
    }

    @Test
    void refusesBadWeekmasksAsNumPy() {
        // each is a ValueError in NumPy
        for (String w : new String[] {" 1111100", "1111100 ", "11111000", "1111102", "Mo", "mon", "Mon,Tue", "Monday"})
            refused("busdaycalendar", "'" + w + "'", () -> Nd.busdaycalendar(w, null));
        for (String w : new String[] {"0000000", "", "   "}) {
            refused("busdaycalendar", "at least one valid day", () -> Nd.busdaycalendar(w, null));
            refused("is_busday", "at least one valid day", () -> Nd.isBusday(days("2024-01-01"), w, null));
            refused(
                    "busday_offset",
                    "at least one valid day",
                    () -> Nd.busdayOffset(days("2024-01-01"), 1, BusdayRoll.NAT, w, null));
        }
        refused("busdaycalendar", "at least one valid day", () -> Nd.busdaycalendar(new boolean[7], null));
        refused("busdaycalendar", "7 days, got 6", () -> Nd.busdaycalendar(new boolean[6], null));
        assertThrows(NdException.class, () -> new BusdayCalendar(new boolean[7], new long[0]));
        assertThrows(NdException.class, () -> new BusdayCalendar(new boolean[8], new long[0]));
    }

    @Test
    void refusesBadDatesOffsetsAndHolidays() {
        NDArray d = days("2024-01-05");
        // holidays must cast safely to days and be 1-d (NumPy's ValueErrors)
        refused("busdaycalendar", "int64", () -> Nd.busdaycalendar("1111100", Nd.array(new long[] {1, 2})));
        refused("busdaycalendar", "float64", () -> Nd.busdaycalendar("1111100", Nd.array(new double[] {1.5})));
        refused(
                "busdaycalendar",
                "datetime64[h]",
                () -> Nd.busdaycalendar("1111100", Nd.array(new String[] {"2024-01-01T10"}, DType.of("M8[h]"))));
        refused(
                "busdaycalendar",
                "timedelta64[D]",
                () -> Nd.busdaycalendar("1111100", Nd.array(new long[] {3}, DType.TIMEDELTA64_D)));
        refused(
                "busday_offset",
                "(1, 2)",
                () -> Nd.busdayOffset(
                        d,
                        1,
                        BusdayRoll.NAT,
                        null,
                        days("2024-01-01", "2024-01-02").reshape(1, 2)));
        // dates: datetime64 of days or coarser (NumPy's TypeError for M8[h], m8, int64)
        refused("busday_offset", "datetime64[h]", () -> Nd.busdayOffset(Nd.datetime64("2024-01-05T10", "h"), 1));
        refused(
                "busday_offset",
                "timedelta64[D]",
                () -> Nd.busdayOffset(Nd.array(new long[] {1}, DType.TIMEDELTA64_D), 1));
        refused("busday_offset", "float32", () -> Nd.busdayOffset(Nd.array(new float[] {1}), 1));
        refused("is_busday", "int64", () -> Nd.isBusday(Nd.array(new long[] {1}), Nd.busdaycalendar("1111100", null)));
        // offsets: integers that cast safely to int64
        refused("busday_offset", "float64", () -> Nd.busdayOffset(d, Nd.array(new double[] {1.5})));
        refused(
                "busday_offset",
                "uint64",
                () -> Nd.busdayOffset(d, Nd.array(new long[] {1}).astype(DType.UINT64)));
        refused(
                "busday_offset",
                "timedelta64[D]",
                () -> Nd.busdayOffset(d, Nd.array(new long[] {1}, DType.TIMEDELTA64_D)));
        refused("busday_offset", "Double", () -> Nd.busdayOffset(d, 1.5));
        refused("busday_offset", "String", () -> Nd.busdayOffset(d, "3"));
        // shapes that do not broadcast
        assertThrows(
                NdException.class,
                () -> Nd.busdayOffset(days("2024-01-01", "2024-01-02", "2024-01-03"), Nd.array(new long[] {1, 2})));
    }

    @Test
    void refusesClosedArraysAndNulls() {
        NDArray closed = days("2024-01-05");
        closed.close();
        NDArray d = days("2024-01-05");
        BusdayCalendar c = Nd.busdaycalendar("1111100", null);
        closed("busday_offset", () -> Nd.busdayOffset(closed, 1));
        closed("busday_offset", () -> Nd.busdayOffset(d, closedLongs()));
        closed("busdaycalendar", () -> Nd.busdaycalendar("1111100", closed));
        closed("is_busday", () -> Nd.isBusday(closed, c));
        closed("busday_count", () -> Nd.busdayCount(d, closed, c));
        assertNull("busday_offset: dates", () -> Nd.busdayOffset(null, 1));
        assertNull("busday_offset: offsets", () -> Nd.busdayOffset(d, null));
        assertNull("busday_offset: roll", () -> Nd.busdayOffset(d, 1, (BusdayRoll) null));
        assertNull("busday_offset: busdaycal", () -> Nd.busdayOffset(d, 1, BusdayRoll.NAT, (BusdayCalendar) null));
        assertNull("is_busday: busdaycal", () -> Nd.isBusday(d, (BusdayCalendar) null));
        assertNull("busday_count: busdaycal", () -> Nd.busdayCount(d, d, (BusdayCalendar) null));
        assertNull("busdaycalendar: weekmask", () -> Nd.busdaycalendar((boolean[]) null, null));
    }

    private static NDArray closedLongs() {
        NDArray a = Nd.array(new long[] {1});
        a.close();
        return a;
    }

    private static void closed(String op, org.junit.jupiter.api.function.Executable call) {
        NdException e = assertThrows(NdException.class, call);
        assertTrue(e.getMessage().startsWith(op + ": ") && e.getMessage().contains("closed"), e.getMessage());
    }

    private static void assertNull(String starts, org.junit.jupiter.api.function.Executable call) {
        NullPointerException e = assertThrows(NullPointerException.class, call);
        assertTrue(e.getMessage().startsWith(starts), e.getMessage());
    }
}
