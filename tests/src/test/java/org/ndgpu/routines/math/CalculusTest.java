package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.gradient (spacing, coordinates, edge_order 1 and 2, axis), trapezoid (dx or x, axis),
 * ediff1d (to_begin, to_end), unwrap (discont, axis, period) and cumulative_sum / cumulative_prod
 * (include_initial) against NumPy (fixtures/math/calculus.npz) in float64, float32 and int64; and
 * the arguments NumPy refuses.
 */
class CalculusTest extends PerDeviceTest {
    private static final Map<String, Function<NDArray, NDArray>> UNARY = Map.ofEntries(
            Map.entry("gradient", f -> first(Nd.gradient(f))),
            Map.entry("gradient_h_e2", f -> Nd.gradient(f, 0, 0.5, 2)),
            Map.entry("gradient_two", f -> first(Nd.gradient(f))),
            Map.entry("gradient_three_e2", f -> Nd.gradient(f, 0, 0.5, 2)),
            Map.entry("gradient_ax0", f -> Nd.gradient(f, 0, 0.25, 1)),
            Map.entry("gradient_ax1_e2", f -> Nd.gradient(f, -1, 2.0, 2)),
            Map.entry("gradient_all_0", f -> pick(Nd.gradient(f, new double[] {0.5, 0.25}, 1), 0)),
            Map.entry("gradient_all_1", f -> pick(Nd.gradient(f, new double[] {0.5, 0.25}, 1), 1)),
            Map.entry("trapezoid", Nd::trapezoid),
            Map.entry("trapezoid_dx_ax0", y -> Nd.trapezoid(y, 0.1, 0)),
            Map.entry("ediff1d", Nd::ediff1d),
            Map.entry("unwrap", Nd::unwrap),
            Map.entry("unwrap_ax0_period", p -> Nd.unwrap(p, null, 0, 6.0)),
            Map.entry("unwrap_discont", p -> Nd.unwrap(p, 4.0, -1, 2 * Math.PI)),
            Map.entry("cumulative_sum", Nd::cumulativeSum),
            Map.entry("cumulative_sum_ax1_init", a -> Nd.cumulativeSum(a, 1, true)),
            Map.entry("cumulative_prod", Nd::cumulativeProd),
            Map.entry("cumulative_prod_ax0_init", a -> Nd.cumulativeProd(a, 0, true)));
    private static final Map<String, BiFunction<NDArray, NDArray, NDArray>> BINARY = Map.of(
            "gradient_x", (f, x) -> Nd.gradient(f, 0, x, 1),
            "gradient_x_e2", (f, x) -> Nd.gradient(f, 0, x, 2),
            "gradient_x_ax0_e2", (f, x) -> Nd.gradient(f, 0, x, 2),
            "trapezoid_x", (y, x) -> Nd.trapezoid(y, x, -1),
            "trapezoid_x_ax0", (y, x) -> Nd.trapezoid(y, x, 0),
            "ediff1d_ends",
                    (a, e) -> {
                        try (NDArray b = org.ndgpu.ndarray.Views.slab(e, 0, 0, 1)) {
                            return Nd.ediff1d(a, e, b);
                        }
                    });

    private static NDArray first(List<NDArray> g) {
        return pick(g, 0);
    }

    private static NDArray pick(List<NDArray> g, int i) {
        for (int k = 0; k < g.size(); k++) if (k != i) g.get(k).close();
        return g.get(i);
    }

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("calculus")) {
            for (String c : f.cases()) {
                String name = c.substring(0, c.indexOf('|'));
                NDArray got;
                if (UNARY.containsKey(name)) got = UNARY.get(name).apply(f.get(c, "x"));
                else if (BINARY.containsKey(name)) got = BINARY.get(name).apply(f.get(c, "x"), f.get(c, "y"));
                else continue;
                try (got) {
                    MathFixtures.assertNear(f.get(c, "r"), got, c);
                }
                n++;
            }
        }
        assertTrue(n >= 45, "cases run: " + n);
    }

    @Test
    void refusesWhatNumPyRefuses() {
        try (NDArray v = Nd.array(new double[] {1, 2});
                NDArray m = Nd.ones(3, 3);
                NDArray b = Nd.ones(DType.BOOL, 4);
                NDArray f = Nd.array(new double[] {0.5})) {
            NdException e = assertThrows(NdException.class, () -> Nd.gradient(v, 0, 1.0, 2));
            assertTrue(e.getMessage().startsWith("gradient: shape of array too small"), e.getMessage());
            assertThrows(NdException.class, () -> Nd.gradient(m, 0, 1.0, 3));
            assertThrows(NdException.class, () -> Nd.gradient(m, 2, 1.0, 1));
            assertThrows(NdException.class, () -> Nd.gradient(m, 0, v, 1));
            assertThrows(NdException.class, () -> Nd.gradient(b, 0, 1.0, 1));
            assertThrows(NdException.class, () -> Nd.gradient(m, new double[] {1, 2, 3}, 1));
            assertThrows(NdException.class, () -> Nd.cumulativeSum(m));
            assertThrows(NdException.class, () -> Nd.cumulativeProd(m, 2, false));
            assertThrows(NdException.class, () -> Nd.trapezoid(m, v, 0));
            assertThrows(NdException.class, () -> Nd.unwrap(b));
            try (NDArray ints = Nd.arange(4)) {
                NdException k = assertThrows(NdException.class, () -> Nd.ediff1d(ints, f, null));
                assertTrue(k.getMessage().contains("same_kind"), k.getMessage());
            }
            assertThrows(NullPointerException.class, () -> Nd.trapezoid(null));
            assertThrows(NullPointerException.class, () -> Nd.gradient(null));
        }
        NDArray closed = Nd.ones(3);
        closed.close();
        assertThrows(NdException.class, () -> Nd.trapezoid(closed));
        assertThrows(NdException.class, () -> Nd.unwrap(closed));
        assertThrows(NdException.class, () -> Nd.ediff1d(closed));
    }

    @Test
    void emptyAndZeroD() {
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray t = Nd.trapezoid(e);
                NDArray d = Nd.ediff1d(e);
                NDArray s = Nd.array(new double[] {3}).reshape();
                NDArray cs = Nd.cumulativeSum(s, null, true);
                NDArray u = Nd.unwrap(e)) {
            assertEquals(0.0, t.doubleValue());
            assertEquals(DType.FLOAT32, t.dtype());
            assertEquals(0, d.size());
            assertArrayEquals(new double[] {0, 3}, cs.toDoubleArray());
            assertEquals(0, u.size());
        }
    }
}
