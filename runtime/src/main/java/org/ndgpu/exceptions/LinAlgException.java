package org.ndgpu.exceptions;

/** A linear-algebra failure on valid input: a singular matrix, a non-convergent decomposition (NumPy's LinAlgError). */
public class LinAlgException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new LinAlgException("inv: singular matrix")}. */
    public LinAlgException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public LinAlgException(String message, Throwable cause) {
        super(message, cause);
    }
}
