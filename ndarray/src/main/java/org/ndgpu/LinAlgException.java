package org.ndgpu;

/** A linear-algebra failure on valid input: a singular matrix, a non-convergent decomposition (NumPy's LinAlgError). */
public class LinAlgException extends NdException {
    private static final long serialVersionUID = 1L;

    public LinAlgException(String message) { super(message); }

    public LinAlgException(String message, Throwable cause) { super(message, cause); }
}
