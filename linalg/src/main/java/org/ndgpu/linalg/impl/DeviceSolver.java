package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.spi.Blas;
import org.ndgpu.spi.Solver;

/**
 * ndgpu's own factorizations, written once in the kernel dialect ({@link SmallFactor}), for devices
 * without a solver library (OpenCL), or for CUDA where {@code ndgpu.linalg.solver=own} asks for them
 * (to check them against cuSOLVER). A routine or a stack these kernels do not take (complex dtypes,
 * float64 on a device without it, orders they do not reach, the decompositions not yet written
 * here) goes to {@link HostSolver}: {@link #runsOnDevice} says which, and {@link #where} names both.
 */
final class DeviceSolver implements Solver {
    private final Device device;
    private final HostSolver host;

    DeviceSolver(Device device) {
        this.device = device;
        this.host = new HostSolver(device);
    }

    @Override
    public boolean supports(DType dtype) {
        return host.supports(dtype);
    }

    @Override
    public String where() {
        return "ndgpu's kernels on " + device.id() + " (LU and Cholesky), else " + host.where();
    }

    /** Who factors a stack: the one-group kernels, the blocked algorithm, or the host. */
    enum Path {
        SMALL,
        BLOCKED,
        HOST
    }

    /** True when the LU and Cholesky family runs here for stacks of {@code dt} of order {@code n}. */
    boolean runsOnDevice(DType dt, long n) {
        return path(dt, n) != Path.HOST;
    }

    /**
     * The path for stacks of {@code dt} of order {@code n}: orders up to 64 in one work-group per
     * matrix; larger ones blocked, through the device's GEMM (on PoCL too, where that beat EJML on
     * the host from order 256 up: linalg/README.md); the host where the device lacks float64 or a
     * GEMM.
     */
    Path path(DType dt, long n) {
        if (!(dt == DType.FLOAT32 || (dt == DType.FLOAT64 && device.facts().fp64()))) return Path.HOST;
        if (SmallFactor.fits(device, dt, n)) return Path.SMALL;
        Blas blas = Blas.forDevice(device);
        return blas == null || !blas.supports(dt) || n >= Integer.MAX_VALUE ? Path.HOST : Path.BLOCKED;
    }

    private Path path(NDArray a) {
        return path(a.dtype(), a.shape(1));
    }

    private SmallFactor.Lu lu(NDArray a, Path p) {
        return p == Path.SMALL ? SmallFactor.lu(a) : BlockedFactor.lu(a, Blas.forDevice(device));
    }

    private static void luSolve(SmallFactor.Lu f, NDArray x, boolean eye, Path p) {
        if (p == Path.SMALL) SmallFactor.solve(f, x, eye);
        else BlockedFactor.solve(f, x, eye, Blas.forDevice(x.device()));
    }

    /** Throws "op: Singular matrix" where a pivot of any matrix is exactly zero, as getrf's info > 0. */
    private static void requireNonsingular(String op, NDArray info) {
        for (int v : info.toIntArray()) {
            if (v != 0) throw new LinAlgException(op + ": Singular matrix");
        }
    }

    @Override
    public NDArray solve(NDArray a, NDArray rhs) {
        Path p = path(a);
        if (p == Path.HOST) return host.solve(a, rhs);
        try (SmallFactor.Lu f = lu(a, p)) {
            requireNonsingular("solve", f.info());
            NDArray x = rhs.copy(Order.C);
            try {
                luSolve(f, x, false, p);
                return x;
            } catch (RuntimeException e) {
                x.close();
                throw e;
            }
        }
    }

    @Override
    public NDArray inv(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return host.inv(a);
        try (SmallFactor.Lu f = lu(a, p)) {
            requireNonsingular("inv", f.info());
            NDArray x = NDArray.empty(device, a.dtype(), a.shape(), Order.C);
            try {
                luSolve(f, x, true, p);
                return x;
            } catch (RuntimeException e) {
                x.close();
                throw e;
            }
        }
    }

    @Override
    public NDArray det(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return host.det(a);
        try (SmallFactor.Lu f = lu(a, p)) {
            NDArray d = NDArray.empty(device, a.dtype(), new long[] {a.shape(0)}, Order.C);
            SmallFactor.slogdet(f, null, null, d);
            return d;
        }
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return host.slogdet(a);
        try (SmallFactor.Lu f = lu(a, p)) {
            long[] b = {a.shape(0)};
            NDArray sign = NDArray.empty(device, a.dtype(), b, Order.C);
            NDArray log = NDArray.empty(device, a.dtype(), b, Order.C);
            SmallFactor.slogdet(f, sign, log, null);
            return new Slogdet(sign, log);
        }
    }

    @Override
    public NDArray cholesky(NDArray a) {
        Path p = path(a);
        if (p == Path.HOST) return host.cholesky(a);
        NDArray[] r = p == Path.SMALL ? SmallFactor.cholesky(a) : BlockedFactor.cholesky(a, Blas.forDevice(device));
        try (NDArray info = r[1]) {
            int[] bad = info.toIntArray();
            for (int i = 0; i < bad.length; i++) {
                if (bad[i] != 0) {
                    r[0].close();
                    throw new LinAlgException("cholesky: Matrix is not positive definite"
                            + (bad.length > 1 ? " (matrix " + i + " of the stack)" : ""));
                }
            }
        }
        return r[0];
    }

    @Override
    public Svd svd(NDArray a, boolean fullMatrices) {
        return host.svd(a, fullMatrices);
    }

    @Override
    public Qr qr(NDArray a) {
        return host.qr(a);
    }

    @Override
    public Eigh eigh(NDArray a) {
        return host.eigh(a);
    }

    @Override
    public NDArray eigvalsh(NDArray a) {
        return host.eigvalsh(a);
    }

    @Override
    public Lstsq lstsq(NDArray a, NDArray rhs) {
        return host.lstsq(a, rhs);
    }
}
