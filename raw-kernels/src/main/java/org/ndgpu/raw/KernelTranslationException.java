package org.ndgpu.raw;

import org.ndgpu.exceptions.NdException;

/**
 * A Java kernel that Aparapi cannot translate to OpenCL C: the message names the class, the
 * construct (string concatenation, object creation, a call outside the kernel, ...) and the source
 * line where the class file says.
 */
public class KernelTranslationException extends NdException {
    private static final long serialVersionUID = 1L;

    /** A failure to translate a JavaKernel's bytecode, with what Aparapi reported. */
    public KernelTranslationException(String message, Throwable cause) {
        super(message, cause);
    }
}
