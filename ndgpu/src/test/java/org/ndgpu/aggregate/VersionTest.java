package org.ndgpu.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;

/**
 * {@code Nd.version()} (numpy.__version__) is the build's project version, read here from the parent
 * pom itself rather than from the resource the build filters. The jars' manifests are checked by the
 * consumer project, which runs against the installed jars ({@code consumer/}).
 */
class VersionTest {
    @Test
    void versionIsTheProjectVersion() throws IOException {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        // the parent's own <version>, the first one after its <artifactId>ndgpu-parent</artifactId>
        Matcher m = Pattern.compile("<artifactId>ndgpu-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(m.find(), "no version after ndgpu-parent's artifactId in ../pom.xml");
        assertEquals(m.group(1), Nd.version());
    }
}
