package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.routines.Numpy3Fixtures.array;
import static org.ndgpu.routines.Numpy3Fixtures.check;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy's last names of issue 39 against NumPy 2.4 (fixtures/numpy3, make_numpy3_fixtures.py):
 * unique_all/counts/inverse/values, packbits, unpackbits, histogram_bin_edges, histogramdd,
 * array_equiv, piecewise, mask_indices, isdtype, issubdtype and require, with their hostile inputs.
 */
public class NumpyLastNamesTest extends PerDeviceTest {

    @Test
    void uniqueFunctionsAgreeWithNumPy() {
        for (String tag : List.of("f64", "f32", "i32", "u8", "bool", "empty", "scalar")) {
            String c = "unique_" + tag + "/";
            try (NDArray x = array(c + "x")) {
                try (UniqueAll u = Nd.uniqueAll(x)) {
                    check(c + "values", u.values());
                    check(c + "indices", u.indices());
                    check(c + "inverse", u.inverseIndices());
                    check(c + "counts", u.counts());
                }
                try (UniqueCounts u = Nd.uniqueCounts(x)) {
                    check(c + "values", u.values());
                    check(c + "counts", u.counts());
                }
                try (UniqueInverse u = Nd.uniqueInverse(x)) {
                    check(c + "values", u.values());
                    check(c + "inverse", u.inverseIndices());
                }
                try (NDArray v = Nd.uniqueValues(x)) {
                    check(c + "values", v);
                }
            }
        }
    }

    @Test
    void uniqueAlongAnAxisAgreesWithNumPy() {
        Object[][] cases = {
            {"f64_ax0", 0},
            {"f32_ax1", 1},
            {"i32_ax2", 2},
            {"i64_axm3", -3},
            {"bool_ax0", 0},
            {"u8_1d", 0},
            {"one_row", 0},
            {"zero_sign", 0},
            {"no_rows", 0},
            {"empty_rows", 0}
        };
        for (Object[] k : cases) {
            String c = "uaxis_" + k[0] + "/";
            int axis = (Integer) k[1];
            try (NDArray x = array(c + "x");
                    UniqueAll u = Nd.uniqueAll(x, axis);
                    NDArray v = Nd.unique(x, axis)) {
                check(c + "values", u.values());
                check(c + "indices", u.indices());
                check(c + "inverse", u.inverseIndices());
                check(c + "counts", u.counts());
                check(c + "values", v);
            }
        }
    }

    @Test
    void uniqueAlongAnAxisOfComplexRowsAgreesWithAJavaLoop() {
        // rows of two complex values, (re, im) interleaved; sorted by real part, then imaginary
        double[] interleaved = {1, 2, 0, 0, 1, 1, 2, 0, 1, 2, 0, 0, -1, 5, 3, 3, 1, 1, 2, 0};
        try (NDArray x = Nd.array(MemorySegment.ofArray(interleaved), DType.COMPLEX128, 5, 2);
                UniqueAll u = Nd.uniqueAll(x, 0)) {
            assertEquals(DType.COMPLEX128, u.values().dtype());
            assertArrayEquals(new long[] {3, 2}, u.values().shape());
            assertArrayEquals(new long[] {3, 1, 0}, u.indices().toLongArray());
            assertArrayEquals(new long[] {2, 1, 2, 0, 1}, u.inverseIndices().toLongArray());
            assertArrayEquals(new long[] {1, 2, 2}, u.counts().toLongArray());
            try (NDArray r = Nd.real(u.values());
                    NDArray i = Nd.imag(u.values())) {
                assertArrayEquals(new double[] {-1, 3, 1, 2, 1, 0}, r.toDoubleArray());
                assertArrayEquals(new double[] {5, 3, 1, 0, 2, 0}, i.toDoubleArray());
            }
        }
    }

    @Test
    void uniqueAlongAnAxisRefusesWhatNumPyRefuses() {
        NDArray closed = Nd.array(new double[] {1, 2});
        closed.close();
        try (NDArray s = Nd.array(new double[] {2.5}, DType.FLOAT64).reshape();
                NDArray m = Nd.zeros(2, 3)) {
            assertTrue(assertThrows(AxisException.class, () -> Nd.unique(s, 0))
                    .getMessage()
                    .contains("axis 0 is out of bounds for array of dimension 0"));
            assertTrue(assertThrows(AxisException.class, () -> Nd.uniqueAll(m, 2))
                    .getMessage()
                    .contains("unique"));
            assertTrue(assertThrows(NullPointerException.class, () -> Nd.uniqueAll(null, 0))
                    .getMessage()
                    .contains("uniqueAll"));
            assertTrue(assertThrows(NdException.class, () -> Nd.unique(closed, 0))
                    .getMessage()
                    .contains("unique"));
            assertArrayEquals(new double[] {0, 0, 0, 0, 0, 0}, m.toDoubleArray(), "the input is left as it was");
        }
    }

    @Test
    void packbitsAndUnpackbitsAgreeWithNumPy() {
        Object[][] pack = {
            {"i32_flat", null, "big"}, {"bool_ax1", 1, "big"}, {"u8_ax0_little", 0, "little"},
            {"i64_axm1", -1, "big"}, {"empty", null, "big"}, {"scalar", null, "big"}
        };
        for (Object[] p : pack) {
            String c = "packbits_" + p[0] + "/";
            try (NDArray x = array(c + "x");
                    NDArray r = Nd.packbits(x, (Integer) p[1], (String) p[2])) {
                check(c + "r", r);
            }
        }
        Object[][] unpack = {
            {"flat", null, null, "big"},
            {"ax1_little", 1, null, "little"},
            {"count5", null, 5L, "big"},
            {"count_neg", 0, -3L, "big"},
            {"count_pad", null, 21L, "little"}
        };
        for (Object[] p : unpack) {
            String c = "unpackbits_" + p[0] + "/";
            try (NDArray x = array(c + "x");
                    NDArray r = Nd.unpackbits(x, (Integer) p[1], (Long) p[2], (String) p[3])) {
                check(c + "r", r);
            }
        }
        try (NDArray x = array("unpackbits_flat/x");
                NDArray bits = Nd.unpackbits(x);
                NDArray back = Nd.packbits(bits)) {
            assertArrayEquals(x.toLongArray(), back.toLongArray());
        }
    }

    /**
     * unpackbits of every bit along a contiguous last axis (one 8-byte word per input byte), of an
     * odd length, from an offset view, in both bit orders, against a Java loop; and a shorter count
     * along the same axis, which takes the general kernel.
     */
    @Test
    void unpackbitsWholeBytesAgainstAJavaLoop() {
        int rows = 3, cols = 1001;
        long[] v = new long[rows * cols + 5];
        for (int k = 0; k < v.length; k++) v[k] = ((k * 2654435761L) >>> 7) & 0xFF;
        try (NDArray all = Nd.array(v).astype(DType.UINT8);
                NDArray tail = all.get("5:");
                NDArray x = tail.reshape(rows, cols)) {
            for (String order : new String[] {"big", "little"}) {
                try (NDArray bits = Nd.unpackbits(x, -1, null, order);
                        NDArray flat = Nd.unpackbits(x, null, null, order);
                        NDArray cut = Nd.unpackbits(x, 1, 8L * cols - 3, order)) {
                    assertArrayEquals(new long[] {rows, 8L * cols}, bits.shape());
                    long[] got = bits.toLongArray(), gotFlat = flat.toLongArray(), gotCut = cut.toLongArray();
                    assertEquals(8L * rows * cols, gotFlat.length);
                    for (int r = 0; r < rows; r++) {
                        for (int c = 0; c < cols; c++) {
                            long byteValue = v[5 + r * cols + c];
                            for (int b = 0; b < 8; b++) {
                                long want = (byteValue >> (order.equals("little") ? b : 7 - b)) & 1;
                                int at = (r * cols + c) * 8 + b;
                                assertEquals(want, got[at], order + " [" + r + "," + (c * 8 + b) + "]");
                                assertEquals(want, gotFlat[at], order + " flat " + at);
                                if (c * 8 + b < 8 * cols - 3)
                                    assertEquals(want, gotCut[r * (8 * cols - 3) + c * 8 + b], order + " count");
                            }
                        }
                    }
                }
            }
        }
    }

    /** packbits along a middle axis of a strided (transposed) view, and unpackbits back, against Java loops. */
    @Test
    void packbitsOfAStridedViewAlongAMiddleAxis() {
        long[] v = new long[3 * 11 * 2];
        for (int k = 0; k < v.length; k++) v[k] = (k * 7919L % 13) % 3 == 0 ? 0 : k % 5 - 2;
        // t is the (2, 11, 3) transposed view of a (3, 11, 2) array: t[a][b][c] = v[c * 22 + b * 2 + a]
        try (NDArray base = Nd.array(v).reshape(3, 11, 2);
                NDArray t = base.transpose(2, 1, 0);
                NDArray packed = Nd.packbits(t, 1, "big");
                NDArray bits = Nd.unpackbits(packed, 1, 11L, "little")) {
            assertArrayEquals(new long[] {2, 2, 3}, packed.shape());
            long[] got = packed.toLongArray(), back = bits.toLongArray();
            for (int a = 0; a < 2; a++) {
                for (int c = 0; c < 3; c++) {
                    for (int j = 0; j < 2; j++) {
                        int want = 0;
                        for (int b = 0; b < 8; b++) {
                            int row = j * 8 + b;
                            if (row < 11 && v[c * 22 + row * 2 + a] != 0) want |= 1 << (7 - b);
                        }
                        assertEquals(want, got[(a * 2 + j) * 3 + c], "packbits [" + a + "," + j + "," + c + "]");
                        for (int b = 0; b < 8 && j * 8 + b < 11; b++) {
                            // little order reads bit b of byte j as element 8j+b: the big-order byte reversed
                            long wantBit = (want >> b) & 1;
                            assertEquals(wantBit, back[(a * 11 + j * 8 + b) * 3 + c], "unpackbits");
                        }
                    }
                }
            }
        }
    }

    @Test
    void histogramBinEdgesAndHistogramddAgreeWithNumPy() {
        for (String tag : List.of("f64", "f32", "i64")) {
            String c = "binedges_" + tag + "/";
            try (NDArray a = array(c + "a");
                    NDArray e = Nd.histogramBinEdges(a, 7);
                    NDArray er = Nd.histogramBinEdges(a, 4, new double[] {-1, 2})) {
                check(c + "r", e);
                check(c + "r_range", er);
            }
        }
        for (String tag : List.of("f64", "f32")) {
            String c = "histdd_" + tag + "/";
            try (NDArray s = array(c + "s");
                    HistogramDd h = Nd.histogramdd(s, new long[] {3, 4, 5}, null);
                    HistogramDd hr =
                            Nd.histogramdd(s, new long[] {2, 3, 2}, new double[][] {{-1, 1}, {-2, 0.5}, {0, 3}})) {
                check(c + "h", h.counts());
                check(c + "h_range", hr.counts());
                for (int i = 0; i < 3; i++) {
                    check(c + "e" + i, h.edges().get(i));
                    check(c + "e" + i + "_range", hr.edges().get(i));
                }
            }
        }
        try (NDArray s = array("histdd_1d/s");
                HistogramDd h = Nd.histogramdd(s, 6)) {
            check("histdd_1d/h", h.counts());
        }
    }

    @Test
    void piecewiseAndMaskIndicesAgreeWithNumPy() {
        try (NDArray x = array("piecewise/x");
                NDArray lo = x.lt(-1);
                NDArray hi = x.gt(0.5);
                NDArray below1 = x.lt(1);
                NDArray below0 = x.lt(0)) {
            List<Function<NDArray, Object>> three = List.of(v -> v.mul(v), v -> 7.5, v -> v.neg());
            try (NDArray r = Nd.piecewise(x, List.of(lo, hi), three)) {
                check("piecewise/r", r);
            }
            List<Function<NDArray, Object>> two = List.of(v -> v.add(10), v -> v.sub(10));
            try (NDArray r = Nd.piecewise(x, List.of(below1, below0), two)) {
                check("piecewise_overlap/r", r);
            }
            assertThrows(NdException.class, () -> Nd.piecewise(x, List.of(lo, hi), List.of(v -> 1)));
        }
        NDArray[] triu = Nd.maskIndices(4, Nd::triu, 1);
        NDArray[] tril = Nd.maskIndices(3, Nd::tril, -1);
        try (NDArray t = Nd.stack(triu);
                NDArray l = Nd.stack(tril)) {
            check("mask_indices_triu/r", t);
            check("mask_indices_tril/r", l);
        } finally {
            for (NDArray a : triu) a.close();
            for (NDArray a : tril) a.close();
        }
    }

    @Test
    void einsumPathIsNumPysGreedyPath() {
        String[][] cases = {
            {"chain", "ij,jk,kl->il", "3"}, {"four", "ab,bc,cd,de->ae", "4"}, {"implicit", "ij,jk,ik", "3"}
        };
        for (String[] c : cases) {
            String n = "einsum_path_" + c[0] + "/";
            NDArray[] ops = new NDArray[Integer.parseInt(c[2])];
            for (int i = 0; i < ops.length; i++) {
                long[] sh = java.util.Arrays.stream(Numpy3Fixtures.values(n + "shape" + i))
                        .mapToLong(v -> (long) v)
                        .toArray();
                ops[i] = Nd.zeros(sh);
            }
            try {
                List<int[]> path = Nd.einsumPath(c[1], ops);
                double[] want = Numpy3Fixtures.values(n + "r");
                assertEquals(want.length / 2, path.size(), c[1]);
                for (int k = 0; k < path.size(); k++) {
                    assertArrayEquals(new int[] {(int) want[2 * k], (int) want[2 * k + 1]}, path.get(k), c[1]);
                }
            } finally {
                for (NDArray o : ops) o.close();
            }
        }
        try (NDArray a = Nd.zeros(2, 3);
                NDArray b = Nd.zeros(4, 5)) {
            assertArrayEquals(new int[] {0}, Nd.einsumPath("ij->i", a).getFirst());
            assertArrayEquals(
                    new int[] {0, 1}, Nd.einsumPath("ij,jk->ik", a, a.T()).getFirst());
            assertThrows(ShapeException.class, () -> Nd.einsumPath("ij,jk,kl->il", a, b, b));
            assertThrows(NdException.class, () -> Nd.einsumPath("ij,jk->ik", a));
            assertThrows(NullPointerException.class, () -> Nd.einsumPath(null, a));
        }
    }

    @Test
    void arrayEquivBroadcasts() {
        try (NDArray row = Nd.array(new double[] {1, 2});
                NDArray m = Nd.array(new double[] {1, 2, 1, 2}, DType.FLOAT64, 2, 2);
                NDArray other = Nd.array(new double[] {1, 2, 1, 3}, DType.FLOAT64, 2, 2);
                NDArray three = Nd.array(new double[] {1, 2, 3});
                NDArray nan = Nd.array(new double[] {Double.NaN, 2})) {
            assertTrue(Nd.arrayEquiv(row, m));
            assertFalse(Nd.arrayEquiv(row, other));
            assertFalse(Nd.arrayEquiv(row, three));
            assertFalse(Nd.arrayEquiv(nan, nan));
        }
    }

    @Test
    void dtypeKindsAsNumPy() {
        assertTrue(Nd.isdtype(DType.FLOAT32, "real floating"));
        assertTrue(Nd.isdtype(DType.UINT16, "unsigned integer", "bool"));
        assertFalse(Nd.isdtype(DType.BOOL, "numeric"));
        assertTrue(Nd.isdtype(DType.INT8, "integral"));
        assertTrue(Nd.isdtype(DType.COMPLEX64, DType.FLOAT32, DType.COMPLEX64));
        assertTrue(Nd.issubdtype(DType.FLOAT16, "floating"));
        assertTrue(Nd.issubdtype(DType.COMPLEX128, "inexact"));
        assertFalse(Nd.issubdtype(DType.UINT8, "signedinteger"));
        assertTrue(Nd.issubdtype(DType.INT32, "int32"));
        assertFalse(Nd.issubdtype(DType.INT32, DType.INT64));
        assertThrows(NdException.class, () -> Nd.isdtype(DType.FLOAT32, "real"));
        assertThrows(NullPointerException.class, () -> Nd.issubdtype(null, "number"));
    }

    @Test
    void requireCopiesOnlyWhenNeeded() {
        try (NDArray a = Nd.arange(12).reshape(3, 4);
                NDArray t = a.transpose()) {
            assertSame(a, Nd.require(a, null, "C", "W", "A", "E"));
            assertSame(a, Nd.require(a, DType.INT64));
            try (NDArray f = Nd.require(a, null, "F")) {
                assertNotSame(a, f);
                assertTrue(f.isFContiguous());
                assertArrayEquals(a.toLongArray(), f.toLongArray());
            }
            try (NDArray c = Nd.require(t, DType.FLOAT32, "C")) {
                assertEquals(DType.FLOAT32, c.dtype());
                assertTrue(c.isCContiguous());
            }
            try (NDArray own = Nd.require(t, null, "O")) {
                assertNotSame(t, own);
            }
            assertThrows(NdException.class, () -> Nd.require(a, null, "C", "F"));
            assertThrows(NdException.class, () -> Nd.require(a, null, "Q"));
        }
    }

    @Test
    void hostileInputsNameTheOperation() {
        NDArray closed = Nd.array(new double[] {1, 2});
        closed.close();
        try (NDArray f = Nd.array(new double[] {1.5, 2}, DType.FLOAT64, 2);
                NDArray i8 = Nd.array(new int[] {1, 2}, DType.INT32, 2);
                NDArray zero = Nd.array(new double[] {1}, DType.FLOAT64)) {
            assertTrue(assertThrows(NullPointerException.class, () -> Nd.uniqueAll(null))
                    .getMessage()
                    .contains("uniqueAll"));
            assertTrue(assertThrows(NdException.class, () -> Nd.uniqueCounts(closed))
                    .getMessage()
                    .contains("unique_counts"));
            assertTrue(assertThrows(DTypeException.class, () -> Nd.packbits(f))
                    .getMessage()
                    .contains("packbits"));
            assertTrue(assertThrows(DTypeException.class, () -> Nd.unpackbits(i8))
                    .getMessage()
                    .contains("unpackbits"));
            assertThrows(NdException.class, () -> Nd.packbits(i8, null, "middle"));
            assertThrows(AxisException.class, () -> Nd.packbits(i8, 1, "big"));
            try (NDArray u = i8.astype(DType.UINT8)) {
                assertThrows(NdException.class, () -> Nd.unpackbits(u, null, -17L, "big"));
            }
            try (NDArray nan = Nd.array(new double[] {Double.NaN, 1}, DType.FLOAT64, 2, 1)) {
                assertTrue(assertThrows(NdException.class, () -> Nd.histogramdd(nan, 3))
                        .getMessage()
                        .contains("histogramdd"));
            }
            try (NDArray three = Nd.zeros(2, 2, 2)) {
                assertThrows(ShapeException.class, () -> Nd.histogramdd(three, 3));
            }
            assertThrows(NdException.class, () -> Nd.histogramdd(zero.reshape(1, 1), new long[] {0}, null));
            assertThrows(NdException.class, () -> Nd.histogramBinEdges(closed, 3));
            try (NDArray empty = Nd.zeros(0, 2);
                    HistogramDd h = Nd.histogramdd(empty, 2)) {
                assertArrayEquals(new long[] {2, 2}, h.counts().shape());
            }
            try (NDArray c = Nd.zeros(3);
                    NDArray r = Nd.require(c, null)) {
                assertSame(c, r);
            }
        }
    }
}
