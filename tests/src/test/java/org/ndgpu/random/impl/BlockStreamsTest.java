package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The per-block distributions (random, standardNormal, exponential, lognormal, laplace) against a
 * plain-Java model of their stream: Philox block b of the call (counter b, round 0, the call's
 * offset; key the seed) gives elements 4b..4b+3 of float32 or 2b, 2b+1 of float64, whatever the
 * array's length. The random words and their mapping to elements must match exactly; the values
 * agree to the device's log, sqrt, sincos and exp (a wrong word, lane, sin for cos or a missed
 * tail element is off by order 1, far outside the bounds).
 */
public class BlockStreamsTest extends PerDeviceTest {
    private static final double TWO_M24 = 0x1p-24, TWO_M23 = 0x1p-23, TWO_M53 = 0x1p-53;

    /** The four words of block b, as IntegersSamplingTest's model of element b's first block. */
    private static int[] words(long b, long off, long seed) {
        var s = new IntegersSamplingTest.Stream(b, off, seed);
        return new int[] {s.next32(), s.next32(), s.next32(), s.next32()};
    }

    private static long u(int w) {
        return Integer.toUnsignedLong(w);
    }

    // the uniforms as distributions.h makes them; float arithmetic where the device's is float, so bit for bit
    private static double u01f(int w) {
        return (u(w) >>> 8) * TWO_M24;
    }

    private static double uposf(int w) {
        return ((float) u(w) + 0.5f) * 0x1p-32f;
    }

    private static double u01d(int a, int b) {
        return ((u(a) >>> 5) * 67108864.0 + (u(b) >>> 6)) * TWO_M53;
    }

    /** Element e of the named distribution, in float64 from the model's words. */
    private static double model(Continuous dist, DType dtype, long e, long off, long seed, double p0, double p1) {
        boolean f32 = dtype == DType.FLOAT32;
        int[] w = words(e / (f32 ? 4 : 2), off, seed);
        int lane = (int) (e % (f32 ? 4 : 2));
        if (f32) {
            int x = w[lane], pa = w[lane & 2], pb = w[(lane & 2) + 1];
            // the angle in [-pi, pi), as the kernel draws it for the hardware's sine and cosine
            double r = Math.sqrt(-2 * Math.log(uposf(pa))), t = (u(pb) >>> 8) * TWO_M23 - 1;
            double z = r * ((lane & 1) == 0 ? Math.cos(Math.PI * t) : Math.sin(Math.PI * t));
            return switch (dist) {
                case RANDOM -> u01f(x);
                case STANDARD_NORMAL -> z;
                case LOGNORMAL -> Math.exp((float) p0 + (float) p1 * z);
                case EXPONENTIAL -> (float) p0 * -Math.log(uposf(x));
                case LAPLACE -> {
                    double ex = -Math.log(((float) (u(x) >>> 1) + 0.5f) * 0x1p-31f);
                    yield (x & 1) != 0 ? (float) p0 + (float) p1 * ex : (float) p0 - (float) p1 * ex;
                }
                default -> throw new IllegalArgumentException(dist.numpyName());
            };
        }
        double r = Math.sqrt(-2 * Math.log(1 - u01d(w[0], w[1]))), t = 2 * u01d(w[2], w[3]);
        double z = r * (lane == 0 ? Math.cos(Math.PI * t) : Math.sin(Math.PI * t));
        int a = w[2 * lane], b = w[2 * lane + 1];
        double ex = -Math.log(1 - u01d(a, b));
        return switch (dist) {
            case RANDOM -> u01d(a, b);
            case STANDARD_NORMAL -> z;
            case LOGNORMAL -> Math.exp(p0 + p1 * z);
            case EXPONENTIAL -> p0 * ex;
            case LAPLACE -> (b & 1) != 0 ? p0 + p1 * ex : p0 - p1 * ex;
            default -> throw new IllegalArgumentException(dist.numpyName());
        };
    }

    private static void matchesModel(Continuous dist, DType dtype, long n, long off, long seed, double p0, double p1) {
        double tol = dtype == DType.FLOAT32 ? 1e-5 : 1e-12;
        try (NDArray y = new DistributionLibrary()
                .continuous(dist, units -> new Draw(seed, off), dtype, new long[] {n}, p0, p1)) {
            assertEquals(dtype, y.dtype());
            double[] got = y.toDoubleArray();
            for (int e = 0; e < n; e++) {
                double want = model(dist, dtype, e, off, seed, p0, p1);
                if (!(Math.abs(got[e] - want) <= tol * (1 + Math.abs(want)))) {
                    throw new AssertionError(dist + " " + dtype + " n=" + n + ", element " + e + ": device " + got[e]
                            + ", Java model " + want);
                }
            }
        }
    }

    @Test
    void everyElementIsItsBlocksWordsWhateverTheLength() {
        long seed = 0x0123_4567_89abL;
        // 4099 and 4097 end inside a block (3 and 1 elements); 6 and 1 are shorter than a launch of threads
        for (long n : new long[] {4099, 4097, 6, 1}) {
            for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                long off = 5L << 32 | 77; // both offset words matter
                matchesModel(Continuous.RANDOM, d, n, off, seed, 0, 0);
                matchesModel(Continuous.STANDARD_NORMAL, d, n, off + 1, seed, 0, 0);
                matchesModel(Continuous.EXPONENTIAL, d, n, off + 2, seed, 2.5, 0);
                matchesModel(Continuous.LOGNORMAL, d, n, off + 3, seed, 0.3, 0.6);
                matchesModel(Continuous.LAPLACE, d, n, off + 4, seed ^ 0x7fff_0000_0000_0000L, -1, 0.7);
            }
        }
    }

    @Test
    void standardCauchyIsOneBoxMullerPairsCosineOverItsSine() {
        // a per-element law (element e from its own stream, four elements a thread): nd_std_normal keeps the
        // sine of its pair for the next normal, so the ratio of the two is cot(2 pi u2), the radius cancels
        long seed = 0x7a11_5eedL;
        int n = 4099;
        try (NDArray y = new DistributionLibrary()
                .continuous(Continuous.STANDARD_CAUCHY, units -> new Draw(seed, 3), DType.FLOAT64, new long[] {n})) {
            double[] got = y.toDoubleArray();
            for (int e = 0; e < n; e++) {
                int[] w = words(e, 3, seed);
                double t = 2 * Math.PI * u01d(w[2], w[3]), want = Math.cos(t) / Math.sin(t);
                if (!(Math.abs(got[e] - want) <= 1e-9 * (1 + Math.abs(want)))) {
                    throw new AssertionError(
                            "standard_cauchy element " + e + ": device " + got[e] + ", Java model " + want);
                }
            }
        }
    }

    @Test
    void aShorterCallIsThePrefixOfALongerOne() {
        // the element-for-element rule: the tail of 10 (a partial block) equals the same elements of 13 (whole blocks)
        for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            Random r = Nd.random();
            try (NDArray shortOne = r.seed(9).standardNormal(d, 10);
                    NDArray longOne = r.seed(9).standardNormal(d, 13);
                    NDArray e10 = r.seed(9).laplace(0, 1, d, 10);
                    NDArray e13 = r.seed(9).laplace(0, 1, d, 13)) {
                assertArrayEquals(
                        shortOne.toDoubleArray(), Arrays.copyOf(longOne.toDoubleArray(), 10), "standardNormal " + d);
                assertArrayEquals(e10.toDoubleArray(), Arrays.copyOf(e13.toDoubleArray(), 10), "laplace " + d);
            }
        }
    }
}
