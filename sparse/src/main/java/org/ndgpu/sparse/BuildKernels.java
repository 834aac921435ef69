package org.ndgpu.sparse;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The kernels that build new matrices from others: the sparse product (SpGEMM), {@code diags},
 * {@code random}, {@code kron} and the stacking copies. OpenCL C as {@link SparseKernels}'s, one
 * module per value type {@code T} and index type {@code I}, compiled once per device and kept;
 * launched through {@link SparseKernels#launch}.
 */
final class BuildKernels {
    private BuildKernels() {}

    /** The kernels of one module, by the names below. */
    enum Name {
        SPGEMM_UPPER,
        SPGEMM_ROWS,
        SPGEMM_COMPACT,
        DIA_PACK,
        DIA_COUNTS,
        DIA_FILL,
        RANDOM_FILL,
        KRON_FILL,
        SHIFT_INDEX,
        COPY_VALUES
    }

    private static final String SOURCE = """
            $PRAGMA
            /* ub[r + 1] = the products of row r (the lengths of B's rows that A's row r names); ub[0] = 0 */
            __kernel void spgemm_upper(__global const $I* ap, __global const $I* aj, __global const $I* bp,
                                       __global long* ub, long m) {
                long r = get_global_id(0);
                if (r == 0) ub[0] = 0;
                if (r >= m) return;
                long c = 0;
                for ($I k = ap[r]; k < ap[r + 1]; k++) c += bp[aj[k] + 1] - bp[aj[k]];
                ub[r + 1] = c;
            }
            /* Row r of A @ B (Gustavson's order: A's entries in turn, each times B's row): the products go to
               [off[r], off[r + 1]) of col and val, are sorted stably by column (a bottom-up merge sort through
               col2 and val2, skipped where already sorted), and equal columns are summed in product order, as
               SciPy's csr_matmat adds them. The nonzero sums stay at the segment's start (SciPy drops a sum
               that is 0); counts[r + 1] = how many, counts[0] = 0. */
            __kernel void spgemm_rows(__global const $I* ap, __global const $I* aj, __global const $T* ax,
                                      __global const $I* bp, __global const $I* bj, __global const $T* bx,
                                      __global const long* off, __global $I* col, __global $T* val,
                                      __global $I* col2, __global $T* val2, __global long* counts, long m) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r >= m) return;
                long lo = off[r], len = off[r + 1] - lo, w = lo;
                for ($I ka = ap[r]; ka < ap[r + 1]; ka++) {
                    $T v = ax[ka];
                    $I j = aj[ka];
                    for ($I kb = bp[j]; kb < bp[j + 1]; kb++) { col[w] = bj[kb]; val[w] = v * bx[kb]; w++; }
                }
                __global $I* sc = col + lo; __global $T* sv = val + lo;
                __global $I* dc = col2 + lo; __global $T* dv = val2 + lo;
                int sorted = 1;
                for (long i = 1; i < len && sorted; i++) sorted = sc[i - 1] <= sc[i];
                for (long width = 1; !sorted && width < len; width *= 2) {
                    for (long i = 0; i < len; i += 2 * width) {
                        long mid = min(i + width, len), hi = min(i + 2 * width, len), a = i, b = mid, o = i;
                        while (a < mid && b < hi) {
                            if (sc[b] < sc[a]) { dc[o] = sc[b]; dv[o] = sv[b]; b++; }
                            else { dc[o] = sc[a]; dv[o] = sv[a]; a++; }
                            o++;
                        }
                        while (a < mid) { dc[o] = sc[a]; dv[o] = sv[a]; a++; o++; }
                        while (b < hi) { dc[o] = sc[b]; dv[o] = sv[b]; b++; o++; }
                    }
                    __global $I* tc = sc; sc = dc; dc = tc;
                    __global $T* tv = sv; sv = dv; dv = tv;
                }
                __global $I* oc = col + lo; __global $T* ov = val + lo;
                long n = 0, i = 0;
                while (i < len) {
                    $I c = sc[i];
                    $T s = sv[i];
                    for (i++; i < len && sc[i] == c; i++) s += sv[i];
                    if (s != 0) { oc[n] = c; ov[n] = s; n++; }
                }
                counts[r + 1] = n;
            }
            __kernel void spgemm_compact(__global const long* off, __global const $I* col, __global const $T* val,
                                         __global const $I* indptr, __global $I* outCol, __global $T* outVal,
                                         long m) {
                long r = get_global_id(0);
                if (r >= m) return;
                long from = off[r];
                for ($I k = indptr[r]; k < indptr[r + 1]; k++, from++) { outCol[k] = col[from]; outVal[k] = val[from]; }
            }
            /* SciPy's DIA data: packed[j * n + c] = diagonal j's value in column c, its first `length` entries
               from column `first`, or its one entry repeated (broadcast); other columns stay 0 */
            __kernel void dia_pack(__global const $T* diagonal, __global $T* packed, long j, long n, long first,
                                   long length, int broadcast) {
                long i = get_global_id(0);
                if (i >= length) return;
                packed[j * n + first + i] = diagonal[broadcast ? 0 : i];
            }
            /* counts[r + 1] = the nonzero diagonal entries of row r (offsets ascending); counts[0] = 0 */
            __kernel void dia_counts(__global const $T* packed, __global const long* offsets, __global long* counts,
                                     long m, long n, long ndiag) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r >= m) return;
                long c = 0;
                for (long j = 0; j < ndiag; j++) {
                    long col = r + offsets[j];
                    if (col >= 0 && col < n && packed[j * n + col] != 0) c++;
                }
                counts[r + 1] = c;
            }
            __kernel void dia_fill(__global const $T* packed, __global const long* offsets, __global const $I* indptr,
                                   __global $I* indices, __global $T* data, long m, long n, long ndiag) {
                long r = get_global_id(0);
                if (r >= m) return;
                $I k = indptr[r];
                for (long j = 0; j < ndiag; j++) {
                    long col = r + offsets[j];
                    if (col < 0 || col >= n) continue;
                    $T v = packed[j * n + col];
                    if (v != 0) { indices[k] = ($I) col; data[k] = v; k++; }
                }
            }
            /* splitmix64's finalizer: a fixed bijective mix of 64 bits, the same on every device */
            ulong splitmix(ulong z) {
                z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
                z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
                return z ^ (z >> 31);
            }
            /* Entry g of random(): its place is g's image under a permutation of [0, cells) (a 4-round
               Feistel network over 2 * halfBits bits, cycle-walking back into range), so that no two entries
               share a place; its value is uniform in [0, 1) from the top 53 bits (float: 24) of a mix of seed and g. */
            __kernel void random_fill(__global $I* row, __global $I* col, __global $T* data, long nnz, long n,
                                      long cells, int halfBits, ulong seed) {
                long g = get_global_id(0);
                if (g >= nnz) return;
                ulong mask = (1UL << halfBits) - 1, x = (ulong) g;
                do {
                    ulong left = x >> halfBits, right = x & mask;
                    for (int rd = 0; rd < 4; rd++) {
                        ulong f = splitmix(seed ^ splitmix(right + ((ulong) rd << 56) + 0x9e3779b97f4a7c15UL)) & mask;
                        ulong t = right; right = left ^ f; left = t;
                    }
                    x = (left << halfBits) | right;
                } while (x >= (ulong) cells);
                row[g] = ($I) (x / (ulong) n);
                col[g] = ($I) (x % (ulong) n);
                ulong bits = splitmix(splitmix(seed + 0x632be59bd9b4e019UL) ^ (ulong) g);
                data[g] = $UNIFORM;
            }
            /* Entry g of kron(A, B) in COO: A's entry g / nnzB times B's entry g % nnzB, SciPy's order */
            __kernel void kron_fill(__global const $I* ar, __global const $I* ac, __global const $T* ax,
                                    __global const $I* br, __global const $I* bc, __global const $T* bx,
                                    __global $I* row, __global $I* col, __global $T* data, long nnzB, long bm,
                                    long bn, long total) {
                long g = get_global_id(0);
                if (g >= total) return;
                long i = g / nnzB, j = g % nnzB;
                row[g] = ($I) ((long) ar[i] * bm + br[j]);
                col[g] = ($I) ((long) ac[i] * bn + bc[j]);
                data[g] = ax[i] * bx[j];
            }
            /* dst[at + i] = src[i] + add: a block's indices (or indptr) placed into a stacked matrix's */
            __kernel void shift_index(__global const $I* src, __global $I* dst, long at, long add, long count) {
                long i = get_global_id(0);
                if (i < count) dst[at + i] = ($I) (src[i] + add);
            }
            __kernel void copy_values(__global const $T* src, __global $T* dst, long at, long count) {
                long i = get_global_id(0);
                if (i < count) dst[at + i] = src[i];
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
                k -> MODULES.computeIfAbsent(k.types(), BuildKernels::module)
                        .function(k.name().name().toLowerCase(Locale.ROOT)));
    }

    private static RawModule module(Types t) {
        boolean f64 = t.value() == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$UNIFORM", f64 ? "(double) (bits >> 11) * 0x1.0p-53" : "(float) (bits >> 40) * 0x1.0p-24f")
                .replace("$T", f64 ? "double" : "float")
                .replace("$I", t.index() == DType.INT64 ? "long" : "int"));
    }
}
