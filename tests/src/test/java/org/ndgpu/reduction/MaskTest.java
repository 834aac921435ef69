package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Boolean-mask indexing (get and set), nonzero, argwhere and flatnonzero against plain Java loops:
 * random shapes, dtypes and masks (over all axes or only the leading ones), transposed sources,
 * empty selections; NumPy's errors leave the arrays intact.
 */
public class MaskTest extends PerDeviceTest {
    private static final DType[] DTYPES = {
        DType.BOOL, DType.INT8, DType.INT32, DType.INT64, DType.FLOAT16, DType.FLOAT32, DType.FLOAT64
    };

    private static long size(long[] s) {
        return Arrays.stream(s).reduce(1, (x, y) -> x * y);
    }

    @Test
    void selectAssignAndNonzeroAgainstJavaLoops() {
        SplittableRandom rnd = new SplittableRandom(77);
        for (int round = 0; round < 50; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                int nd = 1 + rnd.nextInt(3);
                long[] shape = new long[nd];
                for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(6);
                DType dt = DTYPES[round % DTYPES.length];
                double[] v = new double[(int) size(shape)];
                for (int i = 0; i < v.length; i++)
                    v[i] = dt == DType.BOOL ? rnd.nextInt(2) : rnd.nextInt(-20, 21) / (dt.isFloating() ? 2.0 : 1.0);
                NDArray a = Nd.array(v, DType.FLOAT64, shape).astype(dt);
                made.add(a);
                if (nd >= 2 && rnd.nextBoolean()) { // a transposed view: not contiguous
                    a = a.T();
                    made.add(a);
                }
                long[] s = a.shape();
                double[] host = a.toDoubleArray();
                int k = 1 + rnd.nextInt(nd); // the mask covers axes [0, k)
                long[] ms = Arrays.copyOf(s, k);
                int mn = (int) size(ms), post = host.length / Math.max(1, mn);
                boolean[] mv = new boolean[mn];
                int density = rnd.nextInt(4); // 0: none selected
                for (int i = 0; i < mn; i++) mv[i] = density > 0 && rnd.nextInt(4) < density;
                NDArray mask = Nd.array(mv).reshape(ms);
                made.add(mask);
                String what = "round " + round + ": " + dt + Arrays.toString(s) + " mask " + Arrays.toString(ms) + " "
                        + Arrays.toString(mv);

                List<Double> want = new ArrayList<>();
                for (int r = 0; r < mn; r++) if (mv[r]) for (int q = 0; q < post; q++) want.add(host[r * post + q]);
                int count = 0;
                for (boolean b : mv) count += b ? 1 : 0;
                try (NDArray sel = a.get(mask)) {
                    long[] wantShape = new long[nd - k + 1];
                    wantShape[0] = count;
                    System.arraycopy(s, k, wantShape, 1, nd - k);
                    assertArrayEquals(wantShape, sel.shape(), what);
                    assertEquals(dt, sel.dtype(), what);
                    assertArrayEquals(
                            want.stream().mapToDouble(Double::doubleValue).toArray(),
                            sel.toDoubleArray(),
                            what + " get");
                }
                // a[mask] = array of one value per selected element (then check the rest is untouched)
                double[] vals = new double[count * post];
                for (int i = 0; i < vals.length; i++) vals[i] = dt == DType.BOOL ? 1 : 7 + i % 5;
                double[] expect = host.clone();
                for (int r = 0, j = 0; r < mn; r++)
                    if (mv[r]) for (int q = 0; q < post; q++) expect[r * post + q] = vals[j++];
                long[] vshape = Arrays.copyOf(new long[] {count}, nd - k + 1);
                System.arraycopy(s, k, vshape, 1, nd - k);
                try (NDArray va = Nd.array(vals, DType.FLOAT64, vshape.length == 1 ? new long[] {count} : vshape)) {
                    a.set(mask, va);
                }
                assertArrayEquals(expect, a.toDoubleArray(), what + " set array");
                // a[mask] = scalar, cast as NumPy assigns
                for (int r = 0; r < mn; r++)
                    if (mv[r])
                        for (int q = 0; q < post; q++)
                            expect[r * post + q] = dt == DType.BOOL ? 1 : dt.isFloating() ? -3.5 : -3;
                a.set(mask, -3.5);
                assertArrayEquals(expect, a.toDoubleArray(), what + " set scalar");
                // nonzero / argwhere / flatnonzero of the updated array
                List<long[]> nz = new ArrayList<>();
                for (int i = 0; i < expect.length; i++) {
                    if (expect[i] != 0) {
                        long[] c = new long[nd];
                        long rem = i;
                        for (int d = nd - 1; d >= 0; d--) {
                            c[d] = rem % s[d];
                            rem /= s[d];
                        }
                        nz.add(c);
                    }
                }
                NDArray[] got = Nd.nonzero(a);
                made.addAll(Arrays.asList(got));
                assertEquals(nd, got.length);
                for (int d = 0; d < nd; d++) {
                    final int dd = d;
                    assertArrayEquals(
                            nz.stream().mapToLong(c -> c[dd]).toArray(),
                            got[d].toLongArray(),
                            what + " nonzero axis " + d);
                }
                try (NDArray aw = Nd.argwhere(a);
                        NDArray fz = Nd.flatnonzero(a)) {
                    assertArrayEquals(new long[] {nz.size(), nd}, aw.shape(), what);
                    assertArrayEquals(
                            nz.stream().flatMapToLong(Arrays::stream).toArray(), aw.toLongArray(), what + " argwhere");
                    long[] flat = new long[nz.size()];
                    for (int j = 0, i = 0; i < expect.length; i++) if (expect[i] != 0) flat[j++] = i;
                    assertArrayEquals(flat, fz.toLongArray(), what + " flatnonzero");
                }
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void numpyErrorsLeaveArraysIntact() {
        try (NDArray a = Nd.arange(6).reshape(2, 3);
                NDArray wrong = Nd.array(new boolean[] {true, false, true});
                NDArray ints = Nd.array(new long[] {0, 1});
                NDArray m = Nd.array(new boolean[] {true, false});
                NDArray two = Nd.array(new double[] {1, 2})) {
            var e1 = assertThrows(IndexException.class, () -> a.get(wrong));
            assertEquals(
                    "get: boolean index did not match indexed array along axis 0; size of axis is 2 but size of corresponding boolean axis is 3",
                    e1.getMessage());
            try (NDArray rows = a.get(ints)) { // an integer index array picks rows, as a[[0, 1]]
                assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, rows.toLongArray());
            }
            try (NDArray f = Nd.array(new double[] {0, 1})) {
                var e2 = assertThrows(IndexException.class, () -> a.get(f));
                assertTrue(
                        e2.getMessage().contains("arrays used as indices must be of integer (or boolean) type"),
                        e2.getMessage());
            }
            var e3 = assertThrows(ShapeException.class, () -> a.set(m, two)); // row 0 selected: 3 values, 2 given
            assertEquals(
                    "set: NumPy boolean array indexing assignment cannot assign 2 input values to the 3 output values where the mask is true"
                            + " (values of shape (2,) do not broadcast to (1, 3))",
                    e3.getMessage());
            try (NDArray z = Nd.array(5.0)) {
                assertThrows(ShapeException.class, () -> Nd.nonzero(z));
            }
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, a.toLongArray());
        }
    }
}
