package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * split, array_split, repeat and tile against a plain-Java oracle (index arithmetic on the
 * source's values), on random shapes, axes and counts, C and transposed sources; split's parts are
 * views of the source; NumPy's errors.
 */
public class TilingTest extends PerDeviceTest {

    private static long[] cStrides(long[] shape) {
        long[] st = new long[shape.length];
        long s = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            st[d] = s;
            s *= shape[d];
        }
        return st;
    }

    private static long size(long[] shape) {
        long n = 1;
        for (long d : shape) n *= d;
        return n;
    }

    /** A random int64 array of a random shape, sometimes a transposed view; its C-order values in vals[0]. */
    private static NDArray source(SplittableRandom rnd, List<NDArray> made, double[][] vals) {
        int nd = 1 + rnd.nextInt(3);
        long[] shape = new long[nd];
        for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(5);
        long[] v = new long[(int) size(shape)];
        for (int i = 0; i < v.length; i++) v[i] = rnd.nextInt(-50, 50);
        NDArray a = Nd.array(v, org.ndgpu.ndarray.DType.INT64, shape);
        made.add(a);
        if (nd >= 2 && rnd.nextBoolean()) {
            a = a.T();
            made.add(a);
        }
        vals[0] = a.toDoubleArray();
        return a;
    }

    @Test
    void repeatAndTileAgreeWithIndexArithmetic() {
        SplittableRandom rnd = new SplittableRandom(99);
        for (int round = 0; round < 40; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                double[][] vals = new double[1][];
                NDArray a = source(rnd, made, vals);
                long[] s = a.shape();
                int nd = s.length;
                // repeat along an axis
                int ax = rnd.nextInt(nd);
                long r = rnd.nextInt(4);
                long[] same = new long[(int) s[ax]];
                java.util.Arrays.fill(same, r);
                try (NDArray out = a.repeat(r, ax - (rnd.nextBoolean() ? nd : 0))) {
                    assertRepeated(out, vals[0], s, ax, same, "repeat " + r);
                }
                // one count per element along the axis (some zero)
                long[] counts = new long[(int) s[ax]];
                for (int i = 0; i < counts.length; i++) counts[i] = rnd.nextInt(3);
                try (NDArray out = Nd.repeat(a, counts, ax)) {
                    assertRepeated(out, vals[0], s, ax, counts, "repeat " + java.util.Arrays.toString(counts));
                }
                try (NDArray flat = Nd.repeat(a, 2)) {
                    double[] got = flat.toDoubleArray();
                    assertEquals(vals[0].length * 2, got.length);
                    for (int i = 0; i < got.length; i++) assertEquals(vals[0][i / 2], got[i], "repeat flattened");
                }
                // tile with reps of any length
                int k = 1 + rnd.nextInt(4);
                long[] reps = new long[k];
                for (int d = 0; d < k; d++) reps[d] = 1 + rnd.nextInt(3);
                int tn = Math.max(nd, k);
                long[] ts = new long[tn], tr = new long[tn];
                for (int d = 0; d < tn; d++) {
                    ts[d] = d - (tn - nd) >= 0 ? s[d - (tn - nd)] : 1;
                    tr[d] = d - (tn - k) >= 0 ? reps[d - (tn - k)] : 1;
                }
                long[] os = new long[tn];
                for (int d = 0; d < tn; d++) os[d] = ts[d] * tr[d];
                try (NDArray out = Nd.tile(a, reps)) {
                    assertArrayEquals(os, out.shape(), "tile shape");
                    double[] got = out.toDoubleArray();
                    long[] ost = cStrides(os), sst = cStrides(ts);
                    for (int i = 0; i < got.length; i++) {
                        long src = 0;
                        for (int d = 0; d < tn; d++) src += ((i / ost[d]) % os[d] % ts[d]) * sst[d];
                        assertEquals(
                                vals[0][(int) src],
                                got[i],
                                "tile " + java.util.Arrays.toString(reps) + " of " + java.util.Arrays.toString(s));
                    }
                }
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    /**
     * {@code out} is the C-ordered array of shape {@code s} (values {@code vals}) with slice i along
     * {@code ax} repeated {@code counts[i]} times: each element checked against its source, found by
     * walking the counts.
     */
    private static void assertRepeated(NDArray out, double[] vals, long[] s, int ax, long[] counts, String what) {
        long[] os = s.clone();
        os[ax] = java.util.Arrays.stream(counts).sum();
        assertArrayEquals(os, out.shape(), what + " shape");
        long[] origin = new long[(int) os[ax]];
        for (int i = 0, k = 0; i < counts.length; i++) for (int j = 0; j < counts[i]; j++) origin[k++] = i;
        double[] got = out.toDoubleArray();
        long[] st = cStrides(s), ost = cStrides(os);
        for (int i = 0; i < got.length; i++) {
            long src = 0;
            for (int d = 0; d < s.length; d++) {
                long id = (i / ost[d]) % os[d];
                src += (d == ax ? origin[(int) id] : id) * st[d];
            }
            assertEquals(
                    vals[(int) src], got[i], what + " axis " + ax + " of " + java.util.Arrays.toString(s) + " at " + i);
        }
    }

    @Test
    void splitsAreViewsThatCoverTheAxis() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 30; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                double[][] vals = new double[1][];
                NDArray a = source(rnd, made, vals);
                int ax = rnd.nextInt(a.ndim());
                long len = a.shape()[ax];
                int sections = 1 + rnd.nextInt(4);
                List<NDArray> parts = Nd.arraySplit(a, sections, ax);
                made.addAll(parts);
                assertEquals(sections, parts.size());
                long at = 0;
                for (int i = 0; i < sections; i++) {
                    long want = len / sections + (i < len % sections ? 1 : 0);
                    assertEquals(want, parts.get(i).shape()[ax], "part " + i + " of " + len + " in " + sections);
                    assertTrue(parts.get(i).sharesMemory(a));
                    String idx = ":, ".repeat(ax) + at + ":" + (at + want);
                    try (NDArray expect = a.get(idx)) {
                        assertArrayEquals(expect.toDoubleArray(), parts.get(i).toDoubleArray(), "part " + i);
                    }
                    at += want;
                }
                long[] cuts = {rnd.nextInt(-3, 6), rnd.nextInt(0, 7)};
                List<NDArray> byIndex = Nd.split(a, cuts, ax);
                made.addAll(byIndex);
                String[] slices = {":" + cuts[0], cuts[0] + ":" + cuts[1], cuts[1] + ":"};
                for (int i = 0; i < 3; i++) {
                    try (NDArray expect = a.get(":, ".repeat(ax) + slices[i])) {
                        assertArrayEquals(
                                expect.shape(),
                                byIndex.get(i).shape(),
                                "split at " + java.util.Arrays.toString(cuts) + " part " + i);
                        assertArrayEquals(expect.toDoubleArray(), byIndex.get(i).toDoubleArray(), "split part " + i);
                    }
                }
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void numpyErrors() {
        try (NDArray a = Nd.arange(10)) {
            var e = assertThrows(ShapeException.class, () -> Nd.split(a, 3));
            assertTrue(
                    e.getMessage().startsWith("split: array split does not result in an equal division"),
                    e.getMessage());
            assertEquals(4, Nd.split(a, 5).get(4).size() * 2);
            assertThrows(ShapeException.class, () -> Nd.arraySplit(a, 0, 0));
            assertThrows(ShapeException.class, () -> Nd.repeat(a, -1));
            assertThrows(ShapeException.class, () -> Nd.tile(a, -2));
            try (NDArray t = Nd.tile(a, 0);
                    NDArray r = Nd.repeat(a, 0)) {
                assertEquals(0, t.size());
                assertEquals(0, r.size());
            }
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, a.toLongArray());
        }
    }
}
