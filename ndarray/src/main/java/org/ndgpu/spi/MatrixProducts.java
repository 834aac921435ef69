package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/**
 * The matrix products NDArray's own methods need ({@code a.matmul(b)}, {@code a.dot(b)}), which
 * module linalg implements with the device's BLAS. The rest of numpy.linalg is module linalg's
 * {@code Linalg}, which the facade reaches directly.
 */
public interface MatrixProducts {
    /** numpy.matmul with its rules for 1-d operands and broadcast batch dimensions, into {@code out} when not null. */
    NDArray matmul(NDArray a, NDArray b, NDArray out);

    /** numpy.dot. */
    NDArray dot(NDArray a, NDArray b);
}
