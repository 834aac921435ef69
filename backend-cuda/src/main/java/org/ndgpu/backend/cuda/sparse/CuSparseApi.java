package org.ndgpu.backend.cuda.sparse;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * The cuSPARSE functions ndgpu calls, bound through java.lang.foreign from cusparse.h's prototypes
 * (the generic API of CUDA 11.x to 13.x): the handle and the descriptors are opaque pointers
 * ({@code MemorySegment}), device pointers pass as 64-bit integers, {@code int64_t} sizes as long,
 * enums as int, {@code size_t*} and the scalars alpha and beta as host pointers. Every function
 * returns a {@code cusparseStatus_t}.
 *
 * <p>Where the enum values come from: cusparse.h's {@code typedef enum}s, as NVIDIA's nvmath-python
 * bindings list them (docs.nvidia.com/cuda/nvmath-python, {@code nvmath.bindings.cusparse.Operation},
 * {@code IndexType}, {@code Order}, {@code SpMVAlg}, {@code SpMMAlg}, {@code SpGEMMAlg},
 * {@code Csr2CscAlg}, {@code Action}, {@code Status}), and library_types.h's {@code cudaDataType_t}
 * and {@code libraryPropertyType_t} (the same values cuSOLVER's binding here passes).
 */
final class CuSparseApi {
    /** cusparseOperation_t: CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1. */
    static final int NON_TRANSPOSE = 0, TRANSPOSE = 1;
    /** cusparseIndexType_t: CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 (CUSPARSE_INDEX_16U is 1). */
    static final int INDEX_32I = 2, INDEX_64I = 3;
    /** cusparseIndexBase_t: CUSPARSE_INDEX_BASE_ZERO = 0. */
    static final int INDEX_BASE_ZERO = 0;
    /** cudaDataType_t (library_types.h): CUDA_R_32F = 0, CUDA_R_64F = 1. */
    static final int CUDA_R_32F = 0, CUDA_R_64F = 1;
    /** cusparseOrder_t: CUSPARSE_ORDER_ROW = 2 (CUSPARSE_ORDER_COL is 1). */
    static final int ORDER_ROW = 2;
    /** cusparseSpMVAlg_t: CUSPARSE_SPMV_ALG_DEFAULT = 0 (what CuPy's spmv passes). */
    static final int SPMV_ALG_DEFAULT = 0;
    /** cusparseSpMMAlg_t: CUSPARSE_SPMM_ALG_DEFAULT = 0. */
    static final int SPMM_ALG_DEFAULT = 0;
    /** cusparseSpGEMMAlg_t: CUSPARSE_SPGEMM_DEFAULT = 0. */
    static final int SPGEMM_DEFAULT = 0;
    /** cusparseAction_t: CUSPARSE_ACTION_NUMERIC = 1 (values are copied, not only the pattern). */
    static final int ACTION_NUMERIC = 1;
    /** cusparseCsr2CscAlg_t: CUSPARSE_CSR2CSC_ALG_DEFAULT = CUSPARSE_CSR2CSC_ALG1 = 1. */
    static final int CSR2CSC_ALG_DEFAULT = 1;
    /** cusparseStatus_t: CUSPARSE_STATUS_ALLOC_FAILED = 2, NOT_SUPPORTED = 10, INSUFFICIENT_RESOURCES = 11. */
    static final int STATUS_ALLOC_FAILED = 2, STATUS_NOT_SUPPORTED = 10, STATUS_INSUFFICIENT_RESOURCES = 11;

    private final NativeLibrary lib;
    private final MethodHandle create, destroy, setStream, getProperty;
    private final MethodHandle createCsr, destroySpMat, createDnVec, destroyDnVec, createDnMat, destroyDnMat;
    private final MethodHandle spmvBufferSize, spmv, spmmBufferSize, spmm;
    private final MethodHandle spgemmCreateDescr, spgemmDestroyDescr, spgemmWorkEstimation, spgemmCompute, spgemmCopy;
    private final MethodHandle spMatGetSize, csrSetPointers, csr2cscBufferSize, csr2csc;

    CuSparseApi(NativeLibrary lib) {
        this.lib = lib;
        // each signature spells the C parameters in order: A a pointer (handle, descriptor, host pointer),
        // L a 64-bit integer (int64_t, or a device pointer), I a 32-bit int or enum; all return an int status
        create = bind("cusparseCreate", "A"); // (cusparseHandle_t*)
        destroy = bind("cusparseDestroy", "A");
        setStream = bind("cusparseSetStream", "AA"); // (handle, cudaStream_t)
        getProperty = bind("cusparseGetProperty", "IA"); // (libraryPropertyType, int*)
        // (descr*, rows, cols, nnz, rowOffsets, colInd, values, rowOffsetsType, colIndType, idxBase, valueType)
        createCsr = bind("cusparseCreateCsr", "ALLLLLLIIII");
        destroySpMat = bind("cusparseDestroySpMat", "A");
        createDnVec = bind("cusparseCreateDnVec", "ALLI"); // (descr*, size, values, valueType)
        destroyDnVec = bind("cusparseDestroyDnVec", "A");
        createDnMat = bind("cusparseCreateDnMat", "ALLLLII"); // (descr*, rows, cols, ld, values, valueType, order)
        destroyDnMat = bind("cusparseDestroyDnMat", "A");
        // (handle, opA, alpha*, matA, vecX, beta*, vecY, computeType, alg, size_t* bufferSize | void* buffer)
        spmvBufferSize = bind("cusparseSpMV_bufferSize", "AIAAAAAIIA");
        spmv = bind("cusparseSpMV", "AIAAAAAIIL");
        // (handle, opA, opB, alpha*, matA, matB, beta*, matC, computeType, alg, size_t* bufferSize | void* buffer)
        spmmBufferSize = bind("cusparseSpMM_bufferSize", "AIIAAAAAIIA");
        spmm = bind("cusparseSpMM", "AIIAAAAAIIL");
        spgemmCreateDescr = bind("cusparseSpGEMM_createDescr", "A");
        spgemmDestroyDescr = bind("cusparseSpGEMM_destroyDescr", "A");
        // (handle, opA, opB, alpha*, matA, matB, beta*, matC, computeType, alg, spgemmDescr, size_t*, void* buffer)
        spgemmWorkEstimation = bind("cusparseSpGEMM_workEstimation", "AIIAAAAAIIAAL");
        spgemmCompute = bind("cusparseSpGEMM_compute", "AIIAAAAAIIAAL");
        // (handle, opA, opB, alpha*, matA, matB, beta*, matC, computeType, alg, spgemmDescr)
        spgemmCopy = bind("cusparseSpGEMM_copy", "AIIAAAAAIIA");
        spMatGetSize = bind("cusparseSpMatGetSize", "AAAA"); // (descr, int64_t* rows, int64_t* cols, int64_t* nnz)
        csrSetPointers = bind("cusparseCsrSetPointers", "ALLL"); // (descr, rowOffsets, colInd, values)
        // (handle, int m, int n, int nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr, cscRowInd, valType,
        // copyValues, idxBase, alg, size_t* bufferSize | void* buffer)
        csr2cscBufferSize = bind("cusparseCsr2cscEx2_bufferSize", "AIIILLLLLLIIIIA");
        csr2csc = bind("cusparseCsr2cscEx2", "AIIILLLLLLIIIIL");
    }

    private MethodHandle bind(String function, String signature) {
        return Downcalls.bind(lib, function, signature);
    }

    String loadedFrom() {
        return lib.loadedFrom();
    }

    /** "major.minor.patch" from cusparseGetProperty (libraryPropertyType: MAJOR_VERSION 0, MINOR_VERSION 1, PATCH_LEVEL 2). */
    String version() {
        return Downcalls.version(getProperty);
    }

    /** cusparseStatus_t's names (cusparse.h; nvmath.bindings.cusparse.Status). */
    static String status(int st) {
        return switch (st) {
            case 1 -> "CUSPARSE_STATUS_NOT_INITIALIZED";
            case 2 -> "CUSPARSE_STATUS_ALLOC_FAILED";
            case 3 -> "CUSPARSE_STATUS_INVALID_VALUE";
            case 4 -> "CUSPARSE_STATUS_ARCH_MISMATCH";
            case 5 -> "CUSPARSE_STATUS_MAPPING_ERROR";
            case 6 -> "CUSPARSE_STATUS_EXECUTION_FAILED";
            case 7 -> "CUSPARSE_STATUS_INTERNAL_ERROR";
            case 8 -> "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
            case 9 -> "CUSPARSE_STATUS_ZERO_PIVOT";
            case 10 -> "CUSPARSE_STATUS_NOT_SUPPORTED";
            case 11 -> "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
            default -> "cusparseStatus_t " + st;
        };
    }

    /** Throws for a status other than success: out of memory for ALLOC_FAILED and INSUFFICIENT_RESOURCES. */
    static void check(int st, String what) {
        if (st == 0) return;
        String msg = what + ": " + status(st);
        throw st == STATUS_ALLOC_FAILED || st == STATUS_INSUFFICIENT_RESOURCES
                ? new DeviceOutOfMemoryException(msg)
                : new DeviceException(msg);
    }

    private static RuntimeException rethrow(String fn, Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new DeviceException("cuSPARSE: calling " + fn + " failed: " + t);
    }

    int create(MemorySegment handleOut) {
        try {
            return (int) create.invokeExact(handleOut);
        } catch (Throwable t) {
            throw rethrow("cusparseCreate", t);
        }
    }

    int destroy(MemorySegment handle) {
        try {
            return (int) destroy.invokeExact(handle);
        } catch (Throwable t) {
            throw rethrow("cusparseDestroy", t);
        }
    }

    int setStream(MemorySegment handle, MemorySegment stream) {
        try {
            return (int) setStream.invokeExact(handle, stream);
        } catch (Throwable t) {
            throw rethrow("cusparseSetStream", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseCreateCsr's own parameter list
    int createCsr(
            MemorySegment out,
            long rows,
            long cols,
            long nnz,
            long indptr,
            long indices,
            long values,
            int indptrType,
            int indicesType,
            int valueType) {
        try {
            return (int) createCsr.invokeExact(
                    out, rows, cols, nnz, indptr, indices, values, indptrType, indicesType, INDEX_BASE_ZERO, valueType);
        } catch (Throwable t) {
            throw rethrow("cusparseCreateCsr", t);
        }
    }

    int destroySpMat(MemorySegment descr) {
        try {
            return (int) destroySpMat.invokeExact(descr);
        } catch (Throwable t) {
            throw rethrow("cusparseDestroySpMat", t);
        }
    }

    int createDnVec(MemorySegment out, long size, long values, int valueType) {
        try {
            return (int) createDnVec.invokeExact(out, size, values, valueType);
        } catch (Throwable t) {
            throw rethrow("cusparseCreateDnVec", t);
        }
    }

    int destroyDnVec(MemorySegment descr) {
        try {
            return (int) destroyDnVec.invokeExact(descr);
        } catch (Throwable t) {
            throw rethrow("cusparseDestroyDnVec", t);
        }
    }

    /** A row-major (CUSPARSE_ORDER_ROW) dense matrix whose rows are {@code ld} elements apart. */
    int createDnMat(MemorySegment out, long rows, long cols, long ld, long values, int valueType) {
        try {
            return (int) createDnMat.invokeExact(out, rows, cols, ld, values, valueType, ORDER_ROW);
        } catch (Throwable t) {
            throw rethrow("cusparseCreateDnMat", t);
        }
    }

    int destroyDnMat(MemorySegment descr) {
        try {
            return (int) destroyDnMat.invokeExact(descr);
        } catch (Throwable t) {
            throw rethrow("cusparseDestroyDnMat", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseSpMV_bufferSize's own parameter list
    int spmvBufferSize(
            MemorySegment h,
            int op,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment x,
            MemorySegment beta,
            MemorySegment y,
            int type,
            MemorySegment size) {
        try {
            return (int) spmvBufferSize.invokeExact(h, op, alpha, a, x, beta, y, type, SPMV_ALG_DEFAULT, size);
        } catch (Throwable t) {
            throw rethrow("cusparseSpMV_bufferSize", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseSpMV's own parameter list
    int spmv(
            MemorySegment h,
            int op,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment x,
            MemorySegment beta,
            MemorySegment y,
            int type,
            long buffer) {
        try {
            return (int) spmv.invokeExact(h, op, alpha, a, x, beta, y, type, SPMV_ALG_DEFAULT, buffer);
        } catch (Throwable t) {
            throw rethrow("cusparseSpMV", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseSpMM_bufferSize's own parameter list
    int spmmBufferSize(
            MemorySegment h,
            int opA,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment b,
            MemorySegment beta,
            MemorySegment c,
            int type,
            MemorySegment size) {
        try {
            return (int) spmmBufferSize.invokeExact(
                    h, opA, NON_TRANSPOSE, alpha, a, b, beta, c, type, SPMM_ALG_DEFAULT, size);
        } catch (Throwable t) {
            throw rethrow("cusparseSpMM_bufferSize", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseSpMM's own parameter list
    int spmm(
            MemorySegment h,
            int opA,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment b,
            MemorySegment beta,
            MemorySegment c,
            int type,
            long buffer) {
        try {
            return (int) spmm.invokeExact(h, opA, NON_TRANSPOSE, alpha, a, b, beta, c, type, SPMM_ALG_DEFAULT, buffer);
        } catch (Throwable t) {
            throw rethrow("cusparseSpMM", t);
        }
    }

    int spgemmCreateDescr(MemorySegment out) {
        try {
            return (int) spgemmCreateDescr.invokeExact(out);
        } catch (Throwable t) {
            throw rethrow("cusparseSpGEMM_createDescr", t);
        }
    }

    int spgemmDestroyDescr(MemorySegment descr) {
        try {
            return (int) spgemmDestroyDescr.invokeExact(descr);
        } catch (Throwable t) {
            throw rethrow("cusparseSpGEMM_destroyDescr", t);
        }
    }

    /**
     * cusparseSpGEMM_workEstimation ({@code compute} false) or cusparseSpGEMM_compute ({@code compute}
     * true) of {@code C = alpha A B + beta C}, both operands not transposed.
     */
    @SuppressWarnings("TooManyParameters") // the two phases' own parameter list
    int spgemmPhase(
            boolean compute,
            MemorySegment h,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment b,
            MemorySegment beta,
            MemorySegment c,
            int type,
            MemorySegment descr,
            MemorySegment size,
            long buffer) {
        try {
            MethodHandle m = compute ? spgemmCompute : spgemmWorkEstimation;
            return (int) m.invokeExact(
                    h, NON_TRANSPOSE, NON_TRANSPOSE, alpha, a, b, beta, c, type, SPGEMM_DEFAULT, descr, size, buffer);
        } catch (Throwable t) {
            throw rethrow(compute ? "cusparseSpGEMM_compute" : "cusparseSpGEMM_workEstimation", t);
        }
    }

    @SuppressWarnings("TooManyParameters") // cusparseSpGEMM_copy's own parameter list
    int spgemmCopy(
            MemorySegment h,
            MemorySegment alpha,
            MemorySegment a,
            MemorySegment b,
            MemorySegment beta,
            MemorySegment c,
            int type,
            MemorySegment descr) {
        try {
            return (int) spgemmCopy.invokeExact(
                    h, NON_TRANSPOSE, NON_TRANSPOSE, alpha, a, b, beta, c, type, SPGEMM_DEFAULT, descr);
        } catch (Throwable t) {
            throw rethrow("cusparseSpGEMM_copy", t);
        }
    }

    int spMatGetSize(MemorySegment descr, MemorySegment rows, MemorySegment cols, MemorySegment nnz) {
        try {
            return (int) spMatGetSize.invokeExact(descr, rows, cols, nnz);
        } catch (Throwable t) {
            throw rethrow("cusparseSpMatGetSize", t);
        }
    }

    int csrSetPointers(MemorySegment descr, long indptr, long indices, long values) {
        try {
            return (int) csrSetPointers.invokeExact(descr, indptr, indices, values);
        } catch (Throwable t) {
            throw rethrow("cusparseCsrSetPointers", t);
        }
    }

    /**
     * cusparseCsr2cscEx2_bufferSize ({@code size} not NULL, {@code buffer} ignored) or
     * cusparseCsr2cscEx2, values copied (CUSPARSE_ACTION_NUMERIC), zero-based, the default algorithm.
     */
    @SuppressWarnings("TooManyParameters") // cusparseCsr2cscEx2's own parameter list
    int csr2csc(
            MemorySegment h,
            int m,
            int n,
            int nnz,
            long csrVal,
            long csrRowPtr,
            long csrColInd,
            long cscVal,
            long cscColPtr,
            long cscRowInd,
            int type,
            MemorySegment size,
            long buffer) {
        try {
            if (size != null) {
                return (int) csr2cscBufferSize.invokeExact(
                        h,
                        m,
                        n,
                        nnz,
                        csrVal,
                        csrRowPtr,
                        csrColInd,
                        cscVal,
                        cscColPtr,
                        cscRowInd,
                        type,
                        ACTION_NUMERIC,
                        INDEX_BASE_ZERO,
                        CSR2CSC_ALG_DEFAULT,
                        size);
            }
            return (int) csr2csc.invokeExact(
                    h,
                    m,
                    n,
                    nnz,
                    csrVal,
                    csrRowPtr,
                    csrColInd,
                    cscVal,
                    cscColPtr,
                    cscRowInd,
                    type,
                    ACTION_NUMERIC,
                    INDEX_BASE_ZERO,
                    CSR2CSC_ALG_DEFAULT,
                    buffer);
        } catch (Throwable t) {
            throw rethrow(size != null ? "cusparseCsr2cscEx2_bufferSize" : "cusparseCsr2cscEx2", t);
        }
    }
}
