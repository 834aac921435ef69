package org.ndgpu.exceptions;

/** Shapes that do not fit the operation: broadcast, reshape, alignment (NumPy's ValueError). */
public class ShapeException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new ShapeException("matmul: shapes (3,4) and (5,6) not aligned")}. */
    public ShapeException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public ShapeException(String message, Throwable cause) {
        super(message, cause);
    }
}
