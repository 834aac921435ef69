package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * mmread and loadNpz of files SciPy wrote (mm.txt, npz.txt: what SciPy reads from each), the round
 * trips through mmwrite and saveNpz, and hostile files.
 */
class SparseIoTest extends PerDeviceTest {
    @TempDir
    Path dir;

    private Path fixture(String name) throws IOException {
        Path to = dir.resolve(name);
        try (InputStream in = SparseIoTest.class.getResourceAsStream("/fixtures/sparse/" + name)) {
            if (in == null) throw new IllegalStateException("missing fixture " + name);
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
        return to;
    }

    @TestFactory
    Stream<DynamicTest> mmreadIsScipys() {
        return BuildFixtures.cases("mm.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (CooMatrix a = Nd.sparse().mmread(fixture(c.fields().get("file")));
                            CsrMatrix csr = a.tocsr()) {
                        assertArrayEquals(c.shape(), a.shape());
                        assertEquals(DType.FLOAT64, a.dtype());
                        assertArrayEquals(c.longs("row"), a.row().toLongArray(), "row");
                        assertArrayEquals(c.longs("col"), a.col().toLongArray(), "col");
                        assertArrayEquals(c.doubles("data"), a.data().toDoubleArray(), "data");
                        BuildFixtures.assertCompressed(c, "out", csr);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> loadNpzIsScipys() {
        return BuildFixtures.cases("npz.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (SparseMatrix a = Nd.sparse().loadNpz(fixture(c.fields().get("file")))) {
                        check(c, a);
                        // and back: what saveNpz writes loads as the same matrix
                        Path again = dir.resolve("again.npz");
                        Nd.sparse().saveNpz(again, a);
                        try (SparseMatrix b = Nd.sparse().loadNpz(again)) {
                            check(c, b);
                        }
                    }
                }));
    }

    private static void check(Case c, SparseMatrix a) {
        String format = c.fields().get("format");
        assertEquals(
                format,
                a.toString().startsWith("<Compressed Sparse Row")
                        ? "csr"
                        : a.toString().startsWith("<Compressed Sparse Column") ? "csc" : "coo");
        assertEquals(c.dtype(), a.dtype());
        assertArrayEquals(c.shape(), a.shape());
        DType index = DType.of(c.fields().get("index_dtype"));
        if (a instanceof CooMatrix coo) {
            assertEquals(index, coo.row().dtype());
            assertArrayEquals(c.longs("row"), coo.row().toLongArray(), "row");
            assertArrayEquals(c.longs("col"), coo.col().toLongArray(), "col");
            assertArrayEquals(c.doubles("data"), coo.data().toDoubleArray(), "data");
        } else {
            CompressedMatrix m = (CompressedMatrix) a;
            assertEquals(index, m.indexDtype());
            assertArrayEquals(c.longs("indices"), m.indices().toLongArray(), "indices");
            assertArrayEquals(c.longs("indptr"), m.indptr().toLongArray(), "indptr");
            assertArrayEquals(c.doubles("data"), m.data().toDoubleArray(), "data");
        }
    }

    @Test
    void roundTripsKeepEveryEntry() throws IOException {
        // written to target/ as well, where make_sparse_build_fixtures.py's reader can check them by hand
        Path keep = Files.createDirectories(Path.of("target", "sparse-io"));
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            try (SparseMatrix r = Nd.sparse().random(40, 30, 0.1, t, 3, SparseFormat.CSR);
                    SparseMatrix coo = r.tocoo();
                    CscMatrix csc = ((CsrMatrix) r).tocsc()) {
                for (SparseMatrix a : new SparseMatrix[] {r, coo, csc}) {
                    String name = a.getClass().getSimpleName() + "_" + t;
                    Path mtx = keep.resolve(name + ".mtx");
                    Nd.sparse().mmwrite(mtx, a);
                    assertTrue(Files.readString(mtx).startsWith("%%MatrixMarket matrix coordinate real general\n"));
                    try (CooMatrix back = Nd.sparse().mmread(mtx);
                            NDArray x = a.toarray();
                            NDArray y = back.toarray();
                            NDArray y32 = y.astype(t)) {
                        assertEquals(a.nnz(), back.nnz());
                        assertArrayEquals(x.toDoubleArray(), y32.toDoubleArray(), name + ": mmwrite, mmread");
                    }
                    Path npz = keep.resolve(name + ".npz");
                    Nd.sparse().saveNpz(npz, a, t == DType.FLOAT32);
                    try (SparseMatrix back = Nd.sparse().loadNpz(npz);
                            NDArray x = a.toarray();
                            NDArray y = back.toarray()) {
                        assertEquals(a.getClass(), back.getClass());
                        assertEquals(t, back.dtype());
                        assertArrayEquals(x.toDoubleArray(), y.toDoubleArray(), name + ": saveNpz, loadNpz");
                    }
                }
            }
        }
    }

    @Test
    void emptyMatricesRoundTrip() {
        try (SparseMatrix none = Nd.sparse().random(3, 4, 0.0, DType.FLOAT64, 0, SparseFormat.CSR);
                SparseMatrix noRows = Nd.sparse().random(0, 4, 0.5, DType.FLOAT32, 0)) {
            for (SparseMatrix a : new SparseMatrix[] {none, noRows}) {
                Path npz = dir.resolve("empty.npz"), mtx = dir.resolve("empty.mtx");
                Nd.sparse().saveNpz(npz, a);
                Nd.sparse().mmwrite(mtx, a);
                try (SparseMatrix b = Nd.sparse().loadNpz(npz);
                        CooMatrix c = Nd.sparse().mmread(mtx)) {
                    assertEquals(a.getClass(), b.getClass());
                    assertEquals(0, b.nnz());
                    assertEquals(0, c.nnz());
                    assertArrayEquals(a.shape(), b.shape());
                    assertArrayEquals(a.shape(), c.shape());
                }
            }
        }
    }

    @Test
    void mmwriteFindsSymmetryAsScipy() throws IOException {
        for (String name : new String[] {"mm_symmetric.mtx", "mm_skew.mtx", "mm_general.mtx"}) {
            Path scipys = fixture(name), ours = dir.resolve("ours_" + name);
            try (CooMatrix a = Nd.sparse().mmread(scipys)) {
                Nd.sparse().mmwrite(ours, a);
                String[] want = Files.readString(scipys).split("\n"),
                        got = Files.readString(ours).split("\n");
                assertEquals(want[0], got[0], name + ": header");
                assertEquals(sizeLine(want), sizeLine(got), name + ": sizes and entries written");
                try (CooMatrix back = Nd.sparse().mmread(ours);
                        NDArray x = a.toarray();
                        NDArray y = back.toarray()) {
                    assertArrayEquals(x.toDoubleArray(), y.toDoubleArray(), name);
                }
            }
        }
    }

    private static String sizeLine(String[] lines) {
        for (int i = 1; i < lines.length; i++) if (!lines[i].startsWith("%") && !lines[i].isBlank()) return lines[i];
        return "";
    }

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    private Path text(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void hostileFiles() throws IOException {
        var s = Nd.sparse();
        refused(NdIOException.class, () -> s.mmread(dir.resolve("missing.mtx")), "mmread", "no such file");
        refused(
                NdException.class,
                () -> s.mmread(text("a.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n")),
                "mmread",
                "coordinate",
                "array");
        refused(
                NdException.class,
                () -> s.mmread(text("c.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n")),
                "mmread",
                "real, integer or pattern",
                "complex");
        refused(
                IndexException.class,
                () -> s.mmread(text("r.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n")),
                "mmread",
                "line 3",
                "(3, 1)",
                "2 x 2");
        refused(
                NdException.class,
                () -> s.mmread(text("t.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1.0\n")),
                "mmread",
                "expected 3 entries, got 1");
        refused(
                NdException.class,
                () -> s.mmread(text("n.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 x 1.0\n")),
                "mmread",
                "line 3",
                "numbers");
        refused(NdException.class, () -> s.mmread(text("h.mtx", "hello\n")), "mmread", "header");
        refused(NdIOException.class, () -> s.loadNpz(dir.resolve("missing.npz")), "loadNpz", "no such file");
        refused(NpyFormatException.class, () -> s.loadNpz(text("z.npz", "not a zip")), "loadNpz", "not a .npz");
        Path plain = dir.resolve("plain.npz");
        org.ndgpu.io.Npz.write(plain, Map.of("x", HostArray.of(DType.INT8, new byte[] {1, 2}, 2)));
        refused(NpyFormatException.class, () -> s.loadNpz(plain), "loadNpz", "no 'format' entry", "[x]");
        try (CsrMatrix a = s.identity(3, DType.FLOAT64)) {
            CsrMatrix closed = a.copy();
            closed.close();
            assertThrows(ArrayClosedException.class, () -> s.mmwrite(dir.resolve("x.mtx"), closed));
            assertThrows(ArrayClosedException.class, () -> s.saveNpz(dir.resolve("x.npz"), closed));
            assertThrows(NullPointerException.class, () -> s.saveNpz(null, a));
        }
    }
}
