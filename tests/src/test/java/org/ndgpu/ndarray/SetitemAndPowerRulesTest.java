package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy 2.4's rules that an adversarial run found ndgpu refusing or rounding (each expected value is
 * NumPy's for the call in its comment): setitem dropping a value's leading axes of length 1, uint64
 * to a signed integer array's power (a float64 loop), complex powers by small integers exact.
 */
public class SetitemAndPowerRulesTest extends PerDeviceTest {
    @Test
    void setitemDropsLeadingAxesOfLengthOne() {
        try (NDArray a = Nd.zeros(DType.FLOAT64, 3, 4);
                NDArray row = Nd.arange(4).astype(DType.FLOAT64).reshape(1, 4);
                NDArray all = Nd.arange(12).astype(DType.FLOAT64).reshape(1, 3, 4);
                NDArray two = Nd.zeros(DType.FLOAT64, 2, 4)) {
            // a[0] = np.arange(4.).reshape(1, 4)
            a.set("0", row);
            try (NDArray r0 = a.get("0")) {
                assertArrayEquals(new double[] {0, 1, 2, 3}, r0.toDoubleArray());
            }
            // a[...] = np.arange(12.).reshape(1, 3, 4)
            a.set("...", all);
            assertEquals(66, a.sum().toDoubleArray()[0]);
            // a leading axis longer than 1 still does not fit: np.zeros(4)[...] = np.zeros((2, 4)) raises
            try (NDArray r1 = a.get("1")) {
                assertThrows(NdException.class, () -> r1.set("...", two));
            }
        }
    }

    @Test
    void unsignedToASignedPowerIsAFloatLoop() {
        try (NDArray base = Nd.array(new long[] {2, 3}).astype(DType.UINT64);
                NDArray exp = Nd.array(new long[] {-1, 2});
                NDArray p = base.pow(exp)) {
            // np.array([2, 3], np.uint64) ** np.array([-1, 2]): float64 [0.5, 9.]
            assertEquals(DType.FLOAT64, p.dtype());
            assertArrayEquals(new double[] {0.5, 9}, p.toDoubleArray());
        }
        try (NDArray ints = Nd.array(new long[] {2});
                NDArray neg = Nd.array(new long[] {-1})) {
            assertThrows(NdException.class, () -> ints.pow(neg));
        }
    }

    @Test
    void complexPowersOfSmallIntegersAreExact() {
        try (NDArray j = Nd.array(Complex.J).reshape(1);
                NDArray sq = j.pow(2L);
                NDArray z = Nd.array(Complex.of(1, 2)).reshape(1);
                NDArray five = z.pow(5L);
                NDArray minus3 = z.pow(-3L);
                NDArray inf = Nd.array(Complex.of(Double.POSITIVE_INFINITY, 0)).reshape(1);
                NDArray recip = inf.pow(-1L)) {
            // np.array([1j]) ** 2 is exactly -1+0j; (1+2j) ** 5 = 41-38j; (1+2j) ** -3 = -0.088+0.016j
            assertEquals(Complex.of(-1, 0), Complex.of((double[]) sq.get(0L).item()));
            assertEquals(Complex.of(41, -38), Complex.of((double[]) five.get(0L).item()));
            double[] m3 = (double[]) minus3.get(0L).item();
            assertArrayEquals(new double[] {-0.088, 0.016}, m3, 1e-16);
            // (inf+0j) ** -1 is 0, not NaN
            double[] r = (double[]) recip.get(0L).item();
            assertEquals(0, r[0]);
            assertEquals(0, Math.abs(r[1]));
        }
    }
}
