package org.ndgpu.ndarray;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.exceptions.DTypeException;

/**
 * NumPy's dtype rules for datetime64 and timedelta64: the dtype of a kind and unit, their names
 * ({@code 'datetime64[s]'}, {@code '<M8[s]'}), casting and promotion. See docs/datetime.md.
 */
final class TimeTypes {
    private TimeTypes() {}

    private static final DType[] DATETIMES = new DType[DateUnit.values().length];
    private static final DType[] TIMEDELTAS = new DType[DateUnit.values().length];

    static {
        for (DType d : DType.values()) {
            if (d.isDatetime()) DATETIMES[d.unit().ordinal()] = d;
            else if (d.isTimedelta()) TIMEDELTAS[d.unit().ordinal()] = d;
        }
    }

    // "datetime64[s]", "M8[s]", "<M8[s]", "=m8", "timedelta64": the unit is optional (generic)
    private static final Pattern NAME = Pattern.compile("[<=|]?(datetime64|timedelta64|M8|m8)(?:\\[([A-Za-zμ]+)\\])?");

    /** The dtype of kind 'M' or 'm' and this unit. */
    static DType of(char kind, DateUnit unit) {
        if (unit == null) throw new DTypeException("dtype: expected a datetime unit such as DateUnit.s, got null");
        return kind == 'M' ? DATETIMES[unit.ordinal()] : TIMEDELTAS[unit.ordinal()];
    }

    /** The datetime or timedelta dtype a name spells, or null when the name is not one. */
    static DType parse(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) return null;
        char kind = (m.group(1).charAt(0) == 'd' || m.group(1).charAt(0) == 'M') ? 'M' : 'm';
        return of(kind, m.group(2) == null ? DateUnit.GENERIC : DateUnit.of(m.group(2)));
    }

    /** numpy.can_cast for a pair where at least one is a datetime or timedelta: "safe", or "same_kind" when {@code sameKind}. */
    static boolean canCast(DType from, DType to, boolean sameKind) {
        if (to.isTimedelta() && !from.isTime()) {
            // bool and the integers that fit int64 are timedeltas of the target's unit; uint64 only same_kind
            return from.isBool() || from.isSigned() || (from.isInteger() && (sameKind || from.itemsize() < 8));
        }
        if (from.kind() != to.kind()) return false;
        DateUnit f = from.unit(), t = to.unit();
        if (f == DateUnit.GENERIC) return true;
        if (t == DateUnit.GENERIC) return false;
        if (from.isDatetime()) return sameKind || f.ordinal() <= t.ordinal();
        // timedelta: years and months convert to days by no fixed ratio
        if (f.isCalendar() != t.isCalendar()) return false;
        return sameKind || f.ordinal() <= t.ordinal();
    }

    /** numpy.result_type of two dtypes, at least one a datetime or timedelta. */
    static DType promote(DType a, DType b) {
        if (a.isTime() && b.isTime()) {
            DateUnit u = DateUnit.finer(a.unit(), b.unit());
            if (a.isTimedelta() && b.isTimedelta()) {
                if (a.unit() != DateUnit.GENERIC
                        && b.unit() != DateUnit.GENERIC
                        && a.unit().isCalendar() != b.unit().isCalendar()) {
                    throw new DTypeException(
                            "result_type: expected timedelta64 units of one kind (Y and M, or W to as), got " + a
                                    + " and " + b + " (no fixed ratio between them)");
                }
                return of('m', u);
            }
            // datetime with datetime or timedelta: a datetime of the finer unit
            return of('M', u);
        }
        DType t = a.isTime() ? a : b, other = a.isTime() ? b : a;
        if (t.isTimedelta() && canCast(other, t, false)) return t;
        throw new DTypeException("result_type: expected " + t + " with a timedelta64 or a signed integer, got " + a
                + " and " + b + " (no common dtype)");
    }
}
