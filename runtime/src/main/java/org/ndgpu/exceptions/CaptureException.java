package org.ndgpu.exceptions;

/**
 * Work that a capture ({@code Nd.capture}) cannot record: a read to the host ({@code item()},
 * {@code toFloatArray()}), a copy from host memory, a synchronize, an array of another device, a
 * nested capture. The capture is discarded; the stream and the arrays stay usable.
 */
public class CaptureException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new CaptureException("Nd.capture: NDArray.item cannot be captured: ...")}. */
    public CaptureException(String message) {
        super(message);
    }

    /** An error with its message and the error that caused it. */
    public CaptureException(String message, Throwable cause) {
        super(message, cause);
    }
}
