package org.ndgpu.ndarray;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.ManagedMemory;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryAdvice;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.exceptions.NdException;

/**
 * The hints and the host view of an array in managed memory ({@code Nd.managedMemory()},
 * {@code ndgpu.memory=managed}): prefetch (cuMemPrefetchAsync, clEnqueueSVMMigrateMem), advice
 * (cuMemAdvise), and the bytes as a {@link MemorySegment} the host reads and writes without a copy.
 * An array in device memory, or on a device without managed memory, is refused with an
 * NdException naming the operation. {@code NDArray} delegates here.
 */
final class ManagedArrays {
    private ManagedArrays() {}

    /** True when the array's memory is managed. */
    static boolean isManaged(NDArray a) {
        return a.live("isManaged").allocation().isManaged();
    }

    /** cuMemPrefetchAsync of the bytes the array spans, toward {@code to}, on the current stream. */
    static NDArray prefetch(NDArray a, MemoryLocation to) {
        if (to == null) throw new NullPointerException("prefetch: to is null");
        ManagedMemory m = managed(a, "prefetch");
        long[] span = span(a);
        if (span[1] > 0) {
            m.prefetch(
                    a.device().currentStream().backendStream(), a.allocation().buffer(), span[0], span[1], to);
        }
        return a;
    }

    /** cuMemAdvise of the bytes the array spans. */
    static NDArray advise(NDArray a, MemoryAdvice advice, MemoryLocation where) {
        if (advice == null) throw new NullPointerException("advise: advice is null");
        if (where == null) throw new NullPointerException("advise: where is null");
        ManagedMemory m = managed(a, "advise");
        long[] span = span(a);
        if (span[1] > 0) m.advise(a.allocation().buffer(), span[0], span[1], advice, where);
        return a;
    }

    /**
     * The array's elements as host memory, without a copy, after the current stream's work is done;
     * read-only for a read-only array. The array must be C-contiguous, so that the segment holds its
     * elements in order.
     */
    static MemorySegment hostView(NDArray a) {
        ManagedMemory m = managed(a, "hostView");
        if (!a.isCContiguous()) {
            throw new NdException("hostView: expected a C-contiguous array, got strides "
                    + java.util.Arrays.toString(a.strides()) + " for shape " + Shapes.str(a.shape())
                    + " (copy it first: a.copy())");
        }
        a.device().currentStream().synchronize();
        MemorySegment s = m.hostView(a.allocation().buffer(), a.offset(), a.nbytes());
        return a.isWriteable() ? s : s.asReadOnly();
    }

    // the device's managed memory, when the array lives in it; else the refusal naming op
    private static ManagedMemory managed(NDArray a, String op) {
        if (a == null) throw new NullPointerException(op + ": a is null");
        Allocation alloc = a.live(op).allocation();
        Device d = a.device();
        ManagedMemory m = d.backend().managedMemory();
        if (m == null) throw d.noManagedMemory(op);
        if (!alloc.isManaged()) {
            throw new NdException(op + ": expected an array in managed memory (made inside Nd.managedMemory() or "
                    + "with ndgpu.memory=managed), got a " + a.dtype() + Shapes.str(a.shape())
                    + " array in the device memory of " + d.id());
        }
        return m;
    }

    // {offset, bytes} of the memory the array touches: its elements for a contiguous array, else the allocation
    private static long[] span(NDArray a) {
        if (a.size() == 0) return new long[] {0, 0};
        if (a.isCContiguous() || a.isFContiguous()) return new long[] {a.offset(), a.nbytes()};
        return new long[] {0, a.allocationBytes()};
    }
}
