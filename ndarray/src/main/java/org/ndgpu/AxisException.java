package org.ndgpu;

/** An axis out of range or repeated (NumPy's AxisError). */
public class AxisException extends ShapeException {
    private static final long serialVersionUID = 1L;

    public AxisException(String message) { super(message); }

    public AxisException(String message, Throwable cause) { super(message, cause); }
}
