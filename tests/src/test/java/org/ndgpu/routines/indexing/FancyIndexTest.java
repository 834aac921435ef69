package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Advanced indexing against plain-Java loops on fresh random data: a[i], a[:, i, j] (adjacent: the
 * index shape stays in place), a[i, :, j] (separated: it goes first), through negative-stride views
 * of the array and of the index, with 2-d index arrays that broadcast; a[i, :, j] = v writes exactly
 * the selected elements; and the hostile calls (float, closed or foreign-device index arrays, too
 * many indices, indices out of range) raise before anything is written. The NumPy parity cases
 * (reliability-tests, parity_indexing.tsv) pin the rules on small arrays; this checks the arithmetic.
 */
public class FancyIndexTest extends PerDeviceTest {
    // fresh inputs each run (the clock is only the seed, nothing is timed); printed so that a failure can be replayed
    private static final long SEED = System.nanoTime();

    static {
        System.out.println("FancyIndexTest: random seed " + SEED);
    }

    private static double[] random(SplittableRandom r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextDouble(-100, 100);
        return v;
    }

    private static long[] indices(SplittableRandom r, int n, long len) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = r.nextLong(-len, len);
        return v;
    }

    private static long wrap(long i, long len) {
        return i < 0 ? i + len : i;
    }

    @Test
    void gathersMatchLoopsThroughReversedViews() {
        SplittableRandom r = new SplittableRandom(SEED);
        int p = 5, q = 6, s = 7;
        double[] host = random(r, p * q * s);
        // b = a[::-1, :, ::-2] of a (5, 6, 7): b[x, y, z] = host[(4 - x), y, 6 - 2z]
        try (NDArray a = Nd.array(host, DType.FLOAT64, p, q, s);
                NDArray b = a.get("::-1, :, ::-2")) {
            long[] bs = b.shape();
            assertArrayEquals(new long[] {5, 6, 4}, bs);
            long[] i = indices(r, 9, bs[0]), j = indices(r, 9, bs[2]), k = indices(r, 3, bs[0]);
            try (NDArray ia = Nd.array(i).reshape(3, 3);
                    NDArray ka = Nd.array(k);
                    NDArray sep = b.get(ia, ia); // b[i, i]: shape (3, 3, 4)
                    NDArray adjacent = b.get(":, [" + k[0] + ", " + k[1] + ", " + k[2] + "], [" + j[0] + "]");
                    NDArray separated = b.get("[" + i[0] + ", " + i[1] + "], :, [" + j[0] + ", " + j[1] + "]");
                    NDArray first = b.get(ka.get("::-1"))) {
                // b[i, i]: pairs (i[m], i[m]) over axes 0 and 1 of b, then axis 2
                assertArrayEquals(new long[] {3, 3, 4}, sep.shape());
                double[] got = sep.toDoubleArray();
                for (int m = 0; m < 9; m++) {
                    for (int z = 0; z < 4; z++) {
                        long x = wrap(i[m], 5), y = wrap(i[m], 6);
                        assertEquals(
                                host[(int) (((4 - x) * q + y) * s + (6 - 2 * z))],
                                got[m * 4 + z],
                                "b[i, i][" + m + ", " + z + "]");
                    }
                }
                assertArrayEquals(new long[] {5, 3}, adjacent.shape());
                got = adjacent.toDoubleArray();
                for (long x = 0; x < 5; x++) {
                    for (int m = 0; m < 3; m++) {
                        long y = wrap(k[m], 6), z = wrap(j[0], 4);
                        assertEquals(host[(int) (((4 - x) * q + y) * s + (6 - 2 * z))], got[(int) (3 * x + m)]);
                    }
                }
                assertArrayEquals(new long[] {2, 6}, separated.shape());
                got = separated.toDoubleArray();
                for (int m = 0; m < 2; m++) {
                    for (int y = 0; y < 6; y++) {
                        long x = wrap(i[m], 5), z = wrap(j[m], 4);
                        assertEquals(host[(int) (((4 - x) * q + y) * s + (6 - 2 * z))], got[m * 6 + y]);
                    }
                }
                assertArrayEquals(new long[] {3, 6, 4}, first.shape());
                got = first.toDoubleArray();
                for (int m = 0; m < 3; m++) {
                    long x = wrap(k[2 - m], 5);
                    for (int y = 0; y < 6; y++) {
                        for (int z = 0; z < 4; z++)
                            assertEquals(host[(int) (((4 - x) * q + y) * s + (6 - 2 * z))], got[(m * 6 + y) * 4 + z]);
                    }
                }
            }
        }
    }

    @Test
    void scatterWritesExactlyTheSelectionThroughAView() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        double[] host = random(r, 4 * 5 * 6);
        try (NDArray a = Nd.array(host, DType.FLOAT64, 4, 5, 6);
                NDArray t = a.transpose(2, 1, 0)) { // t (6, 5, 4)
            long[] i = {5, -6, 2}, j = {0, 3, -1}; // distinct (x, z) pairs
            double[] v = random(r, 3 * 5);
            try (NDArray vals = Nd.array(v, DType.FLOAT64, 3, 5)) {
                t.set("[5, -6, 2], :, [0, 3, -1]", vals);
            }
            double[] want = host.clone();
            for (int m = 0; m < 3; m++) {
                for (int y = 0; y < 5; y++) {
                    long x = wrap(i[m], 6), z = wrap(j[m], 4);
                    want[(int) ((z * 5 + y) * 6 + x)] = v[m * 5 + y]; // t[x, y, z] = a[z, y, x]
                }
            }
            assertArrayEquals(want, a.toDoubleArray());
        }
    }

    @Test
    void maskAssignmentReadsTransposedValuesInTheirOwnOrder() {
        try (NDArray out = Nd.zeros(3, 4);
                NDArray mask = Nd.array(new boolean[] {true, false, true, true});
                NDArray vals = Nd.arange(9.0).reshape(3, 3);
                NDArray valsT = vals.T();
                NDArray outT = out.T()) {
            outT.set(mask, valsT); // out[:, mask] = vals, through two transposed views
            assertArrayEquals(new double[] {0, 0, 1, 2, 3, 0, 4, 5, 6, 0, 7, 8}, out.toDoubleArray());
        }
    }

    @Test
    void repeatedIndicesWriteOneOfTheirValues() {
        try (NDArray a = Nd.zeros(DType.FLOAT32, 4)) {
            a.set("[1, 1, 1]", Nd.array(new float[] {7, 8, 9}));
            float[] got = a.toFloatArray();
            assertTrue(got[1] == 7 || got[1] == 8 || got[1] == 9, "a[1] is one of the values, got " + got[1]);
            assertEquals(0, got[0]);
            assertEquals(0, got[2]);
        }
    }

    @Test
    void largeGatherMatchesTake() {
        SplittableRandom r = new SplittableRandom(SEED + 2);
        int n = 1 << 18;
        long[] idx = indices(r, n, n);
        float[] v = new float[n];
        for (int k = 0; k < n; k++) v[k] = (float) r.nextDouble();
        try (NDArray a = Nd.array(v);
                NDArray ia = Nd.array(idx);
                NDArray g = a.get(ia)) {
            float[] got = g.toFloatArray();
            for (int k = 0; k < n; k++) assertEquals(v[(int) wrap(idx[k], n)], got[k]);
        }
    }

    @Test
    void hostileIndicesRaiseAndWriteNothing() {
        try (NDArray a = Nd.arange(12).reshape(3, 4)) {
            long[] before = a.toLongArray();
            try (NDArray f = Nd.array(new double[] {0, 1})) {
                var e = assertThrows(IndexException.class, () -> a.get(f));
                assertTrue(
                        e.getMessage().contains("integer (or boolean)")
                                && e.getMessage().contains("float64"),
                        e.getMessage());
                assertThrows(IndexException.class, () -> a.set(f, 0));
            }
            var e = assertThrows(IndexException.class, () -> a.set("[0, 1], [2, 4]", 0));
            assertEquals("set: index 4 is out of bounds for axis 1 with size 4", e.getMessage());
            e = assertThrows(IndexException.class, () -> a.get(":, [1, -5]"));
            assertEquals("get: index -5 is out of bounds for axis 1 with size 4", e.getMessage());
            e = assertThrows(IndexException.class, () -> a.get("[0], [0], [0]"));
            assertTrue(e.getMessage().contains("too many indices"), e.getMessage());
            e = assertThrows(IndexException.class, () -> a.get("[0, 1], [0, 1, 2]"));
            assertTrue(
                    e.getMessage().contains("shape mismatch") && e.getMessage().contains("(2,) (3,)"), e.getMessage());
            assertThrows(ShapeException.class, () -> a.set("[0, 1]", Nd.arange(3)));
            assertThrows(IndexException.class, () -> a.get("[[0, 1], [2]]"));
            assertThrows(IndexException.class, () -> a.get("[0.5]"));
            assertThrows(NullPointerException.class, () -> a.get((NDArray) null));
            NDArray closed = Nd.array(new long[] {0});
            closed.close();
            assertThrows(ArrayClosedException.class, () -> a.get(closed));
            assertArrayEquals(before, a.toLongArray(), "a failed call wrote nothing");
            try (NDArray empty = a.get("[]");
                    NDArray emptyCols = a.get(":, []")) {
                assertArrayEquals(new long[] {0, 4}, empty.shape());
                assertArrayEquals(new long[] {3, 0}, emptyCols.shape());
            }
            try (NDArray zeroD = Nd.array(new long[] {2}).reshape();
                    NDArray row = a.get(zeroD)) {
                assertArrayEquals(new long[] {8, 9, 10, 11}, row.toLongArray());
            }
        }
        try (NDArray z = Nd.array(new double[] {5}).reshape()) {
            assertThrows(IndexException.class, () -> z.get("[0]"));
        }
    }

    @Test
    void indexArraysOnAnotherDeviceAreRefused() {
        var others = Device.list().stream().filter(d -> d != device()).toList();
        if (others.isEmpty()) return; // one device here: nothing to mix
        try (NDArray a = Nd.arange(6);
                NDArray idx = Nd.array(new long[] {1}).to(others.get(0))) {
            var e = assertThrows(DeviceException.class, () -> a.get(idx));
            assertTrue(e.getMessage().contains("get") && e.getMessage().contains("different devices"), e.getMessage());
            assertThrows(DeviceException.class, () -> a.set(idx, 1));
        }
    }
}
