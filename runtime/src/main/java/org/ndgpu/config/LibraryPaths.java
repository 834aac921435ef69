package org.ndgpu.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.ndgpu.config.Config.Setting;

/**
 * Settings that name the file of an optional native library, for when the one the dynamic loader
 * finds first is not the one wanted (two NCCLs on one host: the system's and a Python wheel's). Kept
 * beside {@link Config}, which lists them in {@link Config#settings()}; read once, when the library
 * loads.
 */
public final class LibraryPaths {
    private LibraryPaths() {}

    public static final Setting NCCL_LIBRARY = new Setting(
            "ndgpu.nccl.library",
            "NDGPU_NCCL_LIBRARY",
            "`libnccl.so.2` through the dynamic loader, else in `$NCCL_ROOT/lib`, else in a Python package's `nvidia/nccl/lib`",
            "the file of libnccl to load (`.../site-packages/nvidia/nccl/lib/libnccl.so.2`, CuPy's), instead of searching; read once, when NCCL is first used");

    /** The libnccl file asked for, or null to search for it. */
    public static Path ncclLibrary() {
        String v = NCCL_LIBRARY.read();
        if (v == null) return null;
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            throw NCCL_LIBRARY.bad("the path of a libnccl file (" + e.getReason() + ")", v);
        }
    }
}
