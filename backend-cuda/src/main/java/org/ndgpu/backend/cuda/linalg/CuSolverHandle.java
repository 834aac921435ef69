package org.ndgpu.backend.cuda.linalg;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.backend.cuda.CudaBuffer;
import org.ndgpu.backend.cuda.CudaLibraries;
import org.ndgpu.backend.cuda.CudaStream;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.vendor.SolverKernels;

/**
 * One cuSOLVER dense handle of a device (cusolverDnCreate, plus cusolverDnParams for the 64-bit
 * API) and the small pieces every routine needs: calls checked by status name, workspace queries,
 * device pointers of arrays, devInfo downloads, the layout copies between NDArray's row-major
 * stacks and cuSOLVER's column-major matrices, and the per-matrix getrf, getrs and potrf loops that
 * {@link CuSolver} and {@link CuFactor} share.
 *
 * <p>Layout: a C-contiguous (batch, m, n) stack is, to cuSOLVER, a stack of column-major n x m
 * matrices holding the transposes. Routines either work on that transpose directly (LU, Cholesky,
 * eigh, svd of a wide or square matrix) or on a column-major copy made on the device
 * ({@link #transposed}).
 */
final class CuSolverHandle {
    static final NativeApi API = new NativeApi("cuSOLVER", CudaLibraries.CUSOLVER);

    final Device device;
    private final CudaBackend backend;
    private final MemorySegment handle;
    private final MemorySegment params;

    CuSolverHandle(Device device) {
        this.device = device;
        this.backend = (CudaBackend) device.backend();
        backend.makeCurrent();
        MemorySegment h = Arena.global().allocate(ADDRESS);
        check(API.call("cusolverDnCreate", h), "cusolverDnCreate");
        this.handle = h.get(ADDRESS, 0);
        MemorySegment p = Arena.global().allocate(ADDRESS);
        this.params = API.has("cusolverDnCreateParams") && API.call("cusolverDnCreateParams", p) == 0
                ? p.get(ADDRESS, 0)
                : null;
    }

    /** The handle, bound to the device's current stream, with the context current on this thread. */
    MemorySegment begin() {
        backend.makeCurrent();
        CudaStream s = (CudaStream) device.currentStream().backendStream();
        check(API.call("cusolverDnSetStream", handle, s.handle()), "cusolverDnSetStream");
        return handle;
    }

    /** cusolverDnParams_t for the 64-bit API (X routines); null when the library has none. */
    MemorySegment params() {
        return params;
    }

    void check(int st, String what) {
        if (st == 0) return;
        String msg = device.id() + " cuSOLVER " + what + ": " + CuSolverStatus.name(st);
        throw st == 2 ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    /** Calls a cuSOLVER function and checks its status. */
    void call(String fn, Object... args) {
        check(API.call(fn, args), fn);
    }

    /** A *_bufferSize query: the function's arguments without the trailing int* lwork; returns lwork. */
    int bufferSize(String fn, Object... args) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            Object[] all = Arrays.copyOf(args, args.length + 1);
            all[args.length] = out;
            call(fn, all);
            return out.get(JAVA_INT, 0);
        }
    }

    /** A 64-bit API buffer query (trailing size_t* device, size_t* host); returns {device bytes, host bytes}. */
    long[] bufferSize64(String fn, Object... args) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment d = a.allocate(JAVA_LONG), h = a.allocate(JAVA_LONG);
            Object[] all = Arrays.copyOf(args, args.length + 2);
            all[args.length] = d;
            all[args.length + 1] = h;
            call(fn, all);
            return new long[] {d.get(JAVA_LONG, 0), h.get(JAVA_LONG, 0)};
        }
    }

    // ---------------------------------------------------------------- per-matrix stack loops
    // One loop per routine, shared by CuSolver (solve, inv, det, cholesky) and CuFactor (SciPy's
    // factor-and-solve family), so the workspace query, the per-matrix offsets and the stream binding
    // are written once. Each runs one call per matrix of a C-contiguous (count, n, n) stack on the
    // device's current stream, leading dimension n, and leaves devInfo on the device (nothing waits).

    /**
     * getrf in place on each matrix of {@code a}: 1-based pivots into {@code ipiv} (count, n), devInfo
     * into {@code info} (count). The matrices share one order, so one workspace, sized by a query on
     * the first, serves them all.
     */
    void getrf(NDArray a, int n, long count, NDArray ipiv, NDArray info) {
        String t = letter(a.dtype());
        MemorySegment hd = begin();
        int lwork = bufferSize("cusolverDn" + t + "getrf_bufferSize", hd, n, n, ptr(a), n);
        try (NDArray work = work(a.dtype(), lwork)) {
            for (long i = 0; i < count; i++) {
                call(
                        "cusolverDn" + t + "getrf",
                        hd,
                        n,
                        n,
                        ptr(a, i * n * n),
                        n,
                        ptr(work),
                        ptr(ipiv, i * n),
                        ptr(info, i));
            }
        }
    }

    /**
     * getrs with {@code trans} (cublasOperation_t) on getrf's factors {@code lu} and 1-based
     * {@code ipiv}: each n x nrhs column-major block of {@code rhs} (matrix i at i * n * nrhs
     * elements) is overwritten with its solution. getrs needs no workspace.
     */
    void getrs(int trans, NDArray lu, int n, NDArray ipiv, NDArray rhs, int nrhs, long count, NDArray info) {
        String t = letter(lu.dtype());
        MemorySegment hd = begin();
        for (long i = 0; i < count; i++) {
            call(
                    "cusolverDn" + t + "getrs",
                    hd,
                    trans,
                    n,
                    nrhs,
                    ptr(lu, i * n * n),
                    n,
                    ptr(ipiv, i * n),
                    ptr(rhs, i * n * nrhs),
                    n,
                    ptr(info, i));
        }
    }

    /**
     * potrf in place on the {@code uplo} (cublasFillMode_t) triangle of each matrix of {@code a},
     * devInfo into {@code info} (count); one workspace, as {@link #getrf}.
     */
    void potrf(int uplo, NDArray a, int n, long count, NDArray info) {
        String t = letter(a.dtype());
        MemorySegment hd = begin();
        int lwork = bufferSize("cusolverDn" + t + "potrf_bufferSize", hd, uplo, n, ptr(a), n);
        try (NDArray work = work(a.dtype(), lwork)) {
            for (long i = 0; i < count; i++) {
                call("cusolverDn" + t + "potrf", hd, uplo, n, ptr(a, i * n * n), n, ptr(work), lwork, ptr(info, i));
            }
        }
    }

    /** The device address of an array's first element plus {@code elements} elements. */
    static long ptr(NDArray x, long elements) {
        return ((CudaBuffer) x.buffer()).pointer() + x.offset() + elements * x.itemsize();
    }

    static long ptr(NDArray x) {
        return ptr(x, 0);
    }

    /** "S", "D", "C" or "Z": cuSOLVER's letter for a dtype. */
    static String letter(DType dt) {
        return switch (dt) {
            case FLOAT32 -> "S";
            case FLOAT64 -> "D";
            case COMPLEX64 -> "C";
            case COMPLEX128 -> "Z";
            default -> throw new IllegalArgumentException(dt.toString());
        };
    }

    /** cudaDataType for the 64-bit API. */
    static int cudaType(DType dt) {
        return switch (dt) {
            case FLOAT32 -> 0; // CUDA_R_32F
            case FLOAT64 -> 1; // CUDA_R_64F
            case COMPLEX64 -> 4; // CUDA_C_32F
            case COMPLEX128 -> 5; // CUDA_C_64F
            default -> throw new IllegalArgumentException(dt.toString());
        };
    }

    NDArray empty(DType dt, long... shape) {
        return NDArray.empty(device, dt, shape, Order.C);
    }

    NDArray zeros(DType dt, long... shape) {
        try (var _ = device.use()) {
            return Creation.zeros(dt, shape);
        }
    }

    /** A workspace of at least one element. */
    NDArray work(DType dt, long elements) {
        return empty(dt, Math.max(1, elements));
    }

    /** devInfo values, one per matrix (waits for the stream). */
    static long[] infos(NDArray info) {
        return info.toLongArray();
    }

    /** A C-contiguous copy of the stack with each matrix transposed: (b, r, c) -> (b, c, r). */
    static NDArray transposed(NDArray x) {
        try (NDArray t = x.transpose(0, 2, 1)) {
            return Copies.copy(t, x.dtype(), Order.C);
        }
    }

    /** The conjugate for complex stacks (consumes x), x itself for real ones. */
    static NDArray conjIfComplex(NDArray x) {
        if (!x.dtype().isComplex()) return x;
        try (x) {
            NDArray y = NDArray.empty(x.device(), x.dtype(), x.shape(), Order.C);
            SolverKernels.get().conjugate(x, y);
            return y;
        }
    }

    /** Keeps the lower (or upper) triangle of each matrix of a (b, rows, cols) stack, zeros elsewhere (NaN there included). */
    NDArray triangle(NDArray x, boolean lower, long rows, long cols) {
        NDArray y = NDArray.empty(device, x.dtype(), x.shape(), Order.C);
        try (var _ = device.use();
                NDArray r0 = Ranges.arange(0, rows, 1);
                NDArray r = r0.reshape(rows, 1);
                NDArray c = Ranges.arange(0, cols, 1)) {
            SolverKernels.get().keepTriangle(x, r, c, y, lower);
        }
        return y;
    }

    /** x (b, k, r) with row i of each matrix multiplied by w[i] (w real, (k, 1)). */
    static NDArray scaleRows(NDArray x, NDArray w) {
        NDArray y = NDArray.empty(x.device(), x.dtype(), x.shape(), Order.C);
        SolverKernels.get().scaleRows(x, w, y);
        return y;
    }

    /** Elements of an array as doubles, complex as (re, im) pairs, in C order. */
    static double[] hostValues(NDArray a) {
        try (NDArray c = a.copy()) {
            MemorySegment s = c.toBytes();
            DType d = a.dtype();
            int n = (int) (a.size() * (d.isComplex() ? 2 : 1));
            double[] out = new double[n];
            boolean single = d == DType.FLOAT32 || d == DType.COMPLEX64;
            for (int i = 0; i < n; i++) {
                out[i] = single
                        ? s.getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED, i)
                        : s.getAtIndex(java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED, i);
            }
            return out;
        }
    }

    /** A (b, n, n) stack of identities. */
    NDArray identities(DType dt, long b, long n) {
        if (b == 1) {
            // one matrix: eye itself (a view holds its memory), not a copy of it
            try (var _ = device.use();
                    NDArray eye = Creation.eye(n, n, 0, dt)) {
                return eye.reshape(1, n, n);
            }
        }
        try (var _ = device.use();
                NDArray eye = Creation.eye(n, n, 0, dt);
                NDArray e3 = eye.reshape(1, n, n);
                NDArray bc = e3.broadcastTo(b, n, n)) {
            return Copies.copy(bc, dt, Order.C);
        }
    }

    /** A device array from host values; complex from (re, im) pairs. */
    NDArray upload(DType dt, double[] re, double[] im, long... shape) {
        int n = re.length, isz = dt.itemsize();
        MemorySegment seg =
                Arena.ofAuto().allocate(Math.max(1L, (long) n * isz), 16).asSlice(0, (long) n * isz);
        for (int i = 0; i < n; i++) {
            switch (dt) {
                case FLOAT32 -> seg.setAtIndex(JAVA_FLOAT, i, (float) re[i]);
                case FLOAT64 -> seg.setAtIndex(JAVA_DOUBLE, i, re[i]);
                case COMPLEX64 -> {
                    seg.setAtIndex(JAVA_FLOAT, 2L * i, (float) re[i]);
                    seg.setAtIndex(JAVA_FLOAT, 2L * i + 1, im == null ? 0f : (float) im[i]);
                }
                case COMPLEX128 -> {
                    seg.setAtIndex(JAVA_DOUBLE, 2L * i, re[i]);
                    seg.setAtIndex(JAVA_DOUBLE, 2L * i + 1, im == null ? 0 : im[i]);
                }
                default -> throw new IllegalArgumentException(dt.toString());
            }
        }
        return NDArray.fromHost(device, dt, shape, seg);
    }
}
