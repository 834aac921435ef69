package org.ndgpu.datetime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.BusdayCalendar;
import org.ndgpu.routines.BusdayRoll;
import org.ndgpu.testing.PerDeviceTest;

/**
 * datetime64 and timedelta64 against NumPy (fixtures/datetime, made by make_datetime_fixtures.py):
 * arithmetic and comparisons over every unit pair (NaT included), unit casts, reductions, sorting,
 * the refusals, printing, ISO parsing and .npy files written by NumPy; the routines NumPy allows on
 * them (clip, searchsorted, cumsum, diff) and busday_offset under every roll.
 */
public class DatetimeParityTest extends PerDeviceTest {

    private static List<String[]> rows(String file) {
        try (InputStream in = DatetimeParityTest.class.getResourceAsStream("/fixtures/datetime/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static double[] doubles(String s) {
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split(","))
                        .mapToDouble(t -> switch (t) {
                            case "nan" -> Double.NaN;
                            case "inf" -> Double.POSITIVE_INFINITY;
                            case "-inf" -> Double.NEGATIVE_INFINITY;
                            default -> Double.parseDouble(t);
                        })
                        .toArray();
    }

    private static Object operand(String dtype, String values) {
        if (dtype.isEmpty()) {
            return values.startsWith("int:")
                    ? (Object) Long.parseLong(values.substring(4))
                    : (Object) Double.parseDouble(values.substring(6));
        }
        DType d = DType.of(dtype);
        if (d.isFloating()) return Nd.array(doubles(values)).astype(d);
        return Nd.array(longs(values), d);
    }

    private static NDArray apply(String op, Object a, Object b) {
        return switch (op) {
            case "add" -> Nd.add(a, b);
            case "subtract" -> Nd.sub(a, b);
            case "multiply" -> Nd.mul(a, b);
            case "true_divide" -> Nd.div(a, b);
            case "floor_divide" -> Nd.floorDiv(a, b);
            case "remainder" -> Nd.mod(a, b);
            case "equal" -> Nd.eq(a, b);
            case "not_equal" -> Nd.ne(a, b);
            case "less" -> Nd.lt(a, b);
            case "less_equal" -> Nd.le(a, b);
            case "greater" -> Nd.gt(a, b);
            case "greater_equal" -> Nd.ge(a, b);
            case "maximum" -> Nd.maximum(a, b);
            case "minimum" -> Nd.minimum(a, b);
            case "fmax" -> Nd.fmax(a, b);
            case "fmin" -> Nd.fmin(a, b);
            case "negative" -> Nd.neg(a);
            case "absolute" -> Nd.abs(a);
            case "sin" -> Nd.sin(a);
            case "sqrt" -> Nd.sqrt(a);
            case "isnat" -> Nd.isnat((NDArray) a);
            case "min" -> ((NDArray) a).min();
            case "max" -> ((NDArray) a).max();
            case "argmin" -> ((NDArray) a).argmin();
            case "argmax" -> ((NDArray) a).argmax();
            case "sum" -> ((NDArray) a).sum();
            case "mean" -> ((NDArray) a).mean();
            case "prod" -> ((NDArray) a).prod();
            case "sort" -> Nd.sort((NDArray) a);
            case "argsort" -> Nd.argsort((NDArray) a);
            case "unique" -> Nd.unique((NDArray) a);
            case "astype" -> ((NDArray) a).astype(((NDArray) b).dtype());
            default -> throw new AssertionError(op);
        };
    }

    @TestFactory
    Stream<DynamicTest> operationsAsNumPy() {
        return rows("ops.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    Object a = operand(r[2], r[3]);
                    Object b = r[4].isEmpty() && r[5].isEmpty() ? null : operand(r[4], r[5]);
                    if (r[6].equals("error")) {
                        DTypeException e = assertThrows(DTypeException.class, () -> apply(r[1], a, b), r[0]);
                        assertTrue(
                                e.getMessage().startsWith(r[1].equals("prod") || r[1].equals("sum") ? r[1] : ""),
                                e.getMessage());
                        return;
                    }
                    NDArray y = apply(r[1], a, b);
                    DType want = DType.of(r[6]);
                    assertEquals(want, y.dtype(), r[0] + ": dtype");
                    if (want.isFloating()) {
                        double[] e = doubles(r[7]), g = y.toDoubleArray();
                        assertEquals(e.length, g.length, r[0]);
                        for (int i = 0; i < e.length; i++) {
                            if (Double.isNaN(e[i])) assertTrue(Double.isNaN(g[i]), r[0] + " at " + i);
                            else assertEquals(e[i], g[i], Math.abs(e[i]) * 1e-12, r[0] + " at " + i);
                        }
                    } else if (want.isBool()) {
                        long[] e = longs(r[7]);
                        double[] g = y.toDoubleArray();
                        for (int i = 0; i < e.length; i++) assertEquals(e[i], (long) g[i], r[0] + " at " + i);
                    } else {
                        assertArrayEquals(longs(r[7]), y.astype(DType.INT64).toLongArray(), r[0]);
                    }
                }));
    }

    private static NDArray textArray(String[] r) {
        NDArray a = Nd.array(longs(r[2]), DType.of(r[1]));
        if (r[0].startsWith("0-d")) return a.reshape();
        if (r[0].endsWith("2-d")) return a.reshape(2, 2);
        return a;
    }

    @TestFactory
    Stream<DynamicTest> printsAsNumPy() {
        return rows("text.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    NDArray a = textArray(r);
                    assertEquals(r[3].replace("\\n", "\n"), Nd.arrayRepr(a), r[0] + ": repr");
                    assertEquals(r[4].replace("\\n", "\n"), Nd.arrayStr(a), r[0] + ": str");
                    if (!r[5].isEmpty()) assertEquals(r[5], String.join("|", Nd.datetimeAsString(a)), r[0]);
                }));
    }

    @TestFactory
    Stream<DynamicTest> parsesAsNumPy() {
        return rows("parse.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + " " + r[1], () -> {
                    NDArray a = r[1].isEmpty() ? Nd.datetime64(r[0]) : Nd.datetime64(r[0], r[1]);
                    assertEquals(DType.of(r[2]), a.dtype(), r[0]);
                    assertEquals(0, a.ndim());
                    assertEquals(Long.parseLong(r[3]), a.astype(DType.INT64).toLongArray()[0], r[0]);
                }));
    }

    @TestFactory
    Stream<DynamicTest> readsAndWritesNpy() {
        return rows("npy.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    Path dir = Files.createTempDirectory("datetime");
                    Path p = dir.resolve(r[0] + ".npy");
                    try (InputStream in =
                            DatetimeParityTest.class.getResourceAsStream("/fixtures/datetime/" + r[0] + ".npy")) {
                        Files.copy(in, p);
                    }
                    NDArray a = Nd.load(p);
                    assertEquals(DType.of(r[1]), a.dtype(), r[0]);
                    assertArrayEquals(longs(r[2]), a.shape(), r[0]);
                    assertArrayEquals(longs(r[3]), a.astype(DType.INT64).toLongArray(), r[0]);
                    Path q = dir.resolve("again.npy");
                    Nd.save(q, a);
                    String header = new String(Files.readAllBytes(q), 0, 128, StandardCharsets.ISO_8859_1);
                    assertTrue(header.contains("'descr': '<" + r[1] + "'"), header);
                    NDArray b = Nd.load(q);
                    assertEquals(a.dtype(), b.dtype());
                    assertArrayEquals(
                            a.astype(DType.INT64).toLongArray(),
                            b.astype(DType.INT64).toLongArray());
                }));
    }

    @TestFactory
    Stream<DynamicTest> businessDaysAsNumPy() {
        return rows("busday.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + " " + r[1], () -> {
                    NDArray d = Nd.array(longs(r[2]), DType.DATETIME64_D);
                    NDArray h = Nd.array(longs(r[5]), DType.DATETIME64_D);
                    NDArray y = r[1].equals("is_busday")
                            ? Nd.isBusday(d, r[4], h)
                            : Nd.busdayCount(d, Nd.array(longs(r[3]), DType.DATETIME64_D), r[4], h);
                    assertArrayEquals(longs(r[6]), y.astype(DType.INT64).toLongArray(), r[0]);
                }));
    }

    private static NDArray routine(String op, Object a, Object b, Object c) {
        return switch (op) {
            case "clip" -> Nd.clip((NDArray) a, b, c);
            case "searchsorted" -> Nd.searchsorted((NDArray) a, b);
            case "searchsorted_right" -> Nd.searchsorted((NDArray) a, b, "right");
            case "cumsum" -> Nd.cumsum((NDArray) a);
            case "nancumsum" -> Nd.nancumsum((NDArray) a);
            case "cumprod" -> Nd.cumprod((NDArray) a);
            case "diff" -> Nd.diff((NDArray) a, ((Long) b).intValue(), -1);
            default -> apply(op, a, b);
        };
    }

    @TestFactory
    Stream<DynamicTest> routinesAsNumPy() {
        return rows("routines.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    Object[] x = new Object[3];
                    for (int k = 0; k < 3; k++) {
                        String d = r[2 + 2 * k], v = r[3 + 2 * k];
                        x[k] = d.isEmpty() && v.isEmpty() ? null : operand(d, v);
                    }
                    if (r[8].equals("error")) {
                        NdException e = assertThrows(NdException.class, () -> routine(r[1], x[0], x[1], x[2]), r[0]);
                        assertTrue(e.getMessage().startsWith(r[1].replace("_right", "")), e.getMessage());
                        return;
                    }
                    NDArray y = routine(r[1], x[0], x[1], x[2]);
                    assertEquals(DType.of(r[8]), y.dtype(), r[0] + ": dtype");
                    assertArrayEquals(longs(r[9]), y.astype(DType.INT64).toLongArray(), r[0]);
                }));
    }

    @TestFactory
    Stream<DynamicTest> businessDayOffsetsAsNumPy() {
        return rows("busday_offset.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + " " + r[3], () -> {
                    NDArray d = Nd.array(longs(r[1]), DType.DATETIME64_D);
                    NDArray o = Nd.array(longs(r[2]));
                    NDArray h = Nd.array(longs(r[5]), DType.DATETIME64_D);
                    BusdayRoll roll = BusdayRoll.of(r[3]);
                    BusdayCalendar c = Nd.busdaycalendar(r[4], h);
                    if (r[6].equals("error")) {
                        NdException e = assertThrows(NdException.class, () -> Nd.busdayOffset(d, o, roll, r[4], h));
                        assertTrue(e.getMessage().startsWith("busday_offset: expected "), e.getMessage());
                        assertThrows(NdException.class, () -> Nd.busdayOffset(d, o, roll, c));
                        return;
                    }
                    NDArray y = Nd.busdayOffset(d, o, roll, r[4], h);
                    assertEquals(DType.DATETIME64_D, y.dtype());
                    assertArrayEquals(longs(r[6]), y.astype(DType.INT64).toLongArray(), r[0]);
                    assertArrayEquals(
                            longs(r[6]),
                            Nd.busdayOffset(d, o, roll, c).astype(DType.INT64).toLongArray(),
                            r[0] + " (busdaycal)");
                }));
    }

    @Test
    void createsAndDescribes() {
        NDArray d = Nd.array(new String[] {"2024-01-01", "NaT", "1900-03-04T05:06"}, DType.of("M8"));
        assertEquals(DType.datetime64(DateUnit.m), d.dtype());
        assertArrayEquals(new String[] {"2024-01-01", "NaT", "1900-03-04"}, Nd.datetimeAsString(d, "D"));
        assertEquals(java.util.Map.entry("m", 1), Nd.datetimeData(d.dtype()));
        NDArray r = Nd.arange("2024-01-01", "2024-01-03", 12, DType.of("datetime64[h]"));
        assertArrayEquals(
                new String[] {"2024-01-01T00", "2024-01-01T12", "2024-01-02T00", "2024-01-02T12"},
                Nd.datetimeAsString(r));
        NDArray t = Nd.array(new String[] {"5", "NaT"}, DType.of("m8[s]"));
        assertArrayEquals(new long[] {5, Long.MIN_VALUE}, t.astype(DType.INT64).toLongArray());
        assertEquals(DType.TIMEDELTA64_h, Nd.timedelta64(12, "h").dtype());
        assertEquals(DType.DATETIME64_D, DType.promote(DType.DATETIME64_D, DType.TIMEDELTA64_W));
        assertEquals(DType.TIMEDELTA64_s, DType.promote(DType.TIMEDELTA64_s, DType.INT32));
        assertThrows(DTypeException.class, () -> DType.promote(DType.TIMEDELTA64_s, DType.FLOAT64));
        assertTrue(DType.canCastSafely(DType.DATETIME64_s, DType.DATETIME64_ms));
        assertTrue(!DType.canCastSafely(DType.TIMEDELTA64_Y, DType.TIMEDELTA64_D));
    }

    @Test
    void nanReductionsAndWhereAsNumPy() {
        long nat = Long.MIN_VALUE;
        NDArray t = Nd.array(new long[] {nat, 5, 3, nat}, DType.TIMEDELTA64_s);
        assertEquals(3, Nd.nanmin(t).astype(DType.INT64).toLongArray()[0]);
        assertEquals(5, Nd.nanmax(t).astype(DType.INT64).toLongArray()[0]);
        assertEquals(DType.TIMEDELTA64_s, Nd.nanmin(t).dtype());
        NDArray allNat = Nd.array(new long[] {nat}, DType.TIMEDELTA64_s);
        assertEquals(nat, Nd.nanmin(allNat).astype(DType.INT64).toLongArray()[0]);
        NDArray m = Nd.array(new long[] {nat, 4, 2, nat}, DType.TIMEDELTA64_h).reshape(2, 2);
        assertArrayEquals(
                new long[] {2, 4},
                Nd.nanmin(m, new int[] {0}, false).astype(DType.INT64).toLongArray());
        assertArrayEquals(
                new long[] {4, 2},
                Nd.nanmax(m, new int[] {1}, false).astype(DType.INT64).toLongArray());
        // numpy.partition places NaT last, as sort
        long[] p = Nd.partition(Nd.array(new long[] {nat, 5, 3, nat, 1}, DType.TIMEDELTA64_s), 1)
                .astype(DType.INT64)
                .toLongArray();
        assertEquals(3, p[1]);
        assertEquals(nat, p[3]);
        assertEquals(nat, p[4]);
        // numpy.where(c, M8[s], M8[ms]) is a M8[ms], the seconds converted
        NDArray a = Nd.array(new long[] {1, 2, nat}, DType.DATETIME64_s);
        NDArray b = Nd.array(new long[] {1500, nat, 7}, DType.DATETIME64_ms);
        NDArray w = Nd.where(Nd.array(new boolean[] {true, false, false}), a, b);
        assertEquals(DType.DATETIME64_ms, w.dtype());
        assertArrayEquals(new long[] {1000, nat, 7}, w.astype(DType.INT64).toLongArray());
    }

    @Test
    void refusesWithClearMessages() {
        NDArray d = Nd.datetime64("2024-01-01", "s");
        DTypeException e = assertThrows(DTypeException.class, () -> Nd.add(d, d));
        assertTrue(
                e.getMessage().startsWith("add: expected ") && e.getMessage().contains("datetime64[s]"),
                e.getMessage());
        e = assertThrows(DTypeException.class, () -> Nd.sin(d));
        assertTrue(e.getMessage().startsWith("sin: expected "), e.getMessage());
        e = assertThrows(DTypeException.class, () -> Nd.isnat(Nd.array(new double[] {1})));
        assertTrue(e.getMessage().startsWith("isnat: expected "), e.getMessage());
        assertThrows(DTypeException.class, () -> Nd.datetime64("2024-13-01"));
        assertThrows(DTypeException.class, () -> Nd.datetime64("yesterday"));
        assertThrows(DTypeException.class, () -> Nd.datetime64("2024-01-01", "parsec"));
        assertThrows(DTypeException.class, () -> Nd.datetimeAsString(Nd.array(new long[] {1})));
        assertThrows(DTypeException.class, () -> Nd.datetimeData(DType.FLOAT32));
    }
}
