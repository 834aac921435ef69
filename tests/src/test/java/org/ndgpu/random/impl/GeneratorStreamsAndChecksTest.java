package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The Generator's long per-element streams (a multinomial row of many categories), dirichlet at small
 * alpha, the NumPy-positional {@code normal(loc, scale, size)}, binomial's integer n, uniform's
 * [low, high) in float16 and float32, and the covariance and sign-bit checks NumPy makes.
 */
public class GeneratorStreamsAndChecksTest extends PerDeviceTest {

    private static void fails(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not say '" + w + "'");
    }

    /**
     * Block b of stream j (offset off) against Philox in Java: counter (j, b's low 16 bits over j's bits 32..47,
     * off's low word, off's high word plus b's high 16 bits), key the seed. A 16-bit count made block 2^16 block 0
     * again. Both the one-stream and the four-stream block functions of distributions.h step the count.
     */
    @Test
    void aStreamsBlocksDoNotRepeatPast65536() {
        var spec = new Spec(
                "nd_rng_block_check",
                List.of(
                        new Param("o", DType.INT64, Kind.RAW),
                        new Param("_base", DType.INT64, Kind.SCALAR),
                        new Param("_off", DType.INT64, Kind.SCALAR),
                        new Param("_seed", DType.INT64, Kind.SCALAR),
                        new Param("_skip", DType.INT64, Kind.SCALAR),
                        new Param("_four", DType.INT32, Kind.SCALAR)),
                """
                nd_rng _rng, _x1, _x2, _x3;
                nd_rng_init(&_rng, (ulong)_base + (ulong)i, (ulong)_off, (ulong)_seed);
                _x1 = _rng; _x2 = _rng; _x3 = _rng;
                for (long _b = 0; _b < _skip; _b++) {
                    if (_four) nd_rng_block4(&_rng, &_x1, &_x2, &_x3); else nd_rng_block(&_rng);
                }
                nd_rng_block(&_rng);
                ND_GLOBAL long* _o = o + (ulong)i * 4;
                _o[0] = (long)_rng.w0; _o[1] = (long)_rng.w1; _o[2] = (long)_rng.w2; _o[3] = (long)_rng.w3;""",
                DeviceDraws.HEADER,
                "",
                "",
                List.of());
        long seed = 0x0123_4567_89ABL, off = 0x0000_0001_0000_0007L, base = 0x0000_7FFF_FFFF_FFFEL;
        int n = 4;
        for (long skip : new long[] {0, 65_535, 65_536, 65_537, 131_072, 200_000}) {
            for (int four = 0; four <= (skip == 65_536 ? 1 : 0); four++) {
                try (NDArray o = Nd.zeros(DType.INT64, n, 4)) {
                    ElementwiseLoop.run(spec, new Object[] {o, base, off, seed, skip, four}, new long[] {n});
                    long[] got = o.toLongArray();
                    for (int e = 0; e < n; e++) {
                        long j = base + e;
                        int[] ctr = {
                            (int) j,
                            (int) (((skip & 0xFFFF) << 16) | ((j >>> 32) & 0xFFFF)),
                            (int) off,
                            (int) ((off >>> 32) + ((skip >>> 16) << 16))
                        };
                        int[] want = Philox.block(ctr, new int[] {(int) seed, (int) (seed >>> 32)});
                        for (int w = 0; w < 4; w++)
                            assertEquals(
                                    Integer.toUnsignedLong(want[w]),
                                    got[e * 4 + w],
                                    "stream " + j + ", block " + skip + ", word " + w + (four == 1 ? " (block4)" : ""));
                    }
                }
            }
        }
    }

    /**
     * One multinomial row is one Philox stream; each category with n p below 30 takes one 53-bit uniform (two
     * words), so categories 2^17 apart read words 2^18 apart, where a 16-bit block count wrapped and repeated the
     * stream. Independent counts near Poisson(10) are equal with probability about 0.089 (NumPy's rate at that lag).
     */
    @Test
    void multinomialRowOfManyCategoriesDoesNotRepeat() {
        int k = 400_000;
        double[] p = new double[k];
        Arrays.fill(p, 1.0 / k);
        try (NDArray y = Nd.random().seed(3).multinomial(4_000_000L, p, 2)) {
            long[] v = y.toLongArray();
            for (int row = 0; row < 2; row++) {
                long sum = 0;
                for (int j = 0; j < k; j++) sum += v[row * k + j];
                assertEquals(4_000_000L, sum, "row " + row + " sum");
                for (int lag : new int[] {131_072, 262_144}) {
                    int equal = 0, pairs = k - lag;
                    for (int j = 0; j < pairs; j++) if (v[row * k + j] == v[row * k + j + lag]) equal++;
                    double rate = (double) equal / pairs;
                    assertTrue(rate < 0.12, "row " + row + ", lag " + lag + ": y[j] == y[j + lag] at rate " + rate);
                }
            }
        }
    }

    /**
     * Below max(alpha) 0.1 NumPy breaks a stick with betas: Gamma(1e-3) draws underflow to 0 and their
     * normalization was 0/0. Component j's mean is alpha_j / a0 and its variance alpha_j (a0 - alpha_j) / (a0^2
     * (a0 + 1)).
     */
    @Test
    void dirichletOfSmallAlphaHasNoNaNAndTheRightMeans() {
        Random r = Nd.random().seed(11);
        int n = 100_000;
        for (double[] alpha : new double[][] {{1e-3, 1e-3}, {0.05, 0.02, 0.03}, {1e-4, 5e-3, 2e-2, 1e-3}}) {
            int k = alpha.length;
            double a0 = Arrays.stream(alpha).sum();
            try (NDArray d = r.dirichlet(alpha, n)) {
                assertArrayEquals(new long[] {n, k}, d.shape());
                double[] x = d.toDoubleArray();
                double[] mean = new double[k];
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int j = 0; j < k; j++) {
                        double v = x[i * k + j];
                        assertTrue(v >= 0 && v <= 1, Arrays.toString(alpha) + ": row " + i + " holds " + v);
                        s += v;
                        mean[j] += v / n;
                    }
                    assertEquals(1.0, s, 1e-12, Arrays.toString(alpha) + ": row " + i + " sum");
                }
                for (int j = 0; j < k; j++) {
                    double var = alpha[j] * (a0 - alpha[j]) / (a0 * a0 * (a0 + 1));
                    assertEquals(alpha[j] / a0, mean[j], 5 * Math.sqrt(var / n), Arrays.toString(alpha) + " mean " + j);
                }
            }
        }
    }

    /** NumPy's rng.normal(10, 2, 3): three draws of N(10, 2^2), where int literals once picked normal(long... shape). */
    @Test
    void normalTakesLocScaleAndSizeAsNumPy() {
        Random r = Nd.random().seed(5);
        try (NDArray y = r.normal(10, 2, 3)) {
            assertEquals(DType.FLOAT64, y.dtype());
            assertArrayEquals(new long[] {3}, y.shape());
        }
        try (NDArray y = r.normal(10, 2)) {
            assertArrayEquals(new long[0], y.shape());
        }
        int n = 200_000;
        try (NDArray y = r.normal(10, 2, n)) {
            double[] x = y.toDoubleArray();
            double m = Arrays.stream(x).sum() / n, v = 0;
            for (double e : x) v += (e - m) * (e - m) / (n - 1);
            assertEquals(10, m, 5 * 2 / Math.sqrt(n));
            assertEquals(4, v, 5 * 4 * Math.sqrt(2.0 / n));
        }
    }

    /** NumPy casts binomial's n to int64 under the 'safe' rule: a float or uint64 n is a TypeError there. */
    @Test
    void binomialRefusesAnNThatIsNotSafelyInt64() {
        Random r = Nd.random().seed(7);
        try (NDArray p = Nd.array(new double[] {1.0});
                NDArray big = Nd.array(new long[] {Long.MIN_VALUE + 5});
                NDArray u64 = big.astype(DType.UINT64);
                NDArray f64 = Nd.array(new double[] {2.7});
                NDArray f32 = f64.astype(DType.FLOAT32);
                NDArray c128 = f64.astype(DType.COMPLEX128)) {
            fails(DTypeException.class, () -> r.binomial(u64, p, 4), "random.binomial", "uint64", "int64", "safe");
            fails(DTypeException.class, () -> r.binomial(f64, p, 3), "random.binomial", "float64");
            fails(DTypeException.class, () -> r.binomial(f32, p, 3), "random.binomial", "float32");
            fails(DTypeException.class, () -> r.binomial(c128, p, 3), "random.binomial", "complex128");
        }
        // the dtypes NumPy casts safely to int64 are taken; p = 1 gives n back
        try (NDArray p = Nd.array(new double[] {1.0});
                NDArray n64 = Nd.array(new long[] {3});
                NDArray n32 = n64.astype(DType.INT32);
                NDArray nu32 = n64.astype(DType.UINT32);
                NDArray nb = n64.astype(DType.BOOL)) {
            for (NDArray n : new NDArray[] {n32, nu32}) {
                try (NDArray y = r.binomial(n, p, 2)) {
                    assertArrayEquals(
                            new long[] {3, 3}, y.toLongArray(), n.dtype().toString());
                }
            }
            try (NDArray y = r.binomial(nb, p, 2)) {
                assertArrayEquals(new long[] {1, 1}, y.toLongArray());
            }
        }
    }

    /**
     * float16's low + (high - low) u rounded to high in 2.4e-4 of the draws of [0, 1) and float32's in about one
     * draw of 4e6 on [1, 2): every value now stays below high. A width or bound past the dtype's range is
     * NumPy's "high - low range exceeds valid bounds".
     */
    @Test
    void theUniformKernelClampsExactlyWhereTheLargestDrawReachesHigh() {
        // random()'s [0, 1) and [-1, 1): 1 - 2^-53 and 1 - 2^-52 are below 1, so no clamp is needed
        assertFalse(BlockDraws.mayReachHigh(0, 1, false));
        assertFalse(BlockDraws.mayReachHigh(-1, 1, false));
        assertFalse(BlockDraws.mayReachHigh(0, 1, true));
        // 1 + (1 - 2^-53) rounds to 2 in float64, 1 + (1 - 2^-24) to 2 in float32: the kernel must clamp
        assertTrue(BlockDraws.mayReachHigh(1, 2, false));
        assertTrue(BlockDraws.mayReachHigh(1, 2, true));
        assertTrue(BlockDraws.mayReachHigh(1000, 1001, true));
    }

    @Test
    void uniformStaysBelowHighInItsDtype() {
        Random r = Nd.random().seed(13);
        for (double[] lh : new double[][] {{0, 1}, {-1, 1}, {1000, 1001}}) {
            try (NDArray y = r.uniform(lh[0], lh[1], DType.FLOAT16, 1_000_000)) {
                assertEquals(DType.FLOAT16, y.dtype());
                double[] x = y.toDoubleArray();
                double min = Arrays.stream(x).min().orElseThrow(),
                        max = Arrays.stream(x).max().orElseThrow();
                assertTrue(min >= lh[0] && max < lh[1], Arrays.toString(lh) + ": min " + min + ", max " + max);
            }
        }
        try (NDArray y = r.uniform(1, 2, DType.FLOAT32, 20_000_000);
                NDArray max = y.max();
                NDArray min = y.min()) {
            assertTrue(((Number) max.item()).doubleValue() < 2, "max " + max.item());
            assertTrue(((Number) min.item()).doubleValue() >= 1, "min " + min.item());
        }
        try (NDArray y = r.uniform(1, 2, DType.FLOAT64, 4_000_000);
                NDArray max = y.max()) {
            assertTrue(((Number) max.item()).doubleValue() < 2, "max " + max.item());
        }
        // a range of one value gives low, as NumPy's uniform(1, 1)
        try (NDArray y = r.uniform(1, 1, DType.FLOAT16, 3)) {
            assertArrayEquals(new double[] {1, 1, 1}, y.toDoubleArray());
        }
        try (NDArray y = r.uniform(1, 1, DType.FLOAT32, 3)) {
            assertArrayEquals(new double[] {1, 1, 1}, y.toDoubleArray());
        }
        fails(NdException.class, () -> r.uniform(0, 1e5, DType.FLOAT16, 4), "random.uniform", "exceeds valid bounds");
        fails(NdException.class, () -> r.uniform(-4e4, 4e4, DType.FLOAT16, 4), "random.uniform", "float16");
        fails(NdException.class, () -> r.uniform(-1e39, 1e39, DType.FLOAT32, 4), "random.uniform", "float32");
        fails(NdException.class, () -> r.uniform(1e39, 1e39, DType.FLOAT32, 4), "random.uniform", "float32");
        fails(NdException.class, () -> r.uniform(0.0, -0.0, 4), "random.uniform", "high - low < 0");
        try (NDArray y = r.uniform(0, 60_000, DType.FLOAT16, 1000)) {
            assertTrue(Arrays.stream(y.toDoubleArray()).allMatch(v -> v >= 0 && v < 60_000));
        }
    }

    /** NumPy's check_valid='raise' (its default warns): cov must be symmetric positive-semidefinite within 1e-8. */
    @Test
    void multivariateNormalRefusesACovThatIsNotPositiveSemidefinite() {
        Random r = Nd.random().seed(17);
        String pd = "not symmetric positive-semidefinite";
        fails(
                NdException.class,
                () -> r.multivariateNormal(new double[] {0, 0}, new double[][] {{1, 2}, {2, 1}}, 2),
                "random.multivariateNormal",
                pd);
        fails(
                NdException.class,
                () -> r.multivariateNormal(new double[] {0, 0}, new double[][] {{1, 0.5}, {0, 1}}, 2),
                pd,
                "0.5");
        fails(NdException.class, () -> r.multivariateNormal(new double[] {0}, new double[][] {{-1}}, 5), pd);
        // within the tolerance: taken, as NumPy takes it without a warning
        try (NDArray y =
                r.multivariateNormal(new double[] {0, 0}, new double[][] {{1, 1 + 1e-10}, {1 + 1e-10, 1}}, 4)) {
            assertArrayEquals(new long[] {4, 2}, y.shape());
        }
    }

    /** NumPy's CONS_NON_NEGATIVE refuses -0.0 by its sign bit; poisson's CONS_POISSON takes it. */
    @Test
    void negativeZeroScalesAreRefusedAsNumPy() {
        Random r = Nd.random().seed(19);
        fails(NdException.class, () -> r.exponential(-0.0, 3), "random.exponential", "scale >= 0", "-0.0");
        fails(NdException.class, () -> r.gamma(-0.0, 1, 3), "random.gamma", "shape >= 0");
        fails(NdException.class, () -> r.gamma(1, -0.0, 3), "random.gamma", "scale >= 0");
        fails(NdException.class, () -> r.lognormal(0, -0.0, 3), "random.lognormal", "sigma >= 0");
        fails(NdException.class, () -> r.laplace(0, -0.0, 3), "random.laplace", "scale >= 0");
        fails(NdException.class, () -> r.rayleigh(-0.0, 3), "random.rayleigh", "scale >= 0");
        fails(NdException.class, () -> r.weibull(-0.0, 3), "random.weibull", "a >= 0");
        fails(NdException.class, () -> r.vonmises(0, -0.0, 3), "random.vonmises", "kappa >= 0");
        try (NDArray nz = Nd.array(new double[] {1.0, -0.0});
                NDArray one = Nd.array(new double[] {1.0})) {
            fails(NdException.class, () -> r.exponential(nz, 2), "random.exponential", "scale >= 0", "-0.0");
            fails(NdException.class, () -> r.normal(one, nz), "random.normal", "scale >= 0", "-0.0");
            fails(NdException.class, () -> r.gamma(nz, one), "random.gamma", "shape >= 0");
            try (NDArray y = r.poisson(nz)) { // numpy: poisson(-0.0) is 0
                assertEquals(0, y.toLongArray()[1]);
            }
        }
        try (NDArray y = r.poisson(-0.0, 2)) {
            assertArrayEquals(new long[] {0, 0}, y.toLongArray());
        }
        try (NDArray y = r.exponential(0.0, 2)) {
            assertArrayEquals(new double[] {0, 0}, y.toDoubleArray());
        }
    }
}
