package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * putmask and place cast an array of values by NumPy's 'safe' rule: np.putmask(np.arange(5), m,
 * np.array([1.5])) and np.place(...) raise TypeError ("Cannot cast array data from dtype('float64') to
 * dtype('int64') according to the rule 'safe'"), as do int64 values into uint8 or int8 and float64 into
 * float32; ndgpu truncated and wrapped them. Java numbers (Python scalars) keep their weak conversion.
 */
public class PutmaskCastingTest extends PerDeviceTest {

    @Test
    void arraysOfValuesCastSafelyOrRaise() {
        try (NDArray a = Nd.arange(5);
                NDArray m = a.gt(2);
                NDArray f = Nd.array(new double[] {1.5});
                NDArray i64 = Nd.array(new long[] {-1});
                NDArray u8 = Nd.zeros(DType.UINT8, 3);
                NDArray f32 = Nd.zeros(DType.FLOAT32, 3);
                NDArray all = Nd.ones(DType.BOOL, 3)) {
            assertThrows(DTypeException.class, () -> Nd.putmask(a, m, f));
            assertThrows(DTypeException.class, () -> Nd.place(a, m, f));
            assertThrows(DTypeException.class, () -> Nd.putmask(u8, all, i64));
            assertThrows(DTypeException.class, () -> Nd.putmask(f32, all, f));
            assertArrayEquals(new long[] {0, 1, 2, 3, 4}, a.toLongArray(), "a is left as it was");
            // np.putmask(np.arange(5), m, np.array([7])): [0, 1, 2, 7, 7]; np.putmask(..., 9): [0, 1, 2, 9, 9]
            try (NDArray seven = Nd.array(new long[] {7})) {
                Nd.putmask(a, m, seven);
                assertArrayEquals(new long[] {0, 1, 2, 7, 7}, a.toLongArray());
                Nd.putmask(a, m, 9L);
                assertArrayEquals(new long[] {0, 1, 2, 9, 9}, a.toLongArray());
            }
        }
    }
}
