package org.ndgpu.linalg.impl;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.spi.MatrixProducts;
import org.ndgpu.vendor.Solver;

/**
 * ndgpu's {@link Linalg}: products on the device's BLAS (see {@link Matmul}), decompositions
 * ({@link Decompositions}) and linear systems ({@link LinearSystems}) on the device's
 * {@link Solver} (EJML on the host for OpenCL). They check what NumPy checks, cast
 * integers to float64 as numpy.linalg does, stack (..., M, N) input into (batch, M, N)
 * ({@link MatrixStack}) and give results the caller's batch shape; this class checks the arguments
 * for null and delegates.
 *
 * <pre>{@code
 * var r = Nd.linalg().svd(a, false);      // a (..., M, N) float32/float64
 * NDArray x = Nd.linalg().solve(a, b);    // b (..., M) or (..., M, K)
 * }</pre>
 */
public final class DeviceLinalg implements Linalg, MatrixProducts {
    private static final DeviceLinalg INSTANCE = new DeviceLinalg();

    /** The namespace Nd.linalg() returns (the class holds no state; ServiceLoader may make others). */
    public static DeviceLinalg instance() {
        return INSTANCE;
    }

    @Override
    public NDArray matmul(NDArray a, NDArray b, NDArray out) {
        Objects.requireNonNull(a, "matmul: a is null");
        Objects.requireNonNull(b, "matmul: b is null");
        return Matmul.matmul("matmul", a, b, out, false);
    }

    @Override
    public List<org.ndgpu.linalg.GemmTiming> tuneGemm(Device device) {
        return GemmTuner.tune(device);
    }

    @Override
    public List<org.ndgpu.linalg.GemmTiming> tuneGemm(Device device, DType dtype, long size, int repeats) {
        return GemmTuner.tune(device, dtype, size, repeats);
    }

    @Override
    public NDArray dot(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "dot: a is null");
        Objects.requireNonNull(b, "dot: b is null");
        return Contractions.dot(a, b);
    }

    @Override
    public NDArray vdot(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "vdot: a is null");
        Objects.requireNonNull(b, "vdot: b is null");
        return Contractions.vdot(a, b);
    }

    @Override
    public NDArray inner(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "inner: a is null");
        Objects.requireNonNull(b, "inner: b is null");
        return Contractions.inner(a, b);
    }

    @Override
    public NDArray outer(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "outer: a is null");
        Objects.requireNonNull(b, "outer: b is null");
        return Contractions.outer(a, b);
    }

    @Override
    public NDArray tensordot(NDArray a, NDArray b, int axes) {
        Objects.requireNonNull(a, "tensordot: a is null");
        Objects.requireNonNull(b, "tensordot: b is null");
        return Contractions.tensordot(a, b, axes);
    }

    @Override
    public NDArray tensordot(NDArray a, NDArray b, int[] axesA, int[] axesB) {
        Objects.requireNonNull(a, "tensordot: a is null");
        Objects.requireNonNull(b, "tensordot: b is null");
        Objects.requireNonNull(axesA, "tensordot: axesA is null");
        Objects.requireNonNull(axesB, "tensordot: axesB is null");
        return Contractions.tensordot("tensordot", a, b, axesA, axesB);
    }

    @Override
    public NDArray einsum(String subscripts, NDArray... operands) {
        Objects.requireNonNull(subscripts, "einsum: subscripts is null");
        Objects.requireNonNull(operands, "einsum: operands is null");
        return Einsum.einsum(subscripts, operands);
    }

    /**
     * numpy.einsum_path(subscripts, *operands)'s path with optimize='greedy', the order einsum
     * contracts in: {@code einsumPath("ij,jk,kl->il", a, b, c)} gives [[0, 1], [0, 1]].
     */
    public java.util.List<int[]> einsumPath(String subscripts, NDArray... operands) {
        Objects.requireNonNull(subscripts, "einsum_path: subscripts is null");
        Objects.requireNonNull(operands, "einsum_path: operands is null");
        return Einsum.path(subscripts, operands);
    }

    // ---------------------------------------------------------------- decompositions and linear systems

    @Override
    public Svd svd(NDArray a, boolean fullMatrices) {
        Objects.requireNonNull(a, "svd: a is null");
        return Decompositions.svd(a, fullMatrices);
    }

    @Override
    public Qr qr(NDArray a) {
        Objects.requireNonNull(a, "qr: a is null");
        return Decompositions.qr(a);
    }

    @Override
    public NDArray cholesky(NDArray a) {
        Objects.requireNonNull(a, "cholesky: a is null");
        return Decompositions.cholesky(a);
    }

    @Override
    public Eigh eigh(NDArray a) {
        Objects.requireNonNull(a, "eigh: a is null");
        return Decompositions.eigh(a);
    }

    @Override
    public NDArray eigvalsh(NDArray a) {
        Objects.requireNonNull(a, "eigvalsh: a is null");
        return Decompositions.eigvalsh(a);
    }

    @Override
    public NDArray solve(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "solve: a is null");
        Objects.requireNonNull(b, "solve: b is null");
        return LinearSystems.solve(a, b);
    }

    @Override
    public NDArray inv(NDArray a) {
        Objects.requireNonNull(a, "inv: a is null");
        return LinearSystems.inv(a);
    }

    @Override
    public NDArray det(NDArray a) {
        Objects.requireNonNull(a, "det: a is null");
        return LinearSystems.det(a);
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        Objects.requireNonNull(a, "slogdet: a is null");
        return LinearSystems.slogdet(a);
    }

    @Override
    public Lstsq lstsq(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "lstsq: a is null");
        Objects.requireNonNull(b, "lstsq: b is null");
        return LinearSystems.lstsq(a, b);
    }

    // ---------------------------------------------------------------- built on the above

    @Override
    public NDArray pinv(NDArray a, double rcond) {
        Objects.requireNonNull(a, "pinv: a is null");
        return Spectral.pinv(this, a, rcond);
    }

    @Override
    public NDArray matrixRank(NDArray a) {
        Objects.requireNonNull(a, "matrixRank: a is null");
        return Spectral.matrixRank(this, a, null);
    }

    @Override
    public NDArray matrixRank(NDArray a, double tol) {
        Objects.requireNonNull(a, "matrixRank: a is null");
        return Spectral.matrixRank(this, a, tol);
    }

    @Override
    public NDArray cond(NDArray a, Object p) {
        Objects.requireNonNull(a, "cond: a is null");
        return Spectral.cond(this, a, p);
    }

    @Override
    public NDArray matrixPower(NDArray a, long n) {
        Objects.requireNonNull(a, "matrixPower: a is null");
        return Chains.matrixPower(this, a, n);
    }

    @Override
    public NDArray multiDot(NDArray... arrays) {
        Objects.requireNonNull(arrays, "multiDot: arrays is null");
        return Chains.multiDot(this, arrays);
    }

    // eig: on the host (EJML) for every device; cusolverDnXgeev on CUDA is future work
    @Override
    public Eig eig(NDArray a) {
        Objects.requireNonNull(a, "eig: a is null");
        return GeneralEig.eig(a, true);
    }

    @Override
    public NDArray eigvals(NDArray a) {
        Objects.requireNonNull(a, "eigvals: a is null");
        return GeneralEig.eig(a, false).eigenvalues();
    }

    // ---------------------------------------------------------------- norm

    @Override
    public NDArray norm(NDArray a, Object ord, int[] axis, boolean keepdims) {
        Objects.requireNonNull(a, "norm: a is null");
        return Norm.norm(this, a, ord, axis, keepdims);
    }

    @Override
    public NDArray norm(NDArray a) {
        Objects.requireNonNull(a, "norm: a is null");
        a.live("norm");
        DType dt = a.dtype().isInexact() && a.dtype() != DType.FLOAT16 ? a.dtype() : DType.FLOAT64;
        try (NDArray x = a.dtype() == dt ? a.ravel() : a.astype(dt).reshape(-1);
                NDArray ss = Contractions.vdot(x, x)) {
            // vdot(x, x) is sum |x|^2 (real even for complex); the square root runs on the device too
            NDArray out = NDArray.empty(a.device(), dt.real(), new long[0], Order.C);
            String body = dt.isComplex() ? "y = sqrt(x.x);" : "y = sqrt(x);";
            ElementwiseLoop.run(
                    new Spec(
                            "nd_norm_sqrt_" + dt,
                            List.of(new Param("x", dt, Kind.IN), new Param("y", dt.real(), Kind.OUT)),
                            body),
                    new Object[] {ss, out},
                    new long[0]);
            return out;
        }
    }

    // ---------------------------------------------------------------- the array API's additions (NumPy 2)

    @Override
    public NDArray vectorNorm(NDArray x, double ord, int[] axis, boolean keepdims) {
        Objects.requireNonNull(x, "vector_norm: x is null");
        return ArrayApiNorms.vectorNorm(this, x, ord, axis, keepdims);
    }

    @Override
    public NDArray matrixNorm(NDArray x, Object ord, boolean keepdims) {
        Objects.requireNonNull(x, "matrix_norm: x is null");
        return ArrayApiNorms.matrixNorm(this, x, ord, keepdims);
    }

    @Override
    public NDArray svdvals(NDArray x) {
        Objects.requireNonNull(x, "svdvals: x is null");
        return ArrayApiNorms.svdvals(this, x);
    }

    @Override
    public NDArray vecdot(NDArray x1, NDArray x2, int axis) {
        Objects.requireNonNull(x1, "vecdot: x1 is null");
        Objects.requireNonNull(x2, "vecdot: x2 is null");
        return VectorProducts.vecdot(this, x1, x2, axis);
    }

    /** numpy.matvec(x1, x2): the matrices (..., M, N) times the vectors (..., N), batches broadcast. */
    public NDArray matvec(NDArray x1, NDArray x2) {
        Objects.requireNonNull(x1, "matvec: x1 is null");
        Objects.requireNonNull(x2, "matvec: x2 is null");
        return VectorProducts.matvec(this, x1, x2);
    }

    /** numpy.vecmat(x1, x2): the conjugated vectors (..., N) times the matrices (..., N, M). */
    public NDArray vecmat(NDArray x1, NDArray x2) {
        Objects.requireNonNull(x1, "vecmat: x1 is null");
        Objects.requireNonNull(x2, "vecmat: x2 is null");
        return VectorProducts.vecmat(this, x1, x2);
    }

    @Override
    public NDArray matrixTranspose(NDArray x) {
        Objects.requireNonNull(x, "matrix_transpose: x is null");
        x.live("matrix_transpose");
        if (x.ndim() < 2)
            throw new org.ndgpu.exceptions.ShapeException(
                    "matrix_transpose: expected an array of at least 2 dimensions, got shape "
                            + org.ndgpu.ndarray.Shapes.str(x.shape()));
        return x.swapaxes(-1, -2);
    }

    @Override
    public NDArray tensorinv(NDArray a, int ind) {
        Objects.requireNonNull(a, "tensorinv: a is null");
        return TensorInverse.tensorinv(this, a, ind);
    }

    @Override
    public NDArray tensorsolve(NDArray a, NDArray b, int[] axes) {
        Objects.requireNonNull(a, "tensorsolve: a is null");
        Objects.requireNonNull(b, "tensorsolve: b is null");
        return TensorInverse.tensorsolve(this, a, b, axes);
    }

    @Override
    public Map<String, String> placement(Device device) {
        Objects.requireNonNull(device, "placement: device is null");
        return SolverPlacement.of(device);
    }

    @Override
    public LuFactor luFactor(NDArray a) {
        Objects.requireNonNull(a, "lu_factor: a is null");
        return ScipySolves.luFactor(a);
    }

    @Override
    public NDArray luSolve(LuFactor factor, NDArray b) {
        Objects.requireNonNull(factor, "lu_solve: factor is null");
        Objects.requireNonNull(factor.lu(), "lu_solve: factor.lu() is null");
        Objects.requireNonNull(factor.piv(), "lu_solve: factor.piv() is null");
        Objects.requireNonNull(b, "lu_solve: b is null");
        return ScipySolves.luSolve(factor, b);
    }

    @Override
    public NDArray choFactor(NDArray a, boolean lower) {
        Objects.requireNonNull(a, "cho_factor: a is null");
        return ScipySolves.choFactor(a, lower);
    }

    @Override
    public NDArray choSolve(NDArray c, boolean lower, NDArray b) {
        Objects.requireNonNull(c, "cho_solve: c is null");
        Objects.requireNonNull(b, "cho_solve: b is null");
        return ScipySolves.choSolve(c, lower, b);
    }

    @Override
    public NDArray solveTriangular(NDArray a, NDArray b, boolean lower, boolean unitDiagonal) {
        Objects.requireNonNull(a, "solve_triangular: a is null");
        Objects.requireNonNull(b, "solve_triangular: b is null");
        return ScipySolves.solveTriangular(a, b, 0, lower, unitDiagonal);
    }

    @Override
    public NDArray solveTriangular(NDArray a, NDArray b, int trans, boolean lower, boolean unitDiagonal) {
        Objects.requireNonNull(a, "solve_triangular: a is null");
        Objects.requireNonNull(b, "solve_triangular: b is null");
        return ScipySolves.solveTriangular(a, b, trans, lower, unitDiagonal);
    }

    @Override
    public NDArray expm(NDArray a) {
        Objects.requireNonNull(a, "expm: a is null");
        return MatrixExponential.expm(a);
    }
}
