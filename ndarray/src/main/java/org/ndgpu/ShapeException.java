package org.ndgpu;

/** Shapes that do not fit the operation: broadcast, reshape, alignment (NumPy's ValueError). */
public class ShapeException extends NdException {
    private static final long serialVersionUID = 1L;

    public ShapeException(String message) { super(message); }

    public ShapeException(String message, Throwable cause) { super(message, cause); }
}
