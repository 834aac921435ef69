package org.ndgpu.backend.opencl.blas;

import static org.jocl.blast.CLBlast.*;

import org.jocl.blast.CLBlastLayout;
import org.jocl.blast.CLBlastStatusCode;
import org.jocl.blast.CLBlastTranspose;
import org.jocl.cl_command_queue;
import org.jocl.cl_mem;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.vendor.Blas;

/**
 * {@link Blas} on an OpenCL device through CLBlast: S/D/C/Z GEMM in row-major layout. A batch of
 * one goes to xGEMM, larger batches to xGEMMStridedBatched. Complex alpha and beta are passed as
 * {re, 0}.
 *
 * <p>Calls into CLBlast are serialized process-wide ({@link #LOCK}): eight threads making their first
 * DGEMM at once on PoCL crashed inside CLBlast ("CLBlast (unexpected): std::bad_alloc", then SIGSEGV in
 * CLBlastDgemm; fresh-clone CI run of 2026-11-22, PoclSignalHandlersTest's child). A call only builds
 * (first time) and enqueues kernels, so holding the lock costs little once CLBlast's caches are warm.
 */
final class ClBlast implements Blas {
    /** CLBlast's kernel and database caches are process-global: one lock for every device. */
    static final Object LOCK = new Object();

    private final Device device;
    /** The dtypes whose first GEMM has applied the device's chosen parameters (guarded by LOCK). */
    private final java.util.EnumSet<DType> prepared = java.util.EnumSet.noneOf(DType.class);

    ClBlast(Device device) {
        this.device = device;
    }

    @Override
    public boolean supports(DType dtype) {
        return switch (dtype) {
            case FLOAT32, COMPLEX64 -> true;
            case FLOAT64, COMPLEX128 -> device.facts().fp64();
            default -> false;
        };
    }

    @Override
    public boolean tunesGemm() {
        return true;
    }

    @Override
    public java.util.List<GemmTiming> tuneGemm(DType dtype, long size, int repeats, boolean save) {
        if (!supports(dtype) || dtype == DType.FLOAT16)
            throw new DTypeException("CLBlast tuneGemm: " + dtype + " is not supported on " + device.id());
        synchronized (LOCK) {
            java.util.List<GemmTiming> rows = GemmTuning.sweep(device, dtype, size, repeats, save);
            prepared.add(dtype);
            return rows;
        }
    }

    private static int op(Op o) {
        return switch (o) {
            case N -> CLBlastTranspose.CLBlastTransposeNo;
            case T -> CLBlastTranspose.CLBlastTransposeYes;
            case C -> CLBlastTranspose.CLBlastTransposeConjugate;
        };
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
        if (!supports(dtype))
            throw new DTypeException("CLBlast gemm: " + dtype + " is not supported on " + device.id());
        cl_mem ma = OpenClHandles.mem(a), mb = OpenClHandles.mem(b), mc = OpenClHandles.mem(c);
        cl_command_queue q = OpenClHandles.queue(device.currentStream().backendStream());
        int st;
        synchronized (LOCK) {
            if (!prepared.contains(dtype)) {
                GemmTuning.atFirstGemm(device, dtype);
                prepared.add(dtype);
                GemmTuning.ran(device, dtype);
            }
            st = call(
                    dtype, opA, opB, m, n, k, alpha, ma, aOffset, lda, strideA, mb, bOffset, ldb, strideB, beta, mc,
                    cOffset, ldc, strideC, batch, q);
        }
        if (st != CLBlastStatusCode.CLBlastSuccess) {
            throw new DeviceException(device.id() + " CLBlast " + dtype + " gemm" + (batch == 1 ? "" : "StridedBatched")
                    + " (m=" + m + ", n=" + n + ", k=" + k + ", lda=" + lda + ", ldb=" + ldb + ", ldc=" + ldc
                    + ", batch=" + batch
                    + ", ops " + opA + opB + "): " + CLBlastStatusCode.stringFor(st));
        }
    }

    /**
     * One CLBlast GEMM call in row-major layout on OpenCL buffers (a batch of one as xGEMM), returning
     * CLBlast's status; callers hold {@link #LOCK}.
     */
    static int call(
            DType dtype,
            Op opA,
            Op opB,
            long m,
            long n,
            long k,
            double alpha,
            cl_mem ma,
            long aOffset,
            long lda,
            long strideA,
            cl_mem mb,
            long bOffset,
            long ldb,
            long strideB,
            double beta,
            cl_mem mc,
            long cOffset,
            long ldc,
            long strideC,
            long batch,
            cl_command_queue q) {
        int layout = CLBlastLayout.CLBlastLayoutRowMajor;
        int ta = op(opA), tb = op(opB);
        if (batch == 1) {
            return switch (dtype) {
                case FLOAT32 ->
                    CLBlastSgemm(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            (float) alpha,
                            ma,
                            aOffset,
                            lda,
                            mb,
                            bOffset,
                            ldb,
                            (float) beta,
                            mc,
                            cOffset,
                            ldc,
                            q,
                            null);
                case FLOAT64 ->
                    CLBlastDgemm(
                            layout, ta, tb, m, n, k, alpha, ma, aOffset, lda, mb, bOffset, ldb, beta, mc, cOffset, ldc,
                            q, null);
                case COMPLEX64 ->
                    CLBlastCgemm(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            new float[] {(float) alpha, 0},
                            ma,
                            aOffset,
                            lda,
                            mb,
                            bOffset,
                            ldb,
                            new float[] {(float) beta, 0},
                            mc,
                            cOffset,
                            ldc,
                            q,
                            null);
                case COMPLEX128 ->
                    CLBlastZgemm(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            new double[] {alpha, 0},
                            ma,
                            aOffset,
                            lda,
                            mb,
                            bOffset,
                            ldb,
                            new double[] {beta, 0},
                            mc,
                            cOffset,
                            ldc,
                            q,
                            null);
                default -> throw new AssertionError(dtype);
            };
        } else {
            return switch (dtype) {
                case FLOAT32 ->
                    CLBlastSgemmStridedBatched(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            (float) alpha,
                            ma,
                            aOffset,
                            lda,
                            strideA,
                            mb,
                            bOffset,
                            ldb,
                            strideB,
                            (float) beta,
                            mc,
                            cOffset,
                            ldc,
                            strideC,
                            batch,
                            q,
                            null);
                case FLOAT64 ->
                    CLBlastDgemmStridedBatched(
                            layout, ta, tb, m, n, k, alpha, ma, aOffset, lda, strideA, mb, bOffset, ldb, strideB, beta,
                            mc, cOffset, ldc, strideC, batch, q, null);
                case COMPLEX64 ->
                    CLBlastCgemmStridedBatched(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            new float[] {(float) alpha, 0},
                            ma,
                            aOffset,
                            lda,
                            strideA,
                            mb,
                            bOffset,
                            ldb,
                            strideB,
                            new float[] {(float) beta, 0},
                            mc,
                            cOffset,
                            ldc,
                            strideC,
                            batch,
                            q,
                            null);
                case COMPLEX128 ->
                    CLBlastZgemmStridedBatched(
                            layout,
                            ta,
                            tb,
                            m,
                            n,
                            k,
                            new double[] {alpha, 0},
                            ma,
                            aOffset,
                            lda,
                            strideA,
                            mb,
                            bOffset,
                            ldb,
                            strideB,
                            new double[] {beta, 0},
                            mc,
                            cOffset,
                            ldc,
                            strideC,
                            batch,
                            q,
                            null);
                default -> throw new AssertionError(dtype);
            };
        }
    }
}
