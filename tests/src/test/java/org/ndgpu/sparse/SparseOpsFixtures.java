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
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;

/** The SciPy fixtures of make_sparse_ops_fixtures.py (ops.txt), and the comparisons of SparseOpsTest. */
final class SparseOpsFixtures {
    private SparseOpsFixtures() {}

    static List<Case> cases() {
        String text;
        try (InputStream in = SparseOpsFixtures.class.getResourceAsStream("/fixtures/sparse/ops.txt")) {
            if (in == null) throw new IllegalStateException("missing fixture ops.txt");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> out = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.split("\n")) {
                int at = line.indexOf(':');
                f.put(line.substring(0, at), at + 2 <= line.length() ? line.substring(at + 2) : "");
            }
            out.add(new Case(f));
        }
        return out;
    }

    /** The case's B operand: a canonical CSR matrix of A's shape. */
    static CsrMatrix b(Case c) {
        return Nd.sparse()
                .csrMatrix(
                        c.values("b_data", c.doubles("b_data").length),
                        c.index("b_indices"),
                        c.index("b_indptr"),
                        c.shape());
    }

    /**
     * The largest difference relative to the largest expected magnitude (1 at least); a NaN expected
     * must be NaN, and is then skipped.
     */
    static void close(double[] expected, double[] got, DType dtype, String what) {
        assertEquals(expected.length, got.length, what + ": length");
        double scale = 1, err = 0;
        for (double e : expected) if (Double.isFinite(e)) scale = Math.max(scale, Math.abs(e));
        for (int i = 0; i < got.length; i++) {
            if (Double.isNaN(expected[i])) {
                assertTrue(Double.isNaN(got[i]), what + "[" + i + "]: " + got[i] + ", expected NaN");
                continue;
            }
            if (Double.isInfinite(expected[i])) {
                assertEquals(expected[i], got[i], what + "[" + i + "]");
                continue;
            }
            err = Math.max(err, Math.abs(got[i] - expected[i]));
        }
        double tol = dtype == DType.FLOAT32 ? 2e-6 : 1e-13;
        assertTrue(err / scale <= tol, what + ": relative error " + err / scale);
    }

    /** {@code got} (closed here) against the case's values {@code key}, in the case's dtype. */
    static void close(Case c, String key, NDArray got, String what) {
        try (got) {
            assertEquals(c.dtype(), got.dtype(), what + ": dtype");
            close(c.doubles(key), got.toDoubleArray(), c.dtype(), what);
        }
    }

    /** A CSR or CSC result against {@code prefix_indptr}, {@code _indices} (exactly) and {@code _data}. */
    static void compressed(Case c, String prefix, CompressedMatrix got, String what) {
        assertArrayEquals(c.longs(prefix + "_indptr"), got.indptr().toLongArray(), what + ": indptr");
        assertArrayEquals(c.longs(prefix + "_indices"), got.indices().toLongArray(), what + ": indices");
        assertEquals(c.longs(prefix + "_indices").length, got.nnz(), what + ": nnz");
        close(c.doubles(prefix + "_data"), got.data().toDoubleArray(), got.dtype(), what + ": data");
    }

    /** A COO result against {@code prefix_row}, {@code _col} (exactly) and {@code _data}. */
    static void coordinate(Case c, String prefix, CooMatrix got, String what) {
        assertArrayEquals(c.longs(prefix + "_row"), got.row().toLongArray(), what + ": row");
        assertArrayEquals(c.longs(prefix + "_col"), got.col().toLongArray(), what + ": col");
        close(c.doubles(prefix + "_data"), got.data().toDoubleArray(), got.dtype(), what + ": data");
    }
}
