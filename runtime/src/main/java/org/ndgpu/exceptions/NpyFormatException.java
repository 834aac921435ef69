package org.ndgpu.exceptions;

/** A .npy or .npz file that is truncated, foreign, or whose header does not describe its data. */
public class NpyFormatException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new NpyFormatException("x.npy: bad magic")}. */
    public NpyFormatException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public NpyFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
