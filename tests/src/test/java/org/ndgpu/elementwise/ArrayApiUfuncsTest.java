package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.math.MathFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The array API's ufunc names (acos, asin, atan, atan2, acosh, asinh, atanh, bitwise_invert,
 * bitwise_left_shift, bitwise_right_shift) and the ufuncs of issue 39 (bitwise_count, degrees,
 * radians, fabs, fix, spacing, isposinf, isneginf, i0) against NumPy (fixtures/math/ufuncs.npz):
 * float32, float64, integers, bool and float16 where NumPy has loops, with NaN, infinities and signed
 * zeros; out=; and the inputs NumPy refuses.
 */
class ArrayApiUfuncsTest extends PerDeviceTest {
    static final Map<String, Function<NDArray, NDArray>> UNARY = Map.ofEntries(
            Map.entry("acos", Nd::acos),
            Map.entry("asin", Nd::asin),
            Map.entry("atan", Nd::atan),
            Map.entry("acosh", Nd::acosh),
            Map.entry("asinh", Nd::asinh),
            Map.entry("atanh", Nd::atanh),
            Map.entry("bitwise_invert", Nd::bitwiseInvert),
            Map.entry("bitwise_count", Nd::bitwiseCount),
            Map.entry("degrees", Nd::degrees),
            Map.entry("radians", Nd::radians),
            Map.entry("fabs", Nd::fabs),
            Map.entry("fix", Nd::fix),
            Map.entry("spacing", Nd::spacing),
            Map.entry("spacing_tiny", Nd::spacing),
            Map.entry("isposinf", Nd::isposinf),
            Map.entry("isneginf", Nd::isneginf),
            Map.entry("i0", Nd::i0),
            Map.entry("i0_wide", Nd::i0));
    static final Map<String, BiFunction<NDArray, NDArray, NDArray>> BINARY = Map.of(
            "atan2", Nd::atan2,
            "bitwise_left_shift", Nd::bitwiseLeftShift,
            "bitwise_right_shift", Nd::bitwiseRightShift);

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("ufuncs")) {
            for (String c : f.cases()) {
                String name = c.substring(0, c.indexOf('|'));
                NDArray x = f.get(c, "x");
                NDArray got;
                if (UNARY.containsKey(name)) got = UNARY.get(name).apply(x);
                else if (BINARY.containsKey(name)) got = BINARY.get(name).apply(x, f.get(c, "y"));
                else continue;
                try (got) {
                    MathFixtures.assertMatches(f.get(c, "r"), got, c);
                }
                n++;
            }
        }
        assertTrue(n >= 90, "cases run: " + n);
    }

    @Test
    void outAndBroadcasting() {
        try (NDArray y = Nd.array(new double[][] {{1, -1}, {0, 2}});
                NDArray out = Nd.empty(DType.FLOAT64, 2, 2);
                NDArray r = Nd.atan2(y, 1.0, out);
                NDArray d = Nd.degrees(Nd.atan(1.0));
                NDArray z = Nd.zeros(DType.FLOAT32, 0, 3);
                NDArray ze = Nd.fabs(z)) {
            assertTrue(r == out);
            MathFixtures.assertClose(
                    new double[] {Math.atan2(1, 1), Math.atan2(-1, 1), 0, Math.atan2(2, 1)},
                    out.toDoubleArray(),
                    1e-15,
                    "atan2 into out");
            assertEquals(45.0, d.doubleValue(), 1e-12);
            assertEquals(0, d.ndim());
            assertEquals(DType.FLOAT32, ze.dtype());
            assertEquals(0, ze.size());
        }
    }

    @Test
    void refusesWhatNumPyRefuses() {
        try (NDArray f = Nd.array(new double[] {1.5, -2});
                NDArray z = f.astype(DType.COMPLEX128);
                NDArray one = Nd.ones(1)) {
            assertEquals(1, one.size());
            NDArray closed = Nd.ones(3);
            closed.close();
            NdException e = assertThrows(NdException.class, () -> Nd.bitwiseCount(f));
            assertTrue(e.getMessage().contains("bitwise_count"), e.getMessage());
            assertTrue(e.getMessage().contains("float64"), e.getMessage());
            for (Function<NDArray, NDArray> op : new java.util.ArrayList<Function<NDArray, NDArray>>(
                    java.util.List.of(Nd::fabs, Nd::spacing, Nd::isposinf, Nd::isneginf, Nd::i0, Nd::fix))) {
                NdException c = assertThrows(NdException.class, () -> op.apply(z));
                assertTrue(c.getMessage().contains("complex128"), c.getMessage());
            }
            assertThrows(NdException.class, () -> Nd.fabs(closed));
            assertThrows(NdException.class, () -> Nd.bitwiseLeftShift(f, 1));
        }
    }
}
