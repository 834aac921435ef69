package org.ndgpu.exceptions;

/** A kernel launch the device refused: bad arguments, a block larger than the kernel allows, too much shared memory. */
public class KernelLaunchException extends DeviceException {
    private static final long serialVersionUID = 1L;

    /** An error with its message, e.g. {@code new KernelLaunchException("my_add: CL_INVALID_WORK_GROUP_SIZE")}. */
    public KernelLaunchException(String message) {
        super(message);
    }

    /** An error with its message and the native or Java error that caused it. */
    public KernelLaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}
