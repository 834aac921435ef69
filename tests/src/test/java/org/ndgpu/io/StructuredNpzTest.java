package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.io.StructuredFixtures.Case;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.structured.StructuredArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * .npz archives with structured members against NumPy's np.savez and np.savez_compressed
 * (make_structured_fixtures.py): every field of every structured member equals NumPy's values, the
 * plain members still read by name, a member asked as the wrong kind is refused naming the archive
 * and the member, and archives ndgpu writes hold exactly the .npy bytes np.save writes.
 */
public class StructuredNpzTest extends PerDeviceTest {
    private static final Path OUT = NpyFixtures.outDir("structured-npz");
    // the members of npz_mixed(.c).npz that are structured, and the .npy case each one is
    private static final Map<String, String> MIXED = Map.of("r", "packed", "z", "zerod", "e", "empty");

    private static Path fixture(String name) {
        return StructuredFixtures.dir().resolve(name);
    }

    /** Every field of {@code s} equals NumPy's values of that case's field files; returns the fields compared. */
    private static int assertFieldsAre(Case c, StructuredArray s, String what) {
        assertEquals(c.fields(), s.fieldNames(), what);
        assertArrayEquals(c.shape(), s.shape(), what);
        assertEquals(c.dtypeStr(), s.dtype().toString(), what);
        for (String f : c.fields()) {
            try (NDArray got = s.field(f);
                    NDArray want = Nd.load(c.field(f))) {
                HostArray g = got.toHost(), w = want.toHost();
                assertEquals(w.dtype(), g.dtype(), what + "." + f);
                assertArrayEquals(w.shape(), g.shape(), what + "." + f);
                assertArrayEquals(w.toBytes(), g.toBytes(), what + "." + f);
            }
        }
        return c.fields().size();
    }

    @ParameterizedTest
    @ValueSource(strings = {"npz_mixed.npz", "npz_mixed_c.npz"})
    void structuredMembersHaveNumPysFieldValues(String archive) {
        Map<String, StructuredArray> all = Nd.loadStructuredNpz(fixture(archive));
        try {
            assertEquals(List.of("r", "z", "e"), List.copyOf(all.keySet()), "archive order, plain members left out");
            int fields = 0;
            for (var m : MIXED.entrySet()) {
                Case c = StructuredFixtures.get(m.getValue());
                fields += assertFieldsAre(c, all.get(m.getKey()), archive + ":" + m.getKey());
                try (StructuredArray one = Nd.loadStructuredNpz(fixture(archive), m.getKey())) {
                    assertFieldsAre(c, one, archive + ":" + m.getKey() + " by name");
                }
            }
            assertEquals(7, fields);
            assertArrayEquals(new long[0], all.get("z").shape(), "the 0-d member");
            assertArrayEquals(new long[] {0}, all.get("e").shape(), "the empty member");
        } finally {
            all.values().forEach(StructuredArray::close);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"npz_mixed.npz", "npz_mixed_c.npz"})
    void plainMembersStillReadByName(String archive) {
        for (String[] m : new String[][] {{"a", "npz_plain_a.npy"}, {"b", "npz_plain_b.npy"}}) {
            try (NDArray got = Nd.loadNpz(fixture(archive), m[0])) {
                assertEquals(Npy.read(fixture(m[1])), got.toHost(), archive + ":" + m[0]);
            }
            assertEquals(Npy.read(fixture(m[1])), Npz.read(fixture(archive), m[0]), archive + ":" + m[0]);
        }
    }

    @Test
    void bigEndianAndFortranMembersAreReordered() {
        Map<String, StructuredArray> all = Nd.loadStructuredNpz(fixture("npz_layouts.npz"));
        try {
            assertFieldsAre(StructuredFixtures.get("bigendian"), all.get("big"), "big");
            assertFieldsAre(StructuredFixtures.get("fortran"), all.get("fort"), "fort");
        } finally {
            all.values().forEach(StructuredArray::close);
        }
    }

    @Test
    void aMemberAskedAsTheWrongKindIsRefusedNamingArchiveAndMember() {
        Path p = fixture("npz_mixed.npz");
        String m = assertThrows(NpyFormatException.class, () -> Nd.loadStructuredNpz(p, "a"))
                .getMessage();
        NpyErrorTest.assertContains(
                m, p + ": entry 'a.npy'", "not a structured array", "descr is '<f4'", "Nd.loadNpz(file, \"a\")");
        m = assertThrows(NpyFormatException.class, () -> Nd.loadNpz(p, "r")).getMessage();
        NpyErrorTest.assertContains(
                m, p + ": entry 'r.npy'", "is a structured array", "not a plain array", "Nd.loadStructuredNpz");
        m = assertThrows(NpyFormatException.class, () -> Nd.loadNpz(p)).getMessage();
        NpyErrorTest.assertContains(m, p + ": entry 'r.npy'", "is a structured array");
        m = assertThrows(NpyFormatException.class, () -> Nd.loadStructuredNpz(p, "q"))
                .getMessage();
        NpyErrorTest.assertContains(m, p + ": no member 'q'", "[a, r, z, e, b]");
        m = assertThrows(NpyFormatException.class, () -> Nd.loadNpz(p, "q")).getMessage();
        NpyErrorTest.assertContains(m, p + ": no member 'q'");
        // an archive of plain members only has no structured ones
        assertEquals(Map.of(), Nd.loadStructuredNpz(NpyFixtures.dir().resolve("stored.npz")));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void savezWritesNumPysMembers(boolean compressed) throws Exception {
        Path in = fixture("npz_mixed.npz");
        Path out = OUT.resolve(compressed ? "mixed-deflated.npz" : "mixed-stored.npz");
        Map<String, StructuredArray> records = Nd.loadStructuredNpz(in);
        try (NDArray a = Nd.loadNpz(in, "a");
                NDArray b = Nd.loadNpz(in, "b")) {
            Map<String, NDArray> plain = new LinkedHashMap<>();
            plain.put("a", a);
            plain.put("b", b);
            if (compressed) Nd.savezCompressed(out, plain, records);
            else Nd.savez(out, plain, records);
        } finally {
            records.values().forEach(StructuredArray::close);
        }
        try (ZipFile zip = new ZipFile(out.toFile())) {
            List<String> names = zip.stream().map(ZipEntry::getName).toList();
            assertEquals(List.of("a.npy", "b.npy", "r.npy", "z.npy", "e.npy"), names, "plain members first");
            for (ZipEntry e : zip.stream().toList()) {
                assertEquals(compressed ? ZipEntry.DEFLATED : ZipEntry.STORED, e.getMethod(), e.getName());
                String key = e.getName().replace(".npy", "");
                // a structured member is exactly np.save's bytes of that case in C order, little-endian
                Path want = MIXED.containsKey(key)
                        ? StructuredFixtures.get(MIXED.get(key)).canonical()
                        : fixture("npz_plain_" + key + ".npy");
                assertArrayEquals(
                        Files.readAllBytes(want), zip.getInputStream(e).readAllBytes(), e.getName());
            }
        }
        String code = """
                import numpy as np
                with np.load(%s) as f:
                    print(f.files, f['r'].dtype.names, f['z'].shape, f['e'].shape, f['a'].tolist())
                """.formatted(NpyTest.pyStr(out.toAbsolutePath()));
        String py = NpyFixtures.python(code);
        Assumptions.assumeTrue(py != null, "python3 with NumPy not available");
        assertEquals("['a', 'b', 'r', 'z', 'e'] ('x', 'y', 'name') () (0,) [0.0, 1.5, 3.0, 4.5]", py.strip());
    }

    @Test
    void savezRefusesAClosedOrDuplicateMemberAndLeavesTheFileAlone() throws Exception {
        Path out = OUT.resolve("refused.npz");
        Files.write(out, new byte[] {1, 2, 3});
        StructuredArray s = Nd.loadStructured(StructuredFixtures.get("packed").npy());
        try (NDArray a = Nd.loadNpz(fixture("npz_mixed.npz"), "a")) {
            String m = assertThrows(NdException.class, () -> Nd.savez(out, Map.of("x", a), Map.of("x", s)))
                    .getMessage();
            NpyErrorTest.assertContains(m, "savez: duplicate array name 'x'");
            s.close();
            m = assertThrows(ArrayClosedException.class, () -> Nd.savez(out, Map.of("a", a), Map.of("r", s)))
                    .getMessage();
            NpyErrorTest.assertContains(m, "savez: the structured array 'r' was closed");
        }
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(out));
        assertTrue(s.isClosed());
    }
}
