package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Writes through repeated indices keep the value written last in C order, as NumPy's: {@code a[idx]
 * = v} against NumPy (make_indexing_fixtures.py; put and put_along_axis have their repeated cases
 * in PutTest and AlongAxisTest), and a stress of a million writes into ten elements for put,
 * put_along_axis and {@code a[idx] = v} against a host loop. On a GPU thousands of threads write
 * each element at once, so a scatter whose writes race keeps an arbitrary one and fails here; the
 * same with 64-bit claims, and the one-pass paths (masks, a single index) still write.
 */
public class LastWinsTest extends PerDeviceTest {
    private static final int WRITES = 1_000_000, SLOTS = 10;

    @Test
    void setitemMatchesNumpy() {
        for (var c : IndexingFixtures.cases("setitem")) {
            try (NDArray a = c.load(0);
                    NDArray want = c.load(c.count() - 1)) {
                switch (c.param()) {
                    case "rows" -> {
                        try (NDArray i = c.load(1);
                                NDArray v = c.load(2)) {
                            a.set(i, v);
                        }
                    }
                    case "T" -> {
                        try (NDArray i = c.load(1);
                                NDArray v = c.load(2);
                                NDArray t = a.T()) {
                            t.set(i, v);
                        }
                    }
                    case "pair" -> {
                        try (NDArray i0 = c.load(1);
                                NDArray i1 = c.load(2);
                                NDArray v = c.load(3)) {
                            a.set(new NDArray[] {i0, i1}, v);
                        }
                    }
                    default -> {
                        try (NDArray col = Nd.array(new double[] {1, 2, 3});
                                NDArray v = col.reshape(3, 1)) {
                            a.set("[0, 0, 1], :", v);
                        }
                    }
                }
                IndexingFixtures.assertMatches(want, a, c.name());
            }
        }
    }

    // a million indices into SLOTS elements, negative ones too, and the expected flat result
    private record Writes(long[] idx, double[] values, double[] start) {
        double[] expected(int rows) {
            double[] e = start.clone();
            for (int p = 0; p < idx.length; p++) {
                long t = idx[p] < 0 ? idx[p] + SLOTS : idx[p];
                e[(int) ((long) (p % rows) * SLOTS + t)] = values[p];
            }
            return e;
        }
    }

    private static Writes writes(long seed, DType d, int rows) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] idx = new long[WRITES];
        double[] v = new double[WRITES], start = new double[rows * SLOTS];
        for (int p = 0; p < WRITES; p++) {
            idx[p] = r.nextLong(-SLOTS, SLOTS);
            v[p] = value(r, d);
        }
        for (int k = 0; k < start.length; k++) start[k] = value(r, d);
        return new Writes(idx, v, start);
    }

    private static double value(SplittableRandom r, DType d) {
        return switch (d) {
            case BOOL -> r.nextInt(2);
            case INT32, INT64 -> r.nextInt(-1_000_000, 1_000_000);
            case FLOAT32 -> (float) r.nextDouble(-100, 100);
            default -> r.nextDouble(-100, 100);
        };
    }

    private static NDArray of(double[] v, DType d, long... shape) {
        try (NDArray x = Nd.array(v)) {
            NDArray c = x.astype(d);
            try (c) {
                return c.reshape(shape);
            }
        }
    }

    private static final DType[] DTYPES = {DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64, DType.BOOL};

    @Test
    void putKeepsTheLastOfAMillionWrites() {
        for (DType d : DTYPES) {
            Writes w = writes(1, d, 1);
            try (NDArray a = of(w.start(), d, SLOTS);
                    NDArray i = Nd.array(w.idx());
                    NDArray v = of(w.values(), d, WRITES)) {
                Nd.put(a, i, v);
                assertArrayEquals(w.expected(1), a.toDoubleArray(), "put " + d);
            }
        }
    }

    @Test
    void setitemKeepsTheLastOfAMillionWrites() {
        for (DType d : DTYPES) {
            Writes w = writes(2, d, 1);
            try (NDArray a = of(w.start(), d, SLOTS);
                    NDArray i = Nd.array(w.idx());
                    NDArray v = of(w.values(), d, WRITES)) {
                a.set(i, v);
                assertArrayEquals(w.expected(1), a.toDoubleArray(), "a[idx] = v " + d);
            }
        }
    }

    @Test
    void putAlongAxisKeepsTheLastOfAMillionWrites() {
        int rows = 4;
        for (DType d : DTYPES) {
            Writes w = writes(3, d, rows);
            // position p is (row p % rows, column p / rows) of the (rows, WRITES / rows) indices
            long[] idx = new long[WRITES];
            double[] v = new double[WRITES];
            int cols = WRITES / rows;
            for (int p = 0; p < WRITES; p++) {
                idx[(p % rows) * cols + p / rows] = w.idx()[p];
                v[(p % rows) * cols + p / rows] = w.values()[p];
            }
            try (NDArray a = of(w.start(), d, rows, SLOTS);
                    NDArray i0 = Nd.array(idx);
                    NDArray i = i0.reshape(rows, cols);
                    NDArray vs = of(v, d, rows, cols)) {
                Nd.putAlongAxis(a, i, vs, 1);
                assertArrayEquals(w.expected(rows), a.toDoubleArray(), "put_along_axis " + d);
            }
        }
    }

    @Test
    void widePositionsKeepTheLastWriteToo() {
        LastWins.forceWide = true;
        try {
            Writes w = writes(4, DType.FLOAT64, 1);
            try (NDArray a = of(w.start(), DType.FLOAT64, SLOTS);
                    NDArray b = of(w.start(), DType.FLOAT64, SLOTS);
                    NDArray i = Nd.array(w.idx());
                    NDArray v = of(w.values(), DType.FLOAT64, WRITES)) {
                Nd.put(a, i, v);
                assertArrayEquals(w.expected(1), a.toDoubleArray(), "put, 64-bit claims");
                b.set(i, v);
                assertArrayEquals(w.expected(1), b.toDoubleArray(), "a[idx] = v, 64-bit claims");
            }
        } finally {
            LastWins.forceWide = false;
        }
    }

    @Test
    void onePassPathsStillWrite() {
        try (NDArray a = Nd.zeros(3, 4);
                NDArray m = Nd.array(new boolean[] {true, false, true});
                NDArray one = Nd.array(new long[] {-1});
                NDArray col = Nd.array(new long[] {2, 0, 1}, DType.INT64, 3, 1)) {
            a.set(m, 5.0); // a lone mask
            Nd.put(a, one, 7.0); // a single index
            Nd.putAlongAxis(a, col, -1.0, 1); // one index per row
            assertArrayEquals(new double[] {5, 5, -1, 5, -1, 0, 0, 0, 5, -1, 5, 7}, a.toDoubleArray());
        }
    }
}
