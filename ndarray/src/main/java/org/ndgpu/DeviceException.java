package org.ndgpu;

/** A device or backend failure: no such device, a native status code, a device fault, arrays on different devices. */
public class DeviceException extends NdException {
    private static final long serialVersionUID = 1L;

    public DeviceException(String message) { super(message); }

    public DeviceException(String message, Throwable cause) { super(message, cause); }
}
