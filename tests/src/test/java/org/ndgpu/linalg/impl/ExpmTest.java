package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * scipy.linalg.expm ({@code Nd.linalg().expm}) against SciPy 1.17's results
 * (make_expm_fixtures.py): every Pade degree and several scalings, stacks, complex, float32,
 * integer, triangular and diagonal input, NaN and inf, 1 x 1 and empty; SciPy's own choice of
 * degree and squarings for each single matrix; and the refusals (non-square, 1-d). float32 and
 * complex64 are held to 1e-4 of the largest magnitude (scaling and squaring loses a few bits per
 * squaring), float64 and complex128 to 1e-11.
 */
class ExpmTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final String DIR = "/fixtures/linalg3/";

    private static long[] shape(String s) {
        return Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static double[] numbers(String s) {
        if (s.isEmpty()) return new double[0];
        return Arrays.stream(s.split(" "))
                .mapToDouble(t -> switch (t) {
                    case "nan" -> Double.NaN;
                    case "inf" -> Double.POSITIVE_INFINITY;
                    case "-inf" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(t);
                })
                .toArray();
    }

    private static NDArray array(DType dt, long[] shape, double[] v) {
        if (!dt.isComplex()) {
            if (dt.isInteger())
                return Nd.array(Arrays.stream(v).mapToLong(d -> (long) d).toArray(), dt, shape);
            return Nd.array(v, dt, shape);
        }
        try (NDArray c = LinalgComplexTest.cx(v, shape)) {
            return c.astype(dt);
        }
    }

    private static double tol(DType dt) {
        return dt == DType.FLOAT32 || dt == DType.COMPLEX64 ? 1e-4 : 1e-11;
    }

    private static List<String[]> rows() {
        return Fixtures.tsv(DIR, "expm.tsv");
    }

    @Test
    void matchesScipy() {
        if (!device().facts().fp64()) return;
        int checked = 0;
        for (String[] r : rows()) {
            DType dt = DType.of(r[1]);
            long[] sh = shape(r[2]);
            DType rt = DType.of(r[6]);
            try (NDArray a = array(dt, sh, numbers(r[3]));
                    NDArray e = LA.expm(a)) {
                assertArrayEquals(sh, e.shape(), r[0] + " shape");
                assertEquals(rt, e.dtype(), r[0] + " dtype");
                double[] want = numbers(r[7]);
                double[] got = values(e);
                try {
                    assertClose(want, got, tol(rt));
                } catch (AssertionError x) {
                    throw new AssertionError(r[0] + ": " + x.getMessage(), x);
                }
                checked++;
            }
        }
        assertEquals(42, checked);
    }

    @Test
    void picksScipysDegreeAndScaling() {
        if (!device().facts().fp64()) return;
        int checked = 0;
        for (String[] r : rows()) {
            if (r[4].equals("-")) continue;
            DType dt = DType.of(r[1]);
            try (NDArray a = array(dt, shape(r[2]), numbers(r[3]))) {
                MatrixExponential.Structure s = MatrixExponential.structure(a);
                assertEquals(Integer.parseInt(r[4]), s.m(), r[0] + " degree");
                assertEquals(Integer.parseInt(r[5]), s.s(), r[0] + " squarings");
                checked++;
            }
        }
        assertTrue(checked >= 20, "checked " + checked);
    }

    @Test
    void float32StaysFloat32() {
        // the only test that runs on a device without float64
        double[] v = {0.1, -0.3, 0.2, 0.05, 0.4, -0.1, 0.3, 0.2, -0.2};
        try (NDArray a = Nd.array(v, DType.FLOAT32, 3, 3);
                NDArray e = LA.expm(a);
                NDArray z = Nd.zeros(DType.FLOAT32, 3, 3);
                NDArray one = LA.expm(z)) {
            assertEquals(DType.FLOAT32, e.dtype());
            // exp(A) exp(-A) = I
            try (NDArray na = a.neg();
                    NDArray en = LA.expm(na);
                    NDArray p = e.matmul(en)) {
                assertClose(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, values(p), 1e-5);
            }
            assertClose(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, values(one), 0);
        }
    }

    @Test
    void refusesWhatScipyRefuses() {
        try (NDArray r = Nd.zeros(DType.FLOAT32, 2, 3);
                NDArray v = Nd.zeros(DType.FLOAT32, 4)) {
            NdException e = assertThrows(NdException.class, () -> LA.expm(r));
            assertTrue(e.getMessage().startsWith("expm: "), e.getMessage());
            assertTrue(e.getMessage().contains("square") && e.getMessage().contains("(2, 3)"), e.getMessage());
            NdException f = assertThrows(NdException.class, () -> LA.expm(v));
            assertTrue(f.getMessage().startsWith("expm: ") && f.getMessage().contains("(4,)"), f.getMessage());
        }
        NullPointerException n = assertThrows(NullPointerException.class, () -> LA.expm(null));
        assertTrue(n.getMessage().contains("expm"));
    }
}
