package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.ndgpu.backend.NativeLibrary;

/**
 * The CUDA driver's managed-memory functions: cuMemAllocManaged, cuMemPrefetchAsync and
 * cuMemAdvise, all optional (looked up by name; null when the driver lacks them). CUDA 12.2 added
 * forms that take a {@code CUmemLocation} (a location type and an id) and flags, exported as
 * {@code cuMemPrefetchAsync_v2} and {@code cuMemAdvise_v2}; CUDA 13's headers made them the only
 * forms. Those are bound first; an older driver's {@code cuMemPrefetchAsync} and {@code
 * cuMemAdvise}, which take a device ordinal (CU_DEVICE_CPU, -1, for the host), are the fallback.
 * Thin wrappers, each returning the raw CUresult.
 */
public final class CudaDriverManaged {
    private CudaDriverManaged() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    public static final int CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83;
    public static final int CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89;
    public static final int CU_MEM_ATTACH_GLOBAL = 0x1;
    public static final int CU_MEM_LOCATION_TYPE_DEVICE = 1;
    public static final int CU_MEM_LOCATION_TYPE_HOST = 2;
    public static final int CU_DEVICE_CPU = -1;
    public static final int CU_MEM_ADVISE_SET_READ_MOSTLY = 1;

    /** struct CUmemLocation { CUmemLocationType type; int id; }, passed by value. */
    static final StructLayout CU_MEM_LOCATION =
            MemoryLayout.structLayout(JAVA_INT.withName("type"), JAVA_INT.withName("id"));

    private static final MethodHandle ALLOC_MANAGED =
            opt("cuMemAllocManaged", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle PREFETCH_V2 = opt(
            "cuMemPrefetchAsync_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, CU_MEM_LOCATION, JAVA_INT, ADDRESS));
    private static final MethodHandle PREFETCH =
            opt("cuMemPrefetchAsync", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS));
    private static final MethodHandle ADVISE_V2 =
            opt("cuMemAdvise_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, CU_MEM_LOCATION));
    private static final MethodHandle ADVISE =
            opt("cuMemAdvise", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT));

    private static MethodHandle opt(String name, FunctionDescriptor fd) {
        NativeLibrary lib = CudaDriver.library();
        return lib == null ? null : lib.downcallOrNull(name, fd);
    }

    /** True when the driver exports cuMemAllocManaged. */
    public static boolean allocates() {
        return ALLOC_MANAGED != null;
    }

    /** Which prefetch the driver exports: "cuMemPrefetchAsync_v2", "cuMemPrefetchAsync", or null for none. */
    public static String prefetchSymbol() {
        return PREFETCH_V2 != null ? "cuMemPrefetchAsync_v2" : PREFETCH != null ? "cuMemPrefetchAsync" : null;
    }

    /** Which advice the driver exports: "cuMemAdvise_v2", "cuMemAdvise", or null for none. */
    public static String adviseSymbol() {
        return ADVISE_V2 != null ? "cuMemAdvise_v2" : ADVISE != null ? "cuMemAdvise" : null;
    }

    public static int cuMemAllocManaged(MemorySegment dptr, long bytes, int flags) {
        try {
            return (int) ALLOC_MANAGED.invokeExact(dptr, bytes, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /**
     * Prefetch toward the host ({@code device} &lt; 0) or the device of ordinal {@code device}; the
     * caller checks {@link #prefetchSymbol()} first.
     */
    public static int cuMemPrefetchAsync(long ptr, long bytes, int device, MemorySegment stream) {
        try {
            if (PREFETCH_V2 == null)
                return (int) PREFETCH.invokeExact(ptr, bytes, device < 0 ? CU_DEVICE_CPU : device, stream);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment location = location(a, device);
                return (int) PREFETCH_V2.invokeExact(ptr, bytes, location, 0, stream);
            }
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /**
     * cuMemAdvise of {@code advice} (a CUmem_advise) for the host ({@code device} &lt; 0) or the device
     * of ordinal {@code device}; the caller checks {@link #adviseSymbol()} first.
     */
    public static int cuMemAdvise(long ptr, long bytes, int advice, int device) {
        try {
            if (ADVISE_V2 == null)
                return (int) ADVISE.invokeExact(ptr, bytes, advice, device < 0 ? CU_DEVICE_CPU : device);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment location = location(a, device);
                return (int) ADVISE_V2.invokeExact(ptr, bytes, advice, location);
            }
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    // a CUmemLocation: the host (its id is ignored), or the device of that ordinal
    private static MemorySegment location(Arena a, int device) {
        MemorySegment l = a.allocate(CU_MEM_LOCATION);
        l.set(JAVA_INT, 0, device < 0 ? CU_MEM_LOCATION_TYPE_HOST : CU_MEM_LOCATION_TYPE_DEVICE);
        l.set(JAVA_INT, 4, device < 0 ? 0 : device);
        return l;
    }
}
