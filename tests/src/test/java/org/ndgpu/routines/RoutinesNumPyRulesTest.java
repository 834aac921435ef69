package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Where NumPy 2.4 raises or keeps a dtype: ravel_multi_index's list of modes of the wrong length,
 * bool input to ediff1d and the quantile family, complex bins to digitize, and unwrap of integers
 * with an integer period (NumPy's values and dtypes in the comments).
 */
class RoutinesNumPyRulesTest extends PerDeviceTest {
    @Test
    void ravelMultiIndexModesOfTheWrongLength() {
        try (NDArray r = Nd.array(new long[] {1});
                NDArray c = Nd.array(new long[] {4});
                NDArray one = Nd.ravelMultiIndex(List.of(r, c), new long[] {3, 3}, "clip", Order.C);
                NDArray two =
                        Nd.ravelMultiIndex(List.of(r, c), new long[] {3, 3}, new String[] {"raise", "clip"}, Order.C)) {
            // ValueError: list of clipmodes has wrong length (1 instead of 2)
            NdException e = assertThrows(
                    NdException.class,
                    () -> Nd.ravelMultiIndex(List.of(r, c), new long[] {3, 3}, new String[] {"clip"}, Order.C));
            assertTrue(e.getMessage().contains("list of clipmodes has wrong length (1 instead of 2)"), e.getMessage());
            // np.ravel_multi_index(([1], [4]), (3, 3), mode='clip') -> [5]; mode=('raise', 'clip') -> [5]
            assertArrayEquals(new long[] {5}, one.toLongArray());
            assertArrayEquals(new long[] {5}, two.toLongArray());
        }
    }

    @Test
    void boolRefusedWhereNumPySubtracts() {
        try (NDArray b = Nd.array(new boolean[] {true, false, true});
                NDArray med = Nd.median(b);
                NDArray nanmed = Nd.nanmedian(b)) {
            // TypeError: numpy boolean subtract, the `-` operator, is not supported
            for (Runnable f : new Runnable[] {
                () -> Nd.ediff1d(b).close(),
                () -> Nd.quantile(b, 0.5).close(),
                () -> Nd.percentile(b, 50).close(),
                () -> Nd.nanquantile(b, 0.5).close(),
                () -> Nd.nanpercentile(b, 50).close()
            }) {
                DTypeException e = assertThrows(DTypeException.class, f::run);
                assertTrue(e.getMessage().contains("boolean subtract"), e.getMessage());
            }
            // np.median([True, False, True]) -> 1.0, np.nanmedian likewise
            assertEquals(1.0, med.toDoubleArray()[0]);
            assertEquals(1.0, nanmed.toDoubleArray()[0]);
        }
    }

    @Test
    void digitizeRefusesComplexBins() {
        try (NDArray x = Nd.array(new double[] {1, 2});
                NDArray re = Nd.array(new double[] {1, 2});
                NDArray bins = re.astype(DType.COMPLEX128)) {
            // TypeError: Cannot cast array data from dtype('complex128') to dtype('float64') according to the rule
            // 'safe'
            assertThrows(DTypeException.class, () -> Nd.digitize(x, bins).close());
        }
    }

    @Test
    void unwrapIntegersWithAnIntegerPeriod() {
        try (NDArray a = Nd.array(new long[] {0, 1, 2, -1, 0});
                NDArray b = Nd.array(new long[] {0, 3, 7, -1, 0});
                NDArray c = Nd.array(new long[] {0, 10, -7, 30}).astype(DType.INT16);
                NDArray m = Nd.array(new long[] {0, 5, 9, -3, 2, 8}).reshape(3, 2);
                NDArray v = Nd.array(new long[] {0, 5, 9, -3, 2, 8});
                NDArray ua = Nd.unwrap(a, null, -1, 4);
                NDArray ub = Nd.unwrap(b, null, -1, 5);
                NDArray uc = Nd.unwrap(c, null, -1, 7);
                NDArray um = Nd.unwrap(m, null, 0, 6);
                NDArray uv = Nd.unwrap(v, 4.0, -1, 6);
                NDArray uf = Nd.unwrap(a, null, -1, 4.0)) {
            // np.unwrap([0, 1, 2, -1, 0], period=4) -> int64 [0, 1, 2, 3, 4]
            assertEquals(DType.INT64, ua.dtype());
            assertArrayEquals(new long[] {0, 1, 2, 3, 4}, ua.toLongArray());
            // np.unwrap([0, 3, 7, -1, 0], period=5) -> [0, -2, -3, -1, 0]
            assertArrayEquals(new long[] {0, -2, -3, -1, 0}, ub.toLongArray());
            // np.unwrap(np.array([0, 10, -7, 30], np.int16), period=7) -> int16 [0, 3, 0, 2]
            assertEquals(DType.INT16, uc.dtype());
            assertArrayEquals(new long[] {0, 3, 0, 2}, uc.toLongArray());
            // np.unwrap([[0, 5], [9, -3], [2, 8]], axis=0, period=6) -> [[0, 5], [3, 3], [2, 2]]
            assertArrayEquals(new long[] {0, 5, 3, 3, 2, 2}, um.toLongArray());
            // np.unwrap([0, 5, 9, -3, 2, 8], discont=4, period=6) -> [0, -1, -3, -3, -4, -4]
            assertArrayEquals(new long[] {0, -1, -3, -3, -4, -4}, uv.toLongArray());
            // np.unwrap([0, 1, 2, -1, 0], period=4.0) -> float64 [0., 1., 2., 3., 4.]
            assertEquals(DType.FLOAT64, uf.dtype());
            assertArrayEquals(new double[] {0, 1, 2, 3, 4}, uf.toDoubleArray());
        }
    }
}
