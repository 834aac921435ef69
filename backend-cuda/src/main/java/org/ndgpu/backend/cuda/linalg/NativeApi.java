package org.ndgpu.backend.cuda.linalg;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.CudaLibraries;
import org.ndgpu.exceptions.DeviceException;

/**
 * One CUDA math library (cuBLAS, cuSOLVER) opened by soname through java.lang.foreign, with its
 * functions called by name. Every function these bindings use returns a status int; the argument
 * layouts follow from the Java types passed ({@code Integer} int, {@code Long} int64_t, size_t or a
 * device pointer, {@code Double} double, {@code Byte} signed char, {@code MemorySegment} a host
 * pointer or handle), so each binding reads like its C prototype:
 *
 * <pre>{@code
 * int st = api.call("cusolverDnDpotrf", handle, 0, n, aPtr, lda, workPtr, lwork, infoPtr);
 * }</pre>
 *
 * <p>Opening never throws: when the library is absent {@link #problem()} says why, so providers can
 * report "not available" on machines without CUDA.
 */
final class NativeApi {
    private final String description;
    private final NativeLibrary lib;
    private final String problem;
    private final Map<String, MethodHandle> handles = new ConcurrentHashMap<>();

    NativeApi(String description, List<String> sonames) {
        this.description = description;
        NativeLibrary l = null;
        String p = null;
        try {
            l = CudaLibraries.load(description, sonames);
        } catch (NativeLibrary.NotFoundException e) {
            p = e.getMessage();
        } catch (Throwable t) {
            p = description + " could not be loaded: " + t;
        }
        this.lib = l;
        this.problem = p;
    }

    boolean available() {
        return lib != null;
    }

    /** Why the library is unavailable, or null. */
    String problem() {
        return problem;
    }

    String loadedFrom() {
        return lib == null ? "(not loaded)" : lib.loadedFrom();
    }

    boolean has(String function) {
        return lib != null && lib.symbol(function).isPresent();
    }

    /** Calls {@code function(args...)} and returns its status. */
    int call(String function, Object... args) {
        MethodHandle h = handles.computeIfAbsent(function, f -> bind(f, args, JAVA_INT));
        try {
            return (int) h.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException(description + ": calling " + function + " failed: " + t);
        }
    }

    /** Calls a function returning a C string (a status name) and reads it. */
    @SuppressWarnings(
            "restricted") // the driver returns a C string as a zero-length segment: widened to its documented maximum
    // to read it
    String callString(String function, int arg) {
        if (lib == null || !has(function)) return null;
        MethodHandle h =
                handles.computeIfAbsent(function, f -> lib.downcall(f, FunctionDescriptor.of(ADDRESS, JAVA_INT)));
        try {
            MemorySegment s = (MemorySegment) h.invokeExact(arg);
            return s.equals(MemorySegment.NULL) ? null : s.reinterpret(1024).getString(0);
        } catch (Throwable t) {
            return null;
        }
    }

    private MethodHandle bind(String function, Object[] args, MemoryLayout ret) {
        if (lib == null) throw new DeviceException(problem);
        MemoryLayout[] ls = new MemoryLayout[args.length];
        for (int i = 0; i < args.length; i++) {
            ls[i] = switch (args[i]) {
                case Integer x -> JAVA_INT;
                case Long x -> JAVA_LONG;
                case Double x -> JAVA_DOUBLE;
                case Byte x -> JAVA_BYTE;
                case MemorySegment x -> ADDRESS;
                default ->
                    throw new IllegalArgumentException(function + ": argument " + i + " of type "
                            + args[i].getClass().getSimpleName() + " has no native layout");
            };
        }
        return lib.downcall(function, FunctionDescriptor.of(ret, ls));
    }
}
