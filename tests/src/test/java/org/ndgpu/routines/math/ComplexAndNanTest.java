package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.angle, iscomplex, isreal, iscomplexobj, isrealobj, real_if_close and nan_to_num against
 * NumPy (fixtures/math/ufuncs.npz): real, integer, bool and complex inputs with NaN and infinities,
 * nan_to_num's nan, posinf and neginf; and null, closed and empty arrays.
 */
class ComplexAndNanTest extends PerDeviceTest {
    private static final Map<String, Function<NDArray, NDArray>> OPS = Map.of(
            "angle", Nd::angle,
            "angle_deg", z -> Nd.angle(z, true),
            "iscomplex", Nd::iscomplex,
            "isreal", Nd::isreal,
            "real_if_close", Nd::realIfClose,
            "real_if_close_far", Nd::realIfClose,
            "nan_to_num", Nd::nanToNum,
            "nan_to_num_args",
                    x -> x.dtype().isComplex() ? Nd.nanToNum(x, 7.0, 1e4, -2e4) : Nd.nanToNum(x, -1.5, 1e4, -2e4));

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("ufuncs")) {
            for (String c : f.cases()) {
                Function<NDArray, NDArray> op = OPS.get(c.substring(0, c.indexOf('|')));
                if (op == null) continue;
                try (NDArray got = op.apply(f.get(c, "x"))) {
                    MathFixtures.assertMatches(f.get(c, "r"), got, c);
                }
                n++;
            }
        }
        assertTrue(n >= 40, "cases run: " + n);
    }

    @Test
    void typeTestsByDtype() {
        try (NDArray x = Nd.array(new float[] {1, 2});
                NDArray z = x.astype(DType.COMPLEX64)) {
            assertTrue(Nd.isrealobj(x));
            assertFalse(Nd.iscomplexobj(x));
            assertTrue(Nd.iscomplexobj(z));
            assertFalse(Nd.isrealobj(z));
        }
    }

    @Test
    void hostileInputs() {
        NDArray closed = Nd.ones(2);
        closed.close();
        try (NDArray empty = Nd.zeros(DType.FLOAT32, 0);
                NDArray zero = Nd.array(new double[] {Double.NaN}).reshape()) {
            for (Function<NDArray, NDArray> op : OPS.values()) {
                assertThrows(NullPointerException.class, () -> op.apply(null));
                assertThrows(NdException.class, () -> op.apply(closed));
                try (NDArray e = op.apply(empty)) {
                    assertEquals(0, e.size());
                }
            }
            NullPointerException npe = assertThrows(NullPointerException.class, () -> Nd.nanToNum(null));
            assertEquals("nan_to_num: x is null", npe.getMessage());
            assertThrows(NdException.class, () -> Nd.iscomplexobj(closed));
            try (NDArray r = Nd.nanToNum(zero)) {
                assertEquals(0, r.ndim());
                assertEquals(0.0, r.doubleValue());
            }
        }
    }
}
