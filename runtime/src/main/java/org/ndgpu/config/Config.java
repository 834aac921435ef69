package org.ndgpu.config;

import static org.ndgpu.config.SettingValues.blockShare;
import static org.ndgpu.config.SettingValues.bool;
import static org.ndgpu.config.SettingValues.oneOf;
import static org.ndgpu.config.SettingValues.own;
import static org.ndgpu.config.SettingValues.positive;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * The one place where ndgpu reads system properties and environment variables. A property wins
 * over its variable. Each setting has one typed accessor here, named for it, which checks the value
 * and applies the default; a value it cannot use is an NdException that names the property, the
 * form expected and the value given. {@link #settings()} lists them all; README's "Configuration"
 * table is the same list, and a test keeps the two equal.
 *
 * <pre>{@code
 * Config.device();                      // "opencl:0" with -Dndgpu.device=opencl:0 or NDGPU_DEVICE=opencl:0
 * Config.settings().forEach(s -> System.out.println(s.property() + " = " + s.defaultValue()));
 * }</pre>
 */
public final class Config {
    private Config() {}

    /**
     * One setting: its system property, its environment variable (null where it has none), its
     * default and its meaning, as README's table shows them (Markdown).
     */
    public record Setting(String property, String variable, String defaultValue, String description) {
        /** The value: the system property, else the environment variable, else null. */
        String read() {
            String v = System.getProperty(property);
            if ((v == null || v.isBlank()) && variable != null) v = System.getenv(variable);
            return v == null || v.isBlank() ? null : v.strip();
        }

        /** "ndgpu.device / NDGPU_DEVICE", for messages. */
        public String names() {
            return variable == null ? property : property + " / " + variable;
        }

        NdException bad(String expected, String given) {
            return new NdException(property + ": expected " + expected + ", got '" + given + "'");
        }
    }

    public static final Setting DEVICE = new Setting(
            "ndgpu.device",
            "NDGPU_DEVICE",
            "the first CUDA GPU, else the first OpenCL GPU, else the first OpenCL device",
            "the default device: `cuda:0`, `opencl:1`, `opencl:gpu`, `opencl:cpu`");
    public static final Setting CACHE_DIR = new Setting(
            "ndgpu.cache.dir",
            "NDGPU_CACHE_DIR",
            "`$XDG_CACHE_HOME/ndgpu/kernels`, else `~/.cache/ndgpu/kernels`",
            "the folder of the compiled-kernel cache; `none` turns the disk cache off");
    public static final Setting CACHE_MAX = new Setting(
            "ndgpu.cache.max",
            "NDGPU_CACHE_MAX",
            "`1g`",
            "bytes the kernel cache may hold on disk (`512m`, `2g`); the least recently used entries are deleted first");
    public static final Setting POOL_LIMIT = new Setting(
            "ndgpu.pool.limit",
            "NDGPU_POOL_LIMIT",
            "no limit",
            "bytes the memory pool of each device may hold (`512m`, `4g`, or a fraction of the device's memory such as `0.8`)");
    public static final Setting POOL_RECLAIM = new Setting(
            "ndgpu.pool.reclaim",
            "NDGPU_POOL_RECLAIM",
            "`32m`",
            "growth of the bytes held by arrays, since the last collection, past which the pool asks the JVM's collector (on a background thread) to find arrays dropped without close(): `64m`, a fraction of the pool's limit or the device's memory such as `0.01`, or `off`; the growth allowed is at least what arrays from before the last collection still hold and at most a quarter of the limit ([memory.md](memory.md))");
    public static final Setting POOL_RECLAIM_SHARE = new Setting(
            "ndgpu.pool.reclaimShare",
            null,
            "`0.5` where `System.gc()` is concurrent (ZGC, Shenandoah, G1 with `-XX:+ExplicitGCInvokesConcurrent`), else `0.1`",
            "the most of the time the pauses of those collections may take (above 0, at most 1): the next waits `1/share - 1` times as long as the last one paused the program, unless the pool is over half full");
    public static final Setting MEMORY = new Setting(
            "ndgpu.memory",
            "NDGPU_MEMORY",
            "`device`",
            "where new arrays are allocated: `device` (the device's own memory) or `managed` (memory the driver pages between the device and the host, so an array may exceed the device: CUDA's `cuMemAllocManaged`, OpenCL's fine-grained SVM; a device without it refuses); `Nd.managedMemory()` does it for a block of code ([memory.md](memory.md#managed-memory))");
    public static final Setting LOG = new Setting(
            "ndgpu.log",
            "NDGPU_LOG",
            "`info`",
            "`info` or `debug`; `debug` also logs every generated kernel source before it compiles");
    public static final Setting REDUCTION_BLOCKS_PER_CU = new Setting(
            "ndgpu.reduction.blocksPerCu",
            null,
            "`16`",
            "blocks per compute unit of a split reduction where the backend cannot say how many are resident (OpenCL GPUs)");
    public static final Setting REDUCTION_VECTOR_UNROLL = new Setting(
            "ndgpu.reduction.vectorUnroll",
            null,
            "`2`",
            "16-byte vector loads in flight per thread in a contiguous reduction");
    public static final Setting REDUCTION_UNROLL = new Setting(
            "ndgpu.reduction.unroll",
            null,
            "`8` on a GPU, `4` on a CPU device",
            "strided loads in flight per thread in a reduction that cannot use vector loads");
    public static final Setting REDUCTION_COLUMN_THREADS = new Setting(
            "ndgpu.reduction.columnThreads",
            null,
            "`32`",
            "threads along the kept axis of a reduction over columns (a power of two, at most 256)");
    public static final Setting REDUCTION_ROW_THREADS = new Setting(
            "ndgpu.reduction.rowThreads",
            null,
            "`256`",
            "threads that share one output of a reduction over rows (a power of two, at most 256)");
    public static final Setting REDUCTION_OCCUPANCY = new Setting(
            "ndgpu.reduction.occupancy",
            null,
            "`true`",
            "size a split reduction's grid by the driver's occupancy answer where it has one (CUDA)");
    public static final Setting CUDA_TF32 = new Setting(
            "ndgpu.cuda.tf32",
            null,
            "`false`",
            "float32 matmul may use TF32 tensor cores (faster, errors near 1e-3); `CudaLinalg.setTf32` changes it at run time");
    public static final Setting FFT_ENGINE = new Setting(
            "ndgpu.fft.engine",
            null,
            "`auto`",
            "who computes FFTs on a CUDA device: `auto` (cuFFT where it loads, else ndgpu's own kernels) or `own` (ndgpu's kernels, to compare or profile them)");
    public static final Setting CUDA_SVD = new Setting(
            "ndgpu.cuda.svd",
            null,
            "`auto`",
            "the cuSOLVER routine of svd: `auto` (by size), `gesvd`, `gesvdj` or `gesvdp`");
    public static final Setting LINALG_SOLVER = new Setting(
            "ndgpu.linalg.solver",
            null,
            "`auto`",
            "who factors matrices past order 64 (LU, Cholesky, QR) on a CUDA device: `auto` (cuSOLVER where it loads) or `own` (ndgpu's blocked kernels, as OpenCL devices run them, to compare them with cuSOLVER; svd on ndgpu's Jacobi kernels, and eigh of stacks of orders 9 to 32 on ndgpu's Jacobi kernel instead of syevjBatched); stacks of order up to 64 go to ndgpu's batched kernels either way (eigh: up to order 8 and from 33; eigvalsh: all)");
    public static final Setting SPARSE_LIBRARY = new Setting(
            "ndgpu.sparse.library",
            null,
            "`auto`",
            "who runs sparse products and CSR to CSC on a CUDA device: `auto` (cuSPARSE where it loads) or `own` (ndgpu's kernels, as OpenCL devices run them, to compare them with cuSPARSE)");
    public static final Setting SPARSE_SPMV = new Setting(
            "ndgpu.sparse.spmv",
            null,
            "`auto`",
            "which own kernel runs CSR SpMV (OpenCL devices; CUDA with `ndgpu.sparse.library=own`): `auto` (by the average row length), `scalar` (a row per work-item), `vector2` to `vector32` (a row per 2 to 32 work-items) or `stream` (256 rows' products staged in local memory), to compare them");
    public static final Setting CUDA_STAGING_MODE = new Setting(
            "ndgpu.cuda.stagingMode",
            null,
            "`pipelined`",
            "how host-device copies go through pinned buffers: `pipelined` (many chunks in flight) or `simple` (one chunk at a time)");
    public static final Setting CUDA_STAGING_CHUNK_MIB = new Setting(
            "ndgpu.cuda.stagingChunkMiB",
            null,
            "`4` when pipelined, `16` when simple",
            "MiB of each pinned staging buffer");
    public static final Setting CUDA_STAGING_SLOTS = new Setting(
            "ndgpu.cuda.stagingSlots",
            null,
            "`16` when pipelined, `4` when simple",
            "pinned staging buffers per device (at least 2)");
    public static final Setting CUDA_COPY_THREADS = new Setting(
            "ndgpu.cuda.copyThreads",
            null,
            "half the cores, at most `8`",
            "threads that copy between Java memory and the pinned staging buffers");
    public static final Setting OPENCL_STAGING_CHUNK = new Setting(
            "ndgpu.opencl.stagingChunk",
            null,
            "`4m`",
            "bytes of each pinned staging buffer of OpenCL host-device copies (`4m`, `64k`; from `1k` to `1g`)");
    public static final Setting OPENCL_STAGING_SLOTS = new Setting(
            "ndgpu.opencl.stagingSlots", null, "`16`", "pinned staging buffers per OpenCL device (at least 2)");
    public static final Setting OPENCL_COPY_THREADS = new Setting(
            "ndgpu.opencl.copyThreads",
            null,
            "half the cores, at most `8`",
            "threads that copy between Java memory and the OpenCL staging buffers");
    public static final Setting OPENCL_COMMAND_BUFFER = new Setting(
            "ndgpu.opencl.commandBuffer",
            null,
            "`true`",
            "a captured graph replays as one `cl_khr_command_buffer` where the OpenCL device offers it; `false` replays its launch list");
    public static final Setting NULL_BACKEND = new Setting(
            "ndgpu.nullBackend",
            null,
            "`false`",
            "benchmarks only: `true` adds the device `null:0`, which runs no device work, to measure host cost");

    public static final Setting DEBUG = new Setting(
            "ndgpu.debug",
            "NDGPU_DEBUG",
            "`false`, but `true` on PoCL (an OpenCL CPU device)",
            "checked mode: the indices of ElementwiseKernel and ReductionKernel `raw` parameters and of JavaKernel arrays are bounds-checked on the device; a bad one is an IndexException, not a crash");

    private static final List<Setting> SETTINGS = List.of(
            DEVICE,
            CACHE_DIR,
            CACHE_MAX,
            POOL_LIMIT,
            POOL_RECLAIM,
            POOL_RECLAIM_SHARE,
            MEMORY,
            LOG,
            REDUCTION_BLOCKS_PER_CU,
            REDUCTION_VECTOR_UNROLL,
            REDUCTION_UNROLL,
            REDUCTION_COLUMN_THREADS,
            REDUCTION_ROW_THREADS,
            REDUCTION_OCCUPANCY,
            CUDA_TF32,
            FFT_ENGINE,
            CUDA_SVD,
            LINALG_SOLVER,
            SPARSE_LIBRARY,
            SPARSE_SPMV,
            CUDA_STAGING_MODE,
            CUDA_STAGING_CHUNK_MIB,
            CUDA_STAGING_SLOTS,
            CUDA_COPY_THREADS,
            OPENCL_STAGING_CHUNK,
            OPENCL_STAGING_SLOTS,
            OPENCL_COPY_THREADS,
            OPENCL_COMMAND_BUFFER,
            LibraryPaths.NCCL_LIBRARY,
            GemmTuningSettings.TUNING_DIR,
            GemmTuningSettings.TUNE,
            NULL_BACKEND,
            DEBUG);

    /** Every setting ndgpu reads, in README's order. */
    public static List<Setting> settings() {
        return SETTINGS;
    }

    /** The device asked for, or null to choose the best one. */
    public static String device() {
        return DEVICE.read();
    }

    /** The kernel cache folder, or null when the disk cache is off. */
    public static Path cacheDir() {
        String v = CACHE_DIR.read();
        try {
            return cacheDir(v, System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"));
        } catch (java.nio.file.InvalidPathException e) {
            if (v != null) throw CACHE_DIR.bad("a folder or none (" + e.getReason() + ")", v);
            throw new NdException(
                    CACHE_DIR.property() + " is unset, and $XDG_CACHE_HOME or user.home is no path: " + e.getMessage());
        }
    }

    /** {@link #cacheDir()} from the setting, $XDG_CACHE_HOME and the home folder (a seam for tests). */
    static Path cacheDir(String setting, String xdgCacheHome, String home) {
        if (setting != null) return setting.equalsIgnoreCase("none") ? null : Path.of(setting);
        // the XDG base directory rule: $XDG_CACHE_HOME when it is an absolute path, else ~/.cache
        Path base = xdgCacheHome != null
                        && !xdgCacheHome.isBlank()
                        && Path.of(xdgCacheHome).isAbsolute()
                ? Path.of(xdgCacheHome)
                : Path.of(home, ".cache");
        return base.resolve("ndgpu").resolve("kernels");
    }

    /** Bytes the disk kernel cache may hold before its least recently used entries are deleted (default 1 GiB). */
    public static long cacheMax() {
        String v = CACHE_MAX.read();
        if (v == null) return 1L << 30;
        long max = parseBytes(v, 1L << 30, CACHE_MAX.property());
        if (max <= 0) throw CACHE_MAX.bad("a positive size such as 512m or 2g", v);
        return max;
    }

    /** The pool limit in bytes for a device with {@code deviceBytes} of memory; Long.MAX_VALUE when unset. */
    public static long poolLimit(long deviceBytes) {
        String v = POOL_LIMIT.read();
        if (v == null) return Long.MAX_VALUE;
        long limit = parseBytes(v, deviceBytes, POOL_LIMIT.property());
        if (limit <= 0) {
            throw new NdException(
                    POOL_LIMIT.property() + ": expected a limit > 0 such as 512m, 4g or a fraction such as 0.8, got '"
                            + v + "' (" + limit + " bytes)");
        }
        return limit;
    }

    /**
     * Bytes of growth in what arrays hold that bring the collector in early, for a pool that may
     * hold {@code capacity} bytes; Long.MAX_VALUE when the setting is {@code off}.
     */
    public static long poolReclaim(long capacity) {
        String v = POOL_RECLAIM.read();
        if (v == null) return 32L << 20;
        if (v.equalsIgnoreCase("off")) return Long.MAX_VALUE;
        long bytes;
        try {
            bytes = parseBytes(v, capacity, POOL_RECLAIM.property());
        } catch (NdException e) {
            bytes = -1;
        }
        if (bytes <= 0) throw POOL_RECLAIM.bad("bytes > 0 such as 64m, a fraction such as 0.01, or off", v);
        return bytes;
    }

    /** The most of the time the early collections may take: {@link #POOL_RECLAIM_SHARE}. */
    public static double poolReclaimShare() {
        double set = poolReclaimShareSet();
        return Double.isNaN(set) ? ConcurrentGc.EXPLICIT ? 0.5 : 0.1 : set;
    }

    /**
     * {@link #POOL_RECLAIM_SHARE} as set, checked, or NaN when it is not set: its default depends on
     * the JVM's flags, which start the management beans to read, so a pool checks the setting at its
     * first allocation and leaves the default to the thread that spaces the collections.
     */
    public static double poolReclaimShareSet() {
        String v = POOL_RECLAIM_SHARE.read();
        if (v == null) return Double.NaN;
        try {
            double share = Double.parseDouble(v);
            if (share > 0 && share <= 1) return share;
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw POOL_RECLAIM_SHARE.bad("a fraction above 0 and at most 1 such as 0.1", v);
    }

    /** True when {@link #MEMORY} is {@code managed}: new arrays are allocated in managed memory. */
    public static boolean managedMemory() {
        String v = MEMORY.read();
        if (v == null || v.equalsIgnoreCase("device")) return false;
        if (v.equalsIgnoreCase("managed")) return true;
        throw MEMORY.bad("device or managed", v);
    }

    /** How much ndgpu logs: {@link #LOG}. */
    public enum LogLevel {
        INFO,
        DEBUG
    }

    /** The log level asked for; {@link LogLevel#DEBUG} also logs generated sources. */
    public static LogLevel log() {
        String v = LOG.read();
        if (v == null) return LogLevel.INFO;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "info" -> LogLevel.INFO;
            case "debug" -> LogLevel.DEBUG;
            default -> throw LOG.bad("info or debug", v);
        };
    }

    /** Blocks per compute unit of a split reduction where the backend cannot say how many are resident. */
    public static int reductionBlocksPerCu() {
        return positive(REDUCTION_BLOCKS_PER_CU, 16);
    }

    /** Vector loads in flight per thread in a contiguous reduction. */
    public static int reductionVectorUnroll() {
        return positive(REDUCTION_VECTOR_UNROLL, 2);
    }

    /**
     * Strided loads in flight per thread in a reduction: the setting, else 8 on a GPU (a column sum
     * needs that many to reach memory speed) and 4 on a CPU device, where more only costs compile time.
     */
    public static int reductionUnroll(boolean gpu) {
        return positive(REDUCTION_UNROLL, gpu ? 8 : 4);
    }

    /** Threads along the kept axis of a column reduction. */
    public static int reductionColumnThreads() {
        return blockShare(REDUCTION_COLUMN_THREADS, 32);
    }

    /** Threads that share one output of a row reduction. */
    public static int reductionRowThreads() {
        return blockShare(REDUCTION_ROW_THREADS, 256);
    }

    /** True when a split reduction's grid follows the driver's occupancy answer. */
    public static boolean reductionOccupancy() {
        return bool(REDUCTION_OCCUPANCY, true);
    }

    /** True when float32 matmul may use TF32 at start-up. */
    public static boolean cudaTf32() {
        return bool(CUDA_TF32, false);
    }

    /** True when {@link #FFT_ENGINE} is "own": CUDA devices run ndgpu's FFT kernels, not cuFFT. */
    public static boolean fftOwnKernels() {
        return own(FFT_ENGINE);
    }

    /** True when {@link #LINALG_SOLVER} is "own": CUDA devices factor matrices with ndgpu's kernels, not cuSOLVER. */
    public static boolean linalgOwnKernels() {
        return own(LINALG_SOLVER);
    }

    /** True when {@link #SPARSE_LIBRARY} is "own": CUDA devices run ndgpu's sparse kernels, not cuSPARSE. */
    public static boolean sparseOwnKernels() {
        return own(SPARSE_LIBRARY);
    }

    /** The own CSR SpMV kernel, read at each SpMV: "auto", "scalar", "stream" or "vector2" to "vector32". */
    public static String sparseSpmv() {
        return oneOf(
                SPARSE_SPMV,
                List.of("auto", "scalar", "stream", "vector2", "vector4", "vector8", "vector16", "vector32"),
                "auto, scalar, stream or vector2 to vector32");
    }

    /** The cuSOLVER svd routine at start-up: "auto", "gesvd", "gesvdj" or "gesvdp". */
    public static String cudaSvd() {
        return oneOf(CUDA_SVD, List.of("auto", "gesvd", "gesvdj", "gesvdp"), "auto, gesvd, gesvdj or gesvdp");
    }

    /** True when host-device copies keep many staging chunks in flight ("pipelined", the default), false for "simple". */
    public static boolean cudaStagingPipelined() {
        String v = CUDA_STAGING_MODE.read();
        if (v == null) return true;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "pipelined" -> true;
            case "simple" -> false;
            default -> throw CUDA_STAGING_MODE.bad("pipelined or simple", v);
        };
    }

    /** MiB of each pinned staging buffer; the default follows the staging mode. */
    public static int cudaStagingChunkMiB(boolean pipelined) {
        return positive(CUDA_STAGING_CHUNK_MIB, pipelined ? 4 : 16);
    }

    /** Pinned staging buffers per device; the default follows the staging mode. */
    public static int cudaStagingSlots(boolean pipelined) {
        int n = positive(CUDA_STAGING_SLOTS, pipelined ? 16 : 4);
        if (n < 2) throw CUDA_STAGING_SLOTS.bad("an integer >= 2", String.valueOf(n));
        return n;
    }

    /** Threads of the host side of CUDA copies. */
    public static int cudaCopyThreads() {
        return positive(
                CUDA_COPY_THREADS, Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors() / 2)));
    }

    /** Bytes of each pinned staging buffer of OpenCL host-device copies: 1 KiB to 1 GiB, default 4 MiB. */
    public static long openClStagingChunk() {
        String v = OPENCL_STAGING_CHUNK.read();
        if (v == null) return 4L << 20;
        long n;
        try {
            n = v.contains(".") ? -1 : parseBytes(v, 0, OPENCL_STAGING_CHUNK.property());
        } catch (NdException e) {
            n = -1;
        }
        if (n < 1L << 10 || n > 1L << 30) throw OPENCL_STAGING_CHUNK.bad("bytes from 1k to 1g such as 4m or 64k", v);
        return n;
    }

    /** Pinned staging buffers per OpenCL device (at least 2, default 16). */
    public static int openClStagingSlots() {
        int n = positive(OPENCL_STAGING_SLOTS, 16);
        if (n < 2) throw OPENCL_STAGING_SLOTS.bad("an integer >= 2", String.valueOf(n));
        return n;
    }

    /** Threads of the host side of OpenCL copies. */
    public static int openClCopyThreads() {
        return positive(
                OPENCL_COPY_THREADS,
                Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors() / 2)));
    }

    /** {@link #DEBUG}: true or false when set, null when not (then the device decides: on for PoCL). */
    public static Boolean debug() {
        return DEBUG.read() == null ? null : bool(DEBUG, false);
    }

    /** True when an OpenCL graph may replay as one command buffer (read at the end of each capture). */
    public static boolean openClCommandBuffer() {
        return bool(OPENCL_COMMAND_BUFFER, true);
    }

    /** True when the benchmarks' null backend should register its device. */
    public static boolean nullBackend() {
        return bool(NULL_BACKEND, false);
    }

    /** "512m", "4g", "1024", or a fraction of {@code whole} such as "0.8". */
    public static long parseBytes(String text, long whole, String what) {
        return ByteSizes.parse(text, whole, what);
    }
}
