package org.ndgpu.sparse.linalg;

import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The conjugate gradient's vector updates in place, their scalars read on the device from the 0-d
 * results of the dot products (so that an iteration brings only norm(r)^2 to the host, as CuPy's
 * cg brings its residual norm): {@code p = z + (rho / rhoPrev) p}, and {@code x += alpha p},
 * {@code r -= alpha q} with {@code alpha = rho / (p . q)}, the two in one pass. OpenCL C for
 * every backend, one module per float type.
 */
final class KrylovKernels {
    private KrylovKernels() {}

    private static final String SOURCE = """
            $PRAGMA
            __kernel void cg_direction(__global $T* p, __global const $T* z, __global const $T* rho,
                                       __global const $T* rhoPrev, long n) {
                long i = get_global_id(0);
                if (i >= n) return;
                $T beta = rho[0] / rhoPrev[0];
                p[i] = z[i] + beta * p[i];
            }
            __kernel void cg_step(__global $T* x, __global $T* r, __global const $T* p, __global const $T* q,
                                  __global const $T* rho, __global const $T* pq, long n) {
                long i = get_global_id(0);
                if (i >= n) return;
                $T alpha = rho[0] / pq[0];
                x[i] += alpha * p[i];
                r[i] -= alpha * q[i];
            }
            """;

    private static final ConcurrentHashMap<DType, RawModule> MODULES = new ConcurrentHashMap<>();

    private static RawKernel get(String name, DType t) {
        return MODULES.computeIfAbsent(t, KrylovKernels::module).function(name);
    }

    private static RawModule module(DType t) {
        boolean f64 = t == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$T", f64 ? "double" : "float"));
    }

    private static void launch(RawKernel k, long n, Object... args) {
        if (n == 0) return;
        k.launch(new long[] {(n + 255) / 256}, new long[] {256}, args);
    }

    /** {@code p = z + (rho / rhoPrev) p}, p changed in place; rho and rhoPrev 0-d arrays on the device. */
    static void direction(NDArray p, NDArray z, NDArray rho, NDArray rhoPrev) {
        launch(get("cg_direction", p.dtype()), p.size(), p, z, rho, rhoPrev, p.size());
    }

    /** {@code x += alpha p} and {@code r -= alpha q}, {@code alpha = rho / pq}, x and r changed in place. */
    static void step(NDArray x, NDArray r, NDArray p, NDArray q, NDArray rho, NDArray pq) {
        launch(get("cg_step", x.dtype()), x.size(), x, r, p, q, rho, pq, x.size());
    }
}
