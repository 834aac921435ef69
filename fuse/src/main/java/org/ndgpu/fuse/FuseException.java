package org.ndgpu.fuse;

import org.ndgpu.exceptions.NdException;

/**
 * A function that {@link Fuse} cannot trace into kernels: it reads elements on the host
 * ({@code item()}, {@code toDoubleArray()}, a Java {@code if} on a comparison), uses an operation
 * that is not elementwise or a fusable reduction, or returns something not computed from its
 * arguments. The message names the call and, where it can, the line of the lambda.
 */
public class FuseException extends NdException {
    private static final long serialVersionUID = 1L;

    public FuseException(String message) {
        super(message);
    }
}
