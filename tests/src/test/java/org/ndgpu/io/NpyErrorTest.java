package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/** Broken, foreign and hostile files: each error names the file, what was expected and what was found. */
class NpyErrorTest {
    private static final Path OUT = NpyFixtures.outDir("npy-errors");

    /** A .npy file with any header text, as a hand-written or corrupted file might have. */
    static byte[] npy(int major, String header, byte[] data) {
        byte[] h = header.getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Npy.MAGIC);
        out.write(major);
        out.write(0);
        int lenBytes = major == 1 ? 2 : 4;
        for (int i = 0; i < lenBytes; i++) out.write(h.length >>> (8 * i));
        out.writeBytes(h);
        out.writeBytes(data);
        return out.toByteArray();
    }

    static String failRead(String fileName, byte[] bytes) throws Exception {
        Path p = OUT.resolve(fileName);
        Files.write(p, bytes);
        String fromFile =
                assertThrows(NpyFormatException.class, () -> Npy.read(p)).getMessage();
        assertTrue(fromFile.startsWith(p.toString() + ": "), "message names the file: " + fromFile);
        // the in-memory reader reports the same problem
        String fromBytes =
                assertThrows(NpyFormatException.class, () -> Npy.read(bytes)).getMessage();
        assertEquals(fromFile.substring(p.toString().length()), fromBytes.substring("npy bytes".length()));
        return fromFile;
    }

    static void assertContains(String message, String... parts) {
        for (String part : parts) assertTrue(message.contains(part), "expected \"" + part + "\" in: " + message);
    }

    private static byte[] valid3x4() {
        return Npy.toBytes(HostArray.of(DType.FLOAT32, new byte[48], 3, 4));
    }

    @Test
    void wrongMagic() throws Exception {
        String m = failRead("x.npy", "PK\u0003\u0004 this is a zip".getBytes(StandardCharsets.ISO_8859_1));
        assertContains(m, "x.npy: not a .npy file: magic is b'PK\\x03\\x04 t'", "expected b'\\x93NUMPY'");
        assertContains(failRead("empty.npy", new byte[0]), "magic is b''", "ends after 0 bytes");
    }

    @Test
    void unsupportedVersion() throws Exception {
        byte[] b = valid3x4();
        b[6] = 4;
        assertContains(failRead("v4.npy", b), "unsupported .npy format version 4.0", "expected 1.0, 2.0 or 3.0");
    }

    @Test
    void truncatedHeader() throws Exception {
        assertContains(
                failRead("short.npy", Arrays.copyOf(valid3x4(), 30)),
                "truncated header: the header length field says 118 bytes, the file has only 20 more");
        assertContains(failRead("shorter.npy", Arrays.copyOf(valid3x4(), 8)), "truncated header", "header length");
    }

    @Test
    void truncatedData() throws Exception {
        byte[] b = valid3x4();
        String m = failRead("cut.npy", Arrays.copyOf(b, b.length - 28));
        assertContains(m, "truncated data: header says shape (3, 4) float32 = 48 bytes, file has 20");
    }

    @Test
    void bytesAfterTheData() throws Exception {
        byte[] b = Arrays.copyOf(valid3x4(), valid3x4().length + 12);
        assertContains(
                failRead("long.npy", b),
                "header says shape (3, 4) float32 = 48 bytes, file has 60 (12 bytes after the array)");
    }

    @Test
    void hugeHeaderLengthIsRefusedBeforeAllocating() throws Exception {
        byte[] b = npy(2, "", new byte[0]);
        b[8] = b[9] = b[10] = b[11] = (byte) 0xFF;
        assertContains(failRead("huge.npy", b), "header length 4294967295 bytes exceeds the limit of 1048576 bytes");
    }

    @Test
    void headerLengthThatLies() throws Exception {
        byte[] longer = valid3x4();
        longer[8] = (byte) (longer[8] + 16); // the header now swallows the first 16 data bytes
        assertContains(
                failRead("lies-long.npy", longer),
                "header is not a valid Python literal",
                "unexpected text after the literal");
        byte[] shorter = valid3x4();
        shorter[8] = (byte) (shorter[8] - 100); // the header now ends inside the dict
        assertContains(failRead("lies-short.npy", shorter), "header is not a valid Python literal");
    }

    @Test
    void headerThatLiesAboutTheShape() throws Exception {
        byte[] b = npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000, 1000), }\n", new byte[64]);
        assertContains(
                failRead("big-shape.npy", b),
                "header says shape (1000000000, 1000) float64 = 8000000000000 bytes; a host array holds at most 2 GiB");
        byte[] c = npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000, 1000), }\n", new byte[64]);
        assertContains(
                failRead("claims-8MB.npy", c),
                "truncated data: header says shape (1000, 1000) float64 = 8000000 bytes, file has 64");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            quoteCharacter = '"',
            value = {
                "'|O';object arrays (Python objects, pickled) are not supported (descr '|O')",
                "[('a', '<i4'), ('b', '<f8')];load the file with Nd.loadStructured, which gives a StructuredArray",
                "'|V8';void dtypes are not supported",
                "'<U3';string dtypes are not supported",
                "'<u16';unknown or unsupported typestring (descr '<u16')",
                "'<f16';long double precision is not supported",
                "'<M8[15m]';datetime and timedelta dtypes are supported with one unit and no multiple",
                "'<m8[xs]';datetime and timedelta dtypes are supported with one unit and no multiple",
                "'<q9';unknown or unsupported typestring (descr '<q9')",
                "3;header 'descr' must be a typestring such as '<f4', found 3"
            })
    void unsupportedDtypes(String descr, String expected) throws Exception {
        byte[] b = npy(1, "{'descr': " + descr + ", 'fortran_order': False, 'shape': (2,), }\n", new byte[16]);
        assertContains(failRead("dtype.npy", b), expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            quoteCharacter = '"',
            value = {
                "{'descr': '<f4', 'shape': (2,)};header has no 'fortran_order' key",
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1};header has extra keys",
                "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,)};'fortran_order' must be True or False, found 0",
                "{'descr': '<f4', 'fortran_order': False, 'shape': [2]};'shape' must be a tuple of integers, found [2]",
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -1)};has -1 at position 1",
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2)};(x) is not a tuple",
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2.0,)};a float is not allowed here",
                "{'descr': '<f4', 'descr': '<f4', 'shape': (2,)};key 'descr' appears twice",
                "{'descr': '<f4', 'fortran_order': false, 'shape': (2,)};unknown name 'false'",
                "['descr', '<f4'];header is not a dict",
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'descr;unterminated string"
            })
    void malformedHeaders(String header, String expected) throws Exception {
        assertContains(failRead("header.npy", npy(1, header + "\n", new byte[8])), expected);
    }

    @Test
    void headerParserTakesWhatLiteralEvalTakes() {
        byte[] data = new byte[24];
        data[0] = 1;
        for (String header : new String[] {
            "{'shape': (2, 3), 'fortran_order': False, 'descr': '|u1'}",
            "{ \"descr\" : \"|u1\" ,\n 'fortran_order':False,'shape':( 2 ,3 , ) , }",
            "{'descr': '|u1', 'fortran_order': False, 'shape': (2L, 3L), }     \n"
        }) {
            HostArray a = Npy.read(npy(1, header, Arrays.copyOf(data, 6)));
            assertArrayEquals(new long[] {2, 3}, a.shape());
            assertEquals(DType.UINT8, a.dtype());
        }
        HostArray z = Npy.read(npy(3, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }\n", new byte[8]));
        assertEquals(0, z.ndim());
    }

    @Test
    void npzNamesTheEntryThatFails() throws Exception {
        Path p = OUT.resolve("bad.npz");
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(p))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("good.npy"));
            zip.write(valid3x4());
            zip.putNextEntry(new java.util.zip.ZipEntry("weights.npy"));
            zip.write(Arrays.copyOf(valid3x4(), 100));
        }
        String m = assertThrows(NpyFormatException.class, () -> Npz.read(p)).getMessage();
        assertContains(m, p + ": entry 'weights.npy': truncated header");
        Path notZip = OUT.resolve("not-a-zip.npz");
        Files.write(notZip, valid3x4());
        assertContains(
                assertThrows(NpyFormatException.class, () -> Npz.read(notZip)).getMessage(),
                "not-a-zip.npz: not a .npz file");
        Path other = OUT.resolve("other.npz");
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(other))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("notes.txt"));
            zip.write(1);
        }
        assertContains(
                assertThrows(NpyFormatException.class, () -> Npz.read(other)).getMessage(),
                "entry 'notes.txt' is not a .npy array");
    }
}
