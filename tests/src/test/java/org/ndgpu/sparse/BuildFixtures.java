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

/**
 * The fixtures of make_sparse_build_fixtures.py: blocks of "key: values" lines, as
 * {@link SparseFixtures}'s, where a matrix is given by the keys {@code PREFIX_kind},
 * {@code PREFIX_dtype}, {@code PREFIX_shape} and its arrays.
 */
final class BuildFixtures {
    private BuildFixtures() {}

    static String resource(String name) {
        try (InputStream in = BuildFixtures.class.getResourceAsStream("/fixtures/sparse/" + name)) {
            if (in == null) throw new IllegalStateException("missing fixture " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Case> cases(String name) {
        List<Case> out = new ArrayList<>();
        for (String block : resource(name).split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.split("\n")) {
                int at = line.indexOf(": ");
                if (at < 0) f.put(line.substring(0, line.length() - 1), "");
                else f.put(line.substring(0, at), line.substring(at + 2));
            }
            out.add(new Case(f));
        }
        return out;
    }

    static DType dtype(Case c, String prefix) {
        return DType.of(c.fields().get(prefix + "_dtype"));
    }

    static NDArray values(Case c, String key, DType dtype) {
        double[] v = c.doubles(key);
        return Nd.array(v, dtype, v.length);
    }

    /** The matrix {@code prefix} of the case, in its kind's format. */
    static SparseMatrix matrix(Case c, String prefix) {
        long[] s = c.longs(prefix + "_shape");
        NDArray data = values(c, prefix + "_data", dtype(c, prefix));
        return switch (c.fields().get(prefix + "_kind")) {
            case "csr" -> Nd.sparse().csrMatrix(data, c.index(prefix + "_indices"), c.index(prefix + "_indptr"), s);
            case "csc" -> Nd.sparse().cscMatrix(data, c.index(prefix + "_indices"), c.index(prefix + "_indptr"), s);
            case "coo" -> Nd.sparse().cooMatrix(data, c.index(prefix + "_row"), c.index(prefix + "_col"), s);
            default -> throw new IllegalArgumentException(c.fields().get(prefix + "_kind"));
        };
    }

    /** {@code got} (CSR or CSC) equals the case's canonical {@code prefix} matrix: the index arrays exactly, data within the dtype's tolerance. */
    static void assertCompressed(Case c, String prefix, CompressedMatrix got) {
        DType t = dtype(c, prefix);
        assertEquals(t, got.dtype(), c.name() + ": dtype");
        assertArrayEquals(c.longs(prefix + "_shape"), got.shape(), c.name() + ": shape");
        assertArrayEquals(c.longs(prefix + "_indptr"), got.indptr().toLongArray(), c.name() + ": indptr");
        assertArrayEquals(c.longs(prefix + "_indices"), got.indices().toLongArray(), c.name() + ": indices");
        double err = SparseFixtures.relativeError(got.data().toDoubleArray(), c.doubles(prefix + "_data"));
        assertTrue(err <= SparseFixtures.tolerance(t), c.name() + ": data, relative error " + err);
        assertEquals(c.longs(prefix + "_indices").length, got.nnz(), c.name() + ": nnz");
    }
}
