package org.ndgpu.exceptions;

/**
 * A file could not be read or written (missing, a folder, no permission, a full disk), as NumPy's
 * OSError. The cause is the {@link java.io.IOException}. A file that was read but is not a valid
 * .npy or .npz is a {@link NpyFormatException} instead.
 */
public class NdIOException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message and the IOException that caused it. */
    public NdIOException(String message, Throwable cause) {
        super(message, cause);
    }
}
