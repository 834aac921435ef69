package org.ndgpu.spi;

/**
 * The ufuncs and reductions of a capture that fuses ({@code Nd.capture}'s default; module fuse
 * implements it): while a body is captured, this thread's ufunc and reduction calls on ordinary
 * arrays come here instead of to the libraries ({@link Providers#ufuncs(Object...)},
 * {@link Providers#reductions(org.ndgpu.ndarray.NDArray)}). It returns real arrays at once but
 * holds their kernels back, joining a chain of elementwise operations (and a reduction that ends
 * it) into one kernel, which it enqueues before any other work reaches the capture's stream
 * ({@link org.ndgpu.device.Capture#beforeNextWork}). What it cannot join it runs as the libraries
 * would, after enqueueing what it holds.
 */
public interface CaptureFuser extends UfuncRunner, ReductionRunner {

    /** Enqueues the work held back, if any, on the capture's stream. */
    void flush();
}
