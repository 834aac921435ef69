package org.ndgpu;

/** A dtype the operation cannot take, or a value that does not fit a dtype (NumPy's TypeError / OverflowError). */
public class DTypeException extends NdException {
    private static final long serialVersionUID = 1L;

    public DTypeException(String message) { super(message); }

    public DTypeException(String message, Throwable cause) { super(message, cause); }
}
