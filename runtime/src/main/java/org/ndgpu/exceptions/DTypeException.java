package org.ndgpu.exceptions;

/** A dtype the operation cannot take, or a value that does not fit a dtype (NumPy's TypeError / OverflowError). */
public class DTypeException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new DTypeException("astype: unknown dtype 'float8'")}. */
    public DTypeException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public DTypeException(String message, Throwable cause) {
        super(message, cause);
    }
}
