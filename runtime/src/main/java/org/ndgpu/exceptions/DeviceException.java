package org.ndgpu.exceptions;

/** A device or backend failure: no such device, a native status code, a device fault, arrays on different devices. */
public class DeviceException extends NdException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new DeviceException("Device.get: no device 'cuda:1'")}. */
    public DeviceException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public DeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}
