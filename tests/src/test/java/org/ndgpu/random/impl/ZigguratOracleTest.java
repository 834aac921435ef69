package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The device's ziggurats (standard_normal, standard_exponential of float64 and float32, and the
 * per-element normal and exponential inside the rejection samplers) against {@link Ziggurat}, the
 * same kernel math in plain Java fed the same Philox words: every value that the fast test accepts
 * (about 99%) is equal bit for bit, the others (wedge and tail, through exp and log1p) to a few ulps,
 * and enough of them occur to cover both slow cases' stream handling.
 */
public class ZigguratOracleTest extends PerDeviceTest {
    private static final long SEED = 0x5eed_2161_9e37L, OFF = 3L << 32 | 11;
    private static final int N = 60_001;

    private interface Model {
        double at(long e);
    }

    private static void matches(String what, NDArray y, Model model, double tol) {
        try (y) {
            double[] got = y.toDoubleArray();
            Ziggurat.slow = 0;
            int exact = 0;
            for (int e = 0; e < got.length; e++) {
                int before = Ziggurat.slow;
                double want = model.at(e);
                if (Ziggurat.slow == before) {
                    if (Double.doubleToRawLongBits(want) != Double.doubleToRawLongBits(got[e])) {
                        throw new AssertionError(
                                what + " element " + e + " (fast case): device " + got[e] + ", Java " + want);
                    }
                    exact++;
                } else if (!(Math.abs(got[e] - want) <= tol * (1 + Math.abs(want)))) {
                    throw new AssertionError(
                            what + " element " + e + " (slow case): device " + got[e] + ", Java " + want);
                }
            }
            int slow = got.length - exact;
            // the ziggurats take the slow case about 0.7% (normal) and 1.1% (exponential) of the time
            assertTrue(slow > got.length / 400 && slow < got.length / 40, what + ": " + slow + " slow cases");
        }
    }

    private static NDArray block(Continuous dist, DType dtype, double p0) {
        return new DistributionLibrary().continuous(dist, units -> new Draw(SEED, OFF), dtype, new long[] {N}, p0, 0);
    }

    private static int[] words(long b) {
        var s = new IntegersSamplingTest.Stream(b, OFF, SEED);
        return new int[] {s.next32(), s.next32(), s.next32(), s.next32()};
    }

    private static long bits(long e) {
        int[] w = words(e / 2);
        int lane = (int) (e % 2);
        return Integer.toUnsignedLong(w[2 * lane]) << 32 | Integer.toUnsignedLong(w[2 * lane + 1]);
    }

    @Test
    void float64BlockValuesAreTheJavaZigguratsBitForBit() {
        matches(
                "standard_normal float64",
                block(Continuous.STANDARD_NORMAL, DType.FLOAT64, 0),
                e -> Ziggurat.normal(bits(e), Ziggurat.lane(e / 2, (int) (e % 2), OFF, SEED)),
                1e-13);
        matches(
                "standard_exponential float64",
                block(Continuous.EXPONENTIAL, DType.FLOAT64, 1),
                e -> Ziggurat.exponential(bits(e), Ziggurat.lane(e / 2, (int) (e % 2), OFF, SEED)),
                1e-13);
    }

    @Test
    void float32BlockValuesAreTheJavaZigguratsBitForBit() {
        matches(
                "standard_normal float32",
                block(Continuous.STANDARD_NORMAL, DType.FLOAT32, 0),
                e -> Ziggurat.normal32(words(e / 4)[(int) (e % 4)], Ziggurat.lane(e / 4, (int) (e % 4), OFF, SEED)),
                1e-6);
        matches(
                "standard_exponential float32",
                block(Continuous.EXPONENTIAL, DType.FLOAT32, 1),
                e -> Ziggurat.exponential32(
                        words(e / 4)[(int) (e % 4)], Ziggurat.lane(e / 4, (int) (e % 4), OFF, SEED)),
                1e-6);
    }

    @Test
    void perElementNormalAndExponentialReadTheirOwnStream() {
        // standard_cauchy: two normals of element e's stream; rayleigh(1): sqrt(2 Exp(1)) of it
        try (NDArray c = new DistributionLibrary()
                        .continuous(
                                Continuous.STANDARD_CAUCHY, units -> new Draw(SEED, OFF), DType.FLOAT64, new long[] {N
                                });
                NDArray r = new DistributionLibrary()
                        .continuous(
                                Continuous.RAYLEIGH, units -> new Draw(SEED, OFF), DType.FLOAT64, new long[] {N}, 1)) {
            double[] cauchy = c.toDoubleArray(), rayleigh = r.toDoubleArray();
            int slow = 0;
            for (int e = 0; e < N; e++) {
                Ziggurat.slow = 0;
                var s = new IntegersSamplingTest.Stream(e, OFF, SEED);
                double z1 = Ziggurat.normal(s), want = z1 / Ziggurat.normal(s);
                if (Ziggurat.slow == 0) assertEquals(want, cauchy[e], 0.0, "standard_cauchy element " + e);
                else assertEquals(want, cauchy[e], 1e-12 * (1 + Math.abs(want)), "standard_cauchy element " + e);
                slow += Ziggurat.slow;
                Ziggurat.slow = 0;
                double ex = Ziggurat.exponential(new IntegersSamplingTest.Stream(e, OFF, SEED));
                assertEquals(Math.sqrt(2.0 * ex), rayleigh[e], 1e-15 * (1 + rayleigh[e]), "rayleigh element " + e);
                slow += Ziggurat.slow;
            }
            assertTrue(slow > N / 100, slow + " slow cases");
        }
    }

    @Test
    void tablesAreNumpysToTheirLastDigits() {
        // NumPy's ziggurat_constants.h: wi_double[0], wi_double[1], fi_double[255], we_double[0]; the tables are
        // recomputed here from NumPy's r and v, so they agree to about 1e-11 relative, not bit for bit
        assertEquals(8.683627060801306e-16, ZigguratTables.NORMAL_W[0], 1e-11 * 8.7e-16);
        assertEquals(4.779330175727737e-17, ZigguratTables.NORMAL_W[1], 1e-9 * 4.8e-17);
        assertEquals(Math.exp(-0.5 * ZigguratTables.NORMAL_R * ZigguratTables.NORMAL_R), ZigguratTables.NORMAL_F[255]);
        assertEquals(0, ZigguratTables.NORMAL_K[1]);
        // the widest layer above the base ends at r for the place's largest value (52 bits, 23 for float32)
        assertEquals(ZigguratTables.NORMAL_R, ZigguratTables.NORMAL_W[255] * 0x1p52);
        assertEquals(ZigguratTables.EXP_R, ZigguratTables.EXP_W[255] * 0x1p52);
        assertEquals((float) ZigguratTables.NORMAL_R, ZigguratTables.NORMAL_W32[255] * 0x1p23f, 1e-6);
        assertEquals((float) ZigguratTables.EXP_R, ZigguratTables.EXP_W32[255] * 0x1p23f, 1e-6);
        assertTrue(ZigguratTables.NORMAL_K[255] < 1L << 52 && ZigguratTables.EXP_K[255] < 1L << 52);
        assertTrue(ZigguratTables.NORMAL_K32[255] < 1 << 23 && ZigguratTables.EXP_K32[255] < 1 << 23);
        assertEquals(1.0, ZigguratTables.NORMAL_F[0]);
        for (int i = 2; i < 256; i++) {
            assertTrue(ZigguratTables.NORMAL_W[i] > ZigguratTables.NORMAL_W[i - 1], "normal widths grow at " + i);
            assertTrue(ZigguratTables.EXP_W[i] > ZigguratTables.EXP_W[i - 1], "exponential widths grow at " + i);
        }
    }
}
