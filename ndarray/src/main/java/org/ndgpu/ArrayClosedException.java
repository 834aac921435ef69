package org.ndgpu;

/** Use of an array after close(). */
public class ArrayClosedException extends NdException {
    private static final long serialVersionUID = 1L;

    public ArrayClosedException(String message) { super(message); }

    public ArrayClosedException(String message, Throwable cause) { super(message, cause); }
}
