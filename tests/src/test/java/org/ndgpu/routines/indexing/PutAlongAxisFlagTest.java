package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * put_along_axis with its bounds flag on the device (make_speed_path_fixtures.py): random indices
 * repeated on every line (the last one wins), negative ones, values an array, a broadcast row or a
 * 0-d array, each axis and axis None, and one index per line (the plain kernel); an index out of
 * bounds on either path, on a contiguous target and on a transposed one, raising NumPy's
 * IndexException for the first bad index with nothing written.
 */
public class PutAlongAxisFlagTest extends PerDeviceTest {
    private static final String DIR = "/fixtures/speedpaths/";

    @Test
    void agreesWithNumPy() {
        for (var c : IndexingFixtures.cases(DIR, "put_along_axis")) {
            try (NDArray a = c.load(0);
                    NDArray i = c.load(1);
                    NDArray v = c.load(2);
                    NDArray want = c.load(3)) {
                Nd.putAlongAxis(a, i, v, c.axis());
                IndexingFixtures.assertMatches(want, a, c.name());
            }
        }
    }

    @Test
    void outOfBoundsWritesNothingOnEitherPath() {
        try (NDArray a = Nd.arange(12.0).reshape(3, 4);
                NDArray t = Nd.arange(12.0).reshape(4, 3);
                NDArray tv = t.T();
                NDArray one = Nd.array(new long[] {0, 9, -2}).reshape(3, 1);
                NDArray many = Nd.array(new long[] {0, 1, 1, 3, -5, 2, 2, 0, 7}).reshape(3, 3);
                NDArray before = a.copy();
                NDArray beforeT = t.copy()) {
            var e = assertThrows(IndexException.class, () -> Nd.putAlongAxis(a, one, 1.5, 1));
            assertEquals("put_along_axis: index 9 is out of bounds for axis 1 with size 4", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.putAlongAxis(a, many, 1.5, 1));
            assertEquals("put_along_axis: index -5 is out of bounds for axis 1 with size 4", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.putAlongAxis(tv, many, 1.5, -1));
            assertEquals("put_along_axis: index -5 is out of bounds for axis 1 with size 4", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.putAlongAxis(tv, one, 1.5, 1));
            assertEquals("put_along_axis: index 9 is out of bounds for axis 1 with size 4", e.getMessage());
            assertArrayEquals(before.toDoubleArray(), a.toDoubleArray());
            assertArrayEquals(beforeT.toDoubleArray(), t.toDoubleArray());
        }
    }

    @Test
    void transposedTargetRepeatedIndicesAndEmpty() {
        try (NDArray t = Nd.zeros(DType.FLOAT32, 5, 3);
                NDArray tv = t.T();
                NDArray c = Nd.zeros(DType.FLOAT32, 3, 5);
                NDArray idx = Nd.array(new long[] {4, 4, -1, 0, 0, 2, 1, 1, 1}).reshape(3, 3);
                NDArray v = Nd.arange(9.0).astype(DType.FLOAT32).reshape(3, 3);
                NDArray none = Nd.zeros(DType.INT64, 3, 0)) {
            Nd.putAlongAxis(tv, idx, v, 1);
            Nd.putAlongAxis(c, idx, v, 1);
            try (NDArray back = t.T().copy()) {
                assertArrayEquals(c.toFloatArray(), back.toFloatArray());
            }
            assertArrayEquals(
                    new float[] {0, 0, 0, 0, 2, 4, 0, 5, 0, 0, 0, 8, 0, 0, 0}, c.toFloatArray(), "the last write wins");
            Nd.putAlongAxis(c, none, 1.0, 1);
            assertEquals(15, c.size());
        }
    }

    /**
     * One value for every write (a Java number, a 0-d array, a (1, 1) array broadcast): repeated and
     * negative indices along either axis, of a C target and a transposed one, need no claim pass;
     * against a Java loop. An int32 target takes the number cast.
     */
    @Test
    void oneValueForEveryWriteAgainstAJavaLoop() {
        int rows = 37, cols = 53, per = 71;
        long[] idx = new long[rows * per];
        for (int k = 0; k < idx.length; k++) idx[k] = ((k * 2654435761L) >>> 11) % (2L * cols) - cols;
        double[] want = new double[rows * cols];
        for (int k = 0; k < want.length; k++) want[k] = k;
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < per; j++) {
                long c = idx[r * per + j];
                want[r * cols + (int) (c < 0 ? c + cols : c)] = 7;
            }
        }
        try (NDArray i = Nd.array(idx).reshape(rows, per);
                NDArray seven = Nd.array(7.0);
                NDArray sevenRow = Nd.full(7.0, DType.FLOAT64, 1, 1)) {
            for (Object value : new Object[] {7.0, seven, sevenRow}) {
                try (NDArray a = Nd.arange((long) rows * cols)
                                .astype(DType.FLOAT64)
                                .reshape(rows, cols);
                        NDArray t = Nd.arange((long) rows * cols)
                                .astype(DType.FLOAT64)
                                .reshape(rows, cols);
                        NDArray tt = t.T().copy();
                        NDArray tv = tt.T();
                        NDArray n = Nd.arange((long) rows * cols)
                                .astype(DType.INT32)
                                .reshape(rows, cols)) {
                    Nd.putAlongAxis(a, i, value, 1);
                    Nd.putAlongAxis(tv, i, value, -1);
                    Nd.putAlongAxis(n, i, 7.9, 1);
                    assertArrayEquals(want, a.toDoubleArray(), "C target, " + value);
                    try (NDArray back = tv.copy()) {
                        assertArrayEquals(want, back.toDoubleArray(), "transposed target, " + value);
                    }
                    assertArrayEquals(want, n.toDoubleArray(), "int32 target");
                }
            }
        }
        // along axis 0: each column takes several rows
        try (NDArray a = Nd.zeros(DType.FLOAT32, 4, 3);
                NDArray i = Nd.array(new long[] {3, -1, 0, 0, 2, 2}).reshape(2, 3)) {
            Nd.putAlongAxis(a, i, 1.5f, 0);
            assertArrayEquals(new float[] {1.5f, 0, 1.5f, 0, 0, 0, 0, 1.5f, 1.5f, 1.5f, 1.5f, 0}, a.toFloatArray());
        }
    }
}
