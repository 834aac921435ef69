package org.ndgpu.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ndgpu.config.Config.Setting;

/**
 * Settings of the GEMM kernel parameters chosen per OpenCL device (CLBlast's Xgemm parameters): the
 * folder that keeps each device's choice and when a device is swept. Kept beside {@link Config},
 * which lists them in {@link Config#settings()}; read at a device's first GEMM of each dtype.
 */
public final class GemmTuningSettings {
    private GemmTuningSettings() {}

    public static final Setting TUNING_DIR = new Setting(
            "ndgpu.gemm.dir",
            "NDGPU_GEMM_DIR",
            "`$XDG_CACHE_HOME/ndgpu/gemm`, else `~/.cache/ndgpu/gemm`",
            "the folder of the GEMM parameters chosen per OpenCL device (one file per device name and driver; [linalg README](../linalg/README.md#gemm-on-opencl-devices)); `none` keeps no choice on disk");
    public static final Setting TUNE = new Setting(
            "ndgpu.gemm.tune",
            "NDGPU_GEMM_TUNE",
            "`cached`",
            "GEMM parameters of an OpenCL device at its first GEMM of a dtype: `cached` (the device's saved choice, else CLBlast's own), `auto` (as `cached`, but a GPU with no saved choice is swept first: seconds to a minute), `off` (CLBlast's own, the saved choice ignored)");

    /** The folder of the per-device GEMM choices, or null when none is kept on disk. */
    public static Path tuningDir() {
        String v = TUNING_DIR.read();
        try {
            if (v != null) return v.equalsIgnoreCase("none") ? null : Path.of(v);
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                    ? Path.of(xdg)
                    : Path.of(System.getProperty("user.home"), ".cache");
            return base.resolve("ndgpu").resolve("gemm");
        } catch (InvalidPathException e) {
            throw TUNING_DIR.bad("a folder or none (" + e.getReason() + ")", v == null ? "$XDG_CACHE_HOME" : v);
        }
    }

    /** "cached" (the default), "auto" or "off". */
    public static String tune() {
        String v = TUNE.read();
        if (v == null) return "cached";
        String s = v.toLowerCase(Locale.ROOT);
        if (!List.of("cached", "auto", "off").contains(s)) throw TUNE.bad("cached, auto or off", v);
        return s;
    }
}
