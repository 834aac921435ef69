package org.ndgpu;

/** A .npy or .npz file that is truncated, foreign, or whose header does not describe its data. */
public class NpyFormatException extends NdException {
    private static final long serialVersionUID = 1L;

    public NpyFormatException(String message) { super(message); }

    public NpyFormatException(String message, Throwable cause) { super(message, cause); }
}
