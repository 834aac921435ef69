package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The argument checks of the constructors, as SciPy's {@code check_format}: each refusal names the
 * operation, what was expected and what was given. The index checks read indptr and indices on the
 * host once per construction (a device-side check is a next step of issue 38).
 */
final class SparseChecks {
    private SparseChecks() {}

    /** The shape, {@code {rows, columns}} with neither negative; returns a copy. */
    static long[] shape(String op, long[] shape) {
        Objects.requireNonNull(shape, op + ": shape is null");
        if (shape.length != 2) throw new ShapeException(op + ": shape must have 2 dimensions, got " + shape.length);
        if (shape[0] < 0 || shape[1] < 0)
            throw new ShapeException(op + ": shape must not be negative, got (" + shape[0] + ", " + shape[1] + ")");
        return shape.clone();
    }

    /** A live 1-d array named {@code what}. */
    static NDArray vector(String op, String what, NDArray a) {
        Objects.requireNonNull(a, op + ": " + what + " is null");
        a.live(op);
        if (a.ndim() != 1) throw new ShapeException(op + ": " + what + " must be 1-d, got " + a.ndim() + "-d");
        return a;
    }

    /** The value dtype: float32 or float64. */
    static DType values(String op, String what, DType d) {
        if (d != DType.FLOAT32 && d != DType.FLOAT64)
            throw new DTypeException(op + ": " + what + " must be float32 or float64, got " + d);
        return d;
    }

    /** Stored values: float32, float64, complex64 or complex128 (the constructors from arrays). */
    static DType valuesOrComplex(String op, String what, DType d) {
        if (d != DType.COMPLEX64 && d != DType.COMPLEX128) return values(op, what, d);
        return d;
    }

    /** The index dtype: int32 or int64. */
    static DType index(String op, String what, DType d) {
        if (d != DType.INT32 && d != DType.INT64)
            throw new DTypeException(op + ": " + what + " must be int32 or int64, got " + d);
        return d;
    }

    /** {@code b} lives on {@code a}'s device. */
    static void sameDevice(String op, NDArray a, String whatB, NDArray b) {
        if (a.device() != b.device())
            throw new DeviceException(op + ": " + whatB + " is on " + b.device() + ", the data on " + a.device());
    }

    /** The same number of entries as data. */
    static void sameSize(String op, String what, NDArray a, NDArray data) {
        if (a.size() != data.size())
            throw new ShapeException(
                    op + ": " + what + " must have as many entries as data (" + data.size() + "), got " + a.size());
    }

    /** indptr: majors + 1 entries, 0 first, never decreasing, nnz last; returns nnz. */
    static long indptr(String op, NDArray indptr, long majors, String majorName, long nnz) {
        if (indptr.size() != majors + 1)
            throw new ShapeException(op + ": indptr must have " + majorName + " + 1 = " + (majors + 1)
                    + " entries, got " + indptr.size());
        long[] p = indptr.toLongArray();
        if (p[0] != 0) throw new NdException(op + ": indptr[0] must be 0, got " + p[0]);
        for (int i = 1; i < p.length; i++) {
            if (p[i] < p[i - 1])
                throw new NdException(op + ": indptr must not decrease, got indptr[" + i + "] = " + p[i]
                        + " after indptr[" + (i - 1) + "] = " + p[i - 1]);
        }
        if (p[p.length - 1] != nnz)
            throw new NdException(op + ": indptr[" + majors + "] must equal the number of stored entries (" + nnz
                    + "), got " + p[p.length - 1]);
        return nnz;
    }

    /** Every entry of {@code idx} in [0, bound). */
    static void inRange(String op, String what, NDArray idx, long bound, String boundName) {
        long[] v = idx.toLongArray();
        for (int i = 0; i < v.length; i++) {
            if (v[i] < 0 || v[i] >= bound)
                throw new IndexException(
                        op + ": " + what + "[" + i + "] = " + v[i] + " is out of range for " + bound + " " + boundName);
        }
    }

    /** int32 where every index and offset fits, else int64, as SciPy's get_index_dtype. */
    static DType indexFor(long... maxima) {
        for (long m : maxima) if (m > Integer.MAX_VALUE) return DType.INT64;
        return DType.INT32;
    }
}
