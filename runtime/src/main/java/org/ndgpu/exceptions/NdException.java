package org.ndgpu.exceptions;

/**
 * The root of every error ndgpu raises. A message names the operation, what was expected and what
 * was given, e.g. {@code "matmul: shapes (3,4) and (5,6) not aligned: 4 (dim 1) != 5 (dim 0)"}.
 * Subclasses say which kind of thing went wrong, as NumPy's ValueError, IndexError and TypeError do.
 */
public class NdException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new NdException("reshape: cannot reshape size 12 into (5,)")}. */
    public NdException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public NdException(String message, Throwable cause) {
        super(message, cause);
    }
}
