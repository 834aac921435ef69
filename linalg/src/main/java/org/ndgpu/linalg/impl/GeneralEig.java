package org.ndgpu.linalg.impl;

import java.util.Arrays;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.Solver;

/**
 * numpy.linalg.eig and eigvals: on the device where its solver has a general eigensolver (cuSOLVER's
 * geev on CUDA), else on the host ({@link HostEig}, EJML) with copies both ways. The device path
 * takes real and complex input and keeps NumPy's dtype rule: complex input gives complex results;
 * real input gives real results when every eigenvalue of the stack is real, else complex (complex64
 * for float32, complex128 for float64, integers and bool).
 */
final class GeneralEig {
    private GeneralEig() {}

    static Eig eig(NDArray a, boolean vectors) {
        String op = vectors ? "eig" : "eigvals";
        a.live(op);
        Solver solver = Solver.forDevice(a.device());
        if (!solver.hasEig()) return HostEig.eig(a, vectors);
        HostEig.checkSquareStack(op, a);
        long[] s = a.shape();
        long n = s[s.length - 1];
        DType dt = a.dtype();
        DType work = dt.isBool() || dt.isInteger() ? DType.FLOAT64 : dt;
        long[] batch = Arrays.copyOf(s, s.length - 2);
        if (a.size() == 0) {
            if (!work.isComplex()) return HostEig.eig(a, vectors); // NumPy's float64 empties, as on every device
            NDArray w = NDArray.empty(a.device(), work, Arrays.copyOf(s, s.length - 1), Order.C);
            return new Eig(w, vectors ? NDArray.empty(a.device(), work, s, Order.C) : null);
        }
        Eig r;
        try (NDArray c = Copies.copy(a, work, Order.C);
                NDArray stack = c.reshape(-1, n, n)) {
            if (!Spectral.allFinite(stack)) throw new LinAlgException(op + ": Array must not contain infs or NaNs");
            r = solver.eig(stack, vectors);
        }
        try (NDArray w = r.eigenvalues();
                NDArray v = r.eigenvectors()) {
            boolean real = !work.isComplex() && allReal(w);
            NDArray values = real ? w.real() : w.copy();
            NDArray vecs = v == null ? null : real ? v.real() : v.copy();
            return new Eig(unstack(values, batch, 1), vecs == null ? null : unstack(vecs, batch, 2));
        }
    }

    /** Whether every eigenvalue's imaginary part is zero (one reduction, one read). */
    private static boolean allReal(NDArray w) {
        try (NDArray im = w.imag();
                NDArray zero = im.eq(0);
                NDArray all = zero.all()) {
            return (Boolean) all.item();
        }
    }

    /** A (b, ...) result as the caller's batch shape followed by its last {@code keep} axes. */
    private static NDArray unstack(NDArray x, long[] batch, int keep) {
        long[] s = x.shape();
        long[] t = Arrays.copyOf(batch, batch.length + keep);
        System.arraycopy(s, s.length - keep, t, batch.length, keep);
        try (x) {
            return x.reshape(t);
        }
    }
}
