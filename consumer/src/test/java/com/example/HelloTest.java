package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;

class HelloTest {
    @Test
    void columnSumsAsNumPy() {
        assertArrayEquals(new long[]{12, 15, 18, 21}, Hello.columnSums());   // numpy.arange(12).reshape(3, 4).sum(0)
    }

    @Test
    void versionIsTheOneAskedFor() throws IOException {
        String expected = System.getProperty("ndgpu.expectedVersion");
        assertEquals(expected, Nd.version());                               // numpy.__version__
        int jars = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = new File(entry).getName();
            if (!name.startsWith("ndgpu") || !name.endsWith(".jar")) continue;
            try (JarFile jar = new JarFile(entry)) {
                assertEquals(expected, jar.getManifest().getMainAttributes().getValue("Implementation-Version"), name);
            }
            jars++;
        }
        assertTrue(jars >= 10, "expected ndgpu's jars on the class path, found " + jars);
    }
}
