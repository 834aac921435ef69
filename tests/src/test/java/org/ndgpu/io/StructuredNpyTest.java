package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.io.StructuredFixtures.Case;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.structured.StructuredArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.loadStructured and Nd.save of structured arrays against NumPy's own files: every fixture's
 * fields equal NumPy's field values, the file ndgpu writes equals NumPy's np.save of the same values
 * byte for byte, the repr and str equal NumPy's; and broken or unsupported descrs are refused with
 * a message naming the file and the field.
 */
public class StructuredNpyTest extends PerDeviceTest {
    private static final Path OUT = NpyFixtures.outDir("structured");

    @Test
    void everyFixtureLoadsWithNumPysFieldValues() {
        int fields = 0;
        for (Case c : StructuredFixtures.all()) {
            try (StructuredArray s = Nd.loadStructured(c.npy())) {
                assertEquals(c.fields(), s.fieldNames(), c.name());
                assertArrayEquals(c.shape(), s.shape(), c.name());
                assertEquals(c.dtypeStr(), s.dtype().toString(), c.name());
                for (String f : c.fields()) {
                    try (NDArray got = s.field(f);
                            NDArray want = Nd.load(c.field(f))) {
                        HostArray g = got.toHost(), w = want.toHost();
                        assertEquals(w.dtype(), g.dtype(), c.name() + "." + f);
                        assertArrayEquals(w.shape(), g.shape(), c.name() + "." + f);
                        assertArrayEquals(w.toBytes(), g.toBytes(), c.name() + "." + f);
                        fields++;
                    }
                }
            }
        }
        assertTrue(fields > 40, "fields compared: " + fields);
    }

    @Test
    void saveWritesNumPysBytes() throws Exception {
        for (Case c : StructuredFixtures.all()) {
            Path out = OUT.resolve(c.name() + ".npy");
            try (StructuredArray s = Nd.loadStructured(c.npy())) {
                Nd.save(out, s);
            }
            assertArrayEquals(Files.readAllBytes(c.canonical()), Files.readAllBytes(out), c.name());
            // and what ndgpu wrote reads back to the same fields
            try (StructuredArray back = Nd.loadStructured(out);
                    StructuredArray numpy = Nd.loadStructured(c.canonical())) {
                for (String f : c.fields()) {
                    try (NDArray a = back.field(f);
                            NDArray b = numpy.field(f)) {
                        assertArrayEquals(b.toHost().toBytes(), a.toHost().toBytes(), c.name() + "." + f);
                    }
                }
            }
        }
    }

    @Test
    void reprAndStrAreNumPys() {
        for (Case c : StructuredFixtures.all()) {
            try (StructuredArray s = Nd.loadStructured(c.npy())) {
                assertEquals(c.repr(), s.toString(), c.name() + " repr");
                assertEquals(c.str(), s.str(), c.name() + " str");
            }
        }
    }

    @Test
    void fortranOrderAndBigEndianFilesAreReordered() throws Exception {
        // the Fortran-order file holds the records column by column; loaded, row 0 is NumPy's row 0
        Case f = StructuredFixtures.get("fortran");
        assertTrue(header(f.npy()).contains("'fortran_order': True"), header(f.npy()));
        Case b = StructuredFixtures.get("bigendian");
        assertTrue(header(b.npy()).contains("('x', '>i4')"), header(b.npy()));
        assertTrue(header(b.canonical()).contains("('x', '<i4')"), header(b.canonical()));
        Case u = StructuredFixtures.get("unicode");
        assertEquals(3, Files.readAllBytes(u.npy())[6], "NumPy writes a non-Latin-1 field name as version 3.0");
    }

    private static String header(Path p) throws Exception {
        byte[] b = Files.readAllBytes(p);
        return new String(b, 10, Math.min(200, b.length - 10), StandardCharsets.ISO_8859_1);
    }

    // ---------------------------------------------------------------- refused files

    private static Path file(String name, String descr, String shape, int dataBytes) throws Exception {
        String header = "{'descr': " + descr + ", 'fortran_order': False, 'shape': " + shape + ", }\n";
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Npy.MAGIC);
        out.write(1);
        out.write(0);
        out.write(h.length);
        out.write(h.length >>> 8);
        out.writeBytes(h);
        out.writeBytes(new byte[dataBytes]);
        Path p = OUT.resolve(name + ".npy");
        Files.write(p, out.toByteArray());
        return p;
    }

    private static void refused(String descr, int dataBytes, String... expected) throws Exception {
        Path p = file("refused", descr, "(2,)", dataBytes);
        String m = assertThrows(NpyFormatException.class, () -> Nd.loadStructured(p))
                .getMessage();
        assertTrue(m.startsWith(p + ": "), "names the file: " + m);
        NpyErrorTest.assertContains(m, expected);
    }

    @Test
    void malformedDescrsAreRefusedNamingTheField() throws Exception {
        refused("[('x', '<f4'), ('x', '<i4')]", 16, "field name 'x' appears twice");
        refused("[('x', [('a', '<f4')])]", 8, "field 'x'", "nested structured fields are not supported");
        refused("[('s', '|S4')]", 8, "field 's'", "string dtypes are not supported");
        refused("[('u', '<U2')]", 16, "field 'u'", "string dtypes are not supported");
        refused("[('o', '|O')]", 16, "field 'o'", "object arrays");
        refused("[('x',)]", 8, "('x',) is not a field; expected (name, typestring) or (name, typestring, shape)");
        refused("[(('title', 'x'), '<f4')]", 8, "field titles are not supported");
        refused("[]", 0, "has no fields");
        refused("[('', '<f4')]", 8, "has an empty name");
        refused("[('x', '<f4', (-1,))]", 8, "field 'x' has the subarray shape (-1,)");
        refused("[('v', '|V4')]", 8, "field 'v' is a void field '|V4'");
        refused("[('x', 3)]", 8, "field 'x' has the type 3");
        refused("[3]", 8, "entry 3 is not a field");
        refused("[('x', '<f4')]", 7, "truncated data", "shape (2,) of 4-byte records = 8 bytes, file has 7");
        refused("[('x', '<f4')]", 9, "data size mismatch");
    }

    @Test
    void plainAndStructuredFilesPointAtEachOther() throws Exception {
        Path plain = file("plain", "'<f4'", "(2,)", 8);
        NpyErrorTest.assertContains(
                assertThrows(NpyFormatException.class, () -> Nd.loadStructured(plain))
                        .getMessage(),
                "not a structured array",
                "load it with Nd.load");
        Path rec = StructuredFixtures.get("packed").npy();
        NpyErrorTest.assertContains(
                assertThrows(NpyFormatException.class, () -> Nd.load(rec)).getMessage(), "Nd.loadStructured");
    }

    @Test
    void aClosedArrayIsNotSavedAndTheFileIsLeftAlone() throws Exception {
        StructuredArray s = Nd.loadStructured(StructuredFixtures.get("packed").npy());
        s.close();
        Path out = OUT.resolve("closed.npy");
        Files.write(out, new byte[] {1, 2, 3});
        String m =
                assertThrows(ArrayClosedException.class, () -> Nd.save(out, s)).getMessage();
        assertTrue(m.startsWith("save: "), m);
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(out));
    }
}
