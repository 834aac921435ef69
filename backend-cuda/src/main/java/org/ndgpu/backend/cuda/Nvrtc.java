package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelCompileException;

/**
 * java.lang.foreign bindings to NVRTC (libnvrtc.so.13, .12, ...), CUDA's run-time compiler.
 * Loaded on first use; when absent, {@link #problem()} says why and {@link #compile} throws a
 * DeviceException that says so (programs can still be {@linkplain CudaBackend#load loaded} from
 * cubin or PTX bytes).
 */
public final class Nvrtc {
    private Nvrtc() {}

    private static final NativeLibrary LIB;
    private static final String PROBLEM;

    static {
        NativeLibrary lib = null;
        String problem = null;
        try {
            lib = CudaLibraries.load("NVRTC, the CUDA run-time compiler", CudaLibraries.NVRTC);
        } catch (NativeLibrary.NotFoundException e) {
            problem = e.getMessage()
                    + ": kernels cannot be compiled (install the CUDA toolkit's NVRTC, or pip install nvidia-cuda-nvrtc, and put it on LD_LIBRARY_PATH)";
        } catch (Throwable t) {
            problem = "libnvrtc could not be loaded: " + t;
        }
        LIB = lib;
        PROBLEM = problem;
    }

    private static final List<String> MISSING = new ArrayList<>();
    private static final FunctionDescriptor I_AA = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    private static final MethodHandle CREATE = req(
            "nvrtcCreateProgram",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle COMPILE =
            req("nvrtcCompileProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle LOG_SIZE = req("nvrtcGetProgramLogSize", I_AA);
    private static final MethodHandle LOG = req("nvrtcGetProgramLog", I_AA);
    private static final MethodHandle CUBIN_SIZE = req("nvrtcGetCUBINSize", I_AA);
    private static final MethodHandle CUBIN = req("nvrtcGetCUBIN", I_AA);
    private static final MethodHandle PTX_SIZE = req("nvrtcGetPTXSize", I_AA);
    private static final MethodHandle PTX = req("nvrtcGetPTX", I_AA);
    private static final MethodHandle DESTROY = req("nvrtcDestroyProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle ERROR_STRING =
            req("nvrtcGetErrorString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    private static final MethodHandle VERSION = req("nvrtcVersion", I_AA);
    private static final MethodHandle NUM_ARCHS = LIB == null
            ? null
            : LIB.downcallOrNull("nvrtcGetNumSupportedArchs", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle ARCHS =
            LIB == null ? null : LIB.downcallOrNull("nvrtcGetSupportedArchs", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final String MISSING_PROBLEM = MISSING.isEmpty()
            ? null
            : LIB.loadedFrom() + " lacks " + String.join(", ", MISSING)
                    + ": NVRTC too old for ndgpu (needs CUDA 11.2+)";

    private static MethodHandle req(String name, FunctionDescriptor fd) {
        if (LIB == null) return null;
        MethodHandle h = LIB.downcallOrNull(name, fd);
        if (h == null) MISSING.add(name);
        return h;
    }

    /** True when NVRTC loaded with every function ndgpu needs. */
    public static boolean available() {
        return PROBLEM == null && MISSING_PROBLEM == null;
    }

    /** Why NVRTC cannot be used, or null. */
    public static String problem() {
        return PROBLEM != null ? PROBLEM : MISSING_PROBLEM;
    }

    public static String loadedFrom() {
        return LIB == null ? null : LIB.loadedFrom();
    }

    private static void ensure() {
        if (!available()) throw new DeviceException("cuda: " + problem());
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    /** "NVRTC_ERROR_COMPILATION" for an nvrtcResult. */
    @SuppressWarnings(
            "restricted") // the driver returns a C string as a zero-length segment: widened to its documented maximum
    // to read it
    public static String errorString(int code) {
        try {
            MemorySegment s = (MemorySegment) ERROR_STRING.invokeExact(code);
            return s.equals(MemorySegment.NULL)
                    ? "nvrtcResult " + code
                    : s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "nvrtcResult " + code;
        }
    }

    /** {major, minor}, e.g. {13, 0}. */
    public static int[] version() {
        ensure();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment major = a.allocate(JAVA_INT), minor = a.allocate(JAVA_INT);
            check((int) VERSION.invokeExact(major, minor), "nvrtcVersion");
            return new int[] {major.get(JAVA_INT, 0), minor.get(JAVA_INT, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The SM architectures this NVRTC can make cubins for (75, 80, 86, 89, 90, ...), ascending; empty if it cannot tell. */
    public static int[] supportedArchs() {
        ensure();
        if (NUM_ARCHS == null || ARCHS == null) return new int[0];
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            check((int) NUM_ARCHS.invokeExact(n), "nvrtcGetNumSupportedArchs");
            int count = n.get(JAVA_INT, 0);
            MemorySegment archs = a.allocate(JAVA_INT, Math.max(1, count));
            check((int) ARCHS.invokeExact(archs), "nvrtcGetSupportedArchs");
            int[] out = new int[count];
            for (int i = 0; i < count; i++) out[i] = archs.getAtIndex(JAVA_INT, i);
            java.util.Arrays.sort(out);
            return out;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The --gpu-architecture option for a device of compute capability {@code arch} (90 for 9.0):
     * "sm_90" (a cubin) when this NVRTC knows that architecture, else "compute_XY" (PTX, which the
     * driver compiles on load) for the newest architecture it knows that the device can run.
     */
    public static String architectureFor(int arch) {
        int[] archs = supportedArchs();
        if (archs.length == 0) return "sm_" + arch;
        int best = -1;
        for (int a : archs) {
            if (a == arch) return "sm_" + arch;
            if (a <= arch) best = a;
        }
        if (best < 0) {
            throw new DeviceException("cuda: NVRTC " + loadedFrom() + " supports sm_" + archs[0] + " to sm_"
                    + archs[archs.length - 1] + ", not this device's sm_" + arch + ": use an NVRTC that supports it");
        }
        return "compute_" + best;
    }

    /** What NVRTC made: a cubin (ptx = false) or PTX text with a trailing NUL (ptx = true), and the build log. */
    public record Output(byte[] binary, boolean ptx, String log) {}

    /**
     * Compiles CUDA C++ source. {@code options} are passed as given (they should include
     * --gpu-architecture). Compile errors throw KernelCompileException with the log and numbered source.
     */
    public static Output compile(String name, String source, List<String> options) {
        ensure();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment progPtr = a.allocate(ADDRESS);
            String file = name.endsWith(".cu") ? name : name + ".cu";
            check(
                    (int) CREATE.invokeExact(
                            progPtr,
                            a.allocateFrom(source),
                            a.allocateFrom(file),
                            0,
                            MemorySegment.NULL,
                            MemorySegment.NULL),
                    "nvrtcCreateProgram");
            MemorySegment prog = progPtr.get(ADDRESS, 0);
            try {
                MemorySegment opts = a.allocate(ADDRESS, Math.max(1, options.size()));
                for (int i = 0; i < options.size(); i++) opts.setAtIndex(ADDRESS, i, a.allocateFrom(options.get(i)));
                int r = (int) COMPILE.invokeExact(prog, options.size(), opts);
                String log = log(a, prog);
                if (r != 0) {
                    if (errorString(r).equals("NVRTC_ERROR_COMPILATION") || !log.isBlank()) {
                        throw new KernelCompileException(
                                "cuda", name, options, log.isBlank() ? errorString(r) : log, source);
                    }
                    check(r, "nvrtcCompileProgram");
                }
                MemorySegment size = a.allocate(JAVA_LONG);
                int rc = (int) CUBIN_SIZE.invokeExact(prog, size);
                long n = rc == 0 ? size.get(JAVA_LONG, 0) : 0;
                if (n > 0) {
                    MemorySegment buf = a.allocate(n);
                    check((int) CUBIN.invokeExact(prog, buf), "nvrtcGetCUBIN");
                    return new Output(buf.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), false, log);
                }
                check((int) PTX_SIZE.invokeExact(prog, size), "nvrtcGetPTXSize");
                n = size.get(JAVA_LONG, 0); // includes the trailing NUL
                MemorySegment buf = a.allocate(n);
                check((int) PTX.invokeExact(prog, buf), "nvrtcGetPTX");
                return new Output(buf.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), true, log);
            } finally {
                int ignored = (int) DESTROY.invokeExact(progPtr);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static String log(Arena a, MemorySegment prog) throws Throwable {
        MemorySegment size = a.allocate(JAVA_LONG);
        if ((int) LOG_SIZE.invokeExact(prog, size) != 0) return "";
        long n = size.get(JAVA_LONG, 0);
        if (n <= 1) return "";
        MemorySegment buf = a.allocate(n);
        if ((int) LOG.invokeExact(prog, buf) != 0) return "";
        return buf.getString(0);
    }

    private static void check(int r, String what) {
        if (r != 0) throw new DeviceException("cuda: " + what + " failed: " + errorString(r));
    }
}
