package org.ndgpu;

/** A kernel launch the device refused: bad arguments, a block larger than the kernel allows, too much shared memory. */
public class KernelLaunchException extends DeviceException {
    private static final long serialVersionUID = 1L;

    public KernelLaunchException(String message) { super(message); }

    public KernelLaunchException(String message, Throwable cause) { super(message, cause); }
}
