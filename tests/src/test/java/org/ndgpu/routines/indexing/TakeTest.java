package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * take against a plain-Java oracle that gathers the source's bytes: every dtype (float16 and
 * complex included), random shapes and axes (negative too), index arrays of 0 to 2 dims and of
 * several integer dtypes with negative entries, strided sources and indices; a Java integer index
 * drops the axis; NumPy's errors leave the inputs intact.
 */
public class TakeTest extends PerDeviceTest {
    private static final DType[] DTYPES = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.FLOAT16,
        DType.FLOAT32,
        DType.FLOAT64,
        DType.COMPLEX64,
        DType.COMPLEX128
    };
    private static final DType[] INDEX_DTYPES = {DType.INT64, DType.INT32, DType.INT16, DType.INT8};

    private static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }

    /** The oracle: out[pre, j..., post] = src[pre, wrap(ind[j]), post], element by element as bytes. */
    private static byte[] expected(byte[] src, long[] shape, int ax, long[] ind, int itemsize) {
        long len = shape[ax], pre = 1, post = 1;
        for (int d = 0; d < ax; d++) pre *= shape[d];
        for (int d = ax + 1; d < shape.length; d++) post *= shape[d];
        byte[] out = new byte[(int) (pre * ind.length * post * itemsize)];
        int o = 0;
        for (long p = 0; p < pre; p++) {
            for (long j : ind) {
                long t = j < 0 ? j + len : j;
                for (long k = 0; k < post; k++) {
                    System.arraycopy(src, (int) (((p * len + t) * post + k) * itemsize), out, o, itemsize);
                    o += itemsize;
                }
            }
        }
        return out;
    }

    @Test
    void randomShapesAxesDtypesAndIndexArrays() {
        SplittableRandom rnd = new SplittableRandom(1122);
        for (int round = 0; round < 80; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                int nd = 1 + rnd.nextInt(4);
                long[] shape = new long[nd];
                for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(5);
                DType dt = DTYPES[rnd.nextInt(DTYPES.length)];
                double[] v = new double[(int) Arrays.stream(shape).reduce(1, (x, y) -> x * y)];
                for (int i = 0; i < v.length; i++)
                    v[i] = dt == DType.BOOL
                            ? rnd.nextInt(2)
                            : rnd.nextInt(dt == DType.UINT8 ? 0 : -99, 100) / (dt.isInexact() ? 4.0 : 1.0);
                NDArray a = Nd.array(v, DType.FLOAT64, shape).astype(dt);
                made.add(a);
                if (nd >= 2 && rnd.nextBoolean()) { // a transposed source: not contiguous
                    a = a.T();
                    made.add(a);
                }
                long[] as = a.shape();
                int axis = rnd.nextInt(-nd, nd);
                int ax = axis < 0 ? axis + nd : axis;
                int ind = rnd.nextInt(3);
                long[] ishape = ind == 0
                        ? new long[0]
                        : ind == 1 ? new long[] {rnd.nextInt(6)} : new long[] {1 + rnd.nextInt(3), 1 + rnd.nextInt(3)};
                long[] iv = new long[(int) Arrays.stream(ishape).reduce(1, (x, y) -> x * y)];
                for (int i = 0; i < iv.length; i++) iv[i] = rnd.nextLong(-as[ax], as[ax]);
                DType idt = INDEX_DTYPES[rnd.nextInt(INDEX_DTYPES.length)];
                NDArray idx = Nd.array(iv, DType.INT64, ishape.length == 0 ? new long[] {1} : ishape)
                        .astype(idt);
                made.add(idx);
                if (ishape.length == 0) { // a 0-d index array
                    idx = idx.get(0L);
                    made.add(idx);
                }
                long[] outShape = new long[nd - 1 + ishape.length];
                System.arraycopy(as, 0, outShape, 0, ax);
                System.arraycopy(ishape, 0, outShape, ax, ishape.length);
                System.arraycopy(as, ax + 1, outShape, ax + ishape.length, nd - ax - 1);
                byte[] src = bytes(a);
                String what = "round " + round + ": " + dt + Arrays.toString(as) + " axis " + axis + " indices " + idt
                        + Arrays.toString(ishape) + " " + Arrays.toString(iv);
                try (NDArray out = a.take(idx, axis)) {
                    assertArrayEquals(outShape, out.shape(), what);
                    assertEquals(dt, out.dtype(), what);
                    assertArrayEquals(expected(src, as, ax, iv, dt.itemsize()), bytes(out), what);
                }
                assertArrayEquals(src, bytes(a), what + ": source changed");
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void flattenedJavaIndicesAndScalars() {
        try (NDArray a = Nd.arange(12).reshape(3, 4);
                NDArray flat = a.take(new long[] {0, 5, -1});
                NDArray cols = a.take(new int[] {3, 0}, 1);
                NDArray row = a.take(1, 0);
                NDArray one = Nd.take(a, 7);
                NDArray stridedIdx = Nd.array(new long[] {2, 9, 1, 9, 0}).get("::2");
                NDArray viaView = a.take(stridedIdx, 0)) {
            assertArrayEquals(new long[] {0, 5, 11}, flat.toLongArray());
            assertArrayEquals(new long[] {3, 2}, cols.shape());
            assertArrayEquals(new long[] {3, 0, 7, 4, 11, 8}, cols.toLongArray());
            assertArrayEquals(new long[] {4}, row.shape()); // a Java integer drops the axis
            assertArrayEquals(new long[] {4, 5, 6, 7}, row.toLongArray());
            assertEquals(0, one.ndim());
            assertEquals(7L, one.toLongArray()[0]);
            assertArrayEquals(new long[] {8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3}, viaView.toLongArray());
            try (NDArray none = a.take(new long[0], 1)) {
                assertArrayEquals(new long[] {3, 0}, none.shape());
            }
        }
    }

    @Test
    void badInputIsNamedAndLeavesTheInputsIntact() {
        try (NDArray a = Nd.arange(6).reshape(2, 3);
                NDArray f = Nd.array(new double[] {0, 1});
                NDArray e = Nd.zeros(2, 0)) {
            var e1 = assertThrows(IndexException.class, () -> a.take(new long[] {0, 3}, 1));
            assertEquals("take: index 3 is out of bounds for axis 1 with size 3", e1.getMessage());
            var e2 = assertThrows(IndexException.class, () -> a.take(new long[] {-3}, 0));
            assertEquals("take: index -3 is out of bounds for axis 0 with size 2", e2.getMessage());
            var e3 = assertThrows(DTypeException.class, () -> a.take(f, 0));
            assertEquals("take: indices must be of an integer dtype, got float64", e3.getMessage());
            var e4 = assertThrows(AxisException.class, () -> a.take(new long[] {0}, 2));
            assertEquals("take: axis 2 is out of bounds for array of dimension 2", e4.getMessage());
            assertThrows(IndexException.class, () -> e.take(new long[] {0}, 1));
            assertThrows(DTypeException.class, () -> a.take("0"));
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, a.toLongArray());
            assertArrayEquals(new double[] {0, 1}, f.toDoubleArray());
        }
    }
}
