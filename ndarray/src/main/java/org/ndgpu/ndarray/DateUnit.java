package org.ndgpu.ndarray;

import org.ndgpu.exceptions.DTypeException;

/**
 * The unit of a datetime64 or timedelta64 dtype, as NumPy writes it between the brackets of
 * {@code 'datetime64[s]'}: years, months, weeks, days, hours, minutes, seconds and the decimal
 * fractions of a second down to attoseconds; {@link #GENERIC} is NumPy's unit-less {@code datetime64}.
 *
 * <pre>{@code
 * DateUnit.of("ms");                       // DateUnit.ms
 * DateUnit.D.factor(DateUnit.h);           // 24: one day is 24 hours
 * DType.datetime64(DateUnit.s).unit();     // DateUnit.s
 * }</pre>
 *
 * <p>The constants are spelled as NumPy's unit codes, so {@code M} (months) and {@code m} (minutes)
 * are two constants, as in NumPy.
 */
public enum DateUnit {
    /** NumPy's generic unit: {@code numpy.datetime64('NaT')} and a plain {@code 'm8'} have it. */
    GENERIC("generic", 0),
    /** Years: calendar years since 1970. */
    Y("Y", 0),
    /** Months: calendar months since 1970-01. */
    M("M", 0),
    /** Weeks of seven days. */
    W("W", 7),
    /** Days. */
    D("D", 24),
    /** Hours. */
    h("h", 60),
    /** Minutes. */
    m("m", 60),
    /** Seconds. */
    s("s", 1000),
    /** Milliseconds. */
    ms("ms", 1000),
    /** Microseconds. */
    us("us", 1000),
    /** Nanoseconds. */
    ns("ns", 1000),
    /** Picoseconds. */
    ps("ps", 1000),
    /** Femtoseconds. */
    fs("fs", 1000),
    /** Attoseconds. */
    as("as", 1);

    /** NaT, "not a time", in a datetime64 or timedelta64 of any unit: int64's minimum, as NumPy stores it. */
    public static final long NAT = Long.MIN_VALUE;

    private final String code;
    // how many of the next finer unit make one of this (W to D: 7; Y, M and GENERIC: not linear)
    private final long next;

    DateUnit(String code, long next) {
        this.code = code;
        this.next = next;
    }

    /** NumPy's code: "s", "ms", "M" (months), "m" (minutes), "generic". */
    public String code() {
        return code;
    }

    /** True for years and months, whose lengths vary (the calendar converts them to days). */
    public boolean isCalendar() {
        return this == Y || this == M;
    }

    /** True for the units of fixed length, weeks to attoseconds. */
    public boolean isLinear() {
        return ordinal() >= W.ordinal();
    }

    /**
     * How many {@code finer} make one of this unit, exactly (D to h: 24; Y to M: 12); a DTypeException
     * when {@code finer} is coarser, when the pair crosses from years or months to days (not a fixed
     * number), or when the factor overflows 64 bits: {@code DateUnit.s.factor(DateUnit.ns)} is 1e9.
     */
    public long factor(DateUnit finer) {
        java.util.Objects.requireNonNull(finer, "DateUnit.factor: finer is null");
        if (this == finer) return 1;
        if (this == Y && finer == M) return 12;
        if (!isLinear() || !finer.isLinear() || finer.ordinal() < ordinal()) {
            throw new DTypeException("datetime unit conversion: expected " + code
                    + " and a finer unit of fixed ratio, got " + code + " to " + finer.code + " (no fixed ratio)");
        }
        long f = 1;
        try {
            for (int k = ordinal(); k < finer.ordinal(); k++) f = Math.multiplyExact(f, values()[k].next);
        } catch (ArithmeticException e) {
            throw new DTypeException(
                    "datetime unit conversion: the factor from " + code + " to " + finer.code + " overflows int64");
        }
        return f;
    }

    /** The finer of two units, as NumPy picks the unit of a result (GENERIC gives way to the other). */
    public static DateUnit finer(DateUnit a, DateUnit b) {
        java.util.Objects.requireNonNull(a, "DateUnit.finer: a is null");
        java.util.Objects.requireNonNull(b, "DateUnit.finer: b is null");
        if (a == GENERIC) return b;
        if (b == GENERIC) return a;
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /**
     * The unit of NumPy's code, case-sensitive: "Y", "M", "W", "D", "h", "m", "s", "ms", "us" (also
     * "μs"), "ns", "ps", "fs", "as", "generic".
     */
    public static DateUnit of(String code) {
        if (code == null) throw new DTypeException("datetime unit: expected a unit code such as 's', got null");
        if (code.equals("μs")) return us;
        for (DateUnit u : values()) if (u.code.equals(code)) return u;
        throw new DTypeException(
                "datetime unit: expected one of Y, M, W, D, h, m, s, ms, us, ns, ps, fs, as, generic; got '" + code
                        + "'");
    }

    @Override
    public String toString() {
        return code;
    }
}
