package org.ndgpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the disk kernel cache lives: the setting, else $XDG_CACHE_HOME, else ~/.cache. */
class ConfigTest {
    @Test
    void cacheDirFollowsXdg() {
        assertEquals(Path.of("/x/ndgpu/kernels"), Config.cacheDir(null, "/x", "/home/u"));
        assertEquals(Path.of("/home/u/.cache/ndgpu/kernels"), Config.cacheDir(null, null, "/home/u"));
        assertEquals(Path.of("/home/u/.cache/ndgpu/kernels"), Config.cacheDir(null, "relative/path", "/home/u"), "XDG ignores relative paths");
        assertEquals(Path.of("/mine"), Config.cacheDir("/mine", "/x", "/home/u"));
        assertNull(Config.cacheDir("none", "/x", "/home/u"));
    }
}
