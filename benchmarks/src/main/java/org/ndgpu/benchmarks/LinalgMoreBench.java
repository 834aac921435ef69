package org.ndgpu.benchmarks;

import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Issue 39's linalg additions on the current device, beside {@code .gpu/cupy_linalg_more_anchors.py}
 * (rows of the same names): eigvalsh, svdvals, lu_factor/lu_solve, cho_factor/cho_solve and
 * solve_triangular of 1024 x 1024 and of a batch of 4096 8 x 8 matrices, float32 and float64 (one
 * right-hand side); matrix_norm (fro of 4096^2, fro and nuc of the batch), vector_norm and vecdot of
 * 2^24 and along the last axis of 4096^2 float32, matrix_transpose of 4096^2 (a view, so with a copy),
 * tensorinv and tensorsolve of a (32, 32, 32, 32) float64 tensor, expm of a 1024 x 1024 float64 matrix. Each result is checked once against
 * a cheap oracle (a residual, a trace, a plain sum) before it is timed. Device time, median after
 * warm-up (at most 0.5 s of it: these are milliseconds each).
 *
 * <p>On the GPU host: {@code .gpu/bench.sh LinalgMoreBench}; off it, {@code LinalgMoreBench 8} divides
 * the vector lengths by 2^8 and the orders and the batch by 2^4 for a smoke run.
 */
public final class LinalgMoreBench {
    private LinalgMoreBench() {}

    private static final long WARM_NANOS = 500_000_000L;

    /** Prints the table on the current device; an argument shrinks the sizes (default 0). */
    public static void main(String[] args) {
        int shrink = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Bench.header("LinalgMoreBench");
        int n = 1024 >> (shrink / 2), batch = 4096 >> (shrink / 2), le = 24 - shrink, lside = 12 - shrink / 2;
        long len = 1L << le, side = 1L << lside;
        String bs = batch + " x (8x8)", e = "2^" + le, sq = side + "^2";
        Linalg la = Nd.linalg();
        var rng = Nd.random().seed(39);
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            double tol = dt == DType.FLOAT32 ? 1e-3 : 1e-9;
            for (long[] shape : new long[][] {{n, n}, {batch, 8, 8}}) {
                int k = (int) shape[shape.length - 1];
                String what = dt + " " + (shape.length == 2 ? String.valueOf(n) : bs);
                long[] bshape = shape.clone();
                bshape[bshape.length - 1] = 1;
                try (NDArray g = rng.uniform(-1, 1, dt, shape);
                        NDArray eye = Nd.eye(k, k, 0, dt);
                        NDArray shift = eye.mul((double) k);
                        NDArray a = g.add(shift);
                        NDArray gt = g.swapaxes(-1, -2);
                        NDArray ggt = g.matmul(gt);
                        NDArray spd = ggt.add(shift);
                        NDArray lower = Nd.tril(a);
                        NDArray b = rng.uniform(-1, 1, dt, bshape)) {
                    double[] sv = spd.toDoubleArray(), av = a.toDoubleArray();
                    double trace = 0, fro2 = 0;
                    for (int i = 0; i < sv.length; i++) if (i % (k * k) % (k + 1) == 0) trace += sv[i];
                    for (double v : av) fro2 += v * v;
                    same("eigvalsh " + what, sumOf(la.eigvalsh(spd)), trace, tol);
                    row("eigvalsh " + what, () -> la.eigvalsh(spd));
                    try (NDArray s = la.svdvals(a);
                            NDArray s2 = s.mul(s)) {
                        same("svdvals " + what, sumOf(s2.sum()), fro2, tol);
                    }
                    row("svdvals " + what, () -> la.svdvals(a));
                    LuFactor f = la.luFactor(a);
                    residual("lu_factor/lu_solve " + what, a, la.luSolve(f, b), b, tol);
                    row("lu_factor " + what, () -> {
                        LuFactor r = la.luFactor(a);
                        r.piv().close();
                        return r.lu();
                    });
                    row("lu_solve " + what, () -> la.luSolve(f, b));
                    f.lu().close();
                    f.piv().close();
                    try (NDArray c = la.choFactor(spd, true)) {
                        residual("cho_factor/cho_solve " + what, spd, la.choSolve(c, true, b), b, tol);
                        row("cho_factor " + what, () -> la.choFactor(spd, true));
                        row("cho_solve " + what, () -> la.choSolve(c, true, b));
                    }
                    residual("solve_triangular " + what, lower, la.solveTriangular(a, b, true, false), b, tol);
                    row("solve_triangular " + what, () -> la.solveTriangular(a, b, true, false));
                    if (shape.length == 3) {
                        try (NDArray fro = la.matrixNorm(a);
                                NDArray sq2 = fro.mul(fro)) {
                            same("matrix_norm fro " + what, sumOf(sq2.sum()), fro2, tol);
                        }
                        row("matrix_norm fro " + what, () -> la.matrixNorm(a));
                        try (NDArray s = la.svdvals(a)) {
                            same("matrix_norm nuc " + what, sumOf(la.matrixNorm(a, "nuc", false)), sumOf(s.sum()), tol);
                        }
                        row("matrix_norm nuc " + what, () -> la.matrixNorm(a, "nuc", false));
                    }
                }
            }
        }
        // the array-API routines on float32 vectors and matrices: plain sums are the oracle
        try (NDArray x = rng.uniform(-1, 1, DType.FLOAT32, len);
                NDArray y = rng.uniform(-1, 1, DType.FLOAT32, len);
                NDArray m = rng.uniform(-1, 1, DType.FLOAT32, side, side);
                NDArray m2 = rng.uniform(-1, 1, DType.FLOAT32, side, side);
                NDArray xx = x.mul(x);
                NDArray xy = x.mul(y);
                NDArray mm = m.mul(m);
                NDArray mm2 = m.mul(m2)) {
            same("vector_norm " + e, Math.pow(sumOf(la.vectorNorm(x)), 2), sumOf(xx.sum()), 1e-3);
            row("vector_norm " + e + " f32", () -> la.vectorNorm(x));
            try (NDArray nr = la.vectorNorm(m, 2, new int[] {-1}, false);
                    NDArray nr2 = nr.mul(nr)) {
                same("vector_norm axis -1 " + sq, sumOf(nr2.sum()), sumOf(mm.sum()), 1e-3);
            }
            row("vector_norm " + sq + " axis -1 f32", () -> la.vectorNorm(m, 2, new int[] {-1}, false));
            try (NDArray fro = la.matrixNorm(m)) {
                same("matrix_norm fro " + sq, Math.pow(sumOf(fro), 2), sumOf(mm.sum()), 1e-3);
            }
            row("matrix_norm fro " + sq + " f32", () -> la.matrixNorm(m));
            same("vecdot " + e, sumOf(la.vecdot(x, y, -1)), sumOf(xy.sum()), 1e-3);
            row("vecdot " + e + " f32", () -> la.vecdot(x, y, -1));
            same("vecdot axis -1 " + sq, sumOf(la.vecdot(m, m2, -1)), sumOf(mm2.sum()), 1e-3);
            row("vecdot " + sq + " axis -1 f32", () -> la.vecdot(m, m2, -1));
            try (NDArray t = la.matrixTranspose(m);
                    NDArray c = t.copy()) {
                double[] mv = m.toDoubleArray(), cv = c.toDoubleArray();
                for (int i = 0; i < side; i += 7)
                    for (int j = 0; j < side; j += 5)
                        if (mv[(int) (i * side + j)] != cv[(int) (j * side + i)])
                            throw new AssertionError("matrix_transpose: element (" + j + ", " + i + ")");
            }
            row("matrix_transpose " + sq + " f32 + copy", () -> {
                try (NDArray t = la.matrixTranspose(m)) {
                    return t.copy();
                }
            });
        }
        // tensorinv and tensorsolve of a tensor whose (t^2, t^2) matrix is diagonally dominant
        long t = 1L << ((31 - Integer.numberOfLeadingZeros(n)) / 2), t2 = t * t;
        String ts = "(" + t + "," + t + "," + t + "," + t + ")";
        try (NDArray g = rng.uniform(-1, 1, DType.FLOAT64, t2, t2);
                NDArray eye = Nd.eye(t2, t2, 0, DType.FLOAT64);
                NDArray shift = eye.mul((double) t2);
                NDArray a2 = g.add(shift);
                NDArray a = a2.reshape(t, t, t, t);
                NDArray b = rng.uniform(-1, 1, DType.FLOAT64, t, t);
                NDArray b2 = b.reshape(t2, 1)) {
            try (NDArray inv = la.tensorinv(a, 2);
                    NDArray inv2 = inv.reshape(t2, t2);
                    NDArray prod = a2.matmul(inv2);
                    NDArray err = prod.sub(eye);
                    NDArray ae = err.abs();
                    NDArray worst = ae.max()) {
                double w = worst.toDoubleArray()[0];
                if (!(w <= 1e-9)) throw new AssertionError("tensorinv: |a inv - I| " + w);
            }
            row("tensorinv float64 " + ts + " ind=2", () -> la.tensorinv(a, 2));
            try (NDArray x = la.tensorsolve(a, b, null)) {
                residual("tensorsolve", a2, x.reshape(t2, 1), b2, 1e-9);
            }
            row("tensorsolve float64 " + ts, () -> la.tensorsolve(a, b, null));
        }
        // scipy.linalg.expm of the matrix CuPy's anchor takes: uniform(-1, 1) / n, 1-norm below 1
        try (NDArray g = rng.uniform(-1, 1, DType.FLOAT64, n, n);
                NDArray ex = g.div((double) n);
                NDArray nex = ex.neg();
                NDArray e1 = la.expm(ex);
                NDArray e2 = la.expm(nex);
                NDArray p = e1.matmul(e2);
                NDArray eye = Nd.eye(n, n, 0, DType.FLOAT64);
                NDArray err = p.sub(eye);
                NDArray ae = err.abs();
                NDArray worst = ae.max()) {
            double w = worst.toDoubleArray()[0];
            if (!(w <= 1e-12)) throw new AssertionError("expm: |expm(a) expm(-a) - I| " + w);
            row("expm float64 " + n, () -> la.expm(ex));
        }
    }

    private static void row(String name, Supplier<? extends AutoCloseable> op) {
        Bench.row(name, Bench.deviceMsOf(op, 5, 2, WARM_NANOS), 0);
    }

    /** The sum of {@code x}'s elements, read back; closes x. */
    private static double sumOf(NDArray x) {
        try (x;
                NDArray s = x.sum()) {
            return s.toDoubleArray()[0];
        }
    }

    private static void same(String name, double got, double expected, double tol) {
        if (!(Math.abs(got - expected) <= tol * Math.max(1, Math.abs(expected))))
            throw new AssertionError(name + ": " + got + ", expected " + expected);
    }

    /** max |a x - b| relative to max |b|, within {@code tol} times the order; closes x. */
    private static void residual(String name, NDArray a, NDArray x, NDArray b, double tol) {
        try (x;
                NDArray ax = a.matmul(x);
                NDArray d = ax.sub(b);
                NDArray ad = d.abs();
                NDArray worst = ad.max();
                NDArray bb = b.abs();
                NDArray bmax = bb.max()) {
            double w = worst.toDoubleArray()[0], s = bmax.toDoubleArray()[0];
            if (!(w <= tol * a.shape()[a.shape().length - 1] * s))
                throw new AssertionError(name + ": residual " + w + " of |b| " + s);
        }
    }
}
