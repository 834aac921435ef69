package org.ndgpu.elementwise;

import java.util.Arrays;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;

/**
 * NumPy's ufunc rules for datetime64 and timedelta64 operands: which operand kinds a ufunc takes
 * (datetime - datetime is a timedelta, datetime + timedelta a datetime, timedelta times a number a
 * timedelta, timedelta / timedelta a float64, ...), the result's unit (the finer of the operands'),
 * and the NaT rules; the arithmetic runs on the device ({@link TimeKernels}). A ufunc without a
 * datetime loop (sin, datetime + datetime, datetime * 2) is a DTypeException naming the operands.
 */
final class TimeUfuncs {
    private TimeUfuncs() {}

    // an operand: its kind ('M' datetime, 'm' timedelta, 'i' integer or bool, 'f' float, 'c' other) and unit
    private record Opd(Object value, char kind, DateUnit unit, String described) {}

    private static Opd operand(String name, Object o, int k) {
        if (o == null)
            throw new NullPointerException(name + ": x" + (k + 1) + " is null; expected an NDArray or a Java number");
        if (o instanceof NDArray a) {
            DType d = a.live(name).dtype();
            char kind = d.isTime() ? d.kind() : (d.isInteger() || d.isBool()) ? 'i' : d.isFloating() ? 'f' : 'c';
            return new Opd(a, kind, d.unit(), d.toString());
        }
        if (o instanceof Boolean b) return new Opd(b ? 1L : 0L, 'i', null, "bool");
        if (Scalars.isJavaInteger(o)) return new Opd(((Number) o).longValue(), 'i', null, "int");
        if (o instanceof Float || o instanceof Double) return new Opd(((Number) o).doubleValue(), 'f', null, "float");
        throw new DTypeException(name + ": expected an NDArray or a Java number, got "
                + o.getClass().getSimpleName());
    }

    /** Applies {@code op} where an operand is a datetime or timedelta array. */
    static NDArray apply(Ufunc op, NDArray out, Object[] operands) {
        String name = op.numpyName();
        Opd[] o = new Opd[operands.length];
        for (int k = 0; k < o.length; k++) o[k] = operand(name, operands[k], k);
        NDArray r = switch (op) {
            case NEGATIVE, POSITIVE, ABSOLUTE -> unary(op, o[0]);
            case ADD, SUBTRACT -> additive(op, o[0], o[1]);
            case MULTIPLY -> multiply(o[0], o[1]);
            case TRUE_DIVIDE, FLOOR_DIVIDE -> divide(op, o[0], o[1]);
            case REMAINDER -> remainder(o[0], o[1]);
            case EQUAL -> compare(op, TimeKernels.EQUAL, o[0], o[1]);
            case NOT_EQUAL -> compare(op, TimeKernels.NOT_EQUAL, o[0], o[1]);
            case LESS -> compare(op, TimeKernels.LESS, o[0], o[1]);
            case LESS_EQUAL -> compare(op, TimeKernels.LESS_EQUAL, o[0], o[1]);
            case GREATER -> compare(op, TimeKernels.GREATER, o[0], o[1]);
            case GREATER_EQUAL -> compare(op, TimeKernels.GREATER_EQUAL, o[0], o[1]);
            case MAXIMUM -> extremum(op, TimeKernels.MAXIMUM, o[0], o[1]);
            case MINIMUM -> extremum(op, TimeKernels.MINIMUM, o[0], o[1]);
            case FMAX -> extremum(op, TimeKernels.FMAX, o[0], o[1]);
            case FMIN -> extremum(op, TimeKernels.FMIN, o[0], o[1]);
            case CLIP -> clip(o[0], o[1], o[2]);
            default ->
                throw refused(name, "numeric operands (ufunc '" + name + "' has no datetime64 or timedelta64 loop)", o);
        };
        return out == null ? r : into(name, r, out);
    }

    private static NDArray into(String name, NDArray r, NDArray out) {
        Operands.checkWriteable(name, out.live(name));
        Operands.checkCast(name, r.dtype(), out.dtype(), Casting.SAME_KIND);
        if (!Arrays.equals(out.shape(), r.shape())) {
            throw new ShapeException(name + ": output has shape " + Shapes.str(out.shape())
                    + ", but the operands broadcast to " + Shapes.str(r.shape()));
        }
        new CoreKernelLibrary().castInto(r, out);
        r.close();
        return out;
    }

    private static DTypeException refused(String name, String expected, Opd... o) {
        var got = new StringBuilder();
        for (int k = 0; k < o.length; k++) got.append(k > 0 ? " and " : "").append(o[k].described());
        return new DTypeException(name + ": expected " + expected + ", got " + got);
    }

    private static NDArray unary(Ufunc op, Opd x) {
        if (x.kind() != 'm') throw refused(op.numpyName(), "a timedelta64 array", x);
        NDArray a = (NDArray) x.value();
        NDArray raw = TimeKernels.raw(a);
        NDArray r = switch (op) {
            case NEGATIVE -> TimeKernels.NEGATIVE.call(raw);
            case ABSOLUTE -> TimeKernels.ABSOLUTE.call(raw);
            default -> raw.copy();
        };
        return r.viewAs(a.dtype());
    }

    private static NDArray additive(Ufunc op, Opd x, Opd y) {
        String name = op.numpyName();
        String pair = "" + x.kind() + y.kind();
        boolean sub = op == Ufunc.SUBTRACT;
        char kind = switch (pair) {
            case "Mm", "Mi" -> 'M';
            case "mM", "iM" -> sub ? 0 : 'M';
            case "mm", "mi", "im" -> 'm';
            case "MM" -> sub ? 'm' : 0;
            default -> 0;
        };
        if (kind == 0) {
            throw refused(
                    name,
                    sub
                            ? "datetime64 minus datetime64, timedelta64 or an integer, or timedelta64 with timedelta64 or an integer"
                            : "datetime64 or timedelta64 plus timedelta64 or an integer, or timedelta64 plus timedelta64",
                    x,
                    y);
        }
        DateUnit u = unitOf(name, x, y);
        return TimeKernels.ADD
                .call(storage(name, x, u), storage(name, y, u), 1L, 1L, sub ? -1L : 1L)
                .viewAs(kind == 'M' ? DType.datetime64(u) : DType.timedelta64(u));
    }

    private static NDArray multiply(Opd x, Opd y) {
        boolean first = x.kind() == 'm';
        Opd t = first ? x : y, n = first ? y : x;
        if (t.kind() != 'm' || (n.kind() != 'i' && n.kind() != 'f'))
            throw refused("multiply", "timedelta64 times an integer or a float", x, y);
        return scaleBy(t, n, 0);
    }

    private static NDArray divide(Ufunc op, Opd x, Opd y) {
        String name = op.numpyName();
        if (x.kind() == 'm' && y.kind() == 'm') {
            DateUnit u = unitOf(name, x, y);
            var k = op == Ufunc.TRUE_DIVIDE ? TimeKernels.TRUE_DIVIDE : TimeKernels.FLOOR_DIVIDE;
            return k.call(storage(name, x, u), storage(name, y, u), 1L, 1L, 1L);
        }
        if (x.kind() == 'm' && (y.kind() == 'i' || y.kind() == 'f')) return scaleBy(x, y, 1);
        throw refused(name, "timedelta64 divided by timedelta64, an integer or a float", x, y);
    }

    private static NDArray scaleBy(Opd t, Opd n, int divide) {
        NDArray a = (NDArray) t.value();
        NDArray raw = TimeKernels.raw(a);
        NDArray r = n.kind() == 'i'
                ? TimeKernels.SCALE_BY_INT.call(raw, asType(n, DType.INT64), divide)
                : TimeKernels.SCALE_BY_FLOAT.call(raw, asType(n, DType.FLOAT64), divide);
        return r.viewAs(a.dtype());
    }

    private static NDArray remainder(Opd x, Opd y) {
        if (x.kind() != 'm' || y.kind() != 'm') throw refused("remainder", "two timedelta64 operands", x, y);
        DateUnit u = unitOf("remainder", x, y);
        return TimeKernels.REMAINDER
                .call(storage("remainder", x, u), storage("remainder", y, u), 1L, 1L, 1L)
                .viewAs(DType.timedelta64(u));
    }

    private static NDArray compare(Ufunc op, ElementwiseKernel k, Opd x, Opd y) {
        String name = op.numpyName();
        String pair = "" + x.kind() + y.kind();
        if (!pair.equals("MM") && !pair.equals("mm") && !pair.equals("mi") && !pair.equals("im"))
            throw refused(name, "two datetime64, or timedelta64 with timedelta64 or an integer", x, y);
        DateUnit u = unitOf(name, x, y);
        return k.call(storage(name, x, u), storage(name, y, u), 1L, 1L, 1L);
    }

    private static NDArray extremum(Ufunc op, ElementwiseKernel k, Opd x, Opd y) {
        String name = op.numpyName();
        String pair = "" + x.kind() + y.kind();
        if (!pair.equals("MM") && !pair.equals("mm") && !pair.equals("mi") && !pair.equals("im"))
            throw refused(name, "two datetime64, or timedelta64 with timedelta64 or an integer", x, y);
        DateUnit u = unitOf(name, x, y);
        return k.call(storage(name, x, u), storage(name, y, u), 1L, 1L, 1L)
                .viewAs(pair.equals("MM") ? DType.datetime64(u) : DType.timedelta64(u));
    }

    // numpy.clip as minimum(maximum(a, lo), hi): three datetimes, or timedeltas and integers (one a
    // timedelta); NaT propagates
    private static NDArray clip(Opd a, Opd lo, Opd hi) {
        String kinds = "" + a.kind() + lo.kind() + hi.kind();
        boolean datetime = kinds.equals("MMM");
        if (!datetime && !kinds.matches("[mi]{3}"))
            throw refused("clip", "three datetime64, or timedelta64 with timedelta64 or integers", a, lo, hi);
        DateUnit u = unitOf("clip", a, lo, hi);
        return TimeKernels.CLIP
                .call(storage("clip", a, u), storage("clip", lo, u), storage("clip", hi, u))
                .viewAs(datetime ? DType.datetime64(u) : DType.timedelta64(u));
    }

    // the result's unit: the finer of the time operands'; timedeltas must convert to it by a fixed ratio
    private static DateUnit unitOf(String name, Opd... operands) {
        DateUnit u = DateUnit.GENERIC;
        for (Opd o : operands) if (o.unit() != null) u = DateUnit.finer(u, o.unit());
        for (Opd o : operands) {
            if (o.kind() == 'm' && o.unit() != DateUnit.GENERIC && o.unit().isCalendar() != u.isCalendar()) {
                throw new DTypeException(name + ": expected operands convertible to " + u + " units, got "
                        + o.described() + " (Cannot cast from timedelta64[" + o.unit() + "] to timedelta64[" + u
                        + "] with casting rule 'same_kind')");
            }
        }
        return u;
    }

    // an operand's int64 counts in unit u: an array (converted on the device) or a Java long
    private static Object storage(String name, Opd o, DateUnit u) {
        if (o.kind() == 'i') return asType(o, DType.INT64);
        NDArray raw = TimeKernels.raw((NDArray) o.value());
        return TimeKernels.convert(raw, o.unit(), u, o.kind() == 'M', name);
    }

    private static Object asType(Opd o, DType t) {
        if (o.value() instanceof NDArray a) return a.dtype() == t ? a : a.astype(t);
        return o.value();
    }
}
