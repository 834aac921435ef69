package org.ndgpu.benchmarks;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;

/**
 * A driver's launch call with nothing of ndgpu around it, for the host-time rows: what remains
 * when every layer of ours is gone. Bound here on its own (java.lang.foreign, the loader JOCL opened),
 * not through the backend it measures.
 */
final class DriverFloor {
    private DriverFloor() {}

    /** One clEnqueueNDRangeKernel of {@code global} work-items in groups of {@code local}, arguments as last set. */
    @SuppressWarnings("restricted") // binds clEnqueueNDRangeKernel directly: the floor that the bench measures against
    static Runnable clEnqueue(cl_command_queue queue, cl_kernel kernel, long global, long local) {
        MethodHandle enqueue = Linker.nativeLinker()
                .downcallHandle(
                        SymbolLookup.libraryLookup("libOpenCL.so", Arena.global())
                                .find("clEnqueueNDRangeKernel")
                                .orElseThrow(),
                        FunctionDescriptor.of(
                                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS,
                                ADDRESS));
        MemorySegment sizes = Arena.global().allocate(16, 8);
        sizes.set(JAVA_LONG, 0, global);
        sizes.set(JAVA_LONG, 8, local);
        MemorySegment q = MemorySegment.ofAddress(queue.getNativePointer()),
                k = MemorySegment.ofAddress(kernel.getNativePointer());
        MemorySegment g = sizes.asSlice(0, 8), l = sizes.asSlice(8, 8);
        return () -> {
            int status;
            try {
                status = (int) enqueue.invokeExact(
                        q, k, 1, MemorySegment.NULL, g, l, 0, MemorySegment.NULL, MemorySegment.NULL);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
            if (status != 0) throw new IllegalStateException("clEnqueueNDRangeKernel: status " + status);
        };
    }
}
