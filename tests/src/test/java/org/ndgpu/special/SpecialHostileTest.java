package org.ndgpu.special;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** Nd.special()'s ufuncs with hostile and unusual arguments: each refusal names the function. */
class SpecialHostileTest extends PerDeviceTest {
    private static final Special S = Nd.special();

    @Test
    void nullOperandsNameTheFunction() {
        var e = assertThrows(NullPointerException.class, () -> S.erf(null));
        assertTrue(e.getMessage().startsWith("erf:"), e.getMessage());
        try (NDArray x = Nd.ones(3)) {
            var e2 = assertThrows(NullPointerException.class, () -> S.xlogy(x, null));
            assertTrue(e2.getMessage().startsWith("xlogy:"), e2.getMessage());
        }
    }

    @Test
    void closedArraysAndComplexInputAreRefusedByName() {
        NDArray x = Nd.ones(3);
        x.close();
        var e = assertThrows(NdException.class, () -> S.gammaln(x));
        assertTrue(e.getMessage().contains("gammaln"), e.getMessage());
        try (NDArray c = Nd.zeros(DType.COMPLEX64, 3)) {
            var e2 = assertThrows(NdException.class, () -> S.ndtri(c));
            assertTrue(e2.getMessage().startsWith("ndtri:"), e2.getMessage());
            assertTrue(e2.getMessage().contains("complex64"), e2.getMessage());
        }
    }

    @Test
    void outMustHoldTheResult() {
        try (NDArray x = Nd.array(new double[] {0.25, 0.5});
                NDArray wrongDtype = Nd.zeros(DType.INT32, 2);
                NDArray wrongShape = Nd.zeros(DType.FLOAT64, 3);
                NDArray out = Nd.zeros(DType.FLOAT64, 2)) {
            var e = assertThrows(NdException.class, () -> S.logit(x, wrongDtype));
            assertTrue(e.getMessage().startsWith("logit:"), e.getMessage());
            var e2 = assertThrows(NdException.class, () -> S.logit(x, wrongShape));
            assertTrue(e2.getMessage().startsWith("logit:"), e2.getMessage());
            NDArray r = S.logit(x, out);
            assertTrue(r == out);
            assertArrayEquals(new double[] {Math.log(1.0 / 3), 0.0}, out.toDoubleArray(), 1e-15);
        }
    }

    @Test
    void emptyZeroDimNumbersAndBroadcasting() {
        try (NDArray empty = Nd.zeros(DType.FLOAT32, 0, 3);
                NDArray r = S.erfc(empty)) {
            assertArrayEquals(new long[] {0, 3}, r.shape());
            assertEquals(DType.FLOAT32, r.dtype());
        }
        try (NDArray one = Nd.array(new double[] {2.0});
                NDArray scalar = one.reshape();
                NDArray r = S.gamma(scalar)) {
            assertEquals(0, r.ndim());
            assertEquals(1.0, r.toDoubleArray()[0]);
        }
        // a Java number is a weak scalar beside a float32 array: the float32 loop
        try (NDArray a = Nd.array(new float[] {1, 2, 3});
                NDArray col = Nd.array(new double[][] {{0.0}, {1.0}});
                NDArray r = S.xlogy(a, 2.0);
                NDArray b = S.beta(col, a)) {
            assertEquals(DType.FLOAT32, r.dtype());
            assertArrayEquals(new long[] {2, 3}, b.shape());
            assertEquals(DType.FLOAT64, b.dtype());
            assertArrayEquals(
                    new double[] {
                        Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 1, 0.5, 1.0 / 3
                    },
                    b.toDoubleArray(),
                    1e-15);
        }
        // numbers alone: a 0-d float64 result, as SciPy gives a float
        try (NDArray r = S.erf(0.5)) {
            assertEquals(0, r.ndim());
            assertEquals(0.5204998778130465, r.toDoubleArray()[0], 1e-16);
        }
    }

    @Test
    void nanPropagates() {
        try (NDArray x = Nd.array(new double[] {Double.NaN});
                NDArray y = Nd.array(new float[] {Float.NaN})) {
            for (NDArray a : new NDArray[] {x, y}) {
                for (NDArray r :
                        new NDArray[] {S.erfinv(a), S.digamma(a), S.logNdtr(a), S.klDiv(a, 1.0), S.xlogy(0.0, a)}) {
                    try (r) {
                        assertTrue(Double.isNaN(r.toDoubleArray()[0]));
                    }
                }
            }
        }
    }

    @Test
    void theExpLogVariantsAndBetaincRefuseByName() {
        try (NDArray x = Nd.array(new double[] {0.25, 0.5});
                NDArray c = Nd.zeros(DType.COMPLEX128, 2);
                NDArray three = Nd.ones(3);
                NDArray wrongDtype = Nd.zeros(DType.INT32, 2)) {
            var e = assertThrows(NullPointerException.class, () -> S.betainc(x, null, x));
            assertTrue(e.getMessage().startsWith("betainc:"), e.getMessage());
            var e2 = assertThrows(NdException.class, () -> S.betainc(x, c, x));
            assertTrue(
                    e2.getMessage().startsWith("betainc:") && e2.getMessage().contains("complex128"), e2.getMessage());
            var e3 = assertThrows(NdException.class, () -> S.betainc(x, three, x));
            assertTrue(e3.getMessage().startsWith("betainc:"), e3.getMessage());
            var e4 = assertThrows(NdException.class, () -> S.powm1(x, 2.0, wrongDtype));
            assertTrue(e4.getMessage().startsWith("powm1:"), e4.getMessage());
            var e5 = assertThrows(NdException.class, () -> S.cosm1(c));
            assertTrue(e5.getMessage().startsWith("cosm1:"), e5.getMessage());
            NDArray closed = Nd.ones(2);
            closed.close();
            var e6 = assertThrows(NdException.class, () -> S.boxcox(closed, 0.5));
            assertTrue(e6.getMessage().contains("boxcox"), e6.getMessage());
            // numbers, broadcasting, 0-d and empty
            try (NDArray r = S.betainc(2.0, 3.0, x);
                    NDArray z = Nd.zeros(DType.FLOAT32, 0, 2);
                    NDArray e0 = S.invBoxcox1p(z, 0.5);
                    NDArray s = S.exprel(0.0)) {
                assertArrayEquals(new double[] {0.26171875, 0.6875}, r.toDoubleArray(), 1e-15);
                assertArrayEquals(new long[] {0, 2}, e0.shape());
                assertEquals(DType.FLOAT32, e0.dtype());
                assertEquals(1.0, s.toDoubleArray()[0]);
            }
        }
    }
}
