package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SpMV, {@code A.T() @ x} (the CSC scatter kernel, no transpose formed) and SpMM against SciPy on
 * patterns that pick each SpMV kernel: one row of 100k entries, power-law rows, rows of 0 to 2
 * entries (a row per work-item), rows of 40 to 89 (a warp per row), empty rows and an empty
 * matrix, in float32 and float64. The matrices are built from the closed formulas of
 * make_spmv_fixtures.py; float32 results are held to float32's tolerance of SciPy's float64 ones.
 */
class SpmvTest extends PerDeviceTest {
    /** One block of spmv.txt. */
    record Case(Map<String, String> f) {
        String name() {
            return f.get("name");
        }

        long[] shape() {
            return longs(f.get("shape"));
        }

        double[] doubles(String key) {
            String v = f.get(key).trim();
            if (v.isEmpty()) return new double[0];
            String[] p = v.split(" ");
            double[] out = new double[p.length];
            for (int i = 0; i < p.length; i++) out[i] = Double.parseDouble(p[i]);
            return out;
        }

        boolean has(String key) {
            return !f.get(key).equals("-");
        }

        @Override
        public String toString() {
            return name();
        }
    }

    private static final int P = 2;

    private static long[] longs(String v) {
        String[] p = v.trim().split(" ");
        long[] out = new long[p.length];
        for (int i = 0; i < p.length; i++) out[i] = Long.parseLong(p[i]);
        return out;
    }

    static List<Case> cases() {
        String text;
        try (InputStream in = SpmvTest.class.getResourceAsStream("/fixtures/sparse/spmv.txt")) {
            if (in == null) throw new IllegalStateException("missing fixture spmv.txt");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> out = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.split("\n")) {
                int at = line.indexOf(": ");
                f.put(line.substring(0, at), line.substring(at + 2));
            }
            out.add(new Case(f));
        }
        return out;
    }

    /** make_spmv_fixtures.py's row_length. */
    static long rowLength(String rule, long r, long n) {
        return switch (rule) {
            case "dense_row" -> r == 7 ? n : r % 5;
            case "power_law" -> r % 3 == 2 ? 0 : Math.min(n, 8000 / (r + 1));
            case "short_rows" -> r == 1000 ? n : r % 3;
            case "mid_rows" -> r >= 990 ? 0 : r % 9;
            case "wide_rows" -> 40 + r % 50;
            case "empty" -> 0;
            default -> throw new IllegalArgumentException(rule);
        };
    }

    /** make_spmv_fixtures.py's xs: {@code count} values from their index, exact as there. */
    static double[] xs(long count) {
        double[] x = new double[Math.toIntExact(count)];
        for (int j = 0; j < x.length; j++) x[j] = ((j * 104729L) % 1009) / 1009.0 - 0.3;
        return x;
    }

    /** The case's matrix, built as make_spmv_fixtures.py's build, with values of {@code dtype}. */
    static CsrMatrix build(Case c, DType dtype) {
        long m = c.shape()[0], n = c.shape()[1], stride = longs(c.f().get("stride"))[0];
        int[] indptr = new int[Math.toIntExact(m + 1)];
        for (int r = 0; r < m; r++) indptr[r + 1] = indptr[r] + (int) rowLength(c.name(), r, n);
        int nnz = indptr[(int) m];
        int[] indices = new int[nnz];
        double[] data = new double[nnz];
        for (int r = 0; r < m; r++)
            for (int k = indptr[r]; k < indptr[r + 1]; k++)
                indices[k] = (int) ((r * 31L + (k - indptr[r]) * stride) % n);
        for (int k = 0; k < nnz; k++) data[k] = ((k * 7919L) % 2003) / 2003.0 - 0.5;
        return Nd.sparse()
                .csrMatrix(
                        Nd.array(data, dtype, nnz),
                        Nd.array(indices, DType.INT32, nnz),
                        Nd.array(indptr, DType.INT32, m + 1),
                        new long[] {m, n});
    }

    /** float64: 1e-12 of the largest magnitude; float32: its epsilon times the growth of a sum of the longest row. */
    static double tolerance(Case c, DType dtype) {
        if (dtype == DType.FLOAT64) return 1e-12;
        long m = c.shape()[0], n = c.shape()[1], longest = 1;
        for (long r = 0; r < m; r++) longest = Math.max(longest, rowLength(c.name(), r, n));
        return 4 * 1.2e-7 * Math.max(16, Math.sqrt((double) longest));
    }

    private static void close(Case c, DType dtype, double[] expected, NDArray got, String what) {
        try (got) {
            assertEquals(dtype, got.dtype(), what + ": dtype");
            double err = SparseFixtures.relativeError(got.toDoubleArray(), expected);
            assertTrue(err <= tolerance(c, dtype), c + " " + dtype + " " + what + ": relative error " + err);
        }
    }

    private static Stream<DynamicTest> each(String what, CaseBody body) {
        return cases().stream()
                .flatMap(c -> Stream.of(DType.FLOAT32, DType.FLOAT64)
                        .map(t -> DynamicTest.dynamicTest(c + " " + t + ": " + what, () -> body.run(c, t))));
    }

    private interface CaseBody {
        void run(Case c, DType dtype) throws Exception;
    }

    @TestFactory
    Stream<DynamicTest> spmvIsScipys() {
        return each("A @ x", (c, t) -> {
            try (CsrMatrix a = build(c, t);
                    NDArray x = Nd.array(xs(c.shape()[1]), t, c.shape()[1])) {
                assertEquals(Long.parseLong(c.f().get("nnz")), a.nnz());
                close(c, t, c.doubles("spmv"), a.matmul(x), "A @ x");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> transposeSpmvIsScipys() {
        return each("A.T @ x", (c, t) -> {
            if (!c.has("T_spmv")) return;
            long m = c.shape()[0];
            try (CsrMatrix a = build(c, t);
                    NDArray x = Nd.array(xs(m), t, m)) {
                CscMatrix at = a.T();
                close(c, t, c.doubles("T_spmv"), at.matmul(x), "A.T @ x");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> spmmIsScipys() {
        return each("A @ X", (c, t) -> {
            long n = c.shape()[1];
            try (CsrMatrix a = build(c, t);
                    NDArray x = Nd.array(xs(n * P), t, n, P)) {
                NDArray y = a.matmul(x);
                assertArrayEquals(new long[] {c.shape()[0], P}, y.shape());
                close(c, t, c.doubles("spmm"), y, "A @ X");
            }
        });
    }

    /** The CSC SpMM (scatter, no transpose formed) against SpMM of the transpose made in CSR. */
    @TestFactory
    Stream<DynamicTest> transposeSpmmIsTheTransposesSpmm() {
        return each("A.T @ X", (c, t) -> {
            long m = c.shape()[0];
            try (CsrMatrix a = build(c, t);
                    NDArray x = Nd.array(xs(m * P), t, m, P);
                    CsrMatrix formed = a.T().tocsr();
                    NDArray want = formed.matmul(x)) {
                NDArray y = a.T().matmul(x);
                assertArrayEquals(new long[] {c.shape()[1], P}, y.shape());
                close(c, t, want.toDoubleArray(), y, "A.T @ X");
            }
        });
    }

    @Test
    void lanesFollowTheAverageRowLength() {
        assertEquals(1, Products.lanes(0, 0));
        assertEquals(1, Products.lanes(10, 0));
        assertEquals(1, Products.lanes(10, 19));
        assertEquals(2, Products.lanes(10, 20));
        assertEquals(4, Products.lanes(16_777_216, 83_869_696)); // the 4096^2 Poisson matrix
        assertEquals(16, Products.lanes(100, 1600));
        assertEquals(32, Products.lanes(1, 100_000));
    }
}
