package org.ndgpu.routines.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.math.MathFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.bartlett, blackman, hamming, hanning and kaiser (beta 8.6) against NumPy
 * (fixtures/math/polynomials.npz) for M = 0, 1, 2, 7 and 16, and a negative M.
 */
class WindowsTest extends PerDeviceTest {
    private static final Map<String, LongFunction<NDArray>> OPS = Map.of(
            "bartlett", Nd::bartlett,
            "blackman", Nd::blackman,
            "hamming", Nd::hamming,
            "hanning", Nd::hanning,
            "kaiser", m -> Nd.kaiser(m, 8.6));

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("polynomials")) {
            for (String c : f.cases()) {
                String name = c.substring(0, c.indexOf('|'));
                int us = name.indexOf('_');
                if (us < 0 || !OPS.containsKey(name.substring(0, us))) continue;
                long m = Long.parseLong(name.substring(us + 1));
                try (NDArray got = OPS.get(name.substring(0, us)).apply(m)) {
                    MathFixtures.assertNear(f.get(c, "r"), got, c);
                }
                n++;
            }
        }
        assertEquals(25, n, "cases run");
    }

    @Test
    void negativeLengthIsEmpty() {
        for (LongFunction<NDArray> op : OPS.values()) {
            try (NDArray w = op.apply(-3)) {
                assertEquals(0, w.size());
                assertEquals(DType.FLOAT64, w.dtype());
                assertTrue(w.ndim() == 1);
            }
        }
    }
}
