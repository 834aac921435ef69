package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.ufunc(op).reduce, accumulate, reduceat, outer and at against NumPy
 * (fixtures/ufuncmethods/ufunc_methods.tsv, made by make_ufunc_methods_fixtures.py): result dtype,
 * shape and values (relative error 1e-10 for float64, 1e-5 for float32, exact for integers).
 */
public class UfuncMethodsTest extends PerDeviceTest {

    private static List<String[]> rows() {
        try (var in = UfuncMethodsTest.class.getResourceAsStream("/fixtures/ufuncmethods/ufunc_methods.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double num(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    private static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static double[] values(String s, long[] shape) {
        if (s.equals("modline")) {
            // the fixture script's modline: ((i * 7919) % 10007) / 10007 - 0.5
            return IntStream.range(0, (int) shape[0])
                    .mapToDouble(i -> ((long) i * 7919 % 10007) / 10007.0 - 0.5)
                    .toArray();
        }
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split(" ")).mapToDouble(UfuncMethodsTest::num).toArray();
    }

    private static NDArray array(String dtype, String shape, String vals) {
        long[] sh = longs(shape);
        try (NDArray f = Nd.array(values(vals, sh), DType.FLOAT64, sh)) {
            return f.astype(DType.of(dtype));
        }
    }

    private static void check(String[] r, NDArray got) {
        assertEquals(DType.of(r[12]), got.dtype(), "dtype");
        assertArrayEquals(longs(r[13]), got.shape(), "shape");
        double[] want = values(r[14], longs(r[13]));
        double[] have = got.toDoubleArray();
        double tol = got.dtype() == DType.FLOAT32 ? 1e-5 : got.dtype().isFloating() ? 1e-10 : 0;
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isNaN(want[i])
                    ? Double.isNaN(have[i])
                    : want[i] == have[i] || Math.abs(have[i] - want[i]) <= tol * Math.max(1, Math.abs(want[i]));
            assertTrue(ok, "element " + i + ": " + have[i] + " vs NumPy " + want[i]);
        }
    }

    @TestFactory
    Stream<DynamicTest> agreesWithNumPy() {
        return rows().stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    var u = Nd.ufunc(Ufunc.of(r[2]));
                    try (NDArray a = array(r[3], r[4], r[5])) {
                        int[] axes = r[6].isEmpty() || r[6].equals("-")
                                ? null
                                : Arrays.stream(longs(r[6]))
                                        .mapToInt(Math::toIntExact)
                                        .toArray();
                        switch (r[1]) {
                            case "reduce" -> {
                                try (NDArray y =
                                        r[6].equals("-") ? u.reduce(a) : u.reduce(a, axes, r[11].equals("1"))) {
                                    check(r, y);
                                }
                            }
                            case "accumulate" -> {
                                try (NDArray y = r[6].equals("-") ? u.accumulate(a) : u.accumulate(a, axes[0])) {
                                    check(r, y);
                                }
                            }
                            case "reduceat" -> {
                                try (NDArray idx = Nd.array(longs(r[7]));
                                        NDArray y = u.reduceat(a, idx, axes[0])) {
                                    check(r, y);
                                }
                            }
                            case "outer" -> {
                                try (NDArray b = array(r[8], r[9], r[10]);
                                        NDArray y = u.outer(a, b)) {
                                    check(r, y);
                                }
                            }
                            case "at" -> {
                                if (r[8].isEmpty()) u.at(a, longs(r[7]));
                                else {
                                    try (NDArray b = array(r[8], r[9], r[10])) {
                                        u.at(a, longs(r[7]), b);
                                    }
                                }
                                check(r, a);
                            }
                            default -> throw new IllegalStateException(r[1]);
                        }
                    }
                }));
    }

    /** A long float32 line accumulated in float64 (the scan's tiles, each element converted on load), and into out=. */
    @Test
    void accumulateOfALongLineInAWiderDtypeSumsInThatDtype() {
        int n = 70_001;
        float[] f = new float[n];
        for (int i = 0; i < n; i++) f[i] = (float) (((i * 7919L) % 1009) / 97.0 - 5.05);
        try (NDArray x = Nd.array(f);
                NDArray y = Nd.ufunc(Ufunc.ADD).accumulate(x, 0, DType.FLOAT64, null);
                NDArray o = Nd.full(Double.NaN, DType.FLOAT64, n)) {
            Nd.ufunc(Ufunc.ADD).accumulate(x, 0, DType.FLOAT64, o);
            double[] got = y.toDoubleArray(), into = o.toDoubleArray();
            double acc = 0;
            for (int i = 0; i < n; i++) {
                acc += f[i];
                assertEquals(acc, got[i], 1e-9 * Math.max(1, Math.abs(acc)), "at " + i);
                assertEquals(got[i], into[i], 0, "out= at " + i);
            }
        }
    }

    /** add/multiply.accumulate with an inexact dtype take the parallel scans: NumPy's values along each axis. */
    @Test
    void accumulateWithAnInexactDtypeScansAlongTheAxis() {
        double[] v = new double[3 * 5];
        for (int i = 0; i < v.length; i++) v[i] = ((i * 7919L) % 101) / 37.0 - 1.1;
        try (NDArray m32 = Nd.array(v).astype(DType.FLOAT32).reshape(3, 5);
                NDArray i32 = Nd.arange(15).astype(DType.INT32).reshape(3, 5)) {
            float[] f = m32.toFloatArray();
            for (int axis = 0; axis < 2; axis++) {
                for (Ufunc op : new Ufunc[] {Ufunc.ADD, Ufunc.MULTIPLY}) {
                    boolean add = op == Ufunc.ADD;
                    try (NDArray y = Nd.ufunc(op).accumulate(m32, axis, DType.FLOAT64, null);
                            NDArray z = Nd.ufunc(op).accumulate(i32, axis, DType.FLOAT32, null)) {
                        assertEquals(DType.FLOAT64, y.dtype());
                        assertEquals(DType.FLOAT32, z.dtype());
                        double[] got = y.toDoubleArray(), gotI = z.toDoubleArray();
                        for (int r = 0; r < 3; r++) {
                            for (int c = 0; c < 5; c++) {
                                double acc = add ? 0 : 1, accI = add ? 0 : 1;
                                for (int k = 0; k <= (axis == 0 ? r : c); k++) {
                                    int idx = axis == 0 ? k * 5 + c : r * 5 + k;
                                    acc = add ? acc + f[idx] : acc * f[idx];
                                    accI = add ? accI + idx : accI * idx;
                                }
                                assertEquals(
                                        acc, got[r * 5 + c], 1e-12 * Math.max(1, Math.abs(acc)), op + " axis " + axis);
                                assertEquals(
                                        accI,
                                        gotI[r * 5 + c],
                                        1e-6 * Math.max(1, Math.abs(accI)),
                                        op + " int axis " + axis);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void formsAndOptions() {
        try (NDArray m = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 4);
                NDArray out = Nd.zeros(4)) {
            var sub = Nd.ufunc(Ufunc.SUBTRACT);
            assertArrayEquals(new double[] {-12, -13, -14, -15}, sub.reduce(m).toDoubleArray());
            // initial starts the fold: 100 - 0 - 4 - 8
            try (NDArray y = sub.reduce(m, new int[] {0}, null, null, false, 100)) {
                assertArrayEquals(new double[] {88, 85, 82, 79}, y.toDoubleArray());
            }
            assertEquals(out, sub.reduce(m, new int[] {0}, null, out, false, null));
            assertArrayEquals(new double[] {-12, -13, -14, -15}, out.toDoubleArray());
            try (NDArray y = Nd.ufunc(Ufunc.ADD).reduce(m, new int[] {1}, DType.FLOAT32, null, true, 1)) {
                assertEquals(DType.FLOAT32, y.dtype());
                assertArrayEquals(new long[] {3, 1}, y.shape());
                assertArrayEquals(new double[] {7, 23, 39}, y.toDoubleArray());
            }
            try (NDArray a = Nd.zeros(3)) {
                Nd.ufunc(Ufunc.ADD).at(a, new long[] {0, 0, 2, 0}, 1.5);
                assertArrayEquals(new double[] {4.5, 0, 1.5}, a.toDoubleArray());
            }
            assertEquals(0L, Nd.ufunc(Ufunc.ADD).identity());
            assertTrue(Nd.ufunc(Ufunc.MAXIMUM).identity() == null);
            assertEquals("<ufunc 'add'>", Nd.ufunc(Ufunc.ADD).toString());
            try (NDArray y = Nd.ufunc(Ufunc.MULTIPLY).outer(2, m)) {
                assertArrayEquals(new long[] {3, 4}, y.shape());
            }
        }
    }

    @Test
    void hostileInputs() {
        var sub = Nd.ufunc(Ufunc.SUBTRACT);
        try (NDArray m = Nd.ones(2, 3);
                NDArray e = Nd.zeros(0);
                NDArray f = Nd.ones(3)) {
            var ex = assertThrows(NdException.class, () -> sub.reduce(m, null, false));
            assertTrue(ex.getMessage().contains("subtract.reduce")
                    && ex.getMessage().contains("reorderable"));
            assertThrows(AxisException.class, () -> sub.reduce(m, 2));
            assertThrows(NullPointerException.class, () -> sub.reduce(null));
            ex = assertThrows(NdException.class, () -> Nd.ufunc(Ufunc.MAXIMUM).reduce(e));
            assertTrue(ex.getMessage().contains("no identity"), ex.getMessage());
            assertThrows(NdException.class, () -> Nd.ufunc(Ufunc.SQRT).reduce(m));
            assertThrows(DTypeException.class, () -> Nd.ufunc(Ufunc.EQUAL).reduce(m));
            assertThrows(DTypeException.class, () -> Nd.ufunc(Ufunc.BITWISE_OR).reduce(m));
            ex = assertThrows(IndexException.class, () -> Nd.ufunc(Ufunc.ADD).reduceat(f, new long[] {0, 3}));
            assertTrue(ex.getMessage().contains("add.reduceat"), ex.getMessage());
            ex = assertThrows(IndexException.class, () -> Nd.ufunc(Ufunc.ADD).at(f, new long[] {3}, 1.0));
            assertTrue(ex.getMessage().contains("out of bounds"), ex.getMessage());
            assertThrows(IndexException.class, () -> Nd.ufunc(Ufunc.ADD).at(f, new long[] {-4}, 1.0));
            assertThrows(ShapeException.class, () -> Nd.ufunc(Ufunc.ADD).at(f, new long[] {0, 1}, m));
            assertThrows(NdException.class, () -> Nd.ufunc(Ufunc.NEGATIVE).at(f, new long[] {0}, 1.0));
            assertThrows(ShapeException.class, () -> sub.accumulate(Nd.array(1.0)));
            assertArrayEquals(new double[] {1, 1, 1}, f.toDoubleArray());
        }
        NDArray closed = Nd.ones(2);
        closed.close();
        assertThrows(NdException.class, () -> sub.reduce(closed));
    }

    @Test
    void integerPowerWithNegativeArrayExponentRaises() {
        // np.power(np.array([2]), np.array([-1])): ValueError: Integers to negative integer powers are not allowed.
        try (NDArray base = Nd.array(new long[] {2});
                NDArray neg = Nd.array(new long[] {-1});
                NDArray pair = Nd.array(new long[] {2, -1});
                NDArray ok = Nd.array(new long[] {-1, 2});
                NDArray m = Nd.array(new long[] {2, 3, -1, -1}).reshape(2, 2);
                NDArray fbase = Nd.array(new double[] {2})) {
            NdException ex = assertThrows(NdException.class, () -> base.pow(neg));
            assertTrue(
                    ex.getMessage().contains("Integers to negative integer powers are not allowed"), ex.getMessage());
            UfuncMethods power = Nd.ufunc(Ufunc.POWER);
            assertThrows(NdException.class, () -> power.reduce(pair));
            assertThrows(NdException.class, () -> power.accumulate(pair));
            // np.power.reduce(m, axis=0) -> [2**-1 ...] raises; axis=1 -> (-1)**-1 raises; [-1, 2] -> 1
            assertThrows(NdException.class, () -> power.reduce(m, 0));
            assertThrows(NdException.class, () -> power.reduce(m, 1));
            try (NDArray r = power.reduce(ok)) {
                assertEquals(1L, r.toLongArray()[0]);
            }
            // a float base keeps the float loop: np.power([2.], [-1]) -> [0.5]
            try (NDArray r = fbase.pow(neg)) {
                assertArrayEquals(new double[] {0.5}, r.toDoubleArray());
            }
        }
    }

    @Test
    void zeroDimReduceOuterScalarsAndInitial() {
        // np.add.reduce(np.array(5.)) -> 5.0; np.add.reduce(np.array(5, np.int8)) -> np.int64(5)
        try (NDArray f = Nd.array(5.0);
                NDArray r = Nd.ufunc(Ufunc.ADD).reduce(f);
                NDArray i8 = Nd.array(new long[] {5}).astype(DType.INT8).reshape();
                NDArray r8 = Nd.ufunc(Ufunc.ADD).reduce(i8)) {
            assertEquals(0, r.ndim());
            assertEquals(5.0, r.doubleValue());
            assertEquals(DType.INT64, r8.dtype());
            assertEquals(5.0, r8.doubleValue());
            assertThrows(AxisException.class, () -> Nd.ufunc(Ufunc.ADD).reduce(f, 1));
        }
        // np.add.outer(np.float32([1, 2]), 2.5) -> float64 [3.5, 4.5]; np.add.outer(np.int8([1, 2]), 1000) -> int64
        try (NDArray f32 = Nd.array(new float[] {1, 2});
                NDArray i8 = Nd.array(new long[] {1, 2}).astype(DType.INT8);
                NDArray a = Nd.ufunc(Ufunc.ADD).outer(f32, 2.5);
                NDArray b = Nd.ufunc(Ufunc.ADD).outer(i8, 1000);
                NDArray c = Nd.ufunc(Ufunc.ADD).outer(2.5, f32)) {
            assertEquals(DType.FLOAT64, a.dtype());
            assertArrayEquals(new double[] {3.5, 4.5}, a.toDoubleArray());
            assertEquals(DType.INT64, b.dtype());
            assertArrayEquals(new long[] {1001, 1002}, b.toLongArray());
            assertEquals(DType.FLOAT64, c.dtype());
        }
        // np.minimum.reduce(np.uint8([1, 2]), initial=-1): OverflowError: Python integer -1 out of bounds for uint8
        try (NDArray u8 = Nd.array(new long[] {1, 2}).astype(DType.UINT8)) {
            NdException ex = assertThrows(
                    NdException.class, () -> Nd.ufunc(Ufunc.MINIMUM).reduce(u8, new int[] {0}, null, null, false, -1));
            assertTrue(
                    ex.getMessage().startsWith("minimum.reduce: initial -1 is out of bounds for uint8"),
                    ex.getMessage());
            try (NDArray mask = Nd.array(new boolean[] {true, false})) {
                NdException wex = assertThrows(
                        NdException.class,
                        () -> Nd.ufunc(Ufunc.MINIMUM).reduce(u8, new int[] {0}, null, null, false, -1, mask));
                assertTrue(
                        wex.getMessage().startsWith("minimum.reduce: initial -1 is out of bounds"), wex.getMessage());
            }
            // np.maximum.reduce(np.uint8([1, 2]), initial=5.0) -> 5, and initial=5.5 -> 5
            for (double init : new double[] {5.0, 5.5}) {
                try (NDArray r = Nd.ufunc(Ufunc.MAXIMUM).reduce(u8, new int[] {0}, null, null, false, init)) {
                    assertEquals(5L, r.toLongArray()[0]);
                }
            }
        }
    }

    @Test
    void outOfAnotherKindTakesAnUnsafeCast() {
        // m = np.arange(12.).reshape(3, 4) + 0.5; np.add.reduce(m, axis=1, out=np.zeros(3, np.int64)) -> [8, 24, 40]
        try (NDArray base = Nd.arange(12.0).reshape(3, 4);
                NDArray m = base.add(0.5);
                NDArray out = Nd.zeros(DType.INT64, 3);
                NDArray acc = Nd.zeros(DType.INT64, 3, 4);
                NDArray max = Nd.zeros(DType.INT32, 3)) {
            assertSame(out, Nd.ufunc(Ufunc.ADD).reduce(m, new int[] {1}, null, out, false, null));
            assertArrayEquals(new long[] {8, 24, 40}, out.toLongArray());
            // np.add.accumulate(m, 1, out=np.zeros((3, 4), np.int64))
            Nd.ufunc(Ufunc.ADD).accumulate(m, 1, null, acc);
            assertArrayEquals(new long[] {0, 2, 4, 8, 4, 10, 16, 24, 8, 18, 28, 40}, acc.toLongArray());
            // np.maximum.reduce(m, axis=1, out=np.zeros(3, np.int32)) -> [3, 7, 11]
            Nd.ufunc(Ufunc.MAXIMUM).reduce(m, new int[] {1}, null, max, false, null);
            assertArrayEquals(new long[] {3, 7, 11}, max.toLongArray());
        }
    }
}
