package org.ndgpu.backend.cuda.fft;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * The cuFFT functions ndgpu calls, bound through java.lang.foreign (cufft.h's prototypes: a plan is
 * an int handle, device pointers and the CUstream pass as 64-bit integers).
 */
final class CuFftApi {
    static final int C2C = 0x29, Z2Z = 0x69, R2C = 0x2a, D2Z = 0x6a, C2R = 0x2c, Z2D = 0x6c;
    static final int FORWARD = -1, INVERSE = 1;

    private final NativeLibrary lib;
    private final MethodHandle create, setAutoAllocation, makePlanMany64, setWorkArea, setStream, destroy, getVersion;
    private final MethodHandle execC2C, execZ2Z, execR2C, execD2Z, execC2R, execZ2D;

    CuFftApi(NativeLibrary lib) {
        this.lib = lib;
        create = lib.downcall("cufftCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setAutoAllocation = lib.downcall("cufftSetAutoAllocation", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
        makePlanMany64 = lib.downcall(
                "cufftMakePlanMany64",
                FunctionDescriptor.of(
                        JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG,
                        JAVA_LONG, JAVA_INT, JAVA_LONG, ADDRESS));
        setWorkArea = lib.downcall("cufftSetWorkArea", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
        setStream = lib.downcall("cufftSetStream", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
        destroy = lib.downcall("cufftDestroy", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        getVersion = lib.downcall("cufftGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        FunctionDescriptor c2c = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
        FunctionDescriptor real = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
        execC2C = lib.downcall("cufftExecC2C", c2c);
        execZ2Z = lib.downcall("cufftExecZ2Z", c2c);
        execR2C = lib.downcall("cufftExecR2C", real);
        execD2Z = lib.downcall("cufftExecD2Z", real);
        execC2R = lib.downcall("cufftExecC2R", real);
        execZ2D = lib.downcall("cufftExecZ2D", real);
    }

    String loadedFrom() {
        return lib.loadedFrom();
    }

    /** cufftGetVersion as "major.minor.patch" (10000 * major + 100 * minor + patch). */
    String version() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_INT);
            if ((int) getVersion.invokeExact(v) != 0) return "?";
            int x = v.get(JAVA_INT, 0);
            return (x / 10000) + "." + (x / 100 % 100) + "." + (x % 100);
        } catch (Throwable t) {
            return "?";
        }
    }

    /** cufftResult's names. */
    static String status(int st) {
        return switch (st) {
            case 1 -> "CUFFT_INVALID_PLAN";
            case 2 -> "CUFFT_ALLOC_FAILED";
            case 3 -> "CUFFT_INVALID_TYPE";
            case 4 -> "CUFFT_INVALID_VALUE";
            case 5 -> "CUFFT_INTERNAL_ERROR";
            case 6 -> "CUFFT_EXEC_FAILED";
            case 7 -> "CUFFT_SETUP_FAILED";
            case 8 -> "CUFFT_INVALID_SIZE";
            case 9 -> "CUFFT_UNALIGNED_DATA";
            case 10 -> "CUFFT_INCOMPLETE_PARAMETER_LIST";
            case 11 -> "CUFFT_INVALID_DEVICE";
            case 12 -> "CUFFT_PARSE_ERROR";
            case 13 -> "CUFFT_NO_WORKSPACE";
            case 14 -> "CUFFT_NOT_IMPLEMENTED";
            case 15 -> "CUFFT_LICENSE_ERROR";
            case 16 -> "CUFFT_NOT_SUPPORTED";
            default -> "cufftResult " + st;
        };
    }

    static void check(int st, String what) {
        if (st == 0) return;
        String msg = what + ": " + status(st);
        throw st == 2 ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    private static RuntimeException rethrow(String fn, Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new DeviceException("cuFFT: calling " + fn + " failed: " + t);
    }

    int create(MemorySegment handle) {
        try {
            return (int) create.invokeExact(handle);
        } catch (Throwable t) {
            throw rethrow("cufftCreate", t);
        }
    }

    int setAutoAllocation(int plan, int auto) {
        try {
            return (int) setAutoAllocation.invokeExact(plan, auto);
        } catch (Throwable t) {
            throw rethrow("cufftSetAutoAllocation", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cufftMakePlanMany64's own parameter list
    int makePlanMany64(
            int plan,
            int rank,
            MemorySegment n,
            MemorySegment inembed,
            long istride,
            long idist,
            MemorySegment onembed,
            long ostride,
            long odist,
            int type,
            long batch,
            MemorySegment workSize) {
        try {
            return (int) makePlanMany64.invokeExact(
                    plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
        } catch (Throwable t) {
            throw rethrow("cufftMakePlanMany64", t);
        }
    }

    int setWorkArea(int plan, long area) {
        try {
            return (int) setWorkArea.invokeExact(plan, area);
        } catch (Throwable t) {
            throw rethrow("cufftSetWorkArea", t);
        }
    }

    int setStream(int plan, long stream) {
        try {
            return (int) setStream.invokeExact(plan, stream);
        } catch (Throwable t) {
            throw rethrow("cufftSetStream", t);
        }
    }

    int destroy(int plan) {
        try {
            return (int) destroy.invokeExact(plan);
        } catch (Throwable t) {
            throw rethrow("cufftDestroy", t);
        }
    }

    /** cufftExec{C2C,Z2Z,R2C,D2Z,C2R,Z2D} by plan type; {@code direction} only for the complex-to-complex ones. */
    int exec(int type, int plan, long in, long out, int direction) {
        try {
            return switch (type) {
                case C2C -> (int) execC2C.invokeExact(plan, in, out, direction);
                case Z2Z -> (int) execZ2Z.invokeExact(plan, in, out, direction);
                case R2C -> (int) execR2C.invokeExact(plan, in, out);
                case D2Z -> (int) execD2Z.invokeExact(plan, in, out);
                case C2R -> (int) execC2R.invokeExact(plan, in, out);
                case Z2D -> (int) execZ2D.invokeExact(plan, in, out);
                default -> throw new IllegalArgumentException("cuFFT: no exec for type " + type);
            };
        } catch (Throwable t) {
            throw rethrow("cufftExec", t);
        }
    }
}
