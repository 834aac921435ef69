package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The index-array generators against NumPy (make_indexing_fixtures.py): unravel_index and
 * ravel_multi_index (C and F order, index dtypes, modes per axis, broadcasting), indices (dense,
 * sparse, empty), ix_, tri, tril_indices and triu_indices (their _from forms too), diag_indices,
 * fill_diagonal (square, tall with and without wrap, wide, 3-d, values repeated); NumPy's errors.
 */
public class IndexArraysTest extends PerDeviceTest {
    private static long[] longs(String csv) {
        return Arrays.stream(csv.split(",")).mapToLong(Long::parseLong).toArray();
    }

    @Test
    void unravelAndRavelMatchNumpy() {
        for (var c : IndexingFixtures.cases("unravel_index")) {
            String[] p = c.param().split("\\|");
            try (NDArray idx = c.load(0)) {
                NDArray[] got = Nd.unravelIndex(idx, longs(p[1]), Order.valueOf(p[0]));
                assertEquals(c.count() - 1, got.length, c.name());
                for (int k = 0; k < got.length; k++) {
                    try (NDArray want = c.load(k + 1);
                            NDArray g = got[k]) {
                        IndexingFixtures.assertMatches(want, g, c.name() + " axis " + k);
                    }
                }
            }
        }
        for (var c : IndexingFixtures.cases("ravel_multi_index")) {
            String[] p = c.param().split("\\|");
            List<NDArray> coords = new ArrayList<>();
            try {
                for (int k = 0; k < c.count() - 1; k++) coords.add(c.load(k));
                // one mode is NumPy's mode='clip' (every axis); several are its tuple, one per axis
                String[] modes = p[0].split(";");
                try (NDArray want = c.load(c.count() - 1);
                        NDArray got = modes.length == 1
                                ? Nd.ravelMultiIndex(coords, longs(p[2]), modes[0], Order.valueOf(p[1]))
                                : Nd.ravelMultiIndex(coords, longs(p[2]), modes, Order.valueOf(p[1]))) {
                    IndexingFixtures.assertMatches(want, got, c.name());
                }
            } finally {
                coords.forEach(NDArray::close);
            }
        }
    }

    @Test
    void gridsAndTrianglesMatchNumpy() {
        for (var c : IndexingFixtures.cases("indices")) {
            try (NDArray want = c.load(0);
                    NDArray got = Nd.indices(longs(c.param()))) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (var c : IndexingFixtures.cases("tri")) {
            long[] p = longs(c.param());
            try (NDArray want = c.load(0);
                    NDArray got = Nd.tri(p[0], p[1], p[2])) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (String func : new String[] {"tril_indices", "triu_indices"}) {
            for (var c : IndexingFixtures.cases(func)) {
                long[] p = longs(c.param());
                NDArray[] got = func.equals("tril_indices")
                        ? Nd.trilIndices(p[0], p[2], p[1])
                        : Nd.triuIndices(p[0], p[2], p[1]);
                try (NDArray r = c.load(0);
                        NDArray cc = c.load(1);
                        NDArray g0 = got[0];
                        NDArray g1 = got[1]) {
                    IndexingFixtures.assertMatches(r, g0, c.name() + " rows");
                    IndexingFixtures.assertMatches(cc, g1, c.name() + " columns");
                }
            }
        }
    }

    @Test
    void fillDiagonalMatchesNumpy() {
        for (var c : IndexingFixtures.cases("fill_diagonal")) {
            try (NDArray a = c.load(0);
                    NDArray v = c.load(1);
                    NDArray want = c.load(2)) {
                Nd.fillDiagonal(
                        a,
                        v.ndim() == 0 ? (Object) v.doubleValue() : v,
                        c.param().equals("wrap"));
                IndexingFixtures.assertMatches(want, a, c.name());
            }
        }
    }

    @Test
    void sparseFormsViewsAndDtypes() {
        NDArray[] s = Nd.indicesSparse(DType.FLOAT32, 2, 3);
        try (NDArray s0 = s[0];
                NDArray s1 = s[1];
                NDArray f = Nd.indices(DType.FLOAT32, 2, 3);
                NDArray rows = Nd.array(new long[] {0, 2});
                NDArray cols = Nd.array(new boolean[] {true, false, true});
                NDArray a = Nd.arange(12.0).reshape(3, 4)) {
            assertArrayEquals(new long[] {2, 1}, s0.shape());
            assertArrayEquals(new long[] {1, 3}, s1.shape());
            assertEquals(DType.FLOAT32, f.dtype());
            assertArrayEquals(new float[] {0, 0, 0, 1, 1, 1, 0, 1, 2, 0, 1, 2}, f.toFloatArray());
            NDArray[] mesh = Nd.ix(rows, cols);
            try (NDArray m0 = mesh[0];
                    NDArray m1 = mesh[1];
                    NDArray picked = a.get(m0, m1)) {
                assertArrayEquals(new long[] {2, 1}, m0.shape());
                assertArrayEquals(new long[] {0, 2}, m1.toLongArray());
                assertArrayEquals(new double[] {0, 2, 8, 10}, picked.toDoubleArray());
            }
            NDArray[] d = Nd.diagIndicesFrom(Nd.zeros(3, 3, 3));
            assertEquals(3, d.length);
            for (NDArray x : d) {
                assertArrayEquals(new long[] {0, 1, 2}, x.toLongArray());
                x.close();
            }
            NDArray[] lo = Nd.trilIndicesFrom(a, -1);
            assertArrayEquals(new long[] {1, 2, 2}, lo[0].toLongArray());
            assertArrayEquals(new long[] {0, 0, 1}, lo[1].toLongArray());
            for (NDArray x : lo) x.close();
            try (NDArray t = Nd.tri(2, 2, 0, DType.BOOL);
                    NDArray zero = Nd.array(new long[] {5}).reshape()) {
                assertEquals(DType.BOOL, t.dtype());
                NDArray[] u = Nd.unravelIndex(zero, 2, 3);
                assertEquals(0, u[0].ndim());
                assertEquals(1L, u[0].toLongArray()[0]);
                assertEquals(2L, u[1].toLongArray()[0]);
                for (NDArray x : u) x.close();
            }
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray a = Nd.array(new long[] {0, 42});
                NDArray f = Nd.array(new double[] {1});
                NDArray r = Nd.array(new long[] {3, 7});
                NDArray c = Nd.array(new long[] {4, 5});
                NDArray one = Nd.zeros(3);
                NDArray twoD = Nd.zeros(DType.INT64, 1, 2)) {
            var e1 = assertThrows(IndexException.class, () -> Nd.unravelIndex(a, 7, 6));
            assertEquals("unravel_index: index 42 is out of bounds for array with size 42", e1.getMessage());
            assertThrows(IndexException.class, () -> Nd.unravelIndex(-1L, 7, 6));
            var e2 = assertThrows(DTypeException.class, () -> Nd.unravelIndex(f, 7, 6));
            assertEquals("unravel_index: only int indices permitted, got float64", e2.getMessage());
            assertThrows(ShapeException.class, () -> Nd.unravelIndex(a));
            // np.unravel_index(0, ()) -> (); np.unravel_index(-1, ()): index -1 is out of bounds for array with size 1
            assertEquals(0, Nd.unravelIndex(0L).length);
            var e0d = assertThrows(IndexException.class, () -> Nd.unravelIndex(-1L));
            assertEquals("unravel_index: index -1 is out of bounds for array with size 1", e0d.getMessage());
            assertThrows(ShapeException.class, () -> Nd.unravelIndex(a, 3, -1));
            assertThrows(IndexException.class, () -> Nd.unravelIndex(a, 0));
            assertThrows(NdException.class, () -> Nd.unravelIndex(a, new long[] {7, 6}, Order.K));
            var e3 = assertThrows(IndexException.class, () -> Nd.ravelMultiIndex(List.of(r, c), 7, 6));
            assertEquals(
                    "ravel_multi_index: invalid entry in coordinates array: index 7 is out of bounds for axis 0 with"
                            + " size 7",
                    e3.getMessage());
            var e4 = assertThrows(ShapeException.class, () -> Nd.ravelMultiIndex(List.of(r), 7, 6));
            assertEquals(
                    "ravel_multi_index: parameter multi_index must be a sequence of length 2, got 1", e4.getMessage());
            assertThrows(DTypeException.class, () -> Nd.ravelMultiIndex(List.of(f, c), 7, 6));
            assertThrows(ShapeException.class, () -> Nd.ravelMultiIndex(List.of(r, one.astype(DType.INT64)), 7, 6));
            assertThrows(NdException.class, () -> Nd.ravelMultiIndex(List.of(r, c), new long[] {7, 6}, "x", Order.C));
            assertThrows(
                    IndexException.class, () -> Nd.ravelMultiIndex(List.of(r, c), new long[] {0, 6}, "wrap", Order.C));
            assertThrows(ShapeException.class, () -> Nd.ix(twoD));
            var e5 = assertThrows(ShapeException.class, () -> Nd.trilIndicesFrom(one, 0));
            assertEquals("tril_indices_from: input array must be 2-d, got 1-d", e5.getMessage());
            var e6 = assertThrows(ShapeException.class, () -> Nd.diagIndicesFrom(Nd.zeros(3, 4)));
            assertEquals(
                    "diag_indices_from: All dimensions of input must be of equal length, got (3, 4)", e6.getMessage());
            assertThrows(ShapeException.class, () -> Nd.fillDiagonal(one, 1.0));
            assertThrows(ShapeException.class, () -> Nd.fillDiagonal(Nd.zeros(3, 4, 3), 1.0));
            assertThrows(ShapeException.class, () -> Nd.indices(2, -1));
            assertThrows(ShapeException.class, () -> Nd.diagIndices(-1));
            assertThrows(ShapeException.class, () -> Nd.diagIndices(3, Integer.MAX_VALUE));
            try (NDArray ro = one.broadcastTo(3, 3)) {
                assertThrows(NdException.class, () -> Nd.fillDiagonal(ro, 1.0));
            }
            NDArray closed = Nd.zeros(3, 3);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.fillDiagonal(closed, 1.0));
            assertThrows(ArrayClosedException.class, () -> Nd.ix(closed));
            assertThrows(NullPointerException.class, () -> Nd.unravelIndex(null, 3));
            assertThrows(
                    NullPointerException.class,
                    () -> Nd.ravelMultiIndex(List.of(r, c), new long[] {7, 6}, (String) null, Order.C));
            assertThrows(NullPointerException.class, () -> Nd.tri(3, 3, 0, null));
            assertArrayEquals(new long[] {0, 0}, Nd.tri(-1).shape(), "NumPy: a negative size is an empty axis");
        }
    }
}
