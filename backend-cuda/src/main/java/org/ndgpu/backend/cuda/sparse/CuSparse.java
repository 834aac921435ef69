package org.ndgpu.backend.cuda.sparse;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.backend.cuda.CudaStream;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.VendorSparse;

/**
 * The {@link VendorSparse} of one CUDA device through cuSPARSE's generic API: SpMV, SpMM, SpGEMM
 * (work estimation, compute, copy) and Csr2cscEx2. One handle per device, made on the first call
 * and used under a lock (a handle must not be used by two threads at once), bound to the device's
 * current stream when a call comes on another stream than the last, as CuBlas binds its handle.
 * The descriptors of a call are made and destroyed around it (host-side calls, no device work);
 * work areas come from ndgpu's memory pool and go back at the end of the call, ordered after it on
 * the stream. alpha = 1 and beta = 0 are host scalars (the handle's default pointer mode).
 * Float32 and float64 values; int32 indices everywhere, int64 for SpMV and SpMM (cuSPARSE's
 * SpGEMM and Csr2cscEx2 take int32 alone: those cases answer null and run on ndgpu's kernels).
 * spsolve's QR solve goes to cuSOLVER's sparse API ({@link CuSolverSp}), loaded on its first call.
 */
final class CuSparse implements VendorSparse {
    private static final MemorySegment ONE_F, ZERO_F, ONE_D, ZERO_D;

    static {
        Arena g = Arena.global();
        ONE_F = g.allocate(JAVA_FLOAT);
        ONE_F.set(JAVA_FLOAT, 0, 1f);
        ZERO_F = g.allocate(JAVA_FLOAT);
        ZERO_F.set(JAVA_FLOAT, 0, 0f);
        ONE_D = g.allocate(JAVA_DOUBLE);
        ONE_D.set(JAVA_DOUBLE, 0, 1d);
        ZERO_D = g.allocate(JAVA_DOUBLE);
        ZERO_D.set(JAVA_DOUBLE, 0, 0d);
    }

    private final Device device;
    private final CudaBackend backend;
    private final CuSolverSp solver;
    /** The device's handle, made on the first call; guarded by this. */
    private MemorySegment handle;
    /** The stream the handle is bound to; guarded by this. */
    private MemorySegment boundStream;

    CuSparse(Device device) {
        this.device = device;
        this.backend = (CudaBackend) device.backend();
        this.solver = new CuSolverSp(device);
    }

    @Override
    public boolean available() {
        return CuSparseLoader.api() != null;
    }

    @Override
    public String describe() {
        return CuSparseLoader.describe();
    }

    private CuSparseApi api() {
        CuSparseApi a = CuSparseLoader.api();
        if (a == null)
            throw new DeviceException(device.id() + ": cuSPARSE is not available: " + CuSparseLoader.problem());
        return a;
    }

    /** cudaDataType_t of the values, or -1 for a dtype this binding does not take. */
    private static int valueType(DType t) {
        return t == DType.FLOAT32 ? CuSparseApi.CUDA_R_32F : t == DType.FLOAT64 ? CuSparseApi.CUDA_R_64F : -1;
    }

    /** cusparseIndexType_t of a matrix whose indices and indptr share an int32 or int64 dtype, else -1. */
    private static int indexType(Csr a) {
        DType t = a.indices().dtype();
        if (a.indptr().dtype() != t) return -1;
        return t == DType.INT32 ? CuSparseApi.INDEX_32I : t == DType.INT64 ? CuSparseApi.INDEX_64I : -1;
    }

    /** The handle, made if it was not, bound to the current stream; called under the lock. */
    private MemorySegment ready(CuSparseApi api) {
        backend.makeCurrent();
        if (handle == null) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment h = a.allocate(ADDRESS);
                CuSparseApi.check(api.create(h), device.id() + " cusparseCreate");
                handle = h.get(ADDRESS, 0);
            }
        }
        MemorySegment s = ((CudaStream) device.currentStream().backendStream()).handle();
        if (!s.equals(boundStream)) {
            CuSparseApi.check(api.setStream(handle, s), device.id() + " cusparseSetStream");
            boundStream = s;
        }
        return handle;
    }

    /** "cuda:0 sparse matmul (SpMV) of float64 values, int32 indices, shape (4, 5), nnz 7", for messages. */
    private String what(String op, Csr a) {
        return device.id() + " sparse " + op + " of " + a.data().dtype() + " values, "
                + a.indices().dtype() + " indices, shape (" + a.shape()[0] + ", " + a.shape()[1] + "), nnz " + a.nnz();
    }

    /**
     * The descriptors and work areas of one call, destroyed and given back together at its end; a
     * failing status names the operation and the matrix (the message is made only then).
     */
    private final class Call implements AutoCloseable {
        final CuSparseApi api;
        private final String op;
        private final Csr a;
        final Arena arena = Arena.ofConfined();
        private final List<MemorySegment> spMats = new ArrayList<>(),
                dnVecs = new ArrayList<>(),
                dnMats = new ArrayList<>();
        private final List<NDArray> work = new ArrayList<>();
        private MemorySegment spgemm;

        Call(CuSparseApi api, String op, Csr a) {
            this.api = api;
            this.op = op;
            this.a = a;
        }

        void check(int st, String fn) {
            if (st != 0) CuSparseApi.check(st, what(op, a) + ": " + fn);
        }

        MemorySegment csr(Csr m, int vt, int it) {
            return csr(
                    m.shape()[0],
                    m.shape()[1],
                    m.nnz(),
                    m.indptr(),
                    m.indices().devicePointer(),
                    m.data().devicePointer(),
                    vt,
                    it);
        }

        MemorySegment csr(long rows, long cols, long nnz, NDArray indptr, long indices, long data, int vt, int it) {
            MemorySegment out = arena.allocate(ADDRESS);
            check(
                    api.createCsr(out, rows, cols, nnz, indptr.devicePointer(), indices, data, it, it, vt),
                    "cusparseCreateCsr");
            MemorySegment d = out.get(ADDRESS, 0);
            spMats.add(d);
            return d;
        }

        MemorySegment vec(NDArray v, int vt) {
            MemorySegment out = arena.allocate(ADDRESS);
            check(api.createDnVec(out, v.size(), v.devicePointer(), vt), "cusparseCreateDnVec");
            MemorySegment d = out.get(ADDRESS, 0);
            dnVecs.add(d);
            return d;
        }

        /** A row-major rows x cols dense matrix over {@code v}. */
        MemorySegment mat(NDArray v, long rows, long cols, int vt) {
            MemorySegment out = arena.allocate(ADDRESS);
            check(api.createDnMat(out, rows, cols, cols, v.devicePointer(), vt), "cusparseCreateDnMat");
            MemorySegment d = out.get(ADDRESS, 0);
            dnMats.add(d);
            return d;
        }

        MemorySegment spgemmDescr() {
            MemorySegment out = arena.allocate(ADDRESS);
            check(api.spgemmCreateDescr(out), "cusparseSpGEMM_createDescr");
            spgemm = out.get(ADDRESS, 0);
            return spgemm;
        }

        /** A work area of {@code bytes} from the pool (its device address; 0 when none is needed). */
        long work(long bytes) {
            if (bytes <= 0) return 0L;
            NDArray w = NDArray.empty(device, DType.UINT8, new long[] {bytes}, Order.C);
            work.add(w);
            return w.devicePointer();
        }

        MemorySegment sizeOut() {
            return arena.allocate(JAVA_LONG);
        }

        @Override
        public void close() {
            try {
                if (spgemm != null) check(api.spgemmDestroyDescr(spgemm), "cusparseSpGEMM_destroyDescr");
                for (MemorySegment d : spMats) check(api.destroySpMat(d), "cusparseDestroySpMat");
                for (MemorySegment d : dnVecs) check(api.destroyDnVec(d), "cusparseDestroyDnVec");
                for (MemorySegment d : dnMats) check(api.destroyDnMat(d), "cusparseDestroyDnMat");
            } finally {
                // back to the pool on the current stream, after the call's work there
                for (NDArray w : work) w.close();
                arena.close();
            }
        }
    }

    @Override
    public boolean spmv(Csr a, boolean transpose, NDArray x, NDArray y) {
        int vt = valueType(a.data().dtype()), it = indexType(a);
        if (vt < 0
                || it < 0
                || x.dtype() != a.data().dtype()
                || y.dtype() != a.data().dtype()) return false;
        CuSparseApi api = api();
        boolean single = vt == CuSparseApi.CUDA_R_32F;
        int op = transpose ? CuSparseApi.TRANSPOSE : CuSparseApi.NON_TRANSPOSE;
        synchronized (this) {
            MemorySegment h = ready(api);
            // beta is 0 and y is zeroed first, as CuPy's spmv zeroes it: cuSPARSE's documentation does not
            // promise that a beta of 0 leaves y unread (a NaN there times 0)
            y.fill(0);
            try (Call c = new Call(api, transpose ? "matmul (SpMV, transposed)" : "matmul (SpMV)", a)) {
                MemorySegment ma = c.csr(a, vt, it), vx = c.vec(x, vt), vy = c.vec(y, vt);
                MemorySegment one = single ? ONE_F : ONE_D, zero = single ? ZERO_F : ZERO_D;
                MemorySegment size = c.sizeOut();
                int st = api.spmvBufferSize(h, op, one, ma, vx, zero, vy, vt, size);
                if (st == CuSparseApi.STATUS_NOT_SUPPORTED) return false;
                c.check(st, "cusparseSpMV_bufferSize");
                long buffer = c.work(size.get(JAVA_LONG, 0));
                c.check(api.spmv(h, op, one, ma, vx, zero, vy, vt, buffer), "cusparseSpMV");
                return true;
            }
        }
    }

    @Override
    public boolean spmm(Csr a, boolean transpose, NDArray x, NDArray y) {
        int vt = valueType(a.data().dtype()), it = indexType(a);
        if (vt < 0
                || it < 0
                || x.dtype() != a.data().dtype()
                || y.dtype() != a.data().dtype()) return false;
        if (x.ndim() != 2 || y.ndim() != 2 || x.shape(1) < 1) return false;
        CuSparseApi api = api();
        boolean single = vt == CuSparseApi.CUDA_R_32F;
        int op = transpose ? CuSparseApi.TRANSPOSE : CuSparseApi.NON_TRANSPOSE;
        long p = x.shape(1);
        synchronized (this) {
            MemorySegment h = ready(api);
            y.fill(0); // as in spmv
            try (Call c = new Call(api, transpose ? "matmul (SpMM, transposed)" : "matmul (SpMM)", a)) {
                MemorySegment ma = c.csr(a, vt, it);
                MemorySegment mb = c.mat(x, x.shape(0), p, vt), mc = c.mat(y, y.shape(0), p, vt);
                MemorySegment one = single ? ONE_F : ONE_D, zero = single ? ZERO_F : ZERO_D;
                MemorySegment size = c.sizeOut();
                int st = api.spmmBufferSize(h, op, one, ma, mb, zero, mc, vt, size);
                if (st == CuSparseApi.STATUS_NOT_SUPPORTED) return false;
                c.check(st, "cusparseSpMM_bufferSize");
                long buffer = c.work(size.get(JAVA_LONG, 0));
                c.check(api.spmm(h, op, one, ma, mb, zero, mc, vt, buffer), "cusparseSpMM");
                return true;
            }
        }
    }

    @Override
    public Csr spgemm(Csr a, Csr b) {
        int vt = valueType(a.data().dtype());
        if (vt < 0 || b.data().dtype() != a.data().dtype()) return null;
        if (indexType(a) != CuSparseApi.INDEX_32I || indexType(b) != CuSparseApi.INDEX_32I) return null;
        CuSparseApi api = api();
        boolean single = vt == CuSparseApi.CUDA_R_32F;
        long m = a.shape()[0], n = b.shape()[1];
        MemorySegment one = single ? ONE_F : ONE_D, zero = single ? ZERO_F : ZERO_D;
        NDArray indptr = NDArray.empty(device, DType.INT32, new long[] {m + 1}, Order.C);
        NDArray indices = null, data = null;
        boolean done = false;
        try {
            synchronized (this) {
                MemorySegment h = ready(api);
                try (Call c = new Call(api, "matmul (SpGEMM)", a)) {
                    MemorySegment ma = c.csr(a, vt, CuSparseApi.INDEX_32I), mb = c.csr(b, vt, CuSparseApi.INDEX_32I);
                    MemorySegment mc = c.csr(m, n, 0, indptr, 0L, 0L, vt, CuSparseApi.INDEX_32I);
                    MemorySegment descr = c.spgemmDescr(), size = c.sizeOut();
                    c.check(
                            api.spgemmPhase(false, h, one, ma, mb, zero, mc, vt, descr, size, 0L),
                            "cusparseSpGEMM_workEstimation");
                    long buffer1 = c.work(size.get(JAVA_LONG, 0));
                    c.check(
                            api.spgemmPhase(false, h, one, ma, mb, zero, mc, vt, descr, size, buffer1),
                            "cusparseSpGEMM_workEstimation");
                    c.check(
                            api.spgemmPhase(true, h, one, ma, mb, zero, mc, vt, descr, size, 0L),
                            "cusparseSpGEMM_compute");
                    long buffer2 = c.work(size.get(JAVA_LONG, 0));
                    c.check(
                            api.spgemmPhase(true, h, one, ma, mb, zero, mc, vt, descr, size, buffer2),
                            "cusparseSpGEMM_compute");
                    MemorySegment rows = c.sizeOut(), cols = c.sizeOut(), nnzOut = c.sizeOut();
                    c.check(api.spMatGetSize(mc, rows, cols, nnzOut), "cusparseSpMatGetSize");
                    long nnz = nnzOut.get(JAVA_LONG, 0);
                    // at least one entry each, so that cuSPARSE never gets a NULL array; trimmed below when empty
                    indices = NDArray.empty(device, DType.INT32, new long[] {Math.max(nnz, 1)}, Order.C);
                    data = NDArray.empty(device, a.data().dtype(), new long[] {Math.max(nnz, 1)}, Order.C);
                    c.check(
                            api.csrSetPointers(
                                    mc, indptr.devicePointer(), indices.devicePointer(), data.devicePointer()),
                            "cusparseCsrSetPointers");
                    c.check(api.spgemmCopy(h, one, ma, mb, zero, mc, vt, descr), "cusparseSpGEMM_copy");
                    if (nnz == 0) {
                        indices.close();
                        data.close();
                        indices = NDArray.empty(device, DType.INT32, new long[] {0}, Order.C);
                        data = NDArray.empty(device, a.data().dtype(), new long[] {0}, Order.C);
                    }
                    done = true;
                    return new Csr(data, indices, indptr, new long[] {m, n}, nnz);
                }
            }
        } finally {
            if (!done) {
                indptr.close();
                if (indices != null) indices.close();
                if (data != null) data.close();
            }
        }
    }

    @Override
    public Csr csr2csc(Csr a) {
        int vt = valueType(a.data().dtype());
        long m = a.shape()[0], n = a.shape()[1], nnz = a.nnz();
        if (vt < 0 || indexType(a) != CuSparseApi.INDEX_32I) return null;
        if (m > Integer.MAX_VALUE || n > Integer.MAX_VALUE || nnz > Integer.MAX_VALUE) return null;
        CuSparseApi api = api();
        NDArray indptr = NDArray.empty(device, DType.INT32, new long[] {n + 1}, Order.C);
        NDArray indices = NDArray.empty(device, DType.INT32, new long[] {nnz}, Order.C);
        NDArray data = NDArray.empty(device, a.data().dtype(), new long[] {nnz}, Order.C);
        boolean done = false;
        try {
            synchronized (this) {
                MemorySegment h = ready(api);
                try (Call c = new Call(api, "tocsc (Csr2cscEx2)", a)) {
                    long av = a.data().devicePointer(),
                            ap = a.indptr().devicePointer(),
                            ai = a.indices().devicePointer();
                    long cv = data.devicePointer(), cp = indptr.devicePointer(), ci = indices.devicePointer();
                    MemorySegment size = c.sizeOut();
                    c.check(
                            api.csr2csc(h, (int) m, (int) n, (int) nnz, av, ap, ai, cv, cp, ci, vt, size, 0L),
                            "cusparseCsr2cscEx2_bufferSize");
                    long buffer = c.work(size.get(JAVA_LONG, 0));
                    c.check(
                            api.csr2csc(h, (int) m, (int) n, (int) nnz, av, ap, ai, cv, cp, ci, vt, null, buffer),
                            "cusparseCsr2cscEx2");
                }
            }
            done = true;
            return new Csr(data, indices, indptr, new long[] {n, m}, nnz);
        } finally {
            if (!done) {
                indptr.close();
                indices.close();
                data.close();
            }
        }
    }

    @Override
    public String solver() {
        return solver.solver();
    }

    @Override
    public int solve(Csr a, NDArray b, NDArray x, double tol) {
        return solver.solve(a, b, x, tol);
    }
}
