package org.ndgpu.ndarray;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Allocation;
import org.ndgpu.exceptions.DeviceException;

/**
 * Sharing device memory with other libraries: arrays over memory ndgpu does not own, and the
 * device address of an array (CuPy's {@code a.data.ptr}). DLPack, and {@code UnownedMemory}, which
 * wraps a raw pointer, live in module routines.
 */
final class Interop {
    private Interop() {}

    /** NDArray.over: an array over {@code allocation}, its geometry checked as a view's is. */
    static NDArray over(String op, Allocation allocation, DType dtype, long[] shape, long[] strides, long offset) {
        Objects.requireNonNull(op, "over: op is null");
        Objects.requireNonNull(allocation, () -> op + ": allocation is null");
        Objects.requireNonNull(dtype, () -> op + ": dtype is null");
        Objects.requireNonNull(shape, () -> op + ": shape is null");
        Objects.requireNonNull(strides, () -> op + ": strides is null");
        long[] s = Shapes.checkGeometry(op, allocation.bytes(), dtype, shape, strides, offset);
        return NDArray.of(allocation, dtype, s, strides.clone(), offset, false);
    }

    /** NDArray.devicePointer: the CUDA address of element [0, ..., 0]. */
    static long devicePointer(NDArray a) {
        a.live("devicePointer");
        if (a.device().backend().dialect() != Dialect.CUDA) {
            throw new DeviceException("devicePointer: expected an array on a CUDA device, got one on "
                    + a.device().id() + " (OpenCL memory is a cl_mem handle, not an address; toDlpack() shares it)");
        }
        return a.buffer().handle() + a.offset();
    }

    /** NumPy's {@code __dlpack__(copy=True)}: a new C-contiguous, writeable copy is exported (what a read-only view needs). */
    static MemorySegment toDlpack(NDArray a, boolean copy) {
        if (!copy) return a.toDlpack();
        try (NDArray c = a.copy()) { // the export holds its own view of the copy's memory
            return c.toDlpack();
        }
    }
}
