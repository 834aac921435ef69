package org.ndgpu.sparse.linalg;

import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.CsrMatrix;
import org.ndgpu.sparse.SparseMatrix;

/**
 * A square sparse matrix read to the host for the direct solvers (spsolve, spsolveTriangular,
 * factorized): its canonical CSR arrays (duplicates summed, each row's columns sorted) as Java
 * arrays, checked as the solvers need (square, float32 or float64, finite, within int32 sizes).
 */
record HostCsr(int n, int[] indptr, int[] indices, double[] data, double[] imag, DType dtype, Device device) {

    /** A's canonical CSR form on the host; {@code op} names the caller in every refusal. */
    static HostCsr of(String op, SparseMatrix a) {
        check(op, a);
        long[] s = a.shape();
        DType t = a.dtype();
        try (CsrMatrix raw = a.tocsr();
                CsrMatrix c = raw.sumDuplicates()) {
            checkEntries(op, c.nnz());
            double[][] parts = parts(c.data());
            for (double[] part : parts) {
                if (part == null) continue;
                for (double v : part) {
                    if (!Double.isFinite(v)) throw new NdException(op + ": A must hold finite values, got " + v);
                }
            }
            return new HostCsr(
                    (int) s[0],
                    toInts(c.indptr().toLongArray()),
                    toInts(c.indices().toLongArray()),
                    parts[0],
                    parts[1],
                    t,
                    c.data().device());
        }
    }

    /**
     * The checks of A before its entries are read, the same on the host and on the device: not null,
     * open, float32, float64, complex64 or complex128, square, of fewer than 2^31 - 1 rows.
     */
    static void check(String op, SparseMatrix a) {
        Objects.requireNonNull(a, op + ": A is null");
        if (a.isClosed()) throw new ArrayClosedException(op + ": the sparse matrix was closed");
        DType t = a.dtype();
        if (t != DType.FLOAT32 && t != DType.FLOAT64 && !t.isComplex())
            throw new DTypeException(op + ": A must be float32, float64, complex64 or complex128, got " + t);
        long[] s = a.shape();
        if (s[0] != s[1]) throw new ShapeException(op + ": A must be square, got shape (" + s[0] + ", " + s[1] + ")");
        if (s[0] > Integer.MAX_VALUE - 1)
            throw new NdException(op + ": A has " + s[0] + " rows, past the host solver's int32 sizes");
    }

    /** The check of A's canonical entry count: within the host solver's int32 sizes. */
    static void checkEntries(String op, long nnz) {
        if (nnz > Integer.MAX_VALUE - 8)
            throw new NdException(op + ": A holds " + nnz + " entries, past the host solver's int32 sizes");
    }

    /** The real parts and the imaginary parts (null for real values) on the host. */
    private static double[][] parts(NDArray v) {
        if (!v.dtype().isComplex()) return new double[][] {v.toDoubleArray(), null};
        try (NDArray re = v.real();
                NDArray im = v.imag()) {
            return new double[][] {re.toDoubleArray(), im.toDoubleArray()};
        }
    }

    private static int[] toInts(long[] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) out[i] = (int) v[i];
        return out;
    }

    /** The checked right-hand side of A x = b: {@code (n,)} or {@code (n, k)}, real, finite, on A's device. */
    Rhs rhs(String op, NDArray b) {
        checkRhs(op, b, n, device);
        long[] s = b.shape();
        DType bt = b.dtype();
        int k = s.length == 1 ? 1 : Math.toIntExact(s[1]);
        double[][] v = parts(b);
        for (double[] part : v) {
            if (part == null) continue;
            for (double x : part) {
                if (!Double.isFinite(x)) throw new NdException(op + ": b must hold finite values, got " + x);
            }
        }
        // SciPy: np.promote_types(A.dtype, b.dtype)
        return new Rhs(v[0], v[1], k, DType.promote(dtype, bt), xShape(s));
    }

    /**
     * The checks of b before its values are read, the same on the host and on the device: not null,
     * open, on A's {@code device}, 1-d or 2-d with A's {@code n} rows.
     */
    static void checkRhs(String op, NDArray b, long n, Device device) {
        Objects.requireNonNull(b, op + ": b is null");
        b.live(op);
        if (b.device() != device) throw new DeviceException(op + ": b is on " + b.device() + ", A on " + device);
        if (b.ndim() != 1 && b.ndim() != 2)
            throw new ShapeException(op + ": b must be 1-d or 2-d, got " + b.ndim() + "-d");
        long[] s = b.shape();
        if (s[0] != n) throw new ShapeException(op + ": b must have A's " + n + " rows, got shape " + shape(s));
    }

    /** x's shape for b of shape {@code s}: SciPy gives a b of one column an x of shape (n,). */
    static long[] xShape(long[] s) {
        return s.length == 1 || s[1] == 1 ? new long[] {s[0]} : new long[] {s[0], s[1]};
    }

    /**
     * b on the host, row-major {@code n x k}: its real parts and imaginary parts (null for a real b),
     * with the dtype and shape x comes back in.
     */
    record Rhs(double[] values, double[] imag, int k, DType dtype, long[] xShape) {
        /** x (row-major {@code n x k}: real parts, and imaginary parts for a complex x) on the device. */
        NDArray toDevice(Device device, double[] x, double[] xi) {
            if (!dtype.isComplex()) {
                NDArray d = NDArray.fromHost(device, DType.FLOAT64, xShape, java.lang.foreign.MemorySegment.ofArray(x));
                if (dtype == DType.FLOAT64) return d;
                try (d) {
                    return d.astype(dtype);
                }
            }
            double[] pairs = new double[2 * x.length];
            for (int i = 0; i < x.length; i++) {
                pairs[2 * i] = x[i];
                pairs[2 * i + 1] = xi == null ? 0 : xi[i];
            }
            NDArray d =
                    NDArray.fromHost(device, DType.COMPLEX128, xShape, java.lang.foreign.MemorySegment.ofArray(pairs));
            if (dtype == DType.COMPLEX128) return d;
            try (d) {
                return d.astype(dtype);
            }
        }
    }

    static String shape(long[] s) {
        return s.length == 1 ? "(" + s[0] + ",)" : "(" + s[0] + ", " + s[1] + ")";
    }
}
