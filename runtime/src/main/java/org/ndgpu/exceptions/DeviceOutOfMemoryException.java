package org.ndgpu.exceptions;

/** An allocation that does not fit on the device (or under the pool's limit), even after freeing cached blocks; the message gives the sizes. */
public class DeviceOutOfMemoryException extends DeviceException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new DeviceOutOfMemoryException("allocate 4 GiB on cuda:0: ...")}. */
    public DeviceOutOfMemoryException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public DeviceOutOfMemoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
