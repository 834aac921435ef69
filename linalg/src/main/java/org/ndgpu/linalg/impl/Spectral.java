package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/**
 * numpy.linalg.pinv, matrix_rank and cond, written as NumPy's linalg.py writes them, on the SVD,
 * inv and norms of {@link Linalg}: the work stays on the device (cuSOLVER on CUDA, the host solver
 * behind OpenCL) and only the small per-matrix results are touched by the ufuncs here.
 *
 * <pre>{@code
 * Spectral.pinv(la, a, 1e-15);   // (..., N, M)
 * Spectral.cond(la, a, "fro");   // norm(a) * norm(inv(a)) per matrix
 * }</pre>
 */
final class Spectral {
    private Spectral() {}

    /** numpy.linalg.pinv: V diag(1/s) U^H over the singular values above rcond * max(s). */
    static NDArray pinv(Linalg la, NDArray a, double rcond) {
        a.live("pinv");
        long[] s = matrixShape("pinv", a);
        long m = s[s.length - 2], n = s[s.length - 1];
        if (m == 0 || n == 0) {
            // NumPy answers an empty stack before any dtype rule: the input's dtype, shape (..., N, M)
            long[] t = s.clone();
            t[t.length - 2] = n;
            t[t.length - 1] = m;
            return NDArray.empty(a.device(), a.dtype(), t, Order.C);
        }
        requireSvdType("pinv", a);
        requireNoNan("pinv", a);
        List<NDArray> temps = new ArrayList<>();
        try {
            Svd svd = la.svd(a, false);
            NDArray u = t(temps, svd.u()), sv = t(temps, svd.s()), vh = t(temps, svd.vh());
            NDArray cutoff = t(temps, t(temps, sv.max(new int[] {-1}, true)).mul(rcond));
            NDArray large = t(temps, sv.gt(cutoff));
            // where() picks 0 for the small ones, so the infinities of 1/0 never reach the result
            NDArray inv = t(temps, Providers.ufuncs().where(large, t(temps, sv.reciprocal()), 0, null));
            NDArray uh = t(temps, conjT(u, temps));
            NDArray scaled = t(temps, t(temps, inv.expandDims(-1)).mul(uh));
            return la.matmul(t(temps, conjT(vh, temps)), scaled, null);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.linalg.matrix_rank: singular values above tol (null: S.max() * max(M, N) * eps), counted. */
    static NDArray matrixRank(Linalg la, NDArray a, Double tol) {
        a.live("matrixRank");
        List<NDArray> temps = new ArrayList<>();
        try {
            if (a.ndim() < 2) {
                // NumPy: int(not all(A == 0)) for a vector or a scalar
                return t(temps, t(temps, a.ne(0)).any()).astype(DType.INT64);
            }
            long[] s = a.shape();
            long m = s[s.length - 2], n = s[s.length - 1];
            if (m == 0 || n == 0) {
                NDArray r = NDArray.empty(a.device(), DType.INT64, Arrays.copyOf(s, s.length - 2), Order.C);
                return r.fill(0);
            }
            NDArray sv = t(temps, singularValues("matrixRank", a));
            Object limit = tol != null
                    ? tol
                    : t(temps, t(temps, sv.max(new int[] {-1}, true)).mul(Math.max(m, n) * eps(sv.dtype())));
            return Providers.reductions()
                    .reduce(Reduction.COUNT_NONZERO, t(temps, sv.gt(limit)), new int[] {-1}, false, null, 0);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.linalg.cond: s[0] / s[-1] for p null or 2, s[-1] / s[0] for -2, else norm(x, p) * norm(inv(x), p). */
    static NDArray cond(Linalg la, NDArray a, Object p) {
        a.live("cond");
        long[] s = a.shape();
        if (a.size() == 0 && (s.length < 2 ? a.size() : s[s.length - 2] * s[s.length - 1]) == 0) {
            throw new LinAlgException("cond: cond is not defined on empty arrays, got shape " + Shapes.str(s));
        }
        matrixShape("cond", a);
        boolean twoNorm = p == null || (p instanceof Number q && Math.abs(q.doubleValue()) == 2);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray r;
            if (twoNorm) {
                NDArray sv = t(temps, singularValues("cond", a));
                // an empty stack of non-empty matrices: NumPy's empty result of the singular values' dtype
                if (sv.size() == 0)
                    return NDArray.empty(a.device(), sv.dtype(), Arrays.copyOf(s, s.length - 2), Order.C);
                NDArray first = t(temps, sv.get("..., 0")), last = t(temps, sv.get("..., -1"));
                r = p instanceof Number q && q.doubleValue() == -2 ? last.div(first) : first.div(last);
            } else {
                requireOrder(p);
                if (s[s.length - 2] != s[s.length - 1]) {
                    throw new ShapeException("cond: the last 2 dimensions of the array must be square for p=" + p
                            + ", got shape " + Shapes.str(s));
                }
                if ("nuc".equals(p)) requireNoNan("cond", a); // its norm needs the SVD
                r = normTimesInverseNorm(la, a, p, temps);
            }
            return infForNan(a, r, temps);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * norm(x, p) * norm(inv(x), p). As NumPy, which inverts with its error ignored: a singular
     * matrix's inverse is NaN, so its condition number is NaN (inf after infForNan), and for 'nuc'
     * the SVD of that NaN inverse raises "SVD did not converge".
     */
    private static NDArray normTimesInverseNorm(Linalg la, NDArray a, Object p, List<NDArray> temps) {
        int[] last2 = {-2, -1};
        NDArray na = t(temps, la.norm(a, p, last2, false));
        NDArray inv;
        try {
            inv = t(temps, la.inv(a));
        } catch (LinAlgException singular) {
            inv = t(temps, invOrNan(la, a));
        }
        NDArray ni;
        try {
            ni = t(temps, la.norm(inv, p, last2, false));
        } catch (LinAlgException e) {
            throw new LinAlgException(
                    "cond: SVD did not converge: the inverse of a singular matrix is NaN, and its 'nuc' norm needs its SVD",
                    e);
        }
        return na.mul(ni);
    }

    /** Each matrix's inverse on its own, NaN for the singular ones: the rare path of a stack that holds one. */
    private static NDArray invOrNan(Linalg la, NDArray a) {
        long[] s = a.shape();
        long nn = s[s.length - 1];
        NDArray out = NDArray.empty(a.device(), a.dtype().isInexact() ? a.dtype() : DType.FLOAT64, s, Order.C);
        try (NDArray stack = a.reshape(-1, nn, nn);
                NDArray outs = out.reshape(-1, nn, nn)) {
            for (long i = 0; i < stack.shape(0); i++) {
                try (NDArray ai = stack.get(i);
                        NDArray oi = outs.get(i)) {
                    try (NDArray inv = la.inv(ai)) {
                        oi.set("...", inv);
                    } catch (LinAlgException e) {
                        oi.fill(Double.NaN);
                    }
                }
            }
        }
        return out;
    }

    /** NumPy turns a NaN condition number into inf unless that matrix itself holds a NaN. */
    private static NDArray infForNan(NDArray a, NDArray r, List<NDArray> temps) {
        NDArray nan = t(temps, r.isnan());
        try (NDArray anyNan = nan.any()) {
            if (anyNan.doubleValue() == 0) return r;
        }
        t(temps, r);
        NDArray mask = nan;
        if (a.dtype().isInexact()) {
            NDArray had = t(temps, t(temps, a.isnan()).any(new int[] {-2, -1}, false));
            mask = t(temps, nan.logicalAnd(t(temps, had.logicalNot())));
        }
        return Providers.ufuncs().where(mask, Double.POSITIVE_INFINITY, r, null);
    }

    private static void requireOrder(Object p) {
        boolean ok = "fro".equals(p)
                || "nuc".equals(p)
                || (p instanceof Number q && (Math.abs(q.doubleValue()) == 1 || Double.isInfinite(q.doubleValue())));
        if (!ok) {
            throw new NdException("cond: invalid norm order " + (p instanceof String ? "'" + p + "'" : p)
                    + "; expected null, 2, -2, \"fro\", \"nuc\", 1, -1, inf or -inf");
        }
    }

    /** The shape of an array of at least 2 dimensions. */
    private static long[] matrixShape(String op, NDArray a) {
        if (a.ndim() < 2) {
            throw new ShapeException(op + ": expected an array of at least 2 dimensions, got " + a.ndim() + " (shape "
                    + Shapes.str(a.shape()) + ")");
        }
        return a.shape();
    }

    private static void requireSvdType(String op, NDArray a) {
        if (a.dtype() == DType.FLOAT16)
            throw new DTypeException(op + ": array type float16 is unsupported in linalg; use astype(float32)");
    }

    /** The singular values of {@code a} (u and vh closed unread), after op's float16 and NaN checks. */
    private static NDArray singularValues(String op, NDArray a) {
        requireSvdType(op, a);
        requireNoNan(op, a);
        return Decompositions.singularValues(a);
    }

    /**
     * LAPACK's SVD does not converge on NaN (NumPy raises); checked here so the message names op.
     * An inf gives NaN singular values instead (see {@link NonFinite}).
     */
    static void requireNoNan(String op, NDArray a) {
        if (!a.dtype().isInexact()) return;
        try (NDArray nan = a.isnan();
                NDArray any = nan.any()) {
            if ((Boolean) any.item()) throw new LinAlgException(op + ": SVD did not converge: the array holds NaN");
        }
    }

    /** Whether no element is NaN or inf (integers and bool always; one reduction and one read on the device). */
    static boolean allFinite(NDArray a) {
        if (!a.dtype().isInexact()) return true;
        try (NDArray fin = a.isfinite();
                NDArray all = fin.all()) {
            return all.doubleValue() != 0;
        }
    }

    /** numpy.finfo(dtype).eps of a real float dtype. */
    static double eps(DType dt) {
        return dt == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    }

    private static NDArray conjT(NDArray x, List<NDArray> temps) {
        NDArray tr = x.swapaxes(-1, -2);
        if (!x.dtype().isComplex()) return tr;
        return t(temps, tr).conj();
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
