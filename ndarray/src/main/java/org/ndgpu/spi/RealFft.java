package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/**
 * The real FFTs that module routines' convolve and correlate use for long inputs when module fft is
 * present (numpy.convolve has no FFT path; scipy.signal.fftconvolve does). Module fft implements it.
 */
public interface RealFft {
    /** numpy.fft.rfft(a, n) along the last axis. */
    NDArray rfft(NDArray a, long n);

    /** numpy.fft.irfft(a, n) along the last axis. */
    NDArray irfft(NDArray a, long n);

    /** scipy.fft.next_fast_len(n): the least 7-smooth length at or above n. */
    long nextFastLen(long n);
}
