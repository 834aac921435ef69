package org.ndgpu.special;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * logsumexp, softmax and log_softmax against SciPy 1.17 (fixtures/special/reductions.txt): rows of
 * very different scales, several axes, keepdims, 0-d and empty input, and rows of inf, -inf and NaN.
 */
class SpecialReductionsTest extends PerDeviceTest {
    private static final Special S = Nd.special();

    private static NDArray call(SpecialFixtures.Case c, NDArray x) {
        int[] axes = c.axes();
        boolean keepdims = Boolean.parseBoolean(c.fields().get("keepdims"));
        return switch (c.name()) {
            case "logsumexp" -> S.logsumexp(x, axes, keepdims);
            case "softmax" -> S.softmax(x, axes);
            case "log_softmax" -> S.logSoftmax(x, axes);
            default -> throw new IllegalStateException(c.name());
        };
    }

    @Test
    void matchesScipy() {
        var failures = new StringBuilder();
        for (SpecialFixtures.Case c : SpecialFixtures.cases("reductions.txt")) {
            String what = c + " axis " + c.fields().get("axis") + " shape "
                    + c.fields().get("shape");
            try (NDArray flat = Nd.array(c.inputs().get(0));
                    NDArray typed = flat.astype(DType.of(c.dtype()));
                    NDArray x = typed.reshape(c.longs("shape"));
                    NDArray y = call(c, x)) {
                assertEquals(DType.of(c.out()), y.dtype(), what);
                assertArrayEquals(c.longs("outshape"), y.shape(), what);
                double[] got = y.toDoubleArray();
                double tol = y.dtype() == DType.FLOAT32 ? 3e-6 : 1e-14;
                // log_softmax of the largest entries is x - max - log(s) with s near 1: its error is absolute,
                // about an ulp of 1, in SciPy's result as in ndgpu's
                double floor = c.name().equals("log_softmax") ? 1 : 1e-300;
                for (int i = 0; i < got.length; i++) {
                    double want = c.expected()[i];
                    boolean ok = Double.isNaN(want)
                            ? Double.isNaN(got[i])
                            : Double.isInfinite(want)
                                    ? got[i] == want
                                    : Math.abs(got[i] - want) <= tol * Math.max(Math.abs(want), floor);
                    if (!ok) {
                        failures.append(what)
                                .append(" [")
                                .append(i)
                                .append("]: got ")
                                .append(got[i])
                                .append(", SciPy ")
                                .append(want)
                                .append('\n');
                        break;
                    }
                }
            }
        }
        if (!failures.isEmpty()) fail("against SciPy:\n" + failures);
    }

    @Test
    void aDominantTermKeepsItsPrecision() {
        // log(exp(0) + exp(-40)) = log1p(exp(-40)): a naive log(sum) rounds the sum to 1 and gives 0
        try (NDArray a = Nd.array(new double[] {0, -40});
                NDArray r = S.logsumexp(a)) {
            assertEquals(Math.exp(-40), r.toDoubleArray()[0], 1e-16 * Math.exp(-40));
        }
    }

    /**
     * Rows long enough to be split into parts (each merged from its own maximum, count and sum), the
     * maximum in a late part, ties of it across parts, and a NaN or an inf in one part only: against a
     * Java loop in double, and SciPy's IEEE answers.
     */
    @Test
    void longRowsSplitIntoPartsMergeAsOneSum() {
        int n = 300_000;
        double[] x = new double[2 * n];
        var r = new java.util.SplittableRandom(40);
        for (int i = 0; i < x.length; i++) x[i] = r.nextGaussian() * 3;
        x[n - 7] = 25; // row 0's maximum, near its end
        x[n + 11] = 25; // row 1's maximum, tied at both ends
        x[2 * n - 1] = 25;
        try (NDArray a = Nd.array(x);
                NDArray rows = a.reshape(2, n);
                NDArray f32 = rows.astype(DType.FLOAT32);
                NDArray l = S.logsumexp(rows, 1);
                NDArray l32 = S.logsumexp(f32, 1);
                NDArray all = S.logsumexp(a);
                NDArray sm = S.softmax(rows, 1);
                NDArray lsm = S.logSoftmax(rows, -1)) {
            double[] got = l.toDoubleArray(), got32 = l32.toDoubleArray(), p = sm.toDoubleArray();
            double[] lp = lsm.toDoubleArray();
            double total = 0;
            for (int row = 0; row < 2; row++) {
                double s = 0;
                for (int j = 0; j < n; j++) s += Math.exp(x[row * n + j] - 25);
                double want = 25 + Math.log(s);
                total += s;
                assertEquals(want, got[row], 1e-13 * Math.abs(want), "float64 row " + row);
                assertEquals(want, got32[row], 3e-6 * Math.abs(want), "float32 row " + row);
                for (int j = 0; j < n; j += 997) {
                    double e = Math.exp(x[row * n + j] - 25) / s;
                    assertEquals(
                            e, p[row * n + j], 1e-11 * e, "softmax " + row + ", " + j); // the loop's own sum: ~1e-13
                    double le = x[row * n + j] - 25 - Math.log(s);
                    assertEquals(le, lp[row * n + j], 1e-11 * Math.max(1, Math.abs(le)), "log_softmax " + row);
                }
            }
            assertEquals(25 + Math.log(total), all.toDoubleArray()[0], 1e-13 * 30, "over every element");
        }
        x[n / 2] = Double.NaN;
        x[n + n / 3] = Double.POSITIVE_INFINITY;
        try (NDArray a = Nd.array(x);
                NDArray rows = a.reshape(2, n);
                NDArray l = S.logsumexp(rows, 1);
                NDArray sm = S.softmax(rows, 1);
                NDArray lsm = S.logSoftmax(rows, 1)) {
            double[] got = l.toDoubleArray(), p = sm.toDoubleArray(), lp = lsm.toDoubleArray();
            assertTrue(Double.isNaN(got[0]), "a NaN in one part: " + got[0]);
            assertEquals(Double.POSITIVE_INFINITY, got[1], "an inf in one part");
            // SciPy: softmax of a row holding inf is NaN throughout; log_softmax is x - inf there, NaN at the inf
            assertTrue(Double.isNaN(p[n + 5]) && Double.isNaN(p[0]), "softmax of a row with inf or NaN");
            assertEquals(Double.NEGATIVE_INFINITY, lp[n + 5], "log_softmax beside an inf");
            assertTrue(Double.isNaN(lp[n + n / 3]), "log_softmax at the inf");
        }
    }

    @Test
    void hostileArguments() {
        assertThrows(NullPointerException.class, () -> S.logsumexp(null));
        try (NDArray a = Nd.ones(2, 3);
                NDArray c = Nd.zeros(DType.COMPLEX128, 3)) {
            var e = assertThrows(NdException.class, () -> S.softmax(a, 2));
            assertTrue(e.getMessage().startsWith("softmax:"), e.getMessage());
            var e2 = assertThrows(NdException.class, () -> S.logsumexp(a, new int[] {1, -1}, false));
            assertTrue(e2.getMessage().startsWith("logsumexp:"), e2.getMessage());
            var e3 = assertThrows(NdException.class, () -> S.logSoftmax(c));
            assertTrue(
                    e3.getMessage().startsWith("log_softmax:")
                            && e3.getMessage().contains("complex128"),
                    e3.getMessage());
        }
        NDArray closed = Nd.ones(3);
        closed.close();
        var e = assertThrows(NdException.class, () -> S.logsumexp(closed, 0));
        assertTrue(e.getMessage().contains("logsumexp"), e.getMessage());
    }
}
