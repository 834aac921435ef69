package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Random's uniform and normal: seeded reproducibility, statistics of 10^6 draws, uniform float32
 * and float64 (and the offsets a call reserves) bit for bit against a plain-Java Philox4x32-10, so
 * one seed gives the same numbers on every backend, and normal against Box-Muller on the same words.
 */
public class RandomTest extends PerDeviceTest {

    @Test
    void toStringSaysTheSeedAndWhereTheStreamStands() {
        var r = Nd.random().seed(42);
        assertEquals("Random(Philox4x32-10, seed=42, offset=0)", r.toString());
        try (NDArray u = r.uniform(0, 1, DType.FLOAT32, 10)) {
            assertTrue(u.size() == 10 && !r.toString().endsWith("offset=0)"), r.toString());
        }
        r.seed(42);
        assertEquals("Random(Philox4x32-10, seed=42, offset=0)", r.toString());
    }

    @Test
    void javaReferenceMatchesRandom123KnownAnswers() {
        // kat_vectors of Random123 for philox4x32 with 10 rounds
        assertArrayEquals(
                new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
                Philox.block(new int[] {0, 0, 0, 0}, new int[] {0, 0}));
        assertArrayEquals(
                new int[] {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
                Philox.block(new int[] {-1, -1, -1, -1}, new int[] {-1, -1}));
        assertArrayEquals(
                new int[] {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
                Philox.block(
                        new int[] {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
                        new int[] {0xa4093822, 0x299f31d0}));
    }

    @Test
    void uniformFloat32IsBitExactPhilox() {
        long seed = 0x1234_5678_9ABCL;
        Nd.random().seed(seed);
        try (NDArray u = Nd.random().uniform(0, 1, DType.FLOAT32, 1001)) {
            float[] got = u.toFloatArray();
            for (int i = 0; i < got.length; i++) {
                float want = Philox.uniformFloat32(seed, 0, i);
                if (Float.floatToRawIntBits(want) != Float.floatToRawIntBits(got[i])) {
                    throw new AssertionError(
                            "element " + i + ": device " + got[i] + ", Philox4x32-10 reference " + want);
                }
            }
        }
    }

    @Test
    void uniformFloat64AndTheNextCallsOffsetAreBitExactPhilox() {
        long seed = 0x7_0000_0001L;
        Random r = Nd.random().seed(seed);
        // float32 of n elements reserves (n + 3) / 4 + 1 offsets, float64 (n + 1) / 2 + 1: the next call starts there
        try (NDArray first = r.uniform(0, 1, DType.FLOAT32, 1001);
                NDArray u = r.uniform(-1, 3, DType.FLOAT64, 999);
                NDArray third = r.uniform(0, 1, DType.FLOAT32, 5)) {
            assertEquals(1001, first.size());
            long off = (1001 + 3) / 4 + 1;
            double[] got = u.toDoubleArray();
            for (int i = 0; i < got.length; i++) {
                double want = -1 + 4 * Philox.uniformFloat64(seed, off, i); // 4u is exact, so the sum rounds once
                if (Double.doubleToRawLongBits(want) != Double.doubleToRawLongBits(got[i])) {
                    throw new AssertionError(
                            "element " + i + ": device " + got[i] + ", Philox4x32-10 reference " + want);
                }
            }
            float[] t = third.toFloatArray();
            for (int i = 0; i < t.length; i++)
                assertEquals(Philox.uniformFloat32(seed, off + (999 + 1) / 2 + 1, i), t[i], "third call, element " + i);
        }
    }

    @Test
    void normalIsBoxMullerOnPhiloxPairs() {
        long seed = 31;
        Nd.random().seed(seed);
        try (NDArray z = Nd.random().normal(2, 3, DType.FLOAT64, 1001)) {
            double[] got = z.toDoubleArray();
            for (int i = 0; i < got.length; i++) {
                int[] w = Philox.words(seed, 0, i >>> 1);
                double r = Math.sqrt(-2 * Math.log(1 - Philox.u53(w[0], w[1]))),
                        t = 2 * Math.PI * Philox.u53(w[2], w[3]);
                double want = 2 + 3 * r * ((i & 1) == 0 ? Math.cos(t) : Math.sin(t));
                // the device's log, sqrt and sincos against Java's: a wrong word or lane is off by order 1
                assertEquals(want, got[i], 1e-12 * (1 + Math.abs(want)), "element " + i);
            }
        }
        // the call reserved one offset more than its 501 pairs, so the next call starts at 502
        try (NDArray u = Nd.random().uniform(0, 1, DType.FLOAT64, 5)) {
            double[] got = u.toDoubleArray();
            for (int i = 0; i < got.length; i++)
                assertEquals(Philox.uniformFloat64(seed, 502, i), got[i], "the next call, element " + i);
        }
    }

    @Test
    void aResetDeviceGivesTheSameNumbersForASeed() {
        Device d = Backends.openclCpu();
        try (var _ = d.use()) {
            for (int round = 0; round < 2; round++) {
                try (NDArray x = Random.forDevice(d).seed(7).uniform(-1, 1, DType.FLOAT64, 1000)) {
                    double[] got = x.toDoubleArray();
                    for (int i = 0; i < got.length; i++) {
                        assertEquals(
                                -1 + 2 * Philox.uniformFloat64(7, 0, i), got[i], "round " + round + ", element " + i);
                    }
                }
                d.reset(); // drops the generator and the compiled kernels: the second round makes both again
            }
        }
    }

    @Test
    void sameSeedSameNumbers() {
        Nd.random().seed(42);
        double[] a1 = draw(DType.FLOAT64), b1 = drawNormal();
        Nd.random().seed(42);
        double[] a2 = draw(DType.FLOAT64), b2 = drawNormal();
        assertArrayEquals(a1, a2);
        assertArrayEquals(b1, b2);
        assertFalse(Arrays.equals(a1, draw(DType.FLOAT64)), "a later call continues the stream");
        Nd.random().seed(43);
        assertFalse(Arrays.equals(a1, draw(DType.FLOAT64)), "another seed, other numbers");
    }

    private static double[] draw(DType d) {
        try (NDArray u = Nd.random().uniform(-1, 1, d, 3, 5)) {
            assertArrayEquals(new long[] {3, 5}, u.shape());
            assertEquals(d, u.dtype());
            return u.toDoubleArray();
        }
    }

    private static double[] drawNormal() {
        try (NDArray z = Nd.random().normal(0, 1, DType.FLOAT32, 17)) {
            return z.toDoubleArray();
        }
    }

    @Test
    void uniformStatistics() {
        Nd.random().seed(7);
        for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            try (NDArray u = Nd.random().uniform(-1, 3, d, 1000, 1000)) {
                double[] x = u.toDoubleArray();
                double min = Arrays.stream(x).min().orElseThrow(),
                        max = Arrays.stream(x).max().orElseThrow();
                assertTrue(min >= -1 && max < 3, d + ": range [" + min + ", " + max + "]");
                // 10^6 draws: the mean's sd is 2/sqrt(3)/1000 = 0.0012; 5 sd
                assertEquals(1.0, mean(x), 0.006, d + " mean");
                assertEquals(4 / Math.sqrt(12), std(x), 0.005, d + " std");
            }
        }
    }

    @Test
    void normalStatistics() {
        Nd.random().seed(11);
        for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            try (NDArray z = Nd.random().normal(2, 3, d, 1_000_000)) {
                double[] x = z.toDoubleArray();
                assertTrue(Arrays.stream(x).allMatch(Double::isFinite), d + ": not all finite");
                assertEquals(2.0, mean(x), 0.015, d + " mean"); // sd of the mean 0.003
                assertEquals(3.0, std(x), 0.011, d + " std"); // sd of the std 0.0021
                long within1 = Arrays.stream(x).filter(v -> Math.abs(v - 2) < 3).count();
                assertEquals(0.6827, within1 / 1e6, 0.003, d + " mass within one sd");
            }
        }
    }

    @Test
    void nonFloatDtypesAreRefused() {
        DTypeException e = assertThrows(DTypeException.class, () -> Nd.random().uniform(0, 1, DType.INT32, 3));
        assertTrue(e.getMessage().contains("uniform") && e.getMessage().contains("int32"), e.getMessage());
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).sum() / x.length;
    }

    private static double std(double[] x) {
        double m = mean(x);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / x.length);
    }
}
