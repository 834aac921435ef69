package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.random;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The worst legal-looking calls of pinv, matrixRank, matrixPower, multiDot, cond, eig and einsum of
 * many operands: NumPy's answer where NumPy answers (empty stacks, NaN, integers, singular
 * matrices in cond), else an NdException whose message names the operation.
 */
class MoreLinalgErrorsTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static <T extends Throwable> void fails(Class<T> type, String op, String contains, Executable call) {
        T e = assertThrows(type, call);
        assertTrue(e.getMessage().startsWith(op + ":") && e.getMessage().contains(contains), e.getMessage());
    }

    private static NDArray nan2x2() {
        return Nd.array(new double[][] {{1, Double.NaN}, {2, 3}});
    }

    private static NDArray singular() {
        return Nd.array(new double[][] {{1, 2}, {2, 4}});
    }

    @Test
    void eigRejectsWhatNumpyRejects() {
        fails(ShapeException.class, "eig", "square", () -> LA.eig(Nd.zeros(3, 4)));
        fails(ShapeException.class, "eigvals", "at least 2", () -> LA.eigvals(Nd.zeros(3)));
        fails(LinAlgException.class, "eig", "infs or NaNs", () -> LA.eig(nan2x2()));
        fails(
                LinAlgException.class,
                "eigvals",
                "infs or NaNs",
                () -> LA.eigvals(Nd.array(new double[][] {{1, Double.POSITIVE_INFINITY}, {0, 1}})));
        fails(DTypeException.class, "eig", "float16", () -> LA.eig(Nd.zeros(DType.FLOAT16, 2, 2)));
        // complex input: every device takes it (EigTest, LinalgComplexTest)
        assertEquals(
                DType.COMPLEX128,
                LA.eig(Nd.zeros(DType.COMPLEX128, 2, 2)).eigenvalues().dtype());
        // empty: NumPy answers float64 arrays of the empty shapes
        Eig e = LA.eig(Nd.zeros(2, 0, 0));
        assertArrayEquals(new long[] {2, 0}, e.eigenvalues().shape());
        assertArrayEquals(new long[] {2, 0, 0}, e.eigenvectors().shape());
        assertEquals(DType.FLOAT64, e.eigenvalues().dtype());
        // a non-contiguous view and a rotation's conjugate pair: +i and -i, vectors conjugate to each other
        NDArray rot = Nd.array(new double[][] {{0, 1}, {-1, 0}}).T();
        Eig r = LA.eig(rot);
        assertEquals(DType.COMPLEX128, r.eigenvalues().dtype());
        double[] w = values(r.eigenvalues()), v = values(r.eigenvectors());
        assertEquals(0, w[0], 1e-15);
        assertEquals(1, Math.abs(w[1]), 1e-15);
        assertEquals(-w[1], w[3], 0);
        for (int i = 0; i < 2; i++) {
            assertEquals(v[4 * i], v[4 * i + 2], 0, "re of row " + i);
            assertEquals(v[4 * i + 1], -v[4 * i + 3], 0, "im of row " + i);
        }
        MoreLinalgTest.assertEigenpairs(values(rot), w, v, 2, 1, 1e-12, "rotation");
        // a defective matrix (one eigenvector): still A v = lambda v
        NDArray jordan = Nd.array(new double[][] {{2, 1}, {0, 2}});
        Eig j = LA.eig(jordan);
        double[] jw = values(j.eigenvalues()), jv = values(j.eigenvectors());
        double[] cw = new double[4], cv = new double[8];
        for (int i = 0; i < 2; i++) cw[2 * i] = jw[i];
        for (int i = 0; i < 4; i++) cv[2 * i] = jv[i];
        MoreLinalgTest.assertEigenpairs(values(jordan), cw, cv, 2, 1, 1e-12, "jordan");
    }

    /** numpy.outer / matmul of broadcast views whose product has more than 2^63 elements: ValueError, in its own name. */
    @Test
    void productsNoArrayCanHoldNameTheirOperation() {
        long h = 1L << 40;
        fails(
                ShapeException.class,
                "outer",
                "too big",
                () -> Nd.outer(Nd.ones(1).broadcastTo(h), Nd.ones(1).broadcastTo(h)));
        fails(
                ShapeException.class,
                "matmul",
                "too big",
                () -> Nd.ones(1, 1).broadcastTo(h, 1).matmul(Nd.ones(1, 1).broadcastTo(1, h)));
    }

    @Test
    void matrixPowerEdges() {
        fails(ShapeException.class, "matrixPower", "(3, 4)", () -> LA.matrixPower(Nd.zeros(3, 4), 2));
        fails(ShapeException.class, "matrixPower", "square", () -> LA.matrixPower(Nd.zeros(3), 2));
        fails(LinAlgException.class, "matrixPower", "Singular matrix", () -> LA.matrixPower(singular(), -2));
        assertArrayEquals(
                new long[] {2, 0, 0}, LA.matrixPower(Nd.zeros(2, 0, 0), 3).shape());
        NDArray ints = Nd.array(new long[] {1, 1, 1, 0}, DType.INT64, 2, 2);
        NDArray id = LA.matrixPower(ints, 0);
        assertEquals(DType.INT64, id.dtype());
        assertArrayEquals(new long[] {1, 0, 0, 1}, id.toLongArray());
        assertArrayEquals(new long[] {89, 55, 55, 34}, LA.matrixPower(ints, 10).toLongArray()); // Fibonacci
        assertEquals(DType.FLOAT64, LA.matrixPower(ints, -1).dtype()); // inv casts, as NumPy
        // n = Long.MIN_VALUE: 63 squarings of inv(I), no overflow of -n
        assertClose(Nd.eye(2), LA.matrixPower(Nd.eye(2), Long.MIN_VALUE), 0);
        NDArray a = random(11, DType.FLOAT64, 3, 3);
        NDArray one = LA.matrixPower(a, 1);
        assertTrue(one != a && !one.sharesMemory(a), "n = 1 gives a new array");
        assertClose(a, one, 0);
    }

    @Test
    void multiDotEdges() {
        fails(NdException.class, "multiDot", "at least two", () -> LA.multiDot(Nd.zeros(2, 2)));
        fails(NdException.class, "multiDot", "got 0", () -> LA.multiDot());
        assertThrows(NullPointerException.class, () -> LA.multiDot(Nd.zeros(2, 2), null, Nd.zeros(2, 2)));
        fails(
                ShapeException.class,
                "multiDot",
                "2-dimensional",
                () -> LA.multiDot(Nd.zeros(2, 2), Nd.zeros(2, 2, 2), Nd.zeros(2, 2)));
        fails(
                ShapeException.class,
                "multiDot",
                "not aligned",
                () -> LA.multiDot(Nd.zeros(2, 3), Nd.zeros(4, 2), Nd.zeros(2, 2)));
        fails(
                ShapeException.class,
                "multiDot",
                "2-dimensional",
                () -> LA.multiDot(Nd.zeros(2, 2), Nd.zeros(2), Nd.zeros(2, 2)));
        // integers stay integers (dot's promotion), transposed views are fine
        NDArray i = Nd.array(new long[] {1, 2, 3, 4}, DType.INT64, 2, 2);
        NDArray r = LA.multiDot(i, i.T(), i, i);
        assertEquals(DType.INT64, r.dtype());
        assertClose(i.matmul(i.T()).matmul(i).matmul(i), r, 0);
    }

    @Test
    void pinvRankCondEdges() {
        fails(ShapeException.class, "pinv", "at least 2", () -> LA.pinv(Nd.zeros(3)));
        fails(LinAlgException.class, "pinv", "did not converge", () -> LA.pinv(nan2x2()));
        fails(DTypeException.class, "pinv", "float16", () -> LA.pinv(Nd.zeros(DType.FLOAT16, 2, 2)));
        NDArray empty = LA.pinv(Nd.zeros(DType.INT32, 0, 3));
        assertArrayEquals(new long[] {3, 0}, empty.shape());
        assertEquals(DType.INT32, empty.dtype()); // NumPy answers before any cast
        assertClose(Nd.zeros(3, 2), LA.pinv(Nd.zeros(2, 3)), 0); // all singular values cut
        fails(LinAlgException.class, "matrixRank", "did not converge", () -> LA.matrixRank(nan2x2()));
        assertEquals(0L, LA.matrixRank(Nd.zeros(0, 3)).item());
        assertEquals(0L, LA.matrixRank(Nd.zeros(4)).item());
        assertEquals(
                1L, LA.matrixRank(Nd.array(new long[] {0, 3}, DType.INT64, 2)).item());
        assertEquals(1L, LA.matrixRank(singular()).item());
        fails(LinAlgException.class, "cond", "empty", () -> LA.cond(Nd.zeros(0, 0)));
        fails(LinAlgException.class, "cond", "empty", () -> LA.cond(Nd.zeros(3, 0), 1));
        fails(ShapeException.class, "cond", "square", () -> LA.cond(Nd.zeros(3, 4), 1));
        fails(ShapeException.class, "cond", "at least 2", () -> LA.cond(Nd.zeros(3)));
        fails(NdException.class, "cond", "invalid norm order 3", () -> LA.cond(Nd.eye(2), 3));
        fails(NdException.class, "cond", "'max'", () -> LA.cond(Nd.eye(2), "max"));
        fails(LinAlgException.class, "cond", "did not converge", () -> LA.cond(nan2x2()));
        assertTrue(Double.isNaN(LA.cond(nan2x2(), 1).doubleValue()), "a NaN matrix keeps NaN");
        assertEquals(Double.POSITIVE_INFINITY, LA.cond(singular(), 1).doubleValue());
        assertEquals(Double.POSITIVE_INFINITY, LA.cond(Nd.zeros(2, 2)).doubleValue()); // 0 / 0 becomes inf
        assertEquals(Double.POSITIVE_INFINITY, LA.cond(Nd.zeros(2, 2), "fro").doubleValue());
        assertEquals(
                DType.FLOAT64,
                LA.cond(Nd.array(new long[] {2, 1, 1, 3}, DType.INT64, 2, 2), 1).dtype());
    }

    @Test
    void einsumOfManyOperandsRejectsMismatches() {
        NDArray x = random(1, DType.FLOAT64, 3, 4),
                y = random(2, DType.FLOAT64, 4, 5),
                z = random(3, DType.FLOAT64, 5, 2);
        fails(NdException.class, "einsum", "3 operands, 2 given", () -> LA.einsum("ij,jk,kl->il", x, y));
        fails(NdException.class, "einsum", "3 operands, 4 given", () -> LA.einsum("ij,jk,kl->il", x, y, z, z));
        fails(ShapeException.class, "einsum", "broadcast", () -> LA.einsum("ij,jk,kl->il", x, y, y));
        fails(NdException.class, "einsum", "'m'", () -> LA.einsum("ij,jk,kl->im", x, y, z));
        assertThrows(NullPointerException.class, () -> LA.einsum("ij,jk,kl->il", x, null, z));
        // views (a transpose) and mixed dtypes: float32 with float64 promotes as matmul does
        NDArray xt = random(4, DType.FLOAT32, 4, 3).T();
        NDArray r = LA.einsum("ij,jk,kl->il", xt, y, z);
        assertEquals(DType.FLOAT64, r.dtype());
        assertClose(xt.astype(DType.FLOAT64).matmul(y).matmul(z), r, 1e-12);
    }
}
