package org.ndgpu;

/** An index out of range or a malformed index expression (NumPy's IndexError). */
public class IndexException extends NdException {
    private static final long serialVersionUID = 1L;

    public IndexException(String message) { super(message); }

    public IndexException(String message, Throwable cause) { super(message, cause); }
}
