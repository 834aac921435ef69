package org.ndgpu.sparse;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The kernels of element access and boolean masks (SciPy's {@code A[i, j]}, {@code A[mask]}),
 * OpenCL C specialised per value type {@code T} and index type {@code I} as {@link OpsKernels}'.
 */
final class IndexKernels {
    private IndexKernels() {}

    /** The kernels of one module, by the names below. */
    enum Name {
        ELEMENT,
        MASK_FILL
    }

    private static final String SOURCE = """
            $PRAGMA
            /* out[0] = the sum of the entries of major line i at minor index j (duplicates add up), on one work-item */
            __kernel void element(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                  __global $T* out, long i, long j) {
                if (get_global_id(0) != 0) return;
                $T acc = 0;
                for ($I k = indptr[i]; k < indptr[i + 1]; k++) if ((long) indices[k] == j) acc += data[k];
                out[0] = acc;
            }
            /* the places of the true elements: flag[g] is 0 or 1, csum its inclusive running sum */
            __kernel void mask_fill(__global const long* flag, __global const long* csum, __global long* out, long n) {
                long g = get_global_id(0);
                if (g < n && flag[g] != 0) out[csum[g] - 1] = g;
            }
            """;

    private record Types(DType value, DType index) {}

    private record Key(Name name, Types types) {}

    private static final ConcurrentHashMap<Types, RawModule> MODULES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Key, RawKernel> KERNELS = new ConcurrentHashMap<>();

    /** The kernel {@code name} for values of {@code value} (float32, float64) and indices of {@code index}. */
    static RawKernel get(Name name, DType value, DType index) {
        // the kernels are float or double: complex values take ComplexParts' routes, or are refused here
        if (value.isComplex()) throw ComplexParts.unsupported(name.name().toLowerCase(Locale.ROOT), value);
        return KERNELS.computeIfAbsent(
                new Key(name, new Types(value, index)),
                k -> MODULES.computeIfAbsent(k.types(), IndexKernels::module)
                        .function(k.name().name().toLowerCase(Locale.ROOT)));
    }

    private static RawModule module(Types t) {
        boolean f64 = t.value() == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$T", f64 ? "double" : "float")
                .replace("$I", t.index() == DType.INT64 ? "long" : "int"));
    }
}
