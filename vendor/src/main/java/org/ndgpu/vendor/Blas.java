package org.ndgpu.vendor;

import java.util.ServiceLoader;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;

/**
 * A device's BLAS, as much of it as ndgpu uses: strided batched GEMM on device buffers. One
 * implementation per backend (CLBlast on OpenCL; cuBLAS on CUDA), found through
 * {@link BlasProvider}s, so a backend's BLAS plugs in without touching the callers.
 *
 * <p>Conventions, the same for every implementation: matrices are <b>row-major</b> (C order, as
 * NDArray's), offsets, leading dimensions and batch strides count <b>elements</b>, and
 * {@code C[i] = alpha * op(A[i]) op(B[i]) + beta * C[i]} for {@code i < batch}, where
 * {@code op(A)} is m x k and {@code op(B)} is k x n. A column-major library (cuBLAS) computes the
 * transposed product {@code C^T = op(B)^T op(A)^T} by swapping the operands. Work goes to the
 * device's current stream.
 *
 * <pre>{@code
 * Blas blas = Blas.forDevice(a.device());
 * blas.gemmStridedBatched(DType.FLOAT32, Op.N, Op.T, m, n, k, 1, a.buffer(), a.offset() / 4, k, 0,
 *         b.buffer(), b.offset() / 4, k, 0, 0, c.buffer(), 0, n, 0, 1);
 * }</pre>
 */
public interface Blas {
    /** How an operand enters the product: as stored, transposed, or conjugate-transposed. */
    enum Op {
        N,
        T,
        C
    }

    /** True if this BLAS multiplies matrices of {@code dtype}. */
    boolean supports(DType dtype);

    /**
     * {@code batch} GEMMs, the i-th reading A at {@code aOffset + i * strideA} (and so for B, C).
     * A stride of 0 repeats the same matrix (a broadcast batch operand); alpha and beta are real.
     */
    void gemmStridedBatched(
            DType dtype,
            Op opA,
            Op opB,
            long m,
            long n,
            long k,
            double alpha,
            BackendBuffer a,
            long aOffset,
            long lda,
            long strideA,
            BackendBuffer b,
            long bOffset,
            long ldb,
            long strideB,
            double beta,
            BackendBuffer c,
            long cOffset,
            long ldc,
            long strideC,
            long batch);

    /** True if {@link #trsm} runs here for {@code dtype}; callers have their own triangular solve otherwise. */
    default boolean hasTrsm(DType dtype) {
        return false;
    }

    /**
     * The triangular solve in place in B (m x n, row-major): {@code op(A) X = alpha B} ({@code left},
     * A of order m) or {@code X op(A) = alpha B} (A of order n), reading A's {@code lower} or upper
     * triangle, its diagonal taken as ones ({@code unit}, not read) or not. A zero on A's diagonal is
     * not reported: callers check what they promise.
     */
    default void trsm(
            DType dtype,
            boolean left,
            boolean lower,
            Op opA,
            boolean unit,
            long m,
            long n,
            double alpha,
            BackendBuffer a,
            long aOffset,
            long lda,
            BackendBuffer b,
            long bOffset,
            long ldb) {
        throw new UnsupportedOperationException("trsm is not offered by this BLAS");
    }

    /**
     * One row of a GEMM parameter sweep ({@link #tuneGemm}): a candidate's name ({@code "default"}
     * for the library's own choice), its parameters, the TFLOP/s it reached (NaN where skipped), why it
     * was skipped (null if it ran), and whether it was chosen.
     */
    record GemmTiming(String candidate, String parameters, double tflops, String skipped, boolean chosen) {}

    /** True if {@link #tuneGemm} can choose GEMM kernel parameters on this device (CLBlast; not cuBLAS). */
    default boolean tunesGemm() {
        return false;
    }

    /**
     * Times every candidate set of GEMM kernel parameters on {@code size}^3 GEMMs of {@code dtype}
     * ({@code repeats} timed runs each, the median counted), keeps the fastest for this device from
     * now on (the library's own if it wins) and saves the choice for the next process where
     * {@code save}. Rows in the order timed.
     */
    default java.util.List<GemmTiming> tuneGemm(DType dtype, long size, int repeats, boolean save) {
        throw new UnsupportedOperationException("this BLAS chooses its own GEMM kernels");
    }

    /** The BLAS of {@code device}, or null if no provider serves its backend. Cached per device. */
    static Blas forDevice(Device device) {
        return Registry.forDevice(device);
    }

    /** Providers and the per-device cache behind {@link #forDevice}. */
    final class Registry {
        private Registry() {}

        private static final Device.Key<java.util.Optional<Blas>> BLAS = new Device.Key<>("BLAS");

        static Blas forDevice(Device device) {
            return device.state(BLAS, () -> {
                        for (BlasProvider p : ServiceLoader.load(BlasProvider.class, Blas.class.getClassLoader())) {
                            if (p.supports(device)) return java.util.Optional.of(p.create(device));
                        }
                        return java.util.Optional.<Blas>empty();
                    })
                    .orElse(null);
        }
    }
}
