package org.ndgpu;

import java.nio.file.Path;

/**
 * The one place where ndgpu reads system properties and environment variables. A property wins
 * over its variable.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>property</th><th>variable</th><th>meaning</th></tr>
 * <tr><td>ndgpu.device</td><td>NDGPU_DEVICE</td><td>default device: "cuda:0", "opencl:1"</td></tr>
 * <tr><td>ndgpu.cache.dir</td><td>NDGPU_CACHE_DIR</td><td>compiled-kernel cache folder (default $XDG_CACHE_HOME/ndgpu/kernels, or ~/.cache/ndgpu/kernels); "none" turns the disk cache off</td></tr>
 * <tr><td>ndgpu.cache.max</td><td>NDGPU_CACHE_MAX</td><td>bytes the disk cache may hold ("1g", the default); the least recently used entries go first</td></tr>
 * <tr><td>ndgpu.pool.limit</td><td>NDGPU_POOL_LIMIT</td><td>bytes the memory pool of each device may hold ("512m", "4g", or a fraction of device memory "0.8")</td></tr>
 * <tr><td>ndgpu.log</td><td>NDGPU_LOG</td><td>"info" logs the device choice and compiles; "debug" also logs generated sources</td></tr>
 * </table>
 */
public final class Config {
    private Config() { }

    /** The setting's value: the system property, else the environment variable, else null. */
    public static String get(String property, String variable) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) v = System.getenv(variable);
        return v == null || v.isBlank() ? null : v.strip();
    }

    /** The device asked for, or null to choose the best one. */
    public static String device() { return get("ndgpu.device", "NDGPU_DEVICE"); }

    /** The kernel cache folder, or null when the disk cache is off. */
    public static Path cacheDir() {
        return cacheDir(get("ndgpu.cache.dir", "NDGPU_CACHE_DIR"), System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"));
    }

    /** {@link #cacheDir()} from the setting, $XDG_CACHE_HOME and the home folder (a seam for tests). */
    static Path cacheDir(String setting, String xdgCacheHome, String home) {
        if (setting != null) return setting.equalsIgnoreCase("none") ? null : Path.of(setting);
        // the XDG base directory rule: $XDG_CACHE_HOME when it is an absolute path, else ~/.cache
        Path base = xdgCacheHome != null && !xdgCacheHome.isBlank() && Path.of(xdgCacheHome).isAbsolute()
                ? Path.of(xdgCacheHome) : Path.of(home, ".cache");
        return base.resolve("ndgpu").resolve("kernels");
    }

    /** Bytes the disk kernel cache may hold before its least recently used entries are deleted (default 1 GiB). */
    public static long cacheMax() {
        String v = get("ndgpu.cache.max", "NDGPU_CACHE_MAX");
        if (v == null) return 1L << 30;
        long max = parseBytes(v, 1L << 30, "ndgpu.cache.max");
        if (max <= 0) throw new NdException("ndgpu.cache.max: expected a positive size such as 512m or 2g, got '" + v + "'");
        return max;
    }

    /** The pool limit in bytes for a device with {@code deviceBytes} of memory; Long.MAX_VALUE when unset. */
    public static long poolLimit(long deviceBytes) {
        String v = get("ndgpu.pool.limit", "NDGPU_POOL_LIMIT");
        if (v == null) return Long.MAX_VALUE;
        long limit = parseBytes(v, deviceBytes, "ndgpu.pool.limit");
        if (limit <= 0) {
            throw new NdException("ndgpu.pool.limit: expected a limit > 0 such as 512m, 4g or a fraction such as 0.8, got '" + v
                    + "' (" + limit + " bytes)");
        }
        return limit;
    }

    /** True when generated sources and compiles should be logged. */
    public static boolean debug() { return "debug".equalsIgnoreCase(get("ndgpu.log", "NDGPU_LOG")); }

    /** "512m", "4g", "1024", or a fraction of {@code whole} such as "0.8". */
    public static long parseBytes(String text, long whole, String what) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.contains(".")) {
                double f = Double.parseDouble(t);
                if (!(f > 0) || Double.isInfinite(f)) throw new NumberFormatException();
                return (long) Math.min(f * whole, Long.MAX_VALUE);
            }
            long mul = 1;
            char last = t.charAt(t.length() - 1);
            if (Character.isLetter(last)) {
                mul = switch (last) {
                    case 'k' -> 1L << 10;
                    case 'm' -> 1L << 20;
                    case 'g' -> 1L << 30;
                    case 't' -> 1L << 40;
                    default -> throw new NumberFormatException();
                };
                t = t.substring(0, t.length() - 1);
            }
            return Math.multiplyExact(Long.parseLong(t), mul);
        } catch (RuntimeException e) {
            throw new NdException(what + ": expected bytes such as 512m, 4g or a fraction such as 0.8, got '" + text + "'");
        }
    }
}
