package org.ndgpu.routines.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.math.MathFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.nancumprod, nanmedian, nanquantile and nanpercentile (one q and several, axis, keepdims,
 * lanes of every NaN count including all-NaN) against NumPy (fixtures/math/calculus.npz) in
 * float64, float32 and int64; and the arguments NumPy refuses.
 */
class NanQuantilesTest extends PerDeviceTest {
    private static final Map<String, Function<NDArray, NDArray>> OPS = Map.ofEntries(
            Map.entry("nancumprod", Nd::nancumprod),
            Map.entry("nancumprod_ax1", a -> Nd.nancumprod(a, 1)),
            Map.entry("nanmedian", Nd::nanmedian),
            Map.entry("nanmedian_ax1", a -> Nd.nanmedian(a, 1, false)),
            Map.entry("nanmedian_ax0_keep", a -> Nd.nanmedian(a, 0, true)),
            Map.entry("nanquantile_03", a -> Nd.nanquantile(a, 0.3)),
            Map.entry("nanquantile_ax1_07", a -> Nd.nanquantile(a, 0.7, 1, false)),
            Map.entry("nanquantile_several_ax1", a -> Nd.nanquantile(a, new double[] {0, 0.25, 0.5, 0.9, 1}, 1, false)),
            Map.entry("nanquantile_several_keep", a -> Nd.nanquantile(a, new double[] {0.1, 0.6}, 0, true)),
            Map.entry("nanpercentile_ax1_90", a -> Nd.nanpercentile(a, 90, 1, false)),
            Map.entry("nanpercentile_several", a -> Nd.nanpercentile(a, new double[] {5, 50, 95}, null, false)));

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("calculus")) {
            for (String c : f.cases()) {
                Function<NDArray, NDArray> op = OPS.get(c.substring(0, c.indexOf('|')));
                if (op == null) continue;
                try (NDArray got = op.apply(f.get(c, "x"))) {
                    MathFixtures.assertNear(f.get(c, "r"), got, c);
                }
                n++;
            }
        }
        assertTrue(n >= 24, "cases run: " + n);
    }

    @Test
    void refusesWhatNumPyRefuses() {
        try (NDArray a = Nd.array(new double[] {1, Double.NaN, 3});
                NDArray z = a.astype(DType.COMPLEX128)) {
            NdException e = assertThrows(NdException.class, () -> Nd.nanquantile(a, 1.5));
            assertTrue(e.getMessage().startsWith("nanquantile: quantiles must be in the range [0, 1]"), e.getMessage());
            NdException p = assertThrows(NdException.class, () -> Nd.nanpercentile(a, 101));
            assertTrue(p.getMessage().contains("[0, 100]") && p.getMessage().contains("101"), p.getMessage());
            assertThrows(NdException.class, () -> Nd.nanquantile(a, Double.NaN));
            assertThrows(NdException.class, () -> Nd.nanquantile(a, new double[0], null, false));
            assertThrows(NdException.class, () -> Nd.nanmedian(a, 1, false));
            assertThrows(NdException.class, () -> Nd.nanmedian(z));
            assertThrows(NullPointerException.class, () -> Nd.nanmedian(null));
            assertThrows(NullPointerException.class, () -> Nd.nanquantile(a, null, 0, false));
        }
        NDArray closed = Nd.ones(3);
        closed.close();
        assertThrows(NdException.class, () -> Nd.nanmedian(closed));
        assertThrows(NdException.class, () -> Nd.nancumprod(closed));
    }

    @Test
    void emptyAllNanAndZeroD() {
        try (NDArray e = Nd.zeros(DType.FLOAT64, 0);
                NDArray me = Nd.nanmedian(e);
                NDArray nan = Nd.full(Double.NaN, DType.FLOAT32, 2, 3);
                NDArray mn = Nd.nanmedian(nan, 1, false);
                NDArray s = Nd.array(new double[] {2.5}).reshape();
                NDArray ms = Nd.nanquantile(s, 0.3)) {
            assertTrue(Double.isNaN(me.doubleValue()));
            assertEquals(DType.FLOAT32, mn.dtype());
            assertArrayEquals(new long[] {2}, mn.shape());
            assertTrue(Double.isNaN(mn.toDoubleArray()[0]));
            assertEquals(2.5, ms.doubleValue());
            assertEquals(0, ms.ndim());
        }
    }
}
