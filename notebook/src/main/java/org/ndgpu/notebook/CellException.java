package org.ndgpu.notebook;

/** A cell that failed: what JShell said, as the notebook's error. */
final class CellException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CellException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
