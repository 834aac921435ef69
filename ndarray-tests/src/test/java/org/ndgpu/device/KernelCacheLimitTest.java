package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The disk kernel cache's size cap: the least recently used entries go first, until the rest fits. */
class KernelCacheLimitTest {
    @TempDir
    Path dir;

    private Path entry(String name, int bytes, long usedMillis) throws Exception {
        Path f = dir.resolve(name + ".bin");
        Files.write(f, new byte[bytes]);
        Files.setLastModifiedTime(f, FileTime.fromMillis(usedMillis));
        return f;
    }

    @Test
    void leastRecentlyUsedEntriesGoFirst() throws Exception {
        Path oldest = entry("a", 400, 1_000_000);
        Path middle = entry("b", 400, 2_000_000);
        Path newest = entry("c", 400, 3_000_000);
        Path other = dir.resolve("notes.txt");
        Files.write(other, new byte[5000]); // not a cache entry: never counted or deleted
        ProgramCache.evict(dir, 1200);
        assertTrue(Files.exists(oldest) && Files.exists(middle) && Files.exists(newest), "under the cap nothing goes");
        ProgramCache.evict(dir, 900);
        assertFalse(Files.exists(oldest), "the least recently used entry is deleted");
        assertTrue(Files.exists(middle) && Files.exists(newest));
        ProgramCache.evict(dir, 1);
        assertFalse(Files.exists(middle) || Files.exists(newest));
        assertTrue(Files.exists(other));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.filter(p -> p.toString().endsWith(".bin")).count());
        }
    }
}
