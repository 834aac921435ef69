package org.ndgpu.routines.io;

import java.util.Objects;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;

/**
 * Arrays over device memory that another library allocated, as CuPy's {@code UnownedMemory}: no
 * copy, and ndgpu never frees the memory. What {@code Nd.fromDevicePointer} does; beside DLPack,
 * whose imports wrap memory the same way.
 *
 * <pre>{@code
 * long p = otherLibrary.deviceAddress();          // a CUdeviceptr of 12 float32
 * NDArray a = Nd.fromDevicePointer(p, DType.FLOAT32, new long[]{3, 4}, null, Device.get("cuda:0"), otherLibrary);
 * a.mul(2);                                       // reads the other library's memory in place
 * }</pre>
 */
public final class UnownedMemory {
    private UnownedMemory() {}

    /**
     * The array of {@code shape} and byte {@code strides} (null: C order) whose element
     * {@code [0, ..., 0]} is at {@code pointer} on {@code device} (a CUDA device). The backend checks
     * that every element lies inside one allocation of the device's context. {@code owner} is kept
     * reachable while the array or any view of it is in use.
     */
    public static NDArray wrap(long pointer, DType dtype, long[] shape, long[] strides, Device device, Object owner) {
        String op = "fromDevicePointer";
        Objects.requireNonNull(dtype, "fromDevicePointer: dtype is null");
        Objects.requireNonNull(shape, "fromDevicePointer: shape is null");
        Objects.requireNonNull(device, "fromDevicePointer: device is null");
        if (device.backend().dialect() != Dialect.CUDA) {
            throw new DeviceException(
                    op + ": expected a CUDA device, got " + device.id()
                            + " (an OpenCL buffer is a cl_mem handle, not an address: share it with toDlpack and Nd.fromDlpack)");
        }
        long[] st = strides == null ? Shapes.cStrides(shape, dtype.itemsize()) : strides.clone();
        long[] span = span(op, shape, st, dtype.itemsize());
        long lo = span[0], hi = span[1];
        // the wrapped range starts at the lowest byte an element uses (before pointer when a stride is negative)
        BackendBuffer buffer = device.backend().wrap(pointer + lo, hi - lo);
        Allocation allocation = Allocation.external(device, buffer, owner, null);
        return NDArray.over(op, allocation, dtype, shape, st, -lo);
    }

    /**
     * The bytes an array of {@code shape} and byte {@code strides} uses, as offsets from its element
     * {@code [0, ..., 0]}: {@code {lo, hi}}, lo {@code <= 0} when a stride is negative; {@code {0, 0}}
     * when it is empty. What memory to wrap for Nd.fromDevicePointer and a DLPack import. Negative
     * dimensions and shapes or spans past a long are ShapeException/IndexException naming {@code op}.
     */
    public static long[] span(String op, long[] shape, long[] strides, int itemsize) {
        for (long d : shape) {
            if (d < 0) throw new ShapeException(op + ": negative dimensions are not allowed: " + Shapes.str(shape));
        }
        if (strides.length != shape.length) {
            throw new ShapeException(op + ": shape " + Shapes.str(shape) + " and strides "
                    + java.util.Arrays.toString(strides) + " differ in length");
        }
        if (Shapes.size(shape) == 0) return new long[2]; // Shapes.size: a ShapeException when the product overflows
        try {
            return Operands.byteRange(shape, strides, 0, itemsize);
        } catch (ArithmeticException e) {
            throw new IndexException(op + ": shape " + Shapes.str(shape) + " with strides "
                    + java.util.Arrays.toString(strides) + " spans more bytes than a long holds");
        }
    }
}
