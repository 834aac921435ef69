package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * round's one-kernel path for float32 and float64 and ediff1d's one subtract against NumPy
 * (make_speed_path_fixtures.py): random values at many scales and exact ties, every sign of
 * decimals, NaN, infinities and signed zeros, compared bit for bit (the kernel makes NumPy's three
 * steps in the same dtype); ediff1d of float32, float64 and int32, with to_begin and to_end, a
 * transposed view, one element, empty and 0-d arrays.
 */
public class FusedRoundAndDiffTest extends PerDeviceTest {
    private static final String DIR = "/fixtures/speedpaths/";

    @Test
    void roundIsNumPysBitForBit() {
        for (var c : IndexingFixtures.cases(DIR, "round")) {
            try (NDArray a = c.load(0);
                    NDArray want = c.load(1);
                    NDArray got = Nd.round(a, Integer.parseInt(c.param()))) {
                assertEquals(want.dtype(), got.dtype(), c.name());
                double[] w = want.toDoubleArray(), g = got.toDoubleArray();
                for (int i = 0; i < w.length; i++) {
                    assertEquals(
                            Double.doubleToLongBits(w[i]),
                            Double.doubleToLongBits(g[i]),
                            c.name() + ": element " + i + ": NumPy " + w[i] + ", got " + g[i]);
                }
            }
        }
    }

    @Test
    void roundOfViewsAndEmpty() {
        try (NDArray m = Nd.random().seed(7).uniform(-50, 50, DType.FLOAT32, 6, 9);
                NDArray t = m.T();
                NDArray tc = t.copy();
                NDArray r = Nd.round(t, 2);
                NDArray rc = Nd.round(tc, 2);
                NDArray e = Nd.zeros(DType.FLOAT64, 0, 3);
                NDArray re = Nd.round(e, -1);
                NDArray s = Nd.array(2.675);
                NDArray rs = Nd.round(s, 2)) {
            assertArrayEquals(rc.toFloatArray(), r.toFloatArray());
            assertArrayEquals(new long[] {9, 6}, r.shape());
            assertArrayEquals(new long[] {0, 3}, re.shape());
            assertEquals(0, rs.ndim());
            assertEquals(2.68, rs.toDoubleArray()[0], "NumPy's np.round(2.675, 2)");
        }
    }

    @Test
    void ediff1dMatchesNumPy() {
        for (var c : IndexingFixtures.cases(DIR, "ediff1d")) {
            try (NDArray x = c.load(0);
                    NDArray want = c.load(c.count() - 1)) {
                NDArray end = null, begin = null;
                switch (c.param()) {
                    case "both" -> {
                        end = c.load(1);
                        begin = c.load(2);
                    }
                    case "end" -> end = c.load(1);
                    case "begin" -> begin = c.load(1);
                    default -> {}
                }
                try (NDArray got = Nd.ediff1d(x, end, begin)) {
                    IndexingFixtures.assertMatches(want, got, c.name());
                } finally {
                    if (end != null) end.close();
                    if (begin != null) begin.close();
                }
            }
        }
    }

    @Test
    void ediff1dOfViewsIsANewArray() {
        try (NDArray m = Nd.arange(20.0).reshape(4, 5);
                NDArray t = m.T();
                NDArray d = Nd.ediff1d(t);
                NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray de = Nd.ediff1d(e)) {
            assertArrayEquals(
                    new double[] {5, 5, 5, -14, 5, 5, 5, -14, 5, 5, 5, -14, 5, 5, 5, -14, 5, 5, 5}, d.toDoubleArray());
            assertNotSame(e, de);
            assertTrue(!de.sharesMemory(e) || de.size() == 0);
            assertEquals(DType.FLOAT32, de.dtype());
        }
    }
}
