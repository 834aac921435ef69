package org.ndgpu.exceptions;

/** An index out of range or a malformed index expression (NumPy's IndexError). */
public class IndexException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new IndexException("get: index 5 out of bounds for axis 0 of size 3")}. */
    public IndexException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public IndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
