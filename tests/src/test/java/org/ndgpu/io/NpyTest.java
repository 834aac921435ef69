package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.io.NpyFixtures.Fixture;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/** Reads every NumPy-written fixture, and writes files NumPy would write byte for byte. */
class NpyTest {

    @TestFactory
    Stream<DynamicTest> readsEveryFixture() {
        return NpyFixtures.all().stream()
                .map(f -> dynamicTest("read " + f, () -> {
                    HostArray a = Npy.read(f.npy());
                    assertEquals(f.dtype(), a.dtype(), "dtype");
                    assertArrayEquals(f.shape(), a.shape(), "shape");
                    assertEquals(f.fortran(), a.fortranOrder(), "fortran_order");
                    assertEquals(f.expected(), a.toCOrder(), "elements (compared in C order, little-endian)");
                }));
    }

    @TestFactory
    Stream<DynamicTest> readsFromStreamsAndBytesAlike() {
        return NpyFixtures.all().stream()
                .map(f -> dynamicTest("stream " + f, () -> {
                    HostArray fromFile = Npy.read(f.npy());
                    try (InputStream in = Files.newInputStream(f.npy())) {
                        assertEquals(fromFile, Npy.read(in));
                    }
                    assertEquals(fromFile, Npy.read(NpyFixtures.read(f.npy())));
                }));
    }

    /** np.save's exact bytes, from Java: header dict, padding, fortran flag and data order. */
    @TestFactory
    Stream<DynamicTest> writesWhatNumPyWrites() {
        Path out = NpyFixtures.outDir("npy");
        return NpyFixtures.all().stream()
                .filter(f -> !f.bigEndian() && f.version().equals("1.0"))
                .map(f -> dynamicTest("write " + f, () -> {
                    HostArray a = f.fortran() ? f.expected().toFortranOrder() : f.expected();
                    Path p = out.resolve(f.name() + ".npy");
                    Npy.write(p, a);
                    assertArrayEquals(NpyFixtures.read(f.npy()), NpyFixtures.read(p), "bytes of " + p);
                    // and what was read round-trips to the same bytes
                    assertArrayEquals(NpyFixtures.read(f.npy()), Npy.toBytes(Npy.read(f.npy())));
                }));
    }

    @Test
    void bigEndianAndOtherVersionsRewriteAsLittleEndianVersion1() {
        for (String name : List.of("be_float64_3x4_F", "be_complex128_2x3_C", "v2_float32_2x3", "v3_int64_2x3_F")) {
            Fixture f = NpyFixtures.get(name);
            HostArray a = Npy.read(f.npy());
            byte[] bytes = Npy.toBytes(a);
            assertEquals(1, bytes[6], "version 1.0 written");
            assertEquals(a, Npy.read(bytes));
            assertEquals(f.expected(), Npy.read(bytes).toCOrder());
        }
    }

    @Test
    void consecutiveArraysInOneStream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HostArray x = NpyFixtures.get("float32_2x3_C").expected(),
                y = NpyFixtures.get("zerod_bool").expected();
        Npy.write(out, x);
        Npy.write(out, y);
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        assertEquals(x, Npy.read(in));
        assertEquals(y, Npy.read(in));
        assertEquals(0, in.available());
    }

    @Test
    void zeroDimensionalAndEmpty() {
        HostArray z = Npy.read(NpyFixtures.get("zerod_float64").npy());
        assertEquals(0, z.ndim());
        assertEquals(1, z.size());
        assertEquals(3.5, z.data().getDouble(0));
        HostArray e = Npy.read(NpyFixtures.get("empty_float32_0x3").npy());
        assertArrayEquals(new long[] {0, 3}, e.shape());
        assertEquals(0, e.nbytes());
    }

    @Test
    void headerOver64KiBUsesVersion2() {
        long[] shape = new long[25000];
        java.util.Arrays.fill(shape, 1);
        HostArray a = new HostArray(DType.INT8, shape, false, java.nio.ByteBuffer.wrap(new byte[] {42}));
        byte[] bytes = Npy.toBytes(a);
        assertEquals(2, bytes[6], "a header over 65535 bytes needs version 2.0");
        assertEquals(0, (bytes.length - 1) % 64, "data starts 64-byte aligned");
        assertEquals(a, Npy.read(bytes));
    }

    @Test
    void fortranFlagIsNormalizedAsNumPyDoes() {
        // (1, 4) is both C- and F-contiguous: np.save writes fortran_order False
        Fixture f = NpyFixtures.get("both_float32_1x4");
        HostArray a = new HostArray(f.dtype(), f.shape(), true, f.expected().data());
        assertArrayEquals(NpyFixtures.read(f.npy()), Npy.toBytes(a));
        assertFalse(Npy.read(f.npy()).fortranOrder());
    }

    /** NumPy itself loads what Java wrote (skipped where python3 with NumPy is missing). */
    @Test
    void numpyLoadsJavaFiles() {
        Path out = NpyFixtures.outDir("npy-check");
        List<String> names = new ArrayList<>();
        for (Fixture f : NpyFixtures.all()) {
            Npy.write(out.resolve(f.name() + ".npy"), Npy.read(f.npy()));
            names.add(f.name());
        }
        String code = """
                import numpy as np, sys
                d, fx = sys.argv[1] if len(sys.argv) > 1 else %s, %s
                bad = []
                for n in %s:
                    a, b = np.load(d + '/' + n + '.npy'), np.load(fx + '/' + n + '.npy')
                    if a.dtype != b.dtype.newbyteorder('<') or a.shape != b.shape or not np.array_equal(a, b):
                        bad.append(n)
                print('BAD', bad)
                """.formatted(pyStr(out.toAbsolutePath()), pyStr(NpyFixtures.dir()), pyList(names));
        String result = NpyFixtures.python(code);
        Assumptions.assumeTrue(result != null, "python3 with NumPy not available");
        assertEquals("BAD []", result.strip());
    }

    static String pyStr(Path p) {
        return "'" + p.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    static String pyList(List<String> names) {
        return names.stream()
                .map(n -> "'" + n + "'")
                .reduce((a, b) -> a + ", " + b)
                .map(s -> "[" + s + "]")
                .orElse("[]");
    }

    @Test
    void hostArrayChecksItsBufferSize() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(
                org.ndgpu.exceptions.ShapeException.class, () -> HostArray.of(DType.FLOAT32, new byte[20], 3, 4));
        assertTrue(e.getMessage().contains("(3, 4) float32 needs 48 bytes, buffer has 20"), e.getMessage());
    }
}
