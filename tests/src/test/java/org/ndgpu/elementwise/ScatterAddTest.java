package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * add.at's atomic kernel ({@link ScatterAdd}) against NumPy (make_speed_path_fixtures.py): float32,
 * float64, int32, uint32, int64 and uint64 targets, 1-d and 2-d, repeated and negative indices of
 * several integer dtypes (a 0-d one too), b an array, a broadcast row, a 0-d array or a Java number;
 * views that are not contiguous; NumPy's IndexException with the target untouched. Integer sums are
 * exact; float sums are held to a tolerance, since the atomics add in the hardware's order.
 */
public class ScatterAddTest extends PerDeviceTest {
    private static final String DIR = "/fixtures/speedpaths/";

    private static void assertClose(double[] want, double[] got, DType dtype, String what) {
        assertEquals(want.length, got.length, what + ": size");
        double tol = dtype == DType.FLOAT32 ? 1e-4 : dtype == DType.FLOAT64 ? 1e-12 : 0;
        for (int i = 0; i < want.length; i++) {
            boolean ok = want[i] == got[i] || Math.abs(want[i] - got[i]) <= tol * Math.max(1, Math.abs(want[i]));
            assertTrue(ok, what + ": element " + i + ": NumPy " + want[i] + ", got " + got[i]);
        }
    }

    private static void assertSame(NDArray want, NDArray got, String what) {
        assertEquals(want.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(want.shape(), got.shape(), what + ": shape");
        if (want.dtype().isInteger()) assertArrayEquals(want.toLongArray(), got.toLongArray(), what);
        else assertClose(want.toDoubleArray(), got.toDoubleArray(), want.dtype(), what);
    }

    @Test
    void agreesWithNumPy() {
        var add = Nd.ufunc(Ufunc.ADD);
        for (var c : IndexingFixtures.cases(DIR, "add.at")) {
            try (NDArray a = c.load(0);
                    NDArray idx = c.load(1);
                    NDArray b = c.load(2);
                    NDArray want = c.load(3)) {
                add.at(a, idx, b);
                assertSame(want, a, c.name());
            }
        }
    }

    @Test
    void javaNumbersAndRepeatedIndices() {
        var add = Nd.ufunc(Ufunc.ADD);
        long[] idx = new long[3000];
        for (int i = 0; i < idx.length; i++) idx[i] = (i * 7919L) % 13 - 6;
        double[] want = new double[13];
        for (long k : idx) want[(int) (k < 0 ? k + 13 : k)] += 0.25;
        try (NDArray f = Nd.zeros(DType.FLOAT32, 13);
                NDArray d = Nd.zeros(DType.FLOAT64, 13);
                NDArray l = Nd.zeros(DType.INT64, 13);
                NDArray u = Nd.zeros(DType.UINT32, 13)) {
            add.at(f, idx, 0.25);
            add.at(d, idx, 0.25);
            add.at(l, idx, 4L);
            add.at(u, idx, 4);
            assertClose(want, f.toDoubleArray(), DType.FLOAT32, "float32");
            assertClose(want, d.toDoubleArray(), DType.FLOAT64, "float64");
            long[] w = new long[13];
            for (int i = 0; i < 13; i++) w[i] = Math.round(want[i] * 16);
            assertArrayEquals(w, l.toLongArray(), "int64");
            assertArrayEquals(w, u.toLongArray(), "uint32");
        }
    }

    /** Strided b and indices, and a target that is a transposed view (the fold path), give the contiguous results. */
    @Test
    void viewsThatAreNotContiguous() {
        var add = Nd.ufunc(Ufunc.ADD);
        try (NDArray idxAll = Nd.arange(0, 400).astype(DType.INT64);
                NDArray idx7 = idxAll.mul(7919).mod(9).sub(4);
                NDArray idx = idx7.get("::2");
                NDArray idxC = idx.copy();
                NDArray bAll = Nd.random().seed(5).uniform(-3, 3, DType.FLOAT64, 400, 4);
                NDArray b = bAll.get("::2");
                NDArray bC = b.copy();
                NDArray bi = b.mul(1000).astype(DType.INT32);
                NDArray biC = bi.copy();
                NDArray a = Nd.zeros(DType.FLOAT64, 9, 4);
                NDArray aC = Nd.zeros(DType.FLOAT64, 9, 4);
                NDArray ai = Nd.zeros(DType.INT32, 9, 4);
                NDArray aiC = Nd.zeros(DType.INT32, 9, 4);
                NDArray t = Nd.zeros(DType.INT32, 4, 9);
                NDArray tv = t.T()) {
            add.at(a, idx, b);
            add.at(aC, idxC, bC);
            assertSame(aC, a, "strided b and indices, float64");
            add.at(ai, idx, bi);
            add.at(aiC, idxC, biC);
            assertSame(aiC, ai, "strided b and indices, int32");
            add.at(tv, idx, bi);
            try (NDArray back = t.T().copy()) {
                assertSame(aiC, back, "transposed target");
            }
            // b transposed (unit stride along the indices' axis): the element order the kernel walks is still C's
            try (NDArray bT = biC.T().copy();
                    NDArray bF = bT.T();
                    NDArray aF = Nd.zeros(DType.INT32, 9, 4)) {
                add.at(aF, idxC, bF);
                assertSame(aiC, aF, "transposed b");
            }
        }
    }

    @Test
    void outOfBoundsRaisesAndLeavesTheTarget() {
        var add = Nd.ufunc(Ufunc.ADD);
        try (NDArray f = Nd.array(new float[] {1, 2, 3});
                NDArray l = Nd.array(new long[] {1, 2, 3});
                NDArray hi = Nd.array(new long[] {0, 0, 5, 1});
                NDArray lo = Nd.array(new int[] {0, -7, 2, 9});
                NDArray noCols = Nd.zeros(DType.FLOAT32, 3, 0);
                NDArray noRows = Nd.zeros(DType.FLOAT64, 0, 2);
                NDArray none = Nd.zeros(DType.INT64, 0)) {
            var e = assertThrows(IndexException.class, () -> add.at(f, hi, 1.0f));
            assertEquals("add.at: index 5 is out of bounds for axis 0 with size 3", e.getMessage());
            e = assertThrows(IndexException.class, () -> add.at(l, lo, 1L));
            assertEquals("add.at: index -7 is out of bounds for axis 0 with size 3", e.getMessage());
            // Java indices are checked on the host, for the atomic kernel and for the fold alike
            e = assertThrows(IndexException.class, () -> add.at(f, new long[] {1, -9, 4}, 1.0f));
            assertEquals("add.at: index -9 is out of bounds for axis 0 with size 3", e.getMessage());
            e = assertThrows(
                    IndexException.class, () -> Nd.ufunc(Ufunc.SUBTRACT).at(f, new long[] {1, 3}, 1.0f));
            assertEquals("subtract.at: index 3 is out of bounds for axis 0 with size 3", e.getMessage());
            assertArrayEquals(new float[] {1, 2, 3}, f.toFloatArray());
            assertArrayEquals(new long[] {1, 2, 3}, l.toLongArray());
            add.at(l, new long[] {2, -1, 0}, 5L);
            Nd.ufunc(Ufunc.SUBTRACT).at(f, new long[] {2, -1, 0}, 0.5f);
            assertArrayEquals(new long[] {6, 2, 13}, l.toLongArray());
            assertArrayEquals(new float[] {0.5f, 2, 2}, f.toFloatArray());
            add.at(f, new long[] {0, 0}, -0.5f);
            assertArrayEquals(new float[] {-0.5f, 2, 2}, f.toFloatArray());
            e = assertThrows(IndexException.class, () -> add.at(noCols, hi, 1.0f));
            assertEquals("add.at: index 5 is out of bounds for axis 0 with size 3", e.getMessage());
            e = assertThrows(IndexException.class, () -> add.at(noRows, new long[] {0}, 1.0));
            assertEquals("add.at: index 0 is out of bounds for axis 0 with size 0", e.getMessage());
            // device indices into an empty target: no kernel would zero a flag, so they take the check pass
            try (NDArray zero = Nd.array(new long[] {0})) {
                e = assertThrows(IndexException.class, () -> add.at(noRows, zero, 1.0));
                assertEquals("add.at: index 0 is out of bounds for axis 0 with size 0", e.getMessage());
            }
            add.at(f, none, 1.0f);
            add.at(noRows, none, 1.0);
            assertArrayEquals(new float[] {-0.5f, 2, 2}, f.toFloatArray());
        }
    }

    /**
     * Device indices into a target no larger than them: the add kernel checks each index itself. Rows
     * of a 2-d target, repeated and negative int64 and int32 indices, float32 (to a tolerance) and
     * int64 and int32 (exact) against a Java loop; then a bad index last, after valid ones that the
     * kernel has already added, raises NumPy's IndexException with the target as it was.
     */
    @Test
    void indicesCheckedByTheAddKernel() {
        var add = Nd.ufunc(Ufunc.ADD);
        int rows = 7, cols = 3, m = 500;
        long[] idx = new long[m];
        for (int k = 0; k < m; k++) idx[k] = (k * 7919L) % (2L * rows) - rows;
        double[] want = new double[rows * cols];
        double[] b = new double[m * cols];
        for (int k = 0; k < m; k++) {
            int r = (int) (idx[k] < 0 ? idx[k] + rows : idx[k]);
            for (int c = 0; c < cols; c++) {
                b[k * cols + c] = (k * 31 + c * 7) % 19 - 9;
                want[r * cols + c] += b[k * cols + c];
            }
        }
        long[] wantLong = new long[want.length];
        for (int k = 0; k < want.length; k++) wantLong[k] = (long) want[k];
        for (DType index : new DType[] {DType.INT64, DType.INT32}) {
            try (NDArray ind = Nd.array(idx).astype(index);
                    NDArray bd = Nd.array(b).reshape(m, cols);
                    NDArray f = Nd.zeros(DType.FLOAT32, rows, cols);
                    NDArray l = Nd.zeros(DType.INT64, rows, cols);
                    NDArray i = Nd.zeros(DType.INT32, rows, cols);
                    NDArray bf = bd.astype(DType.FLOAT32);
                    NDArray bl = bd.astype(DType.INT64);
                    NDArray bi = bd.astype(DType.INT32)) {
                add.at(f, ind, bf);
                add.at(l, ind, bl);
                add.at(i, ind, bi);
                assertClose(want, f.toDoubleArray(), DType.FLOAT32, index + " float32");
                assertArrayEquals(wantLong, l.toLongArray(), index + " int64");
                assertArrayEquals(wantLong, i.toLongArray(), index + " int32");
                long[] bad = idx.clone();
                bad[m - 1] = rows;
                try (NDArray badInd = Nd.array(bad).astype(index)) {
                    var e = assertThrows(IndexException.class, () -> add.at(f, badInd, bf));
                    assertEquals("add.at: index 7 is out of bounds for axis 0 with size 7", e.getMessage());
                    assertThrows(IndexException.class, () -> add.at(l, badInd, 1L));
                    assertClose(want, f.toDoubleArray(), DType.FLOAT32, index + " float32 after the error");
                    assertArrayEquals(wantLong, l.toLongArray(), index + " int64 after the error");
                }
            }
        }
    }

    /** The fused check on a C-contiguous view with an offset: rows outside it stay, before and after an error. */
    @Test
    void indicesCheckedByTheAddKernelIntoAView() {
        var add = Nd.ufunc(Ufunc.ADD);
        try (NDArray big = Nd.zeros(DType.FLOAT32, 9, 2); // 56 bytes in the view, 80 of indices: the fused path
                NDArray view = big.get("1:8");
                NDArray idx = Nd.array(new long[] {0, 6, -1, 3, 3, 3, -7, 2, 5, 1});
                NDArray bad = Nd.array(new long[] {0, 6, -1, 3, 3, 3, -8, 2, 5, 1})) {
            add.at(view, idx, 1.0f);
            double[] want = new double[18];
            for (long k : new long[] {0, 6, -1, 3, 3, 3, -7, 2, 5, 1}) {
                int r = 1 + (int) (k < 0 ? k + 7 : k);
                want[2 * r] += 1;
                want[2 * r + 1] += 1;
            }
            assertArrayEquals(want, big.toDoubleArray(), "after the adds");
            var e = assertThrows(IndexException.class, () -> add.at(view, bad, 1.0f));
            assertEquals("add.at: index -8 is out of bounds for axis 0 with size 7", e.getMessage());
            assertArrayEquals(want, big.toDoubleArray(), "after the error");
        }
    }
}
