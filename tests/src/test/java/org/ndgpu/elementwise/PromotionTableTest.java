package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Scalars;

/** The full promotion table and NEP 50 scalar results against numpy (fixtures/ufuncs/promotion.tsv); no device. */
class PromotionTableTest {
    @Test
    void arraysPromoteAsNumpyResultType() {
        int n = 0;
        for (String[] r : Fixtures.rows("/fixtures/ufuncs/promotion.tsv")) {
            if (!r[0].equals("arrays")) continue;
            DType a = DType.of(r[1]), b = DType.of(r[2]);
            assertEquals(DType.of(r[3]), DType.promote(a, b), a + " with " + b);
            assertEquals(DType.of(r[3]), UfuncLoops.resolve("maximum", a, b).out(), "maximum loop " + a + ", " + b);
            n++;
        }
        assertEquals(14 * 14, n);
    }

    @Test
    void javaScalarsAreWeak() {
        int n = 0;
        for (String[] r : Fixtures.rows("/fixtures/ufuncs/promotion.tsv")) {
            if (!r[0].equals("scalar")) continue;
            DType a = DType.of(r[1]);
            Object v = switch (r[2]) {
                case "3" -> 3;
                case "2.5" -> 2.5;
                case "True" -> Boolean.TRUE;
                default -> Long.parseLong(r[2]); // -1, 70000, 2^32, 2^63 - 1: bounds of the unsigned dtypes
            };
            if (r[3].equals("error")) {
                assertThrows(
                        DTypeException.class,
                        () -> UfuncLoops.resolve("add", a, Scalars.weak("add", v, a)),
                        a + " + " + v);
            } else {
                assertEquals(
                        DType.of(r[3]),
                        UfuncLoops.resolve("add", a, Scalars.weak("add", v, a)).out(),
                        a + " + " + v);
            }
            n++;
        }
        assertEquals(14 * 7, n);
    }

    @Test
    void numpyLoopChoices() {
        assertEquals(
                DType.FLOAT64,
                UfuncLoops.resolve("true_divide", DType.INT8, DType.INT8).out());
        assertEquals(DType.FLOAT32, UfuncLoops.resolve("sqrt", DType.INT16).out());
        assertEquals(DType.FLOAT16, UfuncLoops.resolve("sqrt", DType.UINT8).out());
        assertEquals(
                DType.FLOAT32, UfuncLoops.resolve("absolute", DType.COMPLEX64).out());
        assertEquals(
                DType.BOOL,
                UfuncLoops.resolve("less", DType.INT8, DType.FLOAT32).out());
        assertThrows(DTypeException.class, () -> UfuncLoops.resolve("left_shift", DType.FLOAT32, DType.INT32));
        assertThrows(DTypeException.class, () -> UfuncLoops.resolve("subtract", DType.BOOL, DType.BOOL));
        assertEquals(true, UfuncLoops.canCastSameKind(DType.INT64, DType.INT8));
        assertEquals(false, UfuncLoops.canCastSameKind(DType.FLOAT64, DType.INT64));
        assertEquals(false, UfuncLoops.canCastSameKind(DType.INT8, DType.UINT8));
        // NumPy 2's loops for unsigned operands: true_divide always float64, mixed signs widen or go to float64
        assertEquals(
                DType.FLOAT64,
                UfuncLoops.resolve("true_divide", DType.UINT16, DType.UINT16).out());
        assertEquals(
                DType.INT64,
                UfuncLoops.resolve("add", DType.UINT32, DType.INT32).out());
        assertEquals(
                DType.FLOAT64,
                UfuncLoops.resolve("add", DType.UINT64, DType.INT64).out());
        assertEquals(
                DType.INT16, UfuncLoops.resolve("add", DType.UINT8, DType.INT8).out());
        assertEquals(
                DType.BOOL,
                UfuncLoops.resolve("less", DType.UINT64, DType.INT64).out());
        assertThrows(DTypeException.class, () -> UfuncLoops.resolve("bitwise_and", DType.UINT64, DType.INT64));
        assertEquals(true, UfuncLoops.canCastSameKind(DType.UINT64, DType.INT8));
        assertEquals(false, UfuncLoops.canCastSameKind(DType.FLOAT64, DType.UINT64));
    }
}
