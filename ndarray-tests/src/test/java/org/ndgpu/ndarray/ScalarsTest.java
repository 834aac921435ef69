package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The weak-scalar helpers shared by the ufuncs, fuse, searchsorted and the kernels' parameters:
 * which Java values are integers, whether an integer fits a dtype (NumPy's ranges, written out
 * here), and which operations compare by value.
 */
class ScalarsTest {

    @Test
    void javaIntegersAreTheFourIntegralBoxes() {
        for (Object v : new Object[] {1L, 1, (short) 1, (byte) 1, Long.MIN_VALUE})
            assertTrue(Scalars.isJavaInteger(v), v.getClass().getName());
        for (Object v : new Object[] {1.0, 1.0f, true, 'c', BigInteger.ONE, "1", new long[] {1}}) {
            assertFalse(Scalars.isJavaInteger(v), v.getClass().getName());
        }
        assertFalse(Scalars.isJavaInteger(null));
    }

    @Test
    void fitsIsNumPysRangeOfEachIntegerDtype() {
        // the smallest and largest value of each integer dtype a Java long can hold
        Map<DType, long[]> ranges = Map.of(
                DType.INT8,
                new long[] {-128, 127},
                DType.UINT8,
                new long[] {0, 255},
                DType.INT16,
                new long[] {-32768, 32767},
                DType.UINT16,
                new long[] {0, 65535},
                DType.INT32,
                new long[] {-2147483648L, 2147483647L},
                DType.UINT32,
                new long[] {0, 4294967295L},
                DType.INT64,
                new long[] {Long.MIN_VALUE, Long.MAX_VALUE},
                DType.UINT64,
                new long[] {0, Long.MAX_VALUE});
        ranges.forEach((d, r) -> {
            assertTrue(Scalars.fits(r[0], d) && Scalars.fits(r[1], d), d + " bounds");
            if (r[0] > Long.MIN_VALUE) assertFalse(Scalars.fits(r[0] - 1, d), d + " below");
            if (r[1] < Long.MAX_VALUE) assertFalse(Scalars.fits(r[1] + 1, d), d + " above");
        });
        // a dtype that is not an integer takes any integer (it converts instead)
        for (DType d :
                new DType[] {DType.BOOL, DType.FLOAT16, DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128
                }) {
            assertTrue(Scalars.fits(Long.MIN_VALUE, d) && Scalars.fits(Long.MAX_VALUE, d), d.toString());
        }
        var e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> Scalars.fits(1, null));
        assertEquals("fits: d is null", e.getMessage());
    }

    @Test
    void theSixComparisonsCompareByValue() {
        Set<Ufunc> six = EnumSet.of(
                Ufunc.EQUAL, Ufunc.NOT_EQUAL, Ufunc.LESS, Ufunc.LESS_EQUAL, Ufunc.GREATER, Ufunc.GREATER_EQUAL);
        for (Ufunc u : Ufunc.values()) {
            assertEquals(six.contains(u), u.isComparison(), u.numpyName());
            assertEquals(six.contains(u), Scalars.comparesByValue(u.numpyName()), u.numpyName());
        }
        assertFalse(Scalars.comparesByValue("no_such_ufunc"));
        assertFalse(Scalars.comparesByValue(null));
    }
}
