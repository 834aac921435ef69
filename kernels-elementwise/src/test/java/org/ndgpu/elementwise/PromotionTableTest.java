package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.DTypeException;
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
        assertEquals(121, n);
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
                default -> Boolean.TRUE;
            };
            if (r[3].equals("error")) {
                assertThrows(DTypeException.class, () -> UfuncLoops.resolve("add", a, Scalars.weak("add", v, a)), a + " + " + v);
            } else {
                assertEquals(DType.of(r[3]), UfuncLoops.resolve("add", a, Scalars.weak("add", v, a)).out(), a + " + " + v);
            }
            n++;
        }
        assertEquals(33, n);
    }

    @Test
    void numpyLoopChoices() {
        assertEquals(DType.FLOAT64, UfuncLoops.resolve("true_divide", DType.INT8, DType.INT8).out());
        assertEquals(DType.FLOAT32, UfuncLoops.resolve("sqrt", DType.INT16).out());
        assertEquals(DType.FLOAT16, UfuncLoops.resolve("sqrt", DType.UINT8).out());
        assertEquals(DType.FLOAT32, UfuncLoops.resolve("absolute", DType.COMPLEX64).out());
        assertEquals(DType.BOOL, UfuncLoops.resolve("less", DType.INT8, DType.FLOAT32).out());
        assertThrows(DTypeException.class, () -> UfuncLoops.resolve("left_shift", DType.FLOAT32, DType.INT32));
        assertThrows(DTypeException.class, () -> UfuncLoops.resolve("subtract", DType.BOOL, DType.BOOL));
        assertEquals(true, UfuncLoops.canCastSameKind(DType.INT64, DType.INT8));
        assertEquals(false, UfuncLoops.canCastSameKind(DType.FLOAT64, DType.INT64));
        assertEquals(false, UfuncLoops.canCastSameKind(DType.INT8, DType.UINT8));
    }
}
