package org.ndgpu.backend.cuda.linalg;

import java.util.Locale;
import org.ndgpu.config.Config;

/**
 * The switches of linalg on CUDA devices, in one place. Each starts from its setting in
 * {@link Config} and can be changed at run time; the next call uses the new value.
 *
 * <ul>
 *   <li>{@code ndgpu.cuda.tf32} (default {@code false}, as CuPy): float32 matmul may use TF32
 *       tensor cores (cuBLAS CUBLAS_TF32_TENSOR_OP_MATH): several times faster, but inputs are
 *       rounded to 10 mantissa bits, so errors near 1e-3 relative instead of 1e-6.</li>
 *   <li>{@code ndgpu.cuda.svd} (default {@code auto}): which cuSOLVER routine computes svd:
 *       {@code auto} picks by size (see {@link SvdAlgorithm#AUTO}), or one of {@code gesvd},
 *       {@code gesvdj}, {@code gesvdp}.</li>
 * </ul>
 *
 * <pre>{@code
 * CudaLinalg.setTf32(true);                           // opt in for float32 matmul
 * CudaLinalg.setSvdAlgorithm(CudaLinalg.SvdAlgorithm.GESVDJ);
 * }</pre>
 */
public final class CudaLinalg {
    private CudaLinalg() {}

    /** cuSOLVER's SVD routines. */
    public enum SvdAlgorithm {
        /**
         * By size (the measurements behind the thresholds are in linalg/README.md): stacks of matrices up to
         * 32x32 gesvdjBatched; real matrices with min(m, n) &gt;= 256 Xgesvdp (float32 computed in
         * float64); everything else gesvd.
         */
        AUTO,
        /** QR iteration on the bidiagonal form (LAPACK's gesvd); what CuPy uses. */
        GESVD,
        /** One-sided Jacobi. */
        GESVDJ,
        /** Polar decomposition (QDWH) then an eigendecomposition: cusolverDnXgesvdp. */
        GESVDP
    }

    // null until first asked: the settings are read then, not in a static initializer, so that a bad value is
    // the NdException of that call (naming the setting) and the next call reads it again
    private static volatile Boolean tf32;
    private static volatile SvdAlgorithm svd;

    /** True if float32 matmul may use TF32 tensor cores. */
    public static boolean tf32() {
        Boolean on = tf32;
        if (on == null) tf32 = on = Config.cudaTf32();
        return on;
    }

    /** Allows (true) or forbids (false, the default) TF32 for float32 matmul on CUDA devices. */
    public static void setTf32(boolean on) {
        tf32 = on;
    }

    /** The SVD routine in use. */
    public static SvdAlgorithm svdAlgorithm() {
        SvdAlgorithm a = svd;
        if (a == null) svd = a = SvdAlgorithm.valueOf(Config.cudaSvd().toUpperCase(Locale.ROOT));
        return a;
    }

    /** Chooses the SVD routine; {@link SvdAlgorithm#AUTO} restores the choice by size. */
    public static void setSvdAlgorithm(SvdAlgorithm algorithm) {
        svd = java.util.Objects.requireNonNull(algorithm);
    }
}
