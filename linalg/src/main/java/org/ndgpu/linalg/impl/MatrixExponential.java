package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Providers;

/**
 * scipy.linalg.expm (and cupyx.scipy.linalg.expm): the matrix exponential by scaling and squaring
 * with a Padé approximant of degree 3, 5, 7, 9 or 13 (Al-Mohy and Higham 2009), each matrix of a
 * stack on its own as SciPy loops over them. The degree and the scaling follow SciPy's
 * pick_pade_structure, from 1-norms read back to the host (as CuPy reads its norm); the products,
 * sums and the final solve run on the device. A diagonal matrix is the exponential of its
 * diagonal and a triangular one has its diagonals recomputed while squaring, as SciPy answers
 * them; a matrix holding NaN or inf answers NaN, as SciPy's LAPACK path does, but for the zero
 * triangle of a triangular one, which stays zero as in SciPy.
 */
final class MatrixExponential {
    private MatrixExponential() {}

    private static final double[] THETA = {
        1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001, 2.097847961257068e+000, 4.25
    };
    /** The backward-error constants |c_m| of SciPy's ell(A, m), for double and for single precision. */
    private static final double[] COEFF_DOUBLE = {
        1.1191048088221578e-11,
        1.1167770708198077e-06,
        0.4982612431049347,
        6.5662862500000000e+05,
        1.2573361865339437e+19
    };

    private static final double[] COEFF_SINGLE = {
        6.0081481933593750e-03, 599.5651245117188, 2.6750196800000000e+08, 3.5252480874905600e+14, 6.750272251550805E+27
    };

    private static final double[] B3 = {120, 60, 12, 1};
    private static final double[] B5 = {30240, 15120, 3360, 420, 30, 1};
    private static final double[] B7 = {17297280, 8648640, 1995840, 277200, 25200, 1512, 56, 1};
    private static final double[] B9 = {
        17643225600.0, 8821612800.0, 2075673600, 302702400, 30270240, 2162160, 110880, 3960, 90, 1
    };
    private static final double[] B13 = {
        64764752532480000.0,
        32382376266240000.0,
        7771770303897600.0,
        1187353796428800.0,
        129060195264000.0,
        10559470521600.0,
        670442572800.0,
        33522128640.0,
        1323241920,
        40840800,
        960960,
        16380,
        182,
        1
    };

    /** SciPy's choice for one matrix: the Padé degree m and the number of squarings s. */
    record Structure(int m, int s) {}

    static NDArray expm(NDArray a) {
        a.live("expm");
        if (a.ndim() < 2) {
            throw new ShapeException(
                    "expm: expected an array of at least 2 dimensions (..., n, n), got shape " + Shapes.str(a.shape()));
        }
        long[] shape = a.shape();
        long n = shape[shape.length - 1];
        if (shape[shape.length - 2] != n) {
            throw new ShapeException("expm: the last 2 dimensions of the array must be square (..., n, n), got shape "
                    + Shapes.str(shape));
        }
        DType dt = computeType(a.dtype());
        try (var _ = a.device().use()) {
            if (a.size() == 0) return NDArray.empty(a.device(), dt, shape, Order.C);
            if (n == 1) {
                try (NDArray c = Copies.copy(a, dt, Order.C)) {
                    return c.exp();
                }
            }
            long count = a.size() / (n * n);
            NDArray out = NDArray.empty(a.device(), dt, new long[] {count, n, n}, Order.C);
            try (NDArray c = Copies.copy(a, dt, Order.C);
                    NDArray st = c.reshape(count, n, n)) {
                for (long i = 0; i < count; i++) {
                    try (NDArray x = st.get(i);
                            NDArray e = one(x)) {
                        out.set(i + "", e);
                    }
                }
            }
            try (out) {
                return out.reshape(shape);
            }
        }
    }

    /** SciPy's dtype rule: float32, float64, complex64, complex128 kept; integers and bool as float64; float16 as float32. */
    private static DType computeType(DType dt) {
        if (dt.isBool() || dt.isInteger()) return DType.FLOAT64;
        if (dt == DType.FLOAT16) return DType.FLOAT32;
        if (dt == DType.FLOAT32 || dt == DType.FLOAT64 || dt == DType.COMPLEX64 || dt == DType.COMPLEX128) return dt;
        throw new DTypeException(
                "expm: expected float32, float64, complex64 or complex128 (integers as float64), got " + dt);
    }

    private static boolean nonzero(NDArray x, long k, boolean upper) {
        try (NDArray t = Triangles.triangle("expm", x, k, upper);
                NDArray nz = t.ne(0);
                NDArray any = nz.any()) {
            return (Boolean) any.item();
        }
    }

    /** The exponential of one (n, n) matrix, n >= 2. */
    private static NDArray one(NDArray x) {
        long n = x.shape(0);
        boolean upperPart = nonzero(x, 1, true), lowerPart = nonzero(x, -1, false);
        if (!upperPart && !lowerPart) {
            // diagonal: the exponential of the diagonal, off-diagonal zeros (inf stays inf, as SciPy)
            long step = (n + 1) * x.itemsize();
            try (NDArray d = x.view(new long[] {n}, new long[] {step}, x.offset());
                    NDArray ed = d.exp()) {
                NDArray r = Creation.zeros(x.dtype(), n, n);
                try (NDArray diag = r.view(new long[] {n}, new long[] {step}, r.offset())) {
                    diag.set("...", ed);
                }
                return r;
            }
        }
        List<NDArray> held = new ArrayList<>();
        try {
            NDArray a1 = keep(held, x.copy(Order.C));
            NDArray absA = keep(held, x.abs());
            double normA = oneNorm(absA);
            if (!Double.isFinite(normA))
                // x * NaN: NaN in both parts of a complex element, as SciPy's
                return structured(x.mul(Double.NaN), upperPart, lowerPart);
            NDArray a2 = keep(held, mm(a1, a1));
            NDArray a4 = keep(held, mm(a2, a2));
            NDArray a6 = keep(held, mm(a4, a2));
            Structure st = pick(held, x.dtype(), absA, normA, a4, a6);
            NDArray a8 = st.m() == 9 ? keep(held, mm(a4, a4)) : null;
            if (st.s() != 0) {
                double s = st.s();
                a1 = keep(held, a1.mul(Math.pow(2, -s)));
                a2 = keep(held, a2.mul(Math.pow(4, -s)));
                a4 = keep(held, a4.mul(Math.pow(16, -s)));
                a6 = keep(held, a6.mul(Math.pow(64, -s)));
                // powers of the unscaled A past the dtype's range (float32 soon) are taken again from 2^-s A
                if (!Double.isFinite(norm1(a4)) || !Double.isFinite(norm1(a6))) {
                    a2 = keep(held, mm(a1, a1));
                    a4 = keep(held, mm(a2, a2));
                    a6 = keep(held, mm(a4, a2));
                }
            }
            NDArray r = pade(held, st.m(), a1, a2, a4, a6, a8);
            // triangular: SciPy's Code Fragment 2.1 (Al-Mohy and Higham) recomputes the diagonal and
            // the first off-diagonal after each squaring, where squaring alone loses accuracy
            boolean triangular = !(upperPart && lowerPart) && st.s() != 0;
            if (triangular) exactDiagonals(x, r, !lowerPart, st.s());
            for (int i = st.s() - 1; i >= 0; i--) {
                NDArray sq = mm(r, r);
                r.close();
                r = sq;
                if (triangular) exactDiagonals(x, r, !lowerPart, i);
            }
            return structured(r, upperPart, lowerPart);
        } finally {
            for (NDArray h : held) h.close();
        }
    }

    /**
     * {@code r} with the zero triangle of a triangular input written as zeros (closing {@code r}), as SciPy
     * keeps np.triu or np.tril of its result: a NaN or inf in the other triangle does not spread there.
     */
    private static NDArray structured(NDArray r, boolean upperPart, boolean lowerPart) {
        if (upperPart && lowerPart) return r;
        try (r) {
            return Triangles.triangle("expm", r, 0, !lowerPart);
        }
    }

    /**
     * Writes exp(2^-i diag(A)) on r's diagonal and exp_sinch(2^-i diag(A)) * 2^-i times A's first
     * super- (upper) or sub-diagonal on r's: Higham's (10.42), as SciPy's _exp_sinch.
     */
    private static void exactDiagonals(NDArray a, NDArray r, boolean upper, int i) {
        long n = a.shape(0);
        long isz = a.itemsize(), step = (n + 1) * isz;
        long off = upper ? isz : n * isz;
        double f = Math.pow(2, -i);
        try (NDArray d = a.view(new long[] {n}, new long[] {step}, a.offset());
                NDArray sd = a.view(new long[] {n - 1}, new long[] {step}, a.offset() + off);
                NDArray x = d.mul(f);
                NDArray ex = x.exp();
                NDArray rd = r.view(new long[] {n}, new long[] {step}, r.offset());
                NDArray rsd = r.view(new long[] {n - 1}, new long[] {step}, r.offset() + off);
                NDArray x1 = x.get("1:");
                NDArray x0 = x.get(":-1");
                NDArray e1 = ex.get("1:");
                NDArray e0 = ex.get(":-1");
                NDArray num = e1.sub(e0);
                NDArray den = x1.sub(x0);
                NDArray same = den.eq(0);
                NDArray one = Creation.ones(den.dtype(), new long[0]);
                NDArray safe = Providers.ufuncs(same, one, den).where(same, one, den, null);
                NDArray q = num.div(safe);
                NDArray sinch = Providers.ufuncs(same, e0, q).where(same, e0, q, null);
                NDArray sdf = sd.mul(f);
                NDArray v = sinch.mul(sdf)) {
            rd.set("...", ex);
            rsd.set("...", v);
        }
    }

    private static NDArray keep(List<NDArray> held, NDArray x) {
        held.add(x);
        return x;
    }

    private static NDArray mm(NDArray a, NDArray b) {
        return Matmul.matmul("expm", a, b, null, false);
    }

    /** The 1-norm (largest column sum of absolute values) of a matrix, read to the host. */
    private static double norm1(NDArray m) {
        try (NDArray ab = m.abs();
                NDArray cs = ab.sum(0);
                NDArray mx = cs.max()) {
            return ((Number) mx.item()).doubleValue();
        }
    }

    /**
     * {@code times} more products of the row w with |A| (w starts as ones when null): w becomes
     * 1^T |A|^k, whose largest entry is the 1-norm of |A|^k; returns the base-2 logarithm of that
     * norm. w is kept scaled to a largest entry of 1, its log2 scale in {@code logScale[0]}, so that
     * the high powers SciPy's bounds read do not overflow (in float32 |A|^19 of a matrix of norm 140
     * is past the range already, and an infinite bound would wrap the squaring count around).
     */
    private static double spin(NDArray absA, NDArray[] w, double[] logScale, int times) {
        NDArray v = w == null || w[0] == null ? Creation.ones(absA.dtype(), 1, absA.shape(0)) : w[0];
        double log = logScale == null ? 0 : logScale[0];
        try {
            for (int i = 0; i < times; i++) {
                NDArray nv = mm(v, absA);
                v.close();
                v = nv;
                double mx = largest(v);
                if (mx > 0 && Double.isFinite(mx)) {
                    NDArray sv = v.mul(1 / mx);
                    v.close();
                    v = sv;
                }
                log += log2(mx);
                if (!Double.isFinite(log)) break;
            }
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
        if (w != null) w[0] = v;
        else v.close();
        if (logScale != null) logScale[0] = log;
        return log;
    }

    /** The 1-norm of A as the largest entry of 1^T |A|. */
    private static double oneNorm(NDArray absA) {
        try (NDArray v = Creation.ones(absA.dtype(), 1, absA.shape(0));
                NDArray p = mm(v, absA)) {
            return largest(p);
        }
    }

    private static double largest(NDArray v) {
        try (NDArray mx = v.max()) {
            return ((Number) mx.item()).doubleValue();
        }
    }

    /** SciPy's ell(A, m) from log2 of the 1-norm of |A|^(2m+1). */
    private static int ell(double log2Spun, double normA, double coeff, int m) {
        double lm = Math.ceil((log2Spun - log2(normA) - log2(coeff)) / (2 * m));
        return lm > 0 ? (int) Math.min(lm, 1024) : 0;
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** SciPy's pick_pade_structure: the smallest degree whose bound holds, else 13 with s squarings. */
    private static Structure pick(List<NDArray> held, DType dt, NDArray absA, double normA, NDArray a4, NDArray a6) {
        boolean single = dt == DType.FLOAT32 || dt == DType.COMPLEX64;
        double[] coeff = single ? COEFF_SINGLE : COEFF_DOUBLE;
        NDArray[] w = new NDArray[1];
        double[] ls = {0};
        try {
            spin(absA, w, ls, 1);
            double d4 = Math.pow(norm1(a4), 0.25), d6 = Math.pow(norm1(a6), 1.0 / 6);
            double eta1 = Math.max(d4, d6);
            double t = spin(absA, w, ls, 6); // |A|^7
            if (eta1 < THETA[0] && ell(t, normA, coeff[0], 3) == 0) return new Structure(3, 0);
            t = spin(absA, w, ls, 4); // |A|^11
            if (eta1 < THETA[1] && ell(t, normA, coeff[1], 5) == 0) return new Structure(5, 0);
            double d8;
            try (NDArray a8 = mm(a4, a4)) {
                d8 = Math.pow(norm1(a8), 0.125);
            }
            double eta2 = Math.max(d6, d8);
            t = spin(absA, w, ls, 4); // |A|^15
            if (eta2 < THETA[2] && ell(t, normA, coeff[2], 7) == 0) return new Structure(7, 0);
            t = spin(absA, w, ls, 4); // |A|^19
            if (eta2 < THETA[3] && ell(t, normA, coeff[3], 9) == 0) return new Structure(9, 0);
            double d10;
            try (NDArray a10 = mm(a6, a4)) {
                d10 = Math.pow(norm1(a10), 0.1);
            }
            double eta4 = Math.min(eta2, Math.max(d8, d10));
            double sd = Math.ceil(log2(eta4 / THETA[4]));
            // a product that overflowed leaves the bound from the norm of A itself
            if (!Double.isFinite(sd)) sd = Math.ceil(log2(normA / THETA[4]));
            int s = (int) Math.max(sd, 0);
            NDArray scaledAbs = absA;
            if (s != 0) {
                scaledAbs = keep(held, absA.mul(Math.pow(2, -s)));
                ls[0] -= 19.0 * s;
                normA *= Math.pow(2, -s);
            }
            t = spin(scaledAbs, w, ls, 8); // |2^-s A|^27
            return new Structure(13, s + ell(t, normA, coeff[4], 13));
        } finally {
            if (w[0] != null) w[0].close();
        }
    }

    /** sum_k c[k] * mats[k] plus c0 times the identity. */
    private static NDArray combine(List<NDArray> held, double c0, double[] c, NDArray... mats) {
        long n = mats[0].shape(0);
        NDArray acc = keep(held, Creation.eye(n, n, 0, mats[0].dtype()));
        acc = keep(held, acc.mul(c0));
        for (int k = 0; k < mats.length; k++) {
            try (NDArray t = mats[k].mul(c[k])) {
                acc = keep(held, acc.add(t));
            }
        }
        return acc;
    }

    /** The [m/m] Padé approximant r = (V - U)^-1 (V + U) of exp(A) from A's even powers. */
    private static NDArray pade(List<NDArray> held, int m, NDArray a1, NDArray a2, NDArray a4, NDArray a6, NDArray a8) {
        NDArray u, v;
        switch (m) {
            case 3 -> {
                u = mm(a1, combine(held, B3[1], new double[] {B3[3]}, a2));
                v = combine(held, B3[0], new double[] {B3[2]}, a2);
            }
            case 5 -> {
                u = mm(a1, combine(held, B5[1], new double[] {B5[3], B5[5]}, a2, a4));
                v = combine(held, B5[0], new double[] {B5[2], B5[4]}, a2, a4);
            }
            case 7 -> {
                u = mm(a1, combine(held, B7[1], new double[] {B7[3], B7[5], B7[7]}, a2, a4, a6));
                v = combine(held, B7[0], new double[] {B7[2], B7[4], B7[6]}, a2, a4, a6);
            }
            case 9 -> {
                u = mm(a1, combine(held, B9[1], new double[] {B9[3], B9[5], B9[7], B9[9]}, a2, a4, a6, a8));
                v = combine(held, B9[0], new double[] {B9[2], B9[4], B9[6], B9[8]}, a2, a4, a6, a8);
            }
            default -> {
                NDArray hu = combine(held, 0, new double[] {B13[9], B13[11], B13[13]}, a2, a4, a6);
                NDArray hv = combine(held, 0, new double[] {B13[8], B13[10], B13[12]}, a2, a4, a6);
                NDArray iu = keep(held, mm(a6, hu));
                NDArray iv = keep(held, mm(a6, hv));
                NDArray lu = combine(held, B13[1], new double[] {B13[3], B13[5], B13[7], 1}, a2, a4, a6, iu);
                u = mm(a1, lu);
                v = combine(held, B13[0], new double[] {B13[2], B13[4], B13[6], 1}, a2, a4, a6, iv);
            }
        }
        keep(held, u);
        NDArray p = keep(held, v.add(u));
        NDArray q = keep(held, v.sub(u));
        // a non-finite denominator answers NaN, as the class promises, rather than solve's exception
        // (which would also fail every other matrix of a stack)
        try (NDArray fin = q.isfinite();
                NDArray all = fin.all()) {
            if (!(Boolean) all.item()) return q.mul(Double.NaN);
        }
        return LinearSystems.solve(q, p);
    }

    /** The structure SciPy's pick_pade_structure gives a non-diagonal finite (n, n) matrix (for tests). */
    static Structure structure(NDArray x) {
        List<NDArray> held = new ArrayList<>();
        try (var _ = x.device().use()) {
            NDArray c = keep(held, Copies.copy(x, computeType(x.dtype()), Order.C));
            NDArray absA = keep(held, c.abs());
            double normA = oneNorm(absA);
            NDArray a2 = keep(held, mm(c, c));
            NDArray a4 = keep(held, mm(a2, a2));
            NDArray a6 = keep(held, mm(a4, a2));
            return pick(held, c.dtype(), absA, normA, a4, a6);
        } finally {
            for (NDArray h : held) h.close();
        }
    }
}
