package org.ndgpu.exceptions;

/** Use of an array after close(). */
public class ArrayClosedException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new ArrayClosedException("add: the array was closed")}. */
    public ArrayClosedException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public ArrayClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
