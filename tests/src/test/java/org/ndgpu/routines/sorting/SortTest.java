package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * sort and argsort against Java's own stable sort of each row (NaN last, as NumPy): every real
 * dtype, random shapes and axes, row lengths that are and are not powers of two, many ties,
 * NaN and infinities, transposed sources; in-place sort through a view.
 */
public class SortTest extends PerDeviceTest {
    private static final DType[] DTYPES = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.FLOAT16,
        DType.FLOAT32,
        DType.FLOAT64
    };

    // NumPy's order: NaN after everything
    private static final Comparator<Double> ORDER =
            (x, y) -> x.isNaN() ? (y.isNaN() ? 0 : 1) : y.isNaN() ? -1 : Double.compare(x + 0.0, y + 0.0);

    @Test
    void sortAndArgsortRandomRowsEveryDtype() {
        SplittableRandom rnd = new SplittableRandom(4242);
        for (int round = 0; round < 60; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                int nd = 1 + rnd.nextInt(3);
                long[] shape = new long[nd];
                for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(d == nd - 1 ? 40 : 5);
                DType dt = DTYPES[round % DTYPES.length];
                int size = (int) Arrays.stream(shape).reduce(1, (x, y) -> x * y);
                double[] v = new double[size];
                int spread = 1 + rnd.nextInt(30); // small spreads: many ties
                for (int i = 0; i < size; i++) {
                    v[i] = dt == DType.BOOL
                            ? rnd.nextInt(2)
                            : rnd.nextInt(dt == DType.UINT8 ? 0 : -spread, spread + 1) / (dt.isFloating() ? 2.0 : 1.0);
                    if (dt.isFloating() && rnd.nextInt(10) == 0)
                        v[i] = new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}
                                [rnd.nextInt(3)];
                }
                NDArray a = Nd.array(v, DType.FLOAT64, shape).astype(dt);
                made.add(a);
                if (nd >= 2 && rnd.nextBoolean()) {
                    a = a.T();
                    made.add(a);
                }
                long[] s = a.shape();
                int axis = rnd.nextInt(-nd, nd);
                int ax = axis < 0 ? axis + nd : axis;
                double[] host = a.toDoubleArray(); // C order of a's shape
                long[] st = new long[nd];
                long acc = 1;
                for (int d = nd - 1; d >= 0; d--) {
                    st[d] = acc;
                    acc *= s[d];
                }
                double[] wantSorted = new double[size];
                long[] wantIdx = new long[size];
                // every row along ax: the base offsets are the indices with coordinate 0 on ax
                for (int base = 0; base < size; base++) {
                    if ((base / st[ax]) % s[ax] != 0) continue;
                    int n = (int) s[ax];
                    Integer[] order = new Integer[n];
                    for (int j = 0; j < n; j++) order[j] = j;
                    final int b = base;
                    Arrays.sort(
                            order, (x, y) -> ORDER.compare(host[(int) (b + x * st[ax])], host[(int) (b + y * st[ax])]));
                    for (int j = 0; j < n; j++) {
                        wantSorted[(int) (base + j * st[ax])] = host[(int) (base + order[j] * st[ax])];
                        wantIdx[(int) (base + j * st[ax])] = order[j];
                    }
                }
                String what = "round " + round + ": " + dt + Arrays.toString(s) + " axis " + axis;
                try (NDArray sorted = Nd.sort(a, axis);
                        NDArray idx = Nd.argsort(a, axis)) {
                    assertEquals(dt, sorted.dtype(), what);
                    assertArrayEquals(s, sorted.shape(), what);
                    assertArrayEquals(wantSorted, sorted.toDoubleArray(), what + " sort");
                    assertEquals(DType.INT64, idx.dtype(), what);
                    assertArrayEquals(wantIdx, idx.toLongArray(), what + " argsort (stable)");
                }
                assertArrayEquals(host, a.toDoubleArray(), what + ": input changed");
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void inPlaceThroughAViewEmptyAndErrors() {
        try (NDArray a = Nd.array(new double[][] {{3, Double.NaN, 1}, {2, 9, -1}});
                NDArray col = a.get(":, 0")) {
            col.sort(); // writes through the view
            assertArrayEquals(new double[] {2, Double.NaN, 1, 3, 9, -1}, a.toDoubleArray());
            a.sort(1);
            assertArrayEquals(new double[] {1, 2, Double.NaN, -1, 3, 9}, a.toDoubleArray());
            try (NDArray e = Nd.zeros(3, 0);
                    NDArray se = Nd.sort(e);
                    NDArray ie = Nd.argsort(e, 0)) {
                assertArrayEquals(new long[] {3, 0}, se.shape());
                assertArrayEquals(new long[] {3, 0}, ie.shape());
            }
            try (NDArray z = Nd.array(5.0)) {
                assertThrows(AxisException.class, () -> Nd.sort(z));
            }
            try (NDArray c = Nd.zeros(DType.COMPLEX64, 3);
                    NDArray sc = Nd.sort(c)) { // complex sorts (ComplexSortTest)
                assertEquals(DType.COMPLEX64, sc.dtype());
            }
            long[] desc = new long[5000];
            for (int k = 0; k < desc.length; k++) desc[k] = -k;
            try (NDArray big = Nd.array(desc);
                    NDArray s = Nd.sort(big);
                    NDArray i = big.argsort()) {
                long[] sv = s.toLongArray(), iv = i.toLongArray();
                for (int k = 0; k < 5000; k++) {
                    assertEquals(k - 4999, sv[k]);
                    assertEquals(4999 - k, iv[k]);
                }
            }
        }
    }

    /** Rows longer than the local-memory block (512): global steps and local tails together, ties and NaN included. */
    @Test
    void rowsLongerThanTheLocalBlock() {
        SplittableRandom rnd = new SplittableRandom(8);
        for (int len : new int[] {513, 1024, 1500, 4097}) {
            for (DType dt : new DType[] {DType.FLOAT32, DType.INT16}) {
                int rows = 2;
                double[] v = new double[rows * len];
                for (int i = 0; i < v.length; i++)
                    v[i] = rnd.nextInt(10) == 0 && dt.isFloating() ? Double.NaN : rnd.nextInt(-300, 300);
                try (NDArray f = Nd.array(v, DType.FLOAT64, rows, len);
                        NDArray a = f.astype(dt);
                        NDArray s = Nd.sort(a, 1);
                        NDArray i = Nd.argsort(a, 1)) {
                    double[] got = s.toDoubleArray();
                    long[] gi = i.toLongArray();
                    for (int r = 0; r < rows; r++) {
                        final int row = r;
                        assertRowSorted(v, r, len, got, gi, j -> row * len + j, true, dt + " len " + len + " row " + r);
                    }
                }
            }
        }
    }

    /**
     * One long row, the radix-sort path (RadixSort): every dtype, lengths around its 2048-key tiles,
     * NaN, both zeros (kept in input order: compared bit for bit), infinities, subnormals and each
     * dtype's extremes, a strided source, a (1, n) and an (n, 1) shape; a length whose digit table needs
     * the two-level scan. Against Java's stable sort of the same values.
     */
    @Test
    void oneLongRowEveryDtype() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (DType dt : DTYPES) {
            for (int len : new int[] {513, 2048, 2049, 9001}) {
                checkLongRow(dt, longRowValues(dt, len * 2, rnd), len);
            }
        }
        checkLongRow(
                DType.FLOAT32,
                longRowValues(DType.FLOAT32, 2 * 300_001, rnd),
                300_001); // > 128 tiles: scan in two levels
        checkLongRow(DType.INT64, longRowValues(DType.INT64, 2 * 70_001, rnd), 70_001);
    }

    private static double[] longRowValues(DType dt, int n, SplittableRandom rnd) {
        double[] v = new double[n];
        double[] special = switch (dt) {
            case BOOL -> new double[] {0, 1};
            case UINT8 -> new double[] {0, 255, 128, 127};
            case INT8 -> new double[] {-128, 127, -1, 0};
            case INT16 -> new double[] {-32768, 32767, -1, 0};
            case INT32 -> new double[] {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0};
            case INT64 -> new double[] {-0x1p62, 0x1p62, -1, 0, -0x1p53, 0x1p53};
            case FLOAT16 ->
                new double[] {
                    Double.NaN,
                    -0.0,
                    0.0,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    65504,
                    -65504,
                    0x1p-24,
                    -0x1p-24
                };
            case FLOAT32 ->
                new double[] {
                    Double.NaN,
                    -0.0,
                    0.0,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    Float.MAX_VALUE,
                    -Float.MAX_VALUE,
                    Float.MIN_VALUE,
                    -Float.MIN_VALUE
                };
            default ->
                new double[] {
                    Double.NaN,
                    -0.0,
                    0.0,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    Double.MAX_VALUE,
                    -Double.MAX_VALUE,
                    Double.MIN_VALUE,
                    -Double.MIN_VALUE
                };
        };
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(6) == 0
                    ? special[rnd.nextInt(special.length)]
                    : dt == DType.BOOL
                            ? rnd.nextInt(2)
                            : dt == DType.UINT8
                                    ? rnd.nextInt(256)
                                    : dt == DType.INT8
                                            ? rnd.nextInt(-128, 128)
                                            : rnd.nextInt(-3000, 3000) / (dt.isFloating() ? 8.0 : 1.0);
        }
        return v;
    }

    // the radix path sees the first len of v[::2] (a strided row) as 1-d, as (1, len) along axis 1 and as (len, 1)
    // along axis 0
    private void checkLongRow(DType dt, double[] v, int len) {
        try (NDArray f = Nd.array(v, DType.FLOAT64, v.length);
                NDArray all = f.astype(dt);
                NDArray strided = all.get("::2");
                NDArray row = strided.get(":" + len)) {
            double[] host = row.toDoubleArray();
            Integer[] order = stableOrder(host, 0, len);
            try (NDArray c = row.copy();
                    NDArray wide = c.reshape(1, len);
                    NDArray tall = c.reshape(len, 1)) {
                Object[][] cases = {{row, 0, "1-d strided"}, {wide, 1, "(1, n) axis 1"}, {tall, 0, "(n, 1) axis 0"}};
                for (Object[] k : cases) {
                    NDArray a = (NDArray) k[0];
                    String what = dt + " len " + len + " " + k[2];
                    try (NDArray s = Nd.sort(a, (int) k[1]);
                            NDArray i = Nd.argsort(a, (int) k[1])) {
                        assertArrayEquals(a.shape(), s.shape(), what);
                        double[] got = s.toDoubleArray();
                        long[] gi = i.toLongArray();
                        for (int j = 0; j < len; j++) {
                            assertEquals(host[order[j]], got[j], what + " at " + j); // bit for bit: -0.0 and 0.0 differ
                            assertEquals((long) order[j], gi[j], what + " argsort at " + j);
                        }
                    }
                }
            }
        }
    }

    /** A few long rows and more than 16 (all through the onesweep radix sort), along the last axis and along axis 0 of the transpose. */
    @Test
    void fewAndManyLongRowsAlongEitherAxis() {
        SplittableRandom rnd = new SplittableRandom(5);
        int len = 1000;
        for (int rows : new int[] {3, 17}) {
            for (DType dt : new DType[] {DType.FLOAT64, DType.INT32}) {
                double[] v = longRowValues(dt, rows * len, rnd);
                try (NDArray f = Nd.array(v, DType.FLOAT64, rows, len);
                        NDArray a = f.astype(dt);
                        NDArray t = a.T()) {
                    double[] host = a.toDoubleArray();
                    for (int axis : new int[] {1, 0}) {
                        NDArray src = axis == 1 ? a : t;
                        String what = dt + " rows " + rows + " axis " + axis;
                        try (NDArray s = Nd.sort(src, axis);
                                NDArray i = Nd.argsort(src, axis)) {
                            double[] got = s.toDoubleArray();
                            long[] gi = i.toLongArray();
                            for (int r = 0; r < rows; r++) {
                                final int row = r, n = rows;
                                // C order of the result's shape; the radix sorts are stable (-0.0 and 0.0 keep
                                // their order), the network (17 rows of 1000) is not
                                assertRowSorted(
                                        host,
                                        r,
                                        len,
                                        got,
                                        gi,
                                        j -> axis == 1 ? row * len + j : j * n + row,
                                        stablePath(dt, rows, len),
                                        what + " row " + r);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * The onesweep path (OnesweepSort): lengths around its 2048-key tiles and a 2^20 + odd length, many
     * rows (40 x 1500, 17 x 4099 across three tiles, 20 x 2048; fewer rows, or rows of up to 1024, take
     * RadixSort or the network and are checked the same way), every dtype, NaN, both zeros, infinities, ties; argsort stable (equal keys keep their
     * order), against Java's stable sort of each row.
     */
    @Test
    void onesweepTileBoundariesAndManyRows() {
        SplittableRandom rnd = new SplittableRandom(2024);
        for (DType dt : DTYPES) {
            // {2, 70_001}: rows long enough for CUDA's larger tiles (OnesweepSort.LONG_ROW), each with a short last
            // tile
            for (int[] shape : new int[][] {
                {1, 2047}, {1, 4096}, {1, 6145}, {40, 1000}, {7, 4099}, {40, 1500}, {17, 4099}, {20, 2048}, {2, 70_001}
            }) {
                checkRows(dt, shape[0], shape[1], rnd);
            }
        }
        checkRows(DType.FLOAT32, 1, (1 << 20) + 77, rnd);
        checkRows(DType.INT64, 1, (1 << 20) + 3, rnd);
        checkRows(DType.FLOAT16, 3, 70_001, rnd);
        checkRows(DType.FLOAT32, 4096, 33, rnd);
        checkRows(DType.FLOAT32, 600, 520, rnd);
    }

    /**
     * The onesweep passes take a row's digits from a cheaper key code when the upsweep found no NaN
     * and no -0.0 in the row: rows without them (but with 0.0, infinities, extremes, subnormals and
     * ties), rows with a few NaNs, and rows whose only special value is one -0.0 or one NaN (at the
     * row's last place, in its short last tile), side by side in one array, each float dtype; sort
     * and stable argsort against Java's stable sort, bit for bit.
     */
    @Test
    void rowsWithAndWithoutNaNOrNegativeZero() {
        SplittableRandom rnd = new SplittableRandom(1126);
        for (DType dt : new DType[] {DType.FLOAT16, DType.FLOAT32, DType.FLOAT64}) {
            double max = dt == DType.FLOAT16 ? 65504 : dt == DType.FLOAT32 ? Float.MAX_VALUE : Double.MAX_VALUE;
            double tiny = dt == DType.FLOAT16 ? 0x1p-24 : dt == DType.FLOAT32 ? Float.MIN_VALUE : Double.MIN_VALUE;
            double[] plain = {0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, max, -max, tiny, -tiny};
            // more than 16 rows take the onesweep sort on OpenCL too; CUDA takes it for every row of more than 1024
            for (int[] shape : new int[][] {{6, 70_001}, {6, 9_000}, {20, 3_001}, {1, 200_003}}) {
                int rows = shape[0], len = shape[1];
                double[] v = new double[rows * len];
                for (int r = 0; r < rows; r++) {
                    for (int j = 0; j < len; j++) {
                        v[r * len + j] =
                                rnd.nextInt(8) == 0 ? plain[rnd.nextInt(plain.length)] : rnd.nextInt(-3000, 3000) / 8.0;
                    }
                    int kind = rows == 1 ? 0 : r % 4;
                    if (kind == 1)
                        for (int k = 0; k < 5; k++)
                            v[r * len + rnd.nextInt(len)] = rnd.nextBoolean() ? Double.NaN : -0.0;
                    if (kind == 2) v[r * len + rnd.nextInt(len)] = -0.0;
                    if (kind == 3) v[r * len + len - 1] = Double.NaN;
                }
                try (NDArray f = Nd.array(v, DType.FLOAT64, rows, len);
                        NDArray a = f.astype(dt)) {
                    double[] host = a.toDoubleArray();
                    try (NDArray s = Nd.sort(a, 1);
                            NDArray i = Nd.argsort(a, 1)) {
                        double[] got = s.toDoubleArray();
                        long[] gi = i.toLongArray();
                        for (int r = 0; r < rows; r++) {
                            final int row = r;
                            assertRowSorted(
                                    host,
                                    r,
                                    len,
                                    got,
                                    gi,
                                    j -> row * len + j,
                                    stablePath(dt, rows, len),
                                    dt + " " + rows + "x" + len + " row " + r);
                        }
                    }
                }
            }
        }
    }

    private void checkRows(DType dt, int rows, int len, SplittableRandom rnd) {
        double[] v = longRowValues(dt, rows * len, rnd);
        try (NDArray f = Nd.array(v, DType.FLOAT64, rows, len);
                NDArray a = f.astype(dt)) {
            double[] host = a.toDoubleArray();
            try (NDArray s = Nd.sort(a, 1);
                    NDArray i = Nd.argsort(a, 1)) {
                // the passes read a C-ordered input where it lies: it must come out untouched
                assertArrayEquals(host, a.toDoubleArray(), dt + " " + rows + "x" + len + ": the input changed");
                double[] got = s.toDoubleArray();
                long[] gi = i.toLongArray();
                for (int r = 0; r < rows; r++) {
                    final int row = r;
                    // the network is not stable for sort: there -0.0 and 0.0 may trade places
                    assertRowSorted(
                            host,
                            r,
                            len,
                            got,
                            gi,
                            j -> row * len + j,
                            stablePath(dt, rows, len),
                            dt + " " + rows + "x" + len + " row " + r);
                }
            }
        }
    }

    // rows that one of the radix sorts takes (Sorting's dispatch): those keep -0.0 and 0.0 in input order
    private static boolean stablePath(DType dt, int rows, int len) {
        return (rows <= RadixSort.MAX_ROWS && RadixSort.handles(dt, len))
                || (len > Sorting.ONESWEEP_MIN_LENGTH && OnesweepSort.handles(dt, len, rows));
    }

    /**
     * Row r of the (rows, len) values v sorted and argsorted as Java's stable sort orders it: element j
     * of the row's result sits at {@code at(j)} of got and gi. {@code signedZeros}: -0.0 and 0.0 must be
     * where the stable order puts them (compared bit for bit), else they may trade places.
     */
    private static void assertRowSorted(
            double[] v,
            int r,
            int len,
            double[] got,
            long[] gi,
            java.util.function.IntUnaryOperator at,
            boolean signedZeros,
            String what) {
        Integer[] order = stableOrder(v, r * len, len);
        for (int j = 0; j < len; j++) {
            double want = v[r * len + order[j]], have = got[at.applyAsInt(j)];
            assertEquals(signedZeros ? want : want + 0.0, signedZeros ? have : have + 0.0, what + " at " + j);
            assertEquals((long) order[j], gi[at.applyAsInt(j)], what + " argsort at " + j);
        }
    }

    // the stable order of v[base, base + len) in NumPy's order (Java's sort of objects is stable)
    private static Integer[] stableOrder(double[] v, int base, int len) {
        Integer[] order = new Integer[len];
        for (int j = 0; j < len; j++) order[j] = j;
        Arrays.sort(order, (x, y) -> ORDER.compare(v[base + x], v[base + y]));
        return order;
    }
}
