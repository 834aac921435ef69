package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.impl.DeviceLinalg;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.spi.Providers;

/**
 * numpy.poly and numpy.roots, as NumPy's polynomial.py writes them: poly multiplies (1, -z) for
 * each root by convolve (a square matrix gives its eigenvalues' polynomial), and is real when the
 * roots come in conjugate pairs; roots takes the eigenvalues of the companion matrix (linalg's
 * eigvals), after trimming leading and trailing zero coefficients (a read of which are zero).
 */
public final class PolynomialRoots {
    private PolynomialRoots() {}

    /** numpy.poly(seq_of_zeros): the coefficients, highest power first, of the monic polynomial with those roots. */
    public static NDArray poly(NDArray zeros) {
        zeros.live("poly");
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray z;
            long[] s = zeros.shape();
            if (s.length == 2 && s[0] == s[1] && s[0] != 0) {
                z = t(temps, DeviceLinalg.instance().eigvals(zeros));
            } else if (s.length == 1) {
                // NumPy's mintypecode: float32 and the complex types stay, everything else is float64
                DType d = zeros.dtype();
                DType want = d == DType.FLOAT32 || d.isComplex() ? d : DType.FLOAT64;
                z = d == want ? zeros : t(temps, zeros.astype(want));
            } else {
                throw new NdException("poly: input must be 1d or non-empty square 2d array, got shape "
                        + org.ndgpu.ndarray.Shapes.str(s));
            }
            DType dt = z.dtype();
            NDArray a = Creation.ones(dt, 1);
            for (long i = 0; i < z.size(); i++) {
                try (NDArray old = a;
                        NDArray one = Creation.ones(dt, 1);
                        NDArray zi = Views.slab(z, 0, i, 1);
                        NDArray neg = zi.neg();
                        NDArray factor = Joining.concatenate("poly", List.of(one, neg), 0)) {
                    a = Convolution.convolve("poly", old, factor, "full");
                }
            }
            if (!dt.isComplex()) return a;
            // real when the roots are closed under conjugation: sort(roots) == sort(conj(roots))
            try (NDArray sorted = Sorting.sort("poly", z, 0, false);
                    NDArray conj = z.conj();
                    NDArray sortedConj = Sorting.sort("poly", conj, 0, false);
                    NDArray same = sorted.eq(sortedConj);
                    NDArray all = same.all()) {
                if (!all.toBooleanArray()[0]) return a;
            }
            try (NDArray c = a) {
                return c.real();
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.roots(p): the roots of the polynomial with coefficients p, highest power first. */
    public static NDArray roots(NDArray p) {
        PolynomialArithmetic.oneD("roots", p);
        List<NDArray> temps = new ArrayList<>();
        try {
            // the first and last nonzero coefficients (NumPy: nonzero(ravel(p))), read back to trim
            NDArray nz = t(temps, p.ne(0));
            boolean[] flags = nz.toBooleanArray();
            int first = -1, last = -1;
            for (int i = 0; i < flags.length; i++) {
                if (flags[i]) {
                    if (first < 0) first = i;
                    last = i;
                }
            }
            DType real = p.dtype().isInexact() ? p.dtype() : DType.FLOAT64;
            if (first < 0) return Creation.zeros(real, 0);
            int trailing = flags.length - 1 - last;
            NDArray core = t(temps, Views.slab(p, 0, first, last - first + 1));
            if (!core.dtype().isInexact()) core = t(temps, core.astype(DType.FLOAT64));
            int n = (int) core.size();
            NDArray r;
            if (n > 1) {
                // companion matrix: ones below the diagonal, first row -p[1:] / p[0]
                NDArray a = t(temps, Creation.eye(n - 1, n - 1, -1, core.dtype()));
                NDArray rest = t(temps, Views.slab(core, 0, 1, n - 1));
                NDArray lead = t(temps, core.get(0));
                NDArray row = t(temps, t(temps, rest.neg()).div(lead));
                NDArray top = t(temps, Views.slab(a, 0, 0, 1));
                NDArray rowShaped = t(temps, row.reshape(1, n - 1));
                Providers.ufuncs(rowShaped).call(Ufunc.POSITIVE, top, rowShaped);
                r = t(temps, DeviceLinalg.instance().eigvals(a));
            } else {
                r = t(temps, Creation.zeros(core.dtype(), 0));
            }
            if (trailing == 0) return r.copy();
            NDArray zs = t(temps, Creation.zeros(r.dtype(), trailing));
            return Joining.concatenate("roots", List.of(r, zs), 0);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
