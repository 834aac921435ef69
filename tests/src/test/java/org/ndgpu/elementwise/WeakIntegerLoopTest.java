package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * A Java integer beside an integer array is checked against the dtype its ufunc loop takes, as NumPy 2.4
 * converts it (NEP 50): int8_array / 1000 runs float64's loop and arctan2(int8_array, 1000) float16's,
 * so 1000 converts without complaint, where int8_array * 1000 raises. And numpy.clip's rule for integer
 * bounds past an integer dtype's range (numpy/_core/_methods.py's _clip). Expected values are NumPy
 * 2.4's, quoted beside each.
 */
public class WeakIntegerLoopTest extends PerDeviceTest {
    private static final byte[] A = {1, 2, 100, -7};

    private static NDArray a() {
        return Nd.array(A);
    }

    @Test
    void floatLoopsTakeAnIntegerOutsideTheArraysDtype() {
        try (NDArray a = a();
                NDArray q = a.div(1000);
                NDArray n = Nd.div(a, -1000);
                NDArray u = Nd.array(new byte[] {1, 2}).astype(DType.UINT8);
                NDArray un = Nd.div(u, -1)) {
            // np.int8([1, 2, 100, -7]) / 1000: array([ 0.001,  0.002,  0.1  , -0.007]) (float64)
            assertEquals(DType.FLOAT64, q.dtype());
            double[] want = new double[A.length];
            for (int i = 0; i < A.length; i++) want[i] = A[i] / 1000.0;
            assertArrayEquals(want, q.toDoubleArray(), 0);
            for (int i = 0; i < A.length; i++) want[i] = A[i] / -1000.0;
            assertArrayEquals(want, n.toDoubleArray(), 0);
            // np.divide(np.uint8([1, 2]), -1): array([-1., -2.])
            assertArrayEquals(new double[] {-1, -2}, un.toDoubleArray(), 0);
        }
        try (NDArray a = a();
                NDArray t = Nd.arctan2(a, 1000);
                NDArray inf = Nd.arctan2(a, 70000);
                NDArray h = Nd.hypot(a, 1000)) {
            // np.arctan2(np.int8(...), 1000): float16; 70000 is inf in float16, so every angle is 0
            assertEquals(DType.FLOAT16, t.dtype());
            assertEquals(DType.FLOAT16, h.dtype());
            double[] got = t.toDoubleArray(), hyp = h.toDoubleArray();
            for (int i = 0; i < A.length; i++) {
                double w = Math.atan2(A[i], 1000);
                assertTrue(Math.abs(got[i] - w) <= 1e-3 * Math.abs(w), "arctan2 " + i + ": " + got[i] + " vs " + w);
                double wh = Math.hypot(A[i], 1000);
                assertTrue(Math.abs(hyp[i] - wh) <= 1e-3 * wh, "hypot " + i + ": " + hyp[i] + " vs " + wh);
            }
            // np.arctan2(np.int8([1, 2, 100, -7]), 70000): [0., 0., 0., -0.] in float16
            double[] zeros = inf.toDoubleArray();
            for (int i = 0; i < A.length; i++) assertEquals(A[i] < 0 ? -0.0 : 0.0, zeros[i], 0, "arctan2 70000 " + i);
        }
    }

    @Test
    void integerLoopsStillRefuseAnIntegerOutsideTheArraysDtype() {
        try (NDArray a = a()) {
            // np.int8(...) * 1000, np.fmod(..., 1000), np.maximum(..., 1000): OverflowError: Python integer
            // 1000 out of bounds for int8
            for (var call : new java.util.function.Supplier<?>[] {
                () -> a.mul(1000), () -> Nd.fmod(a, 1000), () -> Nd.maximum(a, 1000), () -> a.add(-129)
            }) {
                DTypeException e = assertThrows(DTypeException.class, call::get);
                assertTrue(e.getMessage().contains("out of bounds for int8"), e.getMessage());
            }
            assertArrayEquals(new long[] {1, 2, 100, -7}, a.toLongArray(), "a is left as it was");
            // in range it runs int8's loop: np.int8(...) + 27 == [28, 29, 127, 20] (int8)
            try (NDArray s = a.add(27)) {
                assertEquals(DType.INT8, s.dtype());
                assertArrayEquals(new long[] {28, 29, 127, 20}, s.toLongArray());
            }
        }
    }

    @Test
    void fusedFunctionsCheckAgainstTheLoopToo() {
        try (NDArray a = a()) {
            var divide = Fuse.of((NDArray x, NDArray k) -> x.div(k));
            var times = Fuse.of((NDArray x, NDArray k) -> x.mul(k));
            var divideByConstant = Fuse.of((NDArray x) -> x.div(1000));
            double[] want = new double[A.length];
            for (int i = 0; i < A.length; i++) want[i] = A[i] / 1000.0;
            try (NDArray q = divide.call(a, 1000);
                    NDArray c = divideByConstant.call(a);
                    NDArray t = times.call(a, 1)) {
                assertArrayEquals(want, q.toDoubleArray(), 0);
                assertArrayEquals(want, c.toDoubleArray(), 0);
                assertArrayEquals(new long[] {1, 2, 100, -7}, t.toLongArray());
            }
            DTypeException e = assertThrows(DTypeException.class, () -> times.call(a, 1000));
            assertTrue(e.getMessage().contains("out of bounds for int8"), e.getMessage());
            assertThrows(
                    DTypeException.class,
                    () -> Fuse.of((NDArray x) -> x.mul(1000)).call(a));
        }
    }

    @Test
    void clipDropsIntegerBoundsPastTheDtypesRange() {
        try (NDArray a = a();
                NDArray u = Nd.array(new byte[] {1, 2}).astype(DType.UINT8)) {
            // np.clip(np.int8([1, 2, 100, -7]), -1000, 1000): unchanged, int8
            try (NDArray c = Nd.clip(a, -1000, 1000)) {
                assertEquals(DType.INT8, c.dtype());
                assertArrayEquals(new long[] {1, 2, 100, -7}, c.toLongArray());
            }
            // np.clip(..., -1000, 50): [1, 2, 50, -7]; np.clip(..., 50, 1000): [50, 50, 100, 50]
            try (NDArray lo = Nd.clip(a, -1000, 50);
                    NDArray hi = Nd.clip(a, 50, 1000)) {
                assertArrayEquals(new long[] {1, 2, 50, -7}, lo.toLongArray());
                assertArrayEquals(new long[] {50, 50, 100, 50}, hi.toLongArray());
            }
            // np.clip(np.uint8([1, 2]), -5, 1): [1, 1] (uint8)
            try (NDArray c = Nd.clip(u, -5, 1)) {
                assertEquals(DType.UINT8, c.dtype());
                assertArrayEquals(new long[] {1, 1}, c.toLongArray());
            }
            // a bound past the range on the wrong side still raises: np.clip(a, 200, 300), np.clip(a, -300,
            // -200), np.clip(u, -5, -1): OverflowError
            for (var call : new java.util.function.Supplier<?>[] {
                () -> Nd.clip(a, 200, 300), () -> Nd.clip(a, -300, -200), () -> Nd.clip(u, -5, -1)
            }) {
                DTypeException e = assertThrows(DTypeException.class, call::get);
                assertTrue(e.getMessage().startsWith("clip: Python integer"), e.getMessage());
            }
            assertArrayEquals(new long[] {1, 2, 100, -7}, a.toLongArray(), "a is left as it was");
        }
    }
}
