package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.ndarray.HostArray;

/** .npz archives: NumPy's stored and deflated ones read, and Java's read back by Java and NumPy. */
class NpzTest {

    private static Map<String, HostArray> expected() {
        Map<String, HostArray> m = new LinkedHashMap<>();
        m.put("y", NpyFixtures.get("npz_y").expected());
        m.put("z", NpyFixtures.get("npz_z").expected());
        m.put("arr_0", NpyFixtures.get("npz_arr_0").expected());
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {"stored.npz", "deflated.npz"})
    void readsNumPyArchives(String name) {
        LinkedHashMap<String, HostArray> m = Npz.read(NpyFixtures.dir().resolve(name));
        assertEquals(List.of("y", "z", "arr_0"), List.copyOf(m.keySet()), "np.savez's order and names");
        for (var e : expected().entrySet())
            assertEquals(e.getValue(), m.get(e.getKey()).toCOrder(), e.getKey());
        assertEquals(true, m.get("z").fortranOrder(), "z was saved Fortran-ordered");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void writesArchivesThatReadBack(boolean compressed) throws Exception {
        Path p = NpyFixtures.outDir("npz").resolve(compressed ? "java-deflated.npz" : "java-stored.npz");
        Map<String, HostArray> m =
                new LinkedHashMap<>(Npz.read(NpyFixtures.dir().resolve("stored.npz")));
        m.put("scalar", Npy.read(NpyFixtures.get("zerod_complex64").npy()));
        m.put("empty", Npy.read(NpyFixtures.get("empty_float32_0x3").npy()));
        if (compressed) Npz.writeCompressed(p, m);
        else Npz.write(p, m);
        assertEquals(m, Npz.read(p));
        try (ZipFile zip = new ZipFile(p.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                assertEquals(compressed ? ZipEntry.DEFLATED : ZipEntry.STORED, e.getMethod(), e.getName());
                // each entry is exactly the .npy np.save writes
                assertArrayEquals(
                        Npy.toBytes(m.get(e.getName().replace(".npy", ""))),
                        zip.getInputStream(e).readAllBytes());
            }
        }
        String code = """
                import numpy as np
                with np.load(%s) as f:
                    print(sorted(f.files), f['y'].tolist(), f['z'].flags.f_contiguous, f['scalar'].item(), f['empty'].shape)
                """.formatted(NpyTest.pyStr(p.toAbsolutePath()));
        String out = NpyFixtures.python(code);
        Assumptions.assumeTrue(out != null, "python3 with NumPy not available");
        assertEquals("['arr_0', 'empty', 'scalar', 'y', 'z'] [-6, -3, 0, 3] True (1.5-2j) (0, 3)", out.strip());
    }
}
