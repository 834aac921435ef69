package org.ndgpu.exceptions;

/** An axis out of range or repeated (NumPy's AxisError). */
public class AxisException extends ShapeException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new AxisException("sum: axis 2 is out of bounds for array of dimension 2")}. */
    public AxisException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public AxisException(String message, Throwable cause) {
        super(message, cause);
    }
}
