package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * diags, kron, vstack, hstack and blockDiag against SciPy (construct.txt): each result's canonical
 * CSR, and the default forms' format and nnz; random against a host model of its generator; and
 * hostile arguments.
 */
class SparseConstructTest extends PerDeviceTest {
    private static SparseMatrix[] blocks(Case c) {
        int n = (int) c.longs("count")[0];
        SparseMatrix[] out = new SparseMatrix[n];
        for (int j = 0; j < n; j++) out[j] = BuildFixtures.matrix(c, "b" + j);
        return out;
    }

    private static void closeAll(SparseMatrix[] ms) {
        for (SparseMatrix m : ms) m.close();
    }

    private static String formatOf(SparseMatrix m) {
        return switch (m) {
            case CsrMatrix x -> "csr";
            case CscMatrix x -> "csc";
            case CooMatrix x -> "coo";
        };
    }

    /** {@code m} in CSR compared with the case's canonical result; {@code m} closed. */
    private static void check(Case c, SparseMatrix m) {
        try (m;
                CsrMatrix csr = m.tocsr()) {
            BuildFixtures.assertCompressed(c, "out", csr);
        }
    }

    @TestFactory
    Stream<DynamicTest> matchesScipy() {
        return BuildFixtures.cases("construct.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    switch (c.fields().get("op")) {
                        case "diags" -> {
                            int n = (int) c.longs("count")[0];
                            NDArray[] d = new NDArray[n];
                            for (int j = 0; j < n; j++)
                                d[j] = BuildFixtures.values(c, "d" + j, BuildFixtures.dtype(c, "d" + j));
                            long[] offsets = c.longs("offsets");
                            try {
                                CsrMatrix r = c.has("shape")
                                        ? Nd.sparse().diags(d, offsets, c.longs("shape"))
                                        : Nd.sparse().diags(d, offsets);
                                check(c, r);
                                if (c.has("shape"))
                                    check(c, Nd.sparse().diags(d, offsets, c.longs("shape"), SparseFormat.CSC));
                            } finally {
                                for (NDArray x : d) x.close();
                            }
                        }
                        case "kron" -> {
                            SparseMatrix[] b = blocks(c);
                            try {
                                check(c, Nd.sparse().kron(b[0], b[1]));
                                check(c, Nd.sparse().kron(b[0], b[1], SparseFormat.COO));
                            } finally {
                                closeAll(b);
                            }
                        }
                        default -> {
                            SparseMatrix[] b = blocks(c);
                            try {
                                SparseMatrix r = switch (c.fields().get("op")) {
                                    case "vstack" -> Nd.sparse().vstack(b);
                                    case "hstack" -> Nd.sparse().hstack(b);
                                    default -> Nd.sparse().blockDiag(b);
                                };
                                assertEquals(c.fields().get("default_format"), formatOf(r), "default format");
                                assertEquals(c.longs("default_nnz")[0], r.nnz(), "default nnz");
                                check(c, r);
                                for (SparseFormat f : SparseFormat.values()) {
                                    SparseMatrix g = switch (c.fields().get("op")) {
                                        case "vstack" -> Nd.sparse().vstack(f, b);
                                        case "hstack" -> Nd.sparse().hstack(f, b);
                                        default -> Nd.sparse().blockDiag(f, b);
                                    };
                                    assertEquals(f.name().toLowerCase(java.util.Locale.ROOT), formatOf(g));
                                    check(c, g);
                                }
                                for (SparseMatrix x : b) assertTrue(!x.isClosed(), "the blocks stay open");
                            } finally {
                                closeAll(b);
                            }
                        }
                    }
                }));
    }

    // ---------------------------------------------------------------- random: a host model of the generator

    private static long splitmix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Entry g's cell, as the kernel random_fill computes it. */
    private static long cell(long g, long cells, long seed) {
        int half = 0;
        while (half < 31 && (1L << (2 * half)) < cells) half++;
        long mask = (1L << half) - 1, x = g;
        do {
            long left = x >>> half, right = x & mask;
            for (int rd = 0; rd < 4; rd++) {
                long f = splitmix(seed ^ splitmix(right + ((long) rd << 56) + 0x9e3779b97f4a7c15L)) & mask;
                long t = right;
                right = left ^ f;
                left = t;
            }
            x = (left << half) | right;
        } while (Long.compareUnsigned(x, cells) >= 0);
        return x;
    }

    private static double value(long g, long seed, DType t) {
        long bits = splitmix(splitmix(seed + 0x632be59bd9b4e019L) ^ g);
        return t == DType.FLOAT64 ? (double) (bits >>> 11) * 0x1.0p-53 : (float) (bits >>> 40) * 0x1.0p-24f;
    }

    @Test
    void randomIsItsGeneratorsOnEveryDevice() {
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            long m = 700, n = 300, seed = 38;
            try (CooMatrix r = Nd.sparse().random(m, n, 0.0123, t, seed)) {
                long nnz = Math.round(Math.rint(0.0123 * m * n));
                assertEquals(nnz, r.nnz());
                assertEquals(t, r.dtype());
                assertArrayEquals(new long[] {m, n}, r.shape());
                long[] row = r.row().toLongArray(), col = r.col().toLongArray();
                double[] v = r.data().toDoubleArray();
                Set<Long> seen = new HashSet<>();
                for (int g = 0; g < nnz; g++) {
                    long x = cell(g, m * n, seed);
                    assertEquals(x / n, row[g], "row of entry " + g);
                    assertEquals(x % n, col[g], "column of entry " + g);
                    assertEquals(value(g, seed, t), v[g], "value of entry " + g);
                    assertTrue(v[g] >= 0 && v[g] < 1);
                    assertTrue(seen.add(x), "entry " + g + " shares its place");
                }
            }
        }
        try (SparseMatrix a = Nd.sparse().random(50, 40, 0.2, DType.FLOAT64, 1, SparseFormat.CSR);
                SparseMatrix b = Nd.sparse().random(50, 40, 0.2, DType.FLOAT64, 2, SparseFormat.CSR);
                NDArray da = a.toarray();
                NDArray db = b.toarray()) {
            assertEquals(CsrMatrix.class, a.getClass());
            assertEquals(400, a.nnz());
            assertTrue(!java.util.Arrays.equals(da.toDoubleArray(), db.toDoubleArray()), "seeds give other matrices");
        }
        try (CooMatrix full = Nd.sparse().random(7, 3, 1.0, DType.FLOAT32, 5);
                CooMatrix none = Nd.sparse().random(7, 3, 0.0, DType.FLOAT32, 5);
                CooMatrix empty = Nd.sparse().random(0, 3, 0.5, DType.FLOAT32, 5)) {
            assertEquals(21, full.nnz());
            assertEquals(0, none.nnz());
            assertEquals(0, empty.nnz());
        }
    }

    @Test
    void randomOnAHugeShapeStaysDistinct() {
        long m = 1_000_000, n = 3_000_000, seed = -7;
        try (CooMatrix r = Nd.sparse().random(m, n, 2e-8, DType.FLOAT32, seed)) {
            assertEquals(60_000, r.nnz());
            assertEquals(DType.INT32, r.row().dtype());
            long[] row = r.row().toLongArray(), col = r.col().toLongArray();
            Set<Long> seen = new HashSet<>();
            for (int g = 0; g < row.length; g++) {
                long x = cell(g, m * n, seed);
                assertEquals(x / n, row[g]);
                assertEquals(x % n, col[g]);
                assertTrue(seen.add(x));
            }
        }
    }

    @Test
    void diagsOfAScalarAndOfNaN() {
        try (NDArray two = Nd.array(new double[] {2.5}, DType.FLOAT64, 1).reshape();
                NDArray nan = Nd.array(new float[] {Float.NaN, 0, 1}, DType.FLOAT32, 3);
                CsrMatrix a = Nd.sparse().diags(new NDArray[] {two, nan}, new long[] {1, 0}, new long[] {3, 3});
                NDArray d = a.toarray()) {
            assertEquals(DType.FLOAT64, a.dtype());
            assertEquals(4, a.nnz(), "NaN is stored, the zero is not");
            double[] v = d.toDoubleArray();
            assertTrue(Double.isNaN(v[0]));
            assertArrayEquals(new double[] {2.5, 0, 0, 0, 2.5, 0, 0, 1}, java.util.Arrays.copyOfRange(v, 1, 9));
        }
    }

    // ---------------------------------------------------------------- hostile arguments

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    @Test
    void hostileArguments() {
        var s = Nd.sparse();
        try (NDArray d3 = Nd.array(new double[] {1, 2, 3}, DType.FLOAT64, 3);
                NDArray i3 = Nd.array(new int[] {1, 2, 3}, DType.INT32, 3);
                CsrMatrix a = s.identity(3, DType.FLOAT64);
                CsrMatrix b = s.identity(2, DType.FLOAT64)) {
            refused(
                    ShapeException.class,
                    () -> s.diags(new NDArray[] {d3}, new long[] {0, 1}, new long[] {3, 3}),
                    "diags",
                    "diagonals (1)",
                    "offsets (2)");
            refused(
                    NdException.class,
                    () -> s.diags(new NDArray[] {d3, d3}, new long[] {1, 1}, new long[] {4, 4}),
                    "diags",
                    "offset 1 twice");
            refused(
                    IndexException.class,
                    () -> s.diags(new NDArray[] {d3}, new long[] {5}, new long[] {4, 4}),
                    "diags",
                    "offset 5",
                    "out of bounds",
                    "(4, 4)");
            refused(
                    ShapeException.class,
                    () -> s.diags(new NDArray[] {d3}, new long[] {0}, new long[] {4, 4}),
                    "diags",
                    "3 entries",
                    "expected 4");
            refused(
                    DTypeException.class,
                    () -> s.diags(new NDArray[] {i3}, new long[] {0}, new long[] {3, 3}),
                    "diags",
                    "float32 or float64",
                    "int32");
            assertThrows(NullPointerException.class, () -> s.diags(null, new long[] {0}));
            refused(NdException.class, () -> s.random(3, 3, 1.5, DType.FLOAT64, 0), "random", "[0, 1]", "1.5");
            refused(NdException.class, () -> s.random(3, 3, Double.NaN, DType.FLOAT64, 0), "random", "NaN");
            refused(DTypeException.class, () -> s.random(3, 3, 0.5, DType.INT32, 0), "random", "int32");
            refused(ShapeException.class, () -> s.random(-1, 3, 0.5, DType.FLOAT64, 0), "random", "negative");
            refused(ShapeException.class, () -> s.random(1L << 40, 1L << 40, 0, DType.FLOAT64, 0), "random", "cells");
            refused(ShapeException.class, () -> s.vstack(a, b), "vstack", "blocks[1] has 2 columns", "expected 3");
            refused(ShapeException.class, () -> s.hstack(a, b), "hstack", "blocks[1] has 2 rows", "expected 3");
            refused(ShapeException.class, () -> s.vstack(), "vstack", "at least one block");
            assertThrows(NullPointerException.class, () -> s.kron(a, null));
            assertThrows(NullPointerException.class, () -> s.blockDiag(a, null));
            CsrMatrix closed = a.copy();
            closed.close();
            assertThrows(ArrayClosedException.class, () -> s.kron(a, closed));
            assertThrows(ArrayClosedException.class, () -> s.blockDiag(closed, a));
            NDArray gone = d3.copy();
            gone.close();
            assertThrows(ArrayClosedException.class, () -> s.diags(new NDArray[] {gone}, new long[] {0}));
        }
    }
}
