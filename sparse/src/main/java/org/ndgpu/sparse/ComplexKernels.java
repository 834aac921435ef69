package org.ndgpu.sparse;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The kernels that put complex values together from their real and imaginary parts
 * ({@link ComplexParts}), OpenCL C specialised per real part type {@code T} (float, double; the
 * complex type is {@code T2}, NumPy's layout) and index type {@code I}.
 */
final class ComplexKernels {
    private ComplexKernels() {}

    /** The kernels of one module, by the names below. */
    enum Name {
        INTERLEAVE,
        UNION_GATHER
    }

    private static final String SOURCE = """
            $PRAGMA
            __kernel void interleave(__global const $T* re, __global const $T* im, __global $T2* out, long n) {
                long g = get_global_id(0);
                if (g >= n) return;
                out[g].x = re[g];
                out[g].y = im[g];
            }
            /* out[k] = R's value at row r, column pidx[k] (0 where R has none), for every entry k of row r of P;
               P's and R's rows are sorted and without duplicates, so one walk along both finds them */
            __kernel void union_gather(__global const $I* pptr, __global const $I* pidx, __global const $I* rptr,
                                       __global const $I* ridx, __global const $T* rdata, __global $T* out, long m) {
                long r = get_global_id(0);
                if (r >= m) return;
                $I q = rptr[r], qe = rptr[r + 1];
                for ($I k = pptr[r]; k < pptr[r + 1]; k++) {
                    while (q < qe && ridx[q] < pidx[k]) q++;
                    out[k] = (q < qe && ridx[q] == pidx[k]) ? rdata[q] : ($T) 0;
                }
            }
            """;

    private record Types(DType part, DType index) {}

    private record Key(Name name, Types types) {}

    private static final ConcurrentHashMap<Types, RawModule> MODULES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Key, RawKernel> KERNELS = new ConcurrentHashMap<>();

    /** The kernel {@code name} for parts of {@code part} (float32, float64) and indices of {@code index}. */
    static RawKernel get(Name name, DType part, DType index) {
        return KERNELS.computeIfAbsent(
                new Key(name, new Types(part, index)),
                k -> MODULES.computeIfAbsent(k.types(), ComplexKernels::module)
                        .function(k.name().name().toLowerCase(Locale.ROOT)));
    }

    private static RawModule module(Types t) {
        boolean f64 = t.part() == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$T2", f64 ? "double2" : "float2")
                .replace("$T", f64 ? "double" : "float")
                .replace("$I", t.index() == DType.INT64 ? "long" : "int"));
    }
}
