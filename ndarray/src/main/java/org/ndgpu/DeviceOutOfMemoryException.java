package org.ndgpu;

/** An allocation that does not fit on the device (or under the pool's limit), even after freeing cached blocks; the message gives the sizes. */
public class DeviceOutOfMemoryException extends DeviceException {
    private static final long serialVersionUID = 1L;

    public DeviceOutOfMemoryException(String message) { super(message); }

    public DeviceOutOfMemoryException(String message, Throwable cause) { super(message, cause); }
}
