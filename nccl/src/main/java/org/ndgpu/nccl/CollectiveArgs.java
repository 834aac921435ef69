package org.ndgpu.nccl;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;

/** The argument checks every collective makes, NCCL's and the host's alike, so both refuse the same calls. */
final class CollectiveArgs {
    private CollectiveArgs() {}

    static void checkRank(String op, int r, int size, String what) {
        if (r < 0 || r >= size)
            throw new NdException(op + ": " + what + " must be a rank in [0, " + size + "), got " + r);
    }

    static void sameSize(String op, long got, long expected, String rule) {
        if (got != expected)
            throw new ShapeException(
                    op + ": expected " + rule + ", got " + got + " elements where " + expected + " are needed");
    }

    /** The array to send: on {@code device}, C-contiguous (a copy when it is not). */
    static NDArray sendable(String op, Device device, NDArray a, String what) {
        onDevice(op, device, a, what);
        return a.isCContiguous() ? a : a.copy();
    }

    /** Checks an array a collective writes: on the device, of send's dtype, C-contiguous, writable, not partly overlapping send. */
    static void writable(String op, Device device, NDArray a, String what, NDArray send) {
        onDevice(op, device, a, what);
        if (!a.isCContiguous()) {
            throw new NdException(op + ": expected a C-contiguous " + what
                    + " (NCCL writes a dense buffer), got strides " + Arrays.toString(a.strides())
                    + " for shape " + Arrays.toString(a.shape()));
        }
        if (!a.isWriteable()) throw new NdException(op + ": " + what + " is a read-only view");
        if (send == null) return;
        if (send.dtype() != a.dtype()) {
            throw new DTypeException(
                    op + ": expected " + what + " of send's dtype " + send.dtype() + ", got " + a.dtype());
        }
        if (send.buffer() != a.buffer()) return;
        long s0 = send.offset(), s1 = s0 + send.nbytes(), r0 = a.offset(), r1 = r0 + a.nbytes();
        boolean overlap = s0 < r1 && r0 < s1;
        if (overlap && !(s0 == r0 && s1 == r1)) {
            throw new NdException(
                    op + ": send and " + what + " overlap without being the same memory (pass one array for in place)");
        }
    }

    static void onDevice(String op, Device device, NDArray a, String what) {
        Objects.requireNonNull(a, () -> op + ": " + what + " is null");
        if (a.device() != device) {
            throw new DeviceException(
                    op + ": expected " + what + " on " + device.id() + " (this communicator's device), got an array on "
                            + a.device().id());
        }
    }
}
