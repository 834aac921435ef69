package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.CheckedMode;
import org.ndgpu.testing.PerDeviceTest;

/**
 * ReductionKernel's raw parameters (CuPy's {@code raw T w}: not broadcast, indexed by the
 * snippets) and their checked mode (ndgpu.debug): correct kernels give the plain Java answer with
 * the mode on and off, in one pass and split over partials; an index past the end or below 0, in
 * the map or the post-map, is an IndexException naming the kernel, the parameter, the index and
 * the size. Runs on every device with the mode set explicitly; PoCL's default is checked too.
 */
class CheckedReductionTest extends PerDeviceTest {

    private static final ReductionKernel WSUM =
            new ReductionKernel("T x, raw T w", "T y", "x * w[_j % 4]", "a + b", "y = a", "0", "wsum");

    @Test
    void rawWeightsGiveThePlainAnswerCheckedOrNot() {
        double[] w = {0.5, -1, 2, 0.25};
        for (String mode : new String[] {"true", "false"}) {
            for (int n : new int[] {7, 1 << 20}) { // one pass, and a split over partial results
                double[] xs = new double[n];
                double want = 0;
                for (int i = 0; i < n; i++) {
                    xs[i] = (i % 13) - 6;
                    want += xs[i] * w[i % 4];
                }
                double expected = want;
                double got = CheckedMode.with(mode, () -> {
                    try (NDArray x = Nd.array(xs);
                            NDArray ws = Nd.array(w);
                            NDArray y = WSUM.call(x, ws)) {
                        return y.doubleValue();
                    }
                });
                assertEquals(expected, got, 1e-9 * n, "debug " + mode + ", n " + n);
            }
        }
        // per row, with a transposed raw array (passed as its C-order copy)
        CheckedMode.with("true", () -> {
            try (NDArray x = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 4);
                    NDArray m = Nd.array(new double[] {1, 2, 3, 4}).reshape(2, 2);
                    NDArray t = m.T();
                    NDArray y = WSUM.call(new Object[] {x, t}, new int[] {1}, false, null)) {
                // t in C order: 1, 3, 2, 4
                double[] got = y.toDoubleArray();
                for (int r = 0; r < 3; r++) {
                    double want = (4 * r) * 1 + (4 * r + 1) * 3 + (4 * r + 2) * 2 + (4 * r + 3) * 4;
                    assertEquals(want, got[r], 0.0);
                }
            }
            return null;
        });
    }

    @Test
    void anIndexPastTheEndInTheMapIsAnIndexException() {
        var k = new ReductionKernel(
                "T x, raw T w", "T y", "x * w[_j == 5 ? 100000007 : 0]", "a + b", "y = a", "0", "wsum_bad");
        for (int n : new int[] {9, 1 << 20}) {
            try (NDArray x = Nd.ones(DType.FLOAT32, n);
                    NDArray w = Nd.ones(DType.FLOAT32, 4)) {
                var e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> k.call(x, w)));
                assertTrue(
                        e.getMessage()
                                .startsWith("ReductionKernel wsum_bad: raw parameter w indexed at 100000007, size 4"),
                        e.getMessage());
                assertEquals(4.0, CheckedMode.with("true", () -> w.sum().doubleValue()), "w is intact");
            }
        }
    }

    @Test
    void aNegativeIndexAndOneInThePostMapAreCaught() {
        var neg = new ReductionKernel("T x, raw T w", "T y", "x * w[_j - 1]", "a + b", "y = a", "0", "wsum_neg");
        var post = new ReductionKernel("T x, raw T s", "T y", "x", "a + b", "y = a * s[1]", "0", "scaled_sum");
        try (NDArray x = Nd.arange(10).astype(DType.FLOAT64);
                NDArray w = Nd.ones(DType.FLOAT64, 10);
                NDArray s = Nd.full(2.0, DType.FLOAT64, 1)) {
            var e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> neg.call(x, w)));
            assertTrue(
                    e.getMessage().startsWith("ReductionKernel wsum_neg: raw parameter w indexed at -1, size 10"),
                    e.getMessage());
            e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> post.call(x, s)));
            assertTrue(
                    e.getMessage().startsWith("ReductionKernel scaled_sum: raw parameter s indexed at 1, size 1"),
                    e.getMessage());
            var good = new ReductionKernel("T x, raw T s", "T y", "x", "a + b", "y = a * s[0]", "0", "scaled_sum_ok");
            assertEquals(90.0, CheckedMode.with("true", () -> good.call(x, s).doubleValue()));
        }
    }

    @Test
    void onPoclTheModeIsOnByDefault() {
        assumeTrue(
                device().facts().backend().equals("opencl") && !device().isGpu(), "PoCL (an OpenCL CPU device) only");
        var k = new ReductionKernel(
                "T x, raw T w", "T y", "x * w[_j + 100000000]", "a + b", "y = a", "0", "wsum_default");
        try (NDArray x = Nd.ones(DType.FLOAT32, 3);
                NDArray w = Nd.ones(DType.FLOAT32, 3)) {
            var e = CheckedMode.with(null, () -> assertThrows(IndexException.class, () -> k.call(x, w)));
            assertTrue(e.getMessage().contains("raw parameter w indexed at 10000000"), e.getMessage());
        }
    }
}
