package org.ndgpu.linalg.impl;

import static org.ndgpu.linalg.impl.MatrixStack.guarded;
import static org.ndgpu.linalg.impl.MatrixStack.unstack;

import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Svd;

/**
 * numpy.linalg's decompositions on the device's solver: svd, qr, cholesky, and the Hermitian
 * eigenproblem (eigh, eigvalsh). Each stacks its input ({@link MatrixStack}), answers empty stacks
 * from their shapes, and gives NaN and inf NumPy's results ({@link NonFinite}). {@link DeviceLinalg}
 * checks the arguments for null and delegates here.
 */
final class Decompositions {
    private Decompositions() {}

    static Svd svd(NDArray a, boolean fullMatrices) {
        try (MatrixStack st = MatrixStack.of("svd", a, false)) {
            long k = Math.min(st.m(), st.n());
            DType dt = st.dtype();
            if (st.empty()) {
                // NumPy: u (m, m) and vh (n, n) identities in full mode, empty (m, 0) / (0, n) otherwise
                NDArray u = fullMatrices ? identities(st, dt, st.m()) : st.emptyOf(dt, st.m(), k);
                NDArray vh = fullMatrices ? identities(st, dt, st.n()) : st.emptyOf(dt, k, st.n());
                return new Svd(
                        unstack(u, st.batch()), unstack(st.emptyOf(dt.real(), k), st.batch()), unstack(vh, st.batch()));
            }
            // one check of finite input, the common case; NaN (an error) is told from inf only past it
            try (NDArray inf = NonFinite.flags(st.x(), false, false)) {
                if (!NonFinite.any(inf)) {
                    Svd r = st.solver().svd(st.x(), fullMatrices);
                    return new Svd(unstack(r.u(), st.batch()), unstack(r.s(), st.batch()), unstack(r.vh(), st.batch()));
                }
                requireNoNan("svd", st.x(), "SVD did not converge");
                // an inf: LAPACK answers NaN singular values (and vectors of no meaning): NaN for all three
                try (NDArray zero = NonFinite.zeroWhere(st.x(), inf)) {
                    Svd r = st.solver().svd(zero, fullMatrices);
                    return new Svd(
                            unstack(NonFinite.nanWhere(r.u(), inf), st.batch()),
                            unstack(NonFinite.nanWhere(r.s(), inf), st.batch()),
                            unstack(NonFinite.nanWhere(r.vh(), inf), st.batch()));
                }
            }
        }
    }

    /**
     * svd's singular values alone (compute_uv=False), with svd's rules and messages: the solver may
     * skip the vectors ({@link org.ndgpu.vendor.Solver#svdvals}).
     */
    static NDArray singularValues(NDArray a) {
        try (MatrixStack st = MatrixStack.of("svd", a, false)) {
            long k = Math.min(st.m(), st.n());
            if (st.empty()) return unstack(st.emptyOf(st.dtype().real(), k), st.batch());
            try (NDArray inf = NonFinite.flags(st.x(), false, false)) {
                if (!NonFinite.any(inf)) return unstack(st.solver().svdvals(st.x()), st.batch());
                requireNoNan("svd", st.x(), "SVD did not converge");
                try (NDArray zero = NonFinite.zeroWhere(st.x(), inf)) {
                    return unstack(NonFinite.nanWhere(st.solver().svdvals(zero), inf), st.batch());
                }
            }
        }
    }

    /** NumPy's LinAlgError for a NaN anywhere in the stack, where LAPACK's iteration does not converge. */
    private static void requireNoNan(String op, NDArray stack, String why) {
        try (NDArray nan = NonFinite.flags(stack, true, false)) {
            if (NonFinite.any(nan)) throw new LinAlgException(op + ": " + why + ": the array holds NaN");
        }
    }

    static Qr qr(NDArray a) {
        try (MatrixStack st = MatrixStack.of("qr", a, false)) {
            long k = Math.min(st.m(), st.n());
            if (st.empty())
                return new Qr(
                        unstack(st.emptyOf(st.dtype(), st.m(), k), st.batch()),
                        unstack(st.emptyOf(st.dtype(), k, st.n()), st.batch()));
            try (NDArray bad = NonFinite.flags(st.x(), false, false)) {
                if (!NonFinite.any(bad)) {
                    Qr r = st.solver().qr(st.x());
                    return new Qr(unstack(r.q(), st.batch()), unstack(r.r(), st.batch()));
                }
                try (NDArray clean = NonFinite.zeroWhere(st.x(), bad)) {
                    Qr r = st.solver().qr(clean);
                    try (NDArray rn = NonFinite.nanWhere(r.r(), bad)) {
                        return new Qr(
                                unstack(NonFinite.nanWhere(r.q(), bad), st.batch()),
                                unstack(Triangles.triangle("triu", rn, 0, true), st.batch()));
                    }
                }
            }
        }
    }

    static NDArray cholesky(NDArray a) {
        try (MatrixStack st = MatrixStack.of("cholesky", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), st.n(), st.n()), st.batch());
            // every solver's factor has zeros above the diagonal; a NaN matrix's, NaN throughout, gets
            // them back, a pass over the stack for that case alone
            NDArray l = guarded(st, true, true, st.solver()::cholesky, r -> {
                try (r) {
                    return Triangles.triangle("tril", r, 0, false);
                }
            });
            return unstack(l, st.batch());
        }
    }

    static Eigh eigh(NDArray a) {
        try (MatrixStack st = MatrixStack.of("eigh", a, true)) {
            if (st.empty())
                return new Eigh(
                        unstack(st.emptyOf(st.dtype().real(), st.n()), st.batch()),
                        unstack(st.emptyOf(st.dtype(), st.n(), st.n()), st.batch()));
            // a solver that refuses NaN and inf itself (from order 3, NumPy's error) needs no pass to find them
            boolean refuses =
                    st.n() >= 3 && st.solver().eighRefusesNonFinite(st.x().dtype(), st.n(), true);
            try (NDArray bad = refuses ? null : NonFinite.flags(st.x(), false, true)) {
                boolean any = NonFinite.any(bad);
                if (any && st.n() >= 3) throw NonFinite.notConverged("eigh");
                if (!any) {
                    Eigh r = st.solver().eigh(st.x());
                    return new Eigh(unstack(r.eigenvalues(), st.batch()), unstack(r.eigenvectors(), st.batch()));
                }
                try (NDArray clean = NonFinite.identityWhere(st.x(), bad)) {
                    Eigh r = st.solver().eigh(clean);
                    return new Eigh(
                            unstack(NonFinite.nanWhere(r.eigenvalues(), bad), st.batch()),
                            unstack(NonFinite.nanWhere(r.eigenvectors(), bad), st.batch()));
                }
            }
        }
    }

    static NDArray eigvalsh(NDArray a) {
        try (MatrixStack st = MatrixStack.of("eigvalsh", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype().real(), st.n()), st.batch());
            if (st.n() < 3) return unstack(guarded(st, false, true, st.solver()::eigvalsh), st.batch());
            if (!st.solver().eighRefusesNonFinite(st.x().dtype(), st.n(), false)) {
                try (NDArray bad = NonFinite.flags(st.x(), false, true)) {
                    if (NonFinite.any(bad)) throw NonFinite.notConverged("eigvalsh");
                }
            }
            return unstack(st.solver().eigvalsh(st.x()), st.batch());
        }
    }

    /** (batch, n, n) identities of dtype: svd's u or vh of an empty matrix in full mode, as LAPACK's. */
    private static NDArray identities(MatrixStack st, DType dt, long n) {
        NDArray out = st.emptyOf(dt, n, n);
        if (out.size() == 0) return out;
        try (var _ = out.device().use();
                NDArray eye = Creation.eye(n, n, 0, dt)) {
            out.set("...", eye);
        }
        return out;
    }
}
