package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The worst legal-looking calls of every Generator method: each is an NdException whose message
 * names the method, what it expected and what it got (NumPy's checks), never a hang, a crash or
 * numbers from a bad parameter; and the degenerate sizes that must work (empty, 0-d).
 */
public class GeneratorHostileTest extends PerDeviceTest {

    private static void fails(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not say '" + w + "'");
    }

    @Test
    void badParametersAreRefusedWithWhatWasExpected() {
        Random r = Nd.random().seed(1);
        double nan = Double.NaN;
        fails(DTypeException.class, () -> r.integers(0, 10, DType.FLOAT32, 3), "random.integers", "integer", "float32");
        fails(
                DTypeException.class,
                () -> r.standardNormal(DType.INT32, 3),
                "random.standardNormal",
                "float32 or float64",
                "int32");
        fails(DTypeException.class, () -> r.exponential(1, DType.FLOAT16, 3), "random.exponential", "float16");
        fails(NdException.class, () -> r.integers(5, 5, 3), "random.integers", "low < high", "low 5, high 5");
        fails(NdException.class, () -> r.integers(6, 5, true, DType.INT64, 3), "low <= high");
        fails(NdException.class, () -> r.integers(0, Long.MIN_VALUE, 3), "low < high");
        fails(NdException.class, () -> r.integers(-129, 0, DType.INT8, 3), "low -129 is out of bounds for int8");
        fails(NdException.class, () -> r.integers(0, 129, DType.INT8, 3), "high 129 is out of bounds for int8", "127");
        fails(NdException.class, () -> r.integers(-1, 3, DType.UINT8, 3), "out of bounds for uint8");
        fails(NdException.class, () -> r.integers(0, 3, DType.BOOL, 3), "out of bounds for bool");
        fails(
                NdException.class,
                () -> r.integers(0, 3, DType.INT32, 2, -1),
                "random.integers",
                "non-negative size",
                "-1");
        fails(NdException.class, () -> r.exponential(-1, 3), "random.exponential", "scale >= 0", "-1.0");
        fails(NdException.class, () -> r.exponential(nan, 3), "scale >= 0", "NaN");
        fails(NdException.class, () -> r.gamma(-0.5, 1, 3), "random.gamma", "shape >= 0");
        fails(NdException.class, () -> r.gamma(1, -2, 3), "random.gamma", "scale >= 0");
        fails(NdException.class, () -> r.beta(0, 1, 3), "random.beta", "a > 0", "0.0");
        fails(NdException.class, () -> r.beta(1, nan, 3), "random.beta", "b > 0", "NaN");
        fails(NdException.class, () -> r.lognormal(0, -1, 3), "random.lognormal", "sigma >= 0");
        fails(NdException.class, () -> r.chisquare(0, 3), "random.chisquare", "df > 0");
        fails(NdException.class, () -> r.laplace(0, -1, 3), "random.laplace", "scale >= 0");
        fails(NdException.class, () -> r.poisson(-1, 3), "random.poisson", "lam >= 0");
        fails(NdException.class, () -> r.poisson(nan, 3), "random.poisson", "NaN");
        fails(NdException.class, () -> r.poisson(1e19, 3), "random.poisson", "too large");
        fails(NdException.class, () -> r.binomial(-1, 0.5, 3), "random.binomial", "n >= 0", "-1");
        fails(NdException.class, () -> r.binomial(10, 1.5, 3), "random.binomial", "0 <= p <= 1", "1.5");
        fails(NdException.class, () -> r.binomial(10, nan, 3), "random.binomial", "NaN");
        fails(
                NdException.class,
                () -> r.multinomial(10, new double[] {0.7, 0.6, 0}, 3),
                "random.multinomial",
                "sum(pvals[:-1]) <= 1");
        fails(
                NdException.class,
                () -> r.multinomial(10, new double[] {0.5, -0.1, 0.6}),
                "random.multinomial",
                "pvals[1]");
        fails(NdException.class, () -> r.multinomial(10, new double[0]), "random.multinomial", "at least one");
        fails(NdException.class, () -> r.multinomial(-1, new double[] {1}), "random.multinomial", "n >= 0");
        fails(NullPointerException.class, () -> r.multinomial(1, null), "random.multinomial", "pvals");
        fails(
                NdException.class,
                () -> r.choice(3, new long[] {2}, true, new double[] {0.5, 0.6, 0.1}),
                "random.choice",
                "sum to 1",
                "1.2");
        fails(
                NdException.class,
                () -> r.choice(3, new long[] {2}, true, new double[] {0.5, 0.5}),
                "random.choice",
                "same size",
                "3",
                "2");
        fails(
                NdException.class,
                () -> r.choice(3, new long[] {2}, true, new double[] {1.5, -0.5, 0}),
                "random.choice",
                "non-negative");
        fails(
                NdException.class,
                () -> r.choice(3, new long[] {4}, false, null),
                "random.choice",
                "larger sample",
                "4",
                "3");
        fails(
                NdException.class,
                () -> r.choice(3, new long[] {3}, false, new double[] {0.5, 0.5, 0}),
                "random.choice",
                "non-zero",
                "2");
        fails(NdException.class, () -> r.choice(0, 2), "random.choice", "positive integer", "0");
        fails(NdException.class, () -> r.choice(-3, 2), "random.choice", "-3");
        fails(NdException.class, () -> r.permutation(-1), "random.permutation", "non-negative", "-1");
        try (NDArray s = Nd.array(3.0);
                NDArray b = Nd.arange(4).broadcastTo(3, 4)) {
            fails(NdException.class, () -> r.permutation(s), "random.permutation", "0-d");
            fails(NdException.class, () -> r.shuffle(s), "random.shuffle", "0-d");
            fails(NdException.class, () -> r.shuffle(b), "random.shuffle", "writeable");
            fails(NdException.class, () -> r.choice(s, new long[] {1}, true, null), "random.choice", "0-d");
        }
        fails(NullPointerException.class, () -> r.shuffle(null), "random.shuffle");
        fails(NullPointerException.class, () -> r.integers(0, 1, (DType) null, 3), "random.integers", "dtype");
        fails(NullPointerException.class, () -> r.gamma(1, 1, (long[]) null), "random.gamma", "shape");
        NDArray closed = Nd.arange(5);
        closed.close();
        assertThrows(NdException.class, () -> r.permutation(closed));
    }

    @Test
    void uniformAndNormalParametersAreCheckedAsNumPyChecksThem() {
        var r = Nd.random();
        fails(NdException.class, () -> r.normal(0, -1, DType.FLOAT32, 4), "scale < 0"); // numpy: ValueError
        fails(NdException.class, () -> r.uniform(Double.NaN, 1, DType.FLOAT32, 4), "range"); // numpy: OverflowError
        fails(NdException.class, () -> r.uniform(0, Double.POSITIVE_INFINITY, DType.FLOAT32, 4), "range");
        fails(NdException.class, () -> r.uniform(1, 0, DType.FLOAT64, 4), "high - low < 0"); // numpy: ValueError
        fails(NdException.class, () -> r.seed(-1), "non-negative"); // numpy: ValueError
        fails(org.ndgpu.exceptions.ShapeException.class, () -> r.uniform(0, 1, DType.FLOAT32, -4), "negative");
        fails(org.ndgpu.exceptions.DTypeException.class, () -> r.normal(0, 1, DType.INT32, 4), "float dtype");
        try (NDArray nan = r.normal(Double.NaN, 1, DType.FLOAT64, 3)) { // numpy: [nan nan nan]
            for (double v : nan.toDoubleArray()) assertTrue(Double.isNaN(v));
        }
        try (NDArray u = r.uniform(2, 2, DType.FLOAT64, 3)) { // an empty range is legal
            assertArrayEquals(new double[] {2, 2, 2}, u.toDoubleArray());
        }
    }

    @Test
    void emptyAndZeroDimensionalSizesWork() {
        Random r = Nd.random().seed(2);
        Map<String, NDArray> empty = Map.of(
                "integers",
                r.integers(0, 5, DType.INT8, 0),
                "gamma",
                r.gamma(2, 1, 3, 0),
                "poisson",
                r.poisson(3, 0),
                "choice",
                r.choice(5, new long[] {0}, false, null),
                "permutation",
                r.permutation(0),
                "multinomial",
                r.multinomial(4, new double[] {0.5, 0.5}, 0));
        empty.forEach((k, a) -> {
            try (a) {
                assertEquals(0, a.size(), k);
            }
        });
        try (NDArray z = r.standardNormal();
                NDArray c = r.choice(0, new long[] {0}, true, null);
                NDArray e = Nd.zeros(DType.FLOAT32, 0)) {
            assertEquals(0, z.ndim());
            assertTrue(Double.isFinite(z.toDoubleArray()[0]));
            assertEquals(0, c.size());
            r.shuffle(e);
        }
    }
}
