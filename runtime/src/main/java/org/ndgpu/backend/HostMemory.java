package org.ndgpu.backend;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The process's own heap, for host devices (PoCL): their "device memory" is malloc'ed by the
 * OpenCL runtime, and glibc keeps freed blocks below its mmap threshold in its arenas, so freeing a
 * pool full of small arrays does not lower the process's resident size. {@link #trim()} hands the
 * free pages back to the system (glibc's malloc_trim; a no-op where the C library has none).
 */
public final class HostMemory {
    private HostMemory() {}

    @SuppressWarnings("restricted") // binds the C library's malloc_trim, the point of this class
    private static final MethodHandle MALLOC_TRIM = Linker.nativeLinker()
            .defaultLookup()
            .find("malloc_trim")
            .map(f -> Linker.nativeLinker()
                    .downcallHandle(f, FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG)))
            .orElse(null);

    /** Returns the C heap's free pages to the operating system; true when the C library could do it. */
    public static boolean trim() {
        if (MALLOC_TRIM == null) return false;
        try {
            int released = (int) MALLOC_TRIM.invokeExact(0L);
            return released >= 0;
        } catch (Throwable e) {
            return false;
        }
    }
}
