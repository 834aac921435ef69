package org.ndgpu.backend.cuda.linalg;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.backend.cuda.CudaBuffer;
import org.ndgpu.backend.cuda.CudaLibraries;
import org.ndgpu.backend.cuda.CudaStream;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.vendor.Blas;

/**
 * {@link Blas} on a CUDA device through cuBLAS (libcublas.so.13, .12 or .11, opened by soname):
 * S/D/C/Z GEMM, one matrix through cublas&lt;t&gt;gemm_v2 and stacks through
 * cublas&lt;t&gt;gemmStridedBatched, and TRSM through cublas&lt;t&gt;trsm_v2.
 *
 * <p>cuBLAS is column-major and the {@link Blas} interface row-major: a row-major m x n matrix is
 * the column-major n x m matrix of its transpose, so {@code C = op(A) op(B)} is computed as
 * {@code C^T = op(B)^T op(A)^T}, that is with the operands (and m, n) swapped and the same op
 * flags. One cuBLAS handle per device, used under a lock (a handle must not be used by two threads
 * at once), bound to the device's current stream when a call comes on another stream than the last. TF32 only when
 * {@link CudaLinalg#tf32()} says so.
 *
 * <pre>{@code
 * Blas blas = Blas.forDevice(Device.get("cuda:0"));   // this class, through CuBlasProvider
 * }</pre>
 */
final class CuBlas implements Blas {
    static final NativeApi API = new NativeApi("cuBLAS", CudaLibraries.CUBLAS);

    private static final int CUBLAS_DEFAULT_MATH = 0;
    private static final int CUBLAS_TF32_TENSOR_OP_MATH = 3;

    private final Device device;
    private final CudaBackend backend;
    private final MemorySegment handle;
    private int mathMode = -1;
    /** The stream the handle is bound to: cublasSetStream also resets cuBLAS's workspace, so it is called only on a change. */
    private MemorySegment boundStream;

    CuBlas(Device device) {
        this.device = device;
        this.backend = (CudaBackend) device.backend();
        backend.makeCurrent();
        MemorySegment h = Arena.global().allocate(ADDRESS);
        check(API.call("cublasCreate_v2", h), "cublasCreate_v2");
        this.handle = h.get(ADDRESS, 0);
    }

    /** cuBLAS's symbolic name for a status ("CUBLAS_STATUS_INVALID_VALUE") and its description. */
    static String statusName(int st) {
        String name = API.callString("cublasGetStatusName", st);
        if (name == null) {
            name = switch (st) {
                case 0 -> "CUBLAS_STATUS_SUCCESS";
                case 1 -> "CUBLAS_STATUS_NOT_INITIALIZED";
                case 3 -> "CUBLAS_STATUS_ALLOC_FAILED";
                case 7 -> "CUBLAS_STATUS_INVALID_VALUE";
                case 8 -> "CUBLAS_STATUS_ARCH_MISMATCH";
                case 11 -> "CUBLAS_STATUS_MAPPING_ERROR";
                case 13 -> "CUBLAS_STATUS_EXECUTION_FAILED";
                case 14 -> "CUBLAS_STATUS_INTERNAL_ERROR";
                case 15 -> "CUBLAS_STATUS_NOT_SUPPORTED";
                case 16 -> "CUBLAS_STATUS_LICENSE_ERROR";
                default -> "cublasStatus " + st;
            };
        }
        String text = API.callString("cublasGetStatusString", st);
        return text == null || text.isBlank() ? name : name + " (" + text + ")";
    }

    private void check(int st, String what) {
        if (st == 0) return;
        String msg = device.id() + " " + what + ": " + statusName(st);
        throw st == 3 ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    @Override
    public boolean supports(DType dtype) {
        return dtype == DType.FLOAT32
                || dtype == DType.FLOAT64
                || dtype == DType.COMPLEX64
                || dtype == DType.COMPLEX128;
    }

    private static int op(Op o) {
        return switch (o) {
            case N -> 0;
            case T -> 1;
            case C -> 2;
        };
    }

    private static int i32(String what, long v) {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new DeviceException("cuBLAS gemm: " + what + " = " + v + " does not fit the 32-bit interface");
        }
        return (int) v;
    }

    /** Makes the context current and binds the handle to the device's current stream; under the lock. */
    private void bind() {
        backend.makeCurrent();
        CudaStream s = (CudaStream) device.currentStream().backendStream();
        if (!s.handle().equals(boundStream)) {
            check(API.call("cublasSetStream_v2", handle, s.handle()), "cublasSetStream_v2");
            boundStream = s.handle();
        }
    }

    private static String letter(DType dtype) {
        return switch (dtype) {
            case FLOAT32 -> "S";
            case FLOAT64 -> "D";
            case COMPLEX64 -> "C";
            default -> "Z";
        };
    }

    /** A real scalar in host memory (the handle's default pointer mode) for dtype: complex as {re, 0}. */
    private static MemorySegment scalar(Arena arena, DType dtype, double v) {
        MemorySegment m = arena.allocate(16, 8);
        if (dtype == DType.FLOAT32 || dtype == DType.COMPLEX64) m.set(JAVA_FLOAT, 0, (float) v);
        else m.set(JAVA_DOUBLE, 0, v);
        return m;
    }

    @Override
    public boolean hasTrsm(DType dtype) {
        return supports(dtype);
    }

    /**
     * cublas&lt;t&gt;trsm_v2. Row-major B (m x n) is column-major B^T and row-major A column-major
     * S = A^T, so {@code op(A) X = B} is {@code X^T op(S) = B^T}: the same op on the stored matrix
     * from the other side, its other triangle. A single contiguous right-hand side (left, n = 1,
     * ldb = 1) is the same memory in both layouts, so it stays on the left with N and T swapped.
     */
    @Override
    public void trsm(
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
        if (!supports(dtype)) throw new DTypeException("cuBLAS trsm: " + dtype + " is not supported");
        int isz = dtype.itemsize();
        long pa = ((CudaBuffer) a).pointer() + aOffset * isz;
        long pb = ((CudaBuffer) b).pointer() + bOffset * isz;
        int side, uplo = lower ? 1 : 0, trans = op(opA), mm, nn, ldbCol;
        if (left && n == 1 && ldb == 1 && (opA != Op.C || !dtype.isComplex())) {
            // op(A) x = b with A = (stored)^T: (stored)^T for N, stored for T (and C of a real matrix)
            side = 0;
            trans = opA == Op.N ? 1 : 0;
            mm = i32("m", m);
            nn = 1;
            ldbCol = Math.max(1, mm);
        } else {
            side = left ? 1 : 0;
            mm = i32("n", n);
            nn = i32("m", m);
            ldbCol = i32("ldb", ldb);
        }
        String fn = "cublas" + letter(dtype) + "trsm_v2";
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment al = scalar(arena, dtype, alpha);
            synchronized (this) {
                bind();
                // no TF32 inside trsm's own products, whatever the last GEMM asked for
                if (mathMode != CUBLAS_DEFAULT_MATH) {
                    check(API.call("cublasSetMathMode", handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
                    mathMode = CUBLAS_DEFAULT_MATH;
                }
                int st = API.call(
                        fn, handle, side, uplo, trans, unit ? 1 : 0, mm, nn, al, pa, i32("lda", lda), pb, ldbCol);
                if (st != 0) {
                    check(
                            st,
                            fn + " (m=" + m + ", n=" + n + ", lda=" + lda + ", ldb=" + ldb + ", left=" + left
                                    + ", lower=" + lower + ", op " + opA + ")");
                }
            }
        }
    }

    @Override
    public void gemmStridedBatched(
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
            long batch) {
        if (!supports(dtype)) throw new DTypeException("cuBLAS gemm: " + dtype + " is not supported");
        int isz = dtype.itemsize();
        long pa = ((CudaBuffer) a).pointer() + aOffset * isz;
        long pb = ((CudaBuffer) b).pointer() + bOffset * isz;
        long pc = ((CudaBuffer) c).pointer() + cOffset * isz;
        String t = letter(dtype);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment al = scalar(arena, dtype, alpha), be = scalar(arena, dtype, beta);
            // row-major C = op(A) op(B)  ==  column-major C^T = op(B)^T op(A)^T: swap the operands
            int ta = op(opB), tb = op(opA);
            int mm = i32("n", n), nn = i32("m", m), kk = i32("k", k);
            int l1 = i32("ldb", ldb), l2 = i32("lda", lda), l3 = i32("ldc", ldc);
            synchronized (this) {
                bind();
                int mode =
                        dtype == DType.FLOAT32 && CudaLinalg.tf32() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
                if (mode != mathMode) {
                    check(API.call("cublasSetMathMode", handle, mode), "cublasSetMathMode");
                    mathMode = mode;
                }
                int st;
                String fn;
                if (batch == 1) {
                    fn = "cublas" + t + "gemm_v2";
                    st = API.call(fn, handle, ta, tb, mm, nn, kk, al, pb, l1, pa, l2, be, pc, l3);
                } else {
                    fn = "cublas" + t + "gemmStridedBatched";
                    st = API.call(
                            fn,
                            handle,
                            ta,
                            tb,
                            mm,
                            nn,
                            kk,
                            al,
                            pb,
                            l1,
                            strideB,
                            pa,
                            l2,
                            strideA,
                            be,
                            pc,
                            l3,
                            strideC,
                            i32("batch", batch));
                }
                if (st != 0) {
                    check(
                            st,
                            fn + " (m=" + m + ", n=" + n + ", k=" + k + ", lda=" + lda + ", ldb=" + ldb + ", ldc=" + ldc
                                    + ", batch=" + batch + ", ops " + opA + opB + ")");
                }
            }
        }
    }
}
