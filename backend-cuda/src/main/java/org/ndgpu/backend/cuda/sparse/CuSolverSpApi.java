package org.ndgpu.backend.cuda.sparse;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.linalg.CuSolverStatus;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * The cuSOLVER sparse functions spsolve calls, bound through java.lang.foreign from cusolverSp.h's
 * prototypes as CuPy binds them ({@code cupy_backends/cuda/libs/cusolver.pyx}): the handle
 * ({@code cusolverSpCreate}, {@code cusolverSpSetStream}), the QR solve {@code cusolver<t>csrlsvqr}
 * in its four dtypes, and, from libcusparse, the legacy matrix descriptor csrlsvqr takes
 * ({@code cusparseCreateMatDescr}: a general matrix, zero-based, its defaults). cusolverSp is
 * deprecated since CUDA 12 but still shipped in libcusolver; every symbol is bound here, at
 * construction, so that a library without one fails to load as a whole and spsolve stays on the
 * host (never a missing symbol in the middle of a call). Device pointers pass as 64-bit integers,
 * the handle and descriptor as opaque pointers, {@code int* singularity} as a host pointer; every
 * function returns a status.
 */
final class CuSolverSpApi {
    /** cusolverStatus_t: CUSOLVER_STATUS_ALLOC_FAILED = 2. */
    static final int STATUS_ALLOC_FAILED = 2;

    private final NativeLibrary solverLib;
    private final MethodHandle create, destroy, setStream, getProperty;
    private final MethodHandle createMatDescr, destroyMatDescr;
    private final MethodHandle scsrlsvqr, dcsrlsvqr, ccsrlsvqr, zcsrlsvqr;

    CuSolverSpApi(NativeLibrary solverLib, NativeLibrary sparseLib) {
        this.solverLib = solverLib;
        // A a pointer (handle, descriptor, host pointer), L a device pointer, I an int, F a float, D a double
        create = bind(solverLib, "cusolverSpCreate", "A"); // (cusolverSpHandle_t*)
        destroy = bind(solverLib, "cusolverSpDestroy", "A");
        setStream = bind(solverLib, "cusolverSpSetStream", "AA"); // (handle, cudaStream_t)
        getProperty = bind(solverLib, "cusolverGetProperty", "IA"); // (libraryPropertyType, int*)
        createMatDescr = bind(sparseLib, "cusparseCreateMatDescr", "A"); // (cusparseMatDescr_t*)
        destroyMatDescr = bind(sparseLib, "cusparseDestroyMatDescr", "A");
        // (handle, int m, int nnz, descrA, csrVal, csrRowPtr, csrColInd, b, tol, int reorder, x, int* singularity):
        // tol is a float for S and C, a double for D and Z
        scsrlsvqr = bind(solverLib, "cusolverSpScsrlsvqr", "AIIALLLLFILA");
        dcsrlsvqr = bind(solverLib, "cusolverSpDcsrlsvqr", "AIIALLLLDILA");
        ccsrlsvqr = bind(solverLib, "cusolverSpCcsrlsvqr", "AIIALLLLFILA");
        zcsrlsvqr = bind(solverLib, "cusolverSpZcsrlsvqr", "AIIALLLLDILA");
    }

    private static MethodHandle bind(NativeLibrary lib, String function, String signature) {
        return Downcalls.bind(lib, function, signature);
    }

    String loadedFrom() {
        return solverLib.loadedFrom();
    }

    /** "major.minor.patch" from cusolverGetProperty (MAJOR_VERSION 0, MINOR_VERSION 1, PATCH_LEVEL 2). */
    String version() {
        return Downcalls.version(getProperty);
    }

    /** Throws for a status other than success: out of memory for ALLOC_FAILED. */
    static void check(int st, String what) {
        if (st == 0) return;
        String msg = what + ": " + CuSolverStatus.name(st);
        throw st == STATUS_ALLOC_FAILED ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    private static RuntimeException rethrow(String fn, Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new DeviceException("cuSOLVER: calling " + fn + " failed: " + t);
    }

    int create(MemorySegment handleOut) {
        try {
            return (int) create.invokeExact(handleOut);
        } catch (Throwable t) {
            throw rethrow("cusolverSpCreate", t);
        }
    }

    int destroy(MemorySegment handle) {
        try {
            return (int) destroy.invokeExact(handle);
        } catch (Throwable t) {
            throw rethrow("cusolverSpDestroy", t);
        }
    }

    int setStream(MemorySegment handle, MemorySegment stream) {
        try {
            return (int) setStream.invokeExact(handle, stream);
        } catch (Throwable t) {
            throw rethrow("cusolverSpSetStream", t);
        }
    }

    int createMatDescr(MemorySegment descrOut) {
        try {
            return (int) createMatDescr.invokeExact(descrOut);
        } catch (Throwable t) {
            throw rethrow("cusparseCreateMatDescr", t);
        }
    }

    int destroyMatDescr(MemorySegment descr) {
        try {
            return (int) destroyMatDescr.invokeExact(descr);
        } catch (Throwable t) {
            throw rethrow("cusparseDestroyMatDescr", t);
        }
    }

    /**
     * cusolverSp{@code letter}csrlsvqr ({@code letter} S, D, C or Z) of an m x m CSR matrix with int32
     * indices; {@code singularity} is a host int, -1 when A is not singular to {@code tol}.
     */
    @SuppressWarnings("TooManyParameters") // csrlsvqr's own parameter list
    int csrlsvqr(
            char letter,
            MemorySegment h,
            int m,
            int nnz,
            MemorySegment descr,
            long values,
            long indptr,
            long indices,
            long b,
            double tol,
            int reorder,
            long x,
            MemorySegment singularity) {
        try {
            return switch (letter) {
                case 'S' ->
                    (int) scsrlsvqr.invokeExact(
                            h, m, nnz, descr, values, indptr, indices, b, (float) tol, reorder, x, singularity);
                case 'D' ->
                    (int) dcsrlsvqr.invokeExact(
                            h, m, nnz, descr, values, indptr, indices, b, tol, reorder, x, singularity);
                case 'C' ->
                    (int) ccsrlsvqr.invokeExact(
                            h, m, nnz, descr, values, indptr, indices, b, (float) tol, reorder, x, singularity);
                case 'Z' ->
                    (int) zcsrlsvqr.invokeExact(
                            h, m, nnz, descr, values, indptr, indices, b, tol, reorder, x, singularity);
                default -> throw new IllegalArgumentException("csrlsvqr: no routine for the letter " + letter);
            };
        } catch (Throwable t) {
            throw rethrow("cusolverSp" + letter + "csrlsvqr", t);
        }
    }
}
