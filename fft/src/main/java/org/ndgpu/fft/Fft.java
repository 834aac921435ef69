package org.ndgpu.fft;

import org.ndgpu.ndarray.NDArray;

/**
 * The fft namespace, as numpy.fft / cupy.fft: {@code Nd.fft().fft(a)}. Implemented by module fft
 * (cuFFT on CUDA when libcufft is present, ndgpu's own Stockham and Bluestein kernels elsewhere).
 *
 * <p>NumPy 2's rules throughout:
 * <ul>
 *   <li>dtypes: float32 and float16 give complex64, float64, bool and the integers complex128;
 *       complex input keeps its type; the inverse real transforms give float32 or float64;</li>
 *   <li>{@code n} (or {@code s}) zero-pads or truncates the input along the axis; {@code null} is
 *       NumPy's None (the axis's length; for irfft {@code 2 * (m - 1)});</li>
 *   <li>{@code norm} is "backward" (the default, also {@code null}), "ortho" or "forward";</li>
 *   <li>{@code axes} {@code null} is NumPy's None (every axis, or the last {@code s.length}); an
 *       axis may repeat, and is then transformed again, as in NumPy.</li>
 * </ul>
 * Any axis, strided, transposed and negative-stride views, and every length (primes such as 97
 * and 1009 go through Bluestein's algorithm) are accepted. A bad argument is an NdException
 * naming the function, what it expected and what it got.
 *
 * <pre>{@code
 * NDArray x = Nd.random().normal(0, 1, DType.FLOAT32, 1024);
 * NDArray spectrum = Nd.fft().rfft(x);                 // complex64, 513 bins
 * NDArray freqs = Nd.fft().rfftfreq(1024, 1.0 / 8000);  // Hz, float64
 * NDArray back = Nd.fft().irfft(spectrum, 1024L, -1, null);
 * }</pre>
 */
public interface Fft {
    // ---------------------------------------------------------------- one axis

    /** numpy.fft.fft(a, n, axis, norm): the discrete Fourier transform along one axis; n null is the axis's length. */
    NDArray fft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.fft(a): along the last axis. */
    default NDArray fft(NDArray a) {
        return fft(a, (Long) null, -1, null);
    }

    /** numpy.fft.fft(a, n): along the last axis, padded or truncated to n. */
    default NDArray fft(NDArray a, long n) {
        return fft(a, Long.valueOf(n), -1, null);
    }

    /** numpy.fft.fft(a, n, axis, norm) with n a number: {@code fft(a, 8, 0, "ortho")}. */
    default NDArray fft(NDArray a, long n, int axis, String norm) {
        return fft(a, Long.valueOf(n), axis, norm);
    }

    /** numpy.fft.ifft(a, n, axis, norm): the inverse transform (scaled by 1/n for "backward"). */
    NDArray ifft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.ifft(a). */
    default NDArray ifft(NDArray a) {
        return ifft(a, (Long) null, -1, null);
    }

    /** numpy.fft.ifft(a, n). */
    default NDArray ifft(NDArray a, long n) {
        return ifft(a, Long.valueOf(n), -1, null);
    }

    /** numpy.fft.ifft(a, n, axis, norm) with n a number. */
    default NDArray ifft(NDArray a, long n, int axis, String norm) {
        return ifft(a, Long.valueOf(n), axis, norm);
    }

    /** numpy.fft.rfft(a, n, axis, norm): the n // 2 + 1 non-negative frequencies of a real input's transform; complex input is a DTypeException. */
    NDArray rfft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.rfft(a). */
    default NDArray rfft(NDArray a) {
        return rfft(a, (Long) null, -1, null);
    }

    /** numpy.fft.rfft(a, n). */
    default NDArray rfft(NDArray a, long n) {
        return rfft(a, Long.valueOf(n), -1, null);
    }

    /** numpy.fft.rfft(a, n, axis, norm) with n a number. */
    default NDArray rfft(NDArray a, long n, int axis, String norm) {
        return rfft(a, Long.valueOf(n), axis, norm);
    }

    /**
     * numpy.fft.irfft(a, n, axis, norm): the real signal of length n (null: 2 * (m - 1) for m input
     * points) whose rfft is a; the imaginary parts of the zero and (even n) Nyquist terms are ignored.
     */
    NDArray irfft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.irfft(a). */
    default NDArray irfft(NDArray a) {
        return irfft(a, (Long) null, -1, null);
    }

    /** numpy.fft.irfft(a, n). */
    default NDArray irfft(NDArray a, long n) {
        return irfft(a, Long.valueOf(n), -1, null);
    }

    /** numpy.fft.irfft(a, n, axis, norm) with n a number. */
    default NDArray irfft(NDArray a, long n, int axis, String norm) {
        return irfft(a, Long.valueOf(n), axis, norm);
    }

    /** numpy.fft.hfft(a, n, axis, norm): the real spectrum of a signal with Hermitian symmetry, given its first half. */
    NDArray hfft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.hfft(a). */
    default NDArray hfft(NDArray a) {
        return hfft(a, (Long) null, -1, null);
    }

    /** numpy.fft.hfft(a, n, axis, norm) with n a number. */
    default NDArray hfft(NDArray a, long n, int axis, String norm) {
        return hfft(a, Long.valueOf(n), axis, norm);
    }

    /** numpy.fft.ihfft(a, n, axis, norm): the inverse of hfft, for real input; complex input is a DTypeException. */
    NDArray ihfft(NDArray a, Long n, int axis, String norm);

    /** numpy.fft.ihfft(a). */
    default NDArray ihfft(NDArray a) {
        return ihfft(a, (Long) null, -1, null);
    }

    /** numpy.fft.ihfft(a, n, axis, norm) with n a number. */
    default NDArray ihfft(NDArray a, long n, int axis, String norm) {
        return ihfft(a, Long.valueOf(n), axis, norm);
    }

    // ---------------------------------------------------------------- several axes

    /**
     * numpy.fft.fftn(a, s, axes, norm): the transform over several axes. {@code s} (null: the
     * axes' lengths) pads or truncates each; {@code axes} null is every axis, or the last
     * {@code s.length} when s is given; s and axes of different lengths are a ShapeException.
     */
    NDArray fftn(NDArray a, long[] s, int[] axes, String norm);

    /** numpy.fft.fftn(a): over every axis. */
    default NDArray fftn(NDArray a) {
        return fftn(a, null, null, null);
    }

    /** numpy.fft.ifftn(a, s, axes, norm). */
    NDArray ifftn(NDArray a, long[] s, int[] axes, String norm);

    /** numpy.fft.ifftn(a). */
    default NDArray ifftn(NDArray a) {
        return ifftn(a, null, null, null);
    }

    /** numpy.fft.rfftn(a, s, axes, norm): rfft over the last of the axes, then fft over the others. */
    NDArray rfftn(NDArray a, long[] s, int[] axes, String norm);

    /** numpy.fft.rfftn(a). */
    default NDArray rfftn(NDArray a) {
        return rfftn(a, null, null, null);
    }

    /** numpy.fft.irfftn(a, s, axes, norm): ifft over all but the last of the axes, then irfft over it (null s: 2 * (m - 1) there). */
    NDArray irfftn(NDArray a, long[] s, int[] axes, String norm);

    /** numpy.fft.irfftn(a). */
    default NDArray irfftn(NDArray a) {
        return irfftn(a, null, null, null);
    }

    /** numpy.fft.fft2(a): over the last two axes. */
    default NDArray fft2(NDArray a) {
        return fftn(a, null, new int[] {-2, -1}, null);
    }

    /** numpy.fft.fft2(a, s, axes, norm): fftn, with NumPy's None for a null s or axes. */
    default NDArray fft2(NDArray a, long[] s, int[] axes, String norm) {
        return fftn(a, s, axes, norm);
    }

    /** numpy.fft.ifft2(a). */
    default NDArray ifft2(NDArray a) {
        return ifftn(a, null, new int[] {-2, -1}, null);
    }

    /** numpy.fft.ifft2(a, s, axes, norm). */
    default NDArray ifft2(NDArray a, long[] s, int[] axes, String norm) {
        return ifftn(a, s, axes, norm);
    }

    /** numpy.fft.rfft2(a). */
    default NDArray rfft2(NDArray a) {
        return rfftn(a, null, new int[] {-2, -1}, null);
    }

    /** numpy.fft.rfft2(a, s, axes, norm). */
    default NDArray rfft2(NDArray a, long[] s, int[] axes, String norm) {
        return rfftn(a, s, axes, norm);
    }

    /** numpy.fft.irfft2(a). */
    default NDArray irfft2(NDArray a) {
        return irfftn(a, null, new int[] {-2, -1}, null);
    }

    /** numpy.fft.irfft2(a, s, axes, norm). */
    default NDArray irfft2(NDArray a, long[] s, int[] axes, String norm) {
        return irfftn(a, s, axes, norm);
    }

    // ---------------------------------------------------------------- helpers

    /**
     * numpy.fft.fftfreq(n, d): the sample frequencies {@code [0, 1, ..., n/2-1, -n/2, ..., -1] / (d * n)}
     * (for odd n up to (n-1)/2), float64 on the current device.
     */
    NDArray fftfreq(long n, double d);

    /** numpy.fft.fftfreq(n): with sample spacing 1. */
    default NDArray fftfreq(long n) {
        return fftfreq(n, 1.0);
    }

    /** numpy.fft.rfftfreq(n, d): {@code [0, 1, ..., n/2] / (d * n)}, float64 on the current device. */
    NDArray rfftfreq(long n, double d);

    /** numpy.fft.rfftfreq(n). */
    default NDArray rfftfreq(long n) {
        return rfftfreq(n, 1.0);
    }

    /** numpy.fft.fftshift(a): the zero frequency moved to the centre of every axis; a new array. */
    default NDArray fftshift(NDArray a) {
        return fftshift(a, (int[]) null);
    }

    /** numpy.fft.fftshift(a, axes): each axis rolled by its length // 2 (null: every axis). */
    NDArray fftshift(NDArray a, int... axes);

    /** numpy.fft.ifftshift(a): the inverse of fftshift. */
    default NDArray ifftshift(NDArray a) {
        return ifftshift(a, (int[]) null);
    }

    /** numpy.fft.ifftshift(a, axes): each axis rolled by -(length // 2) (null: every axis). */
    NDArray ifftshift(NDArray a, int... axes);

    /**
     * scipy.fft.next_fast_len(n) for complex transforms: the smallest length {@code >= n} whose
     * prime factors are 2, 3, 5 and 7, which the FFT kernels take without Bluestein's detour (what
     * an FFT convolution pads to), as cupyx.scipy.fft.next_fast_len; 0 gives 0, as SciPy. A negative
     * n, or one past the largest such length a long holds, is an NdException.
     */
    long nextFastLen(long n);
}
