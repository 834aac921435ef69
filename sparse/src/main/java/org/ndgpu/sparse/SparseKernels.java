package org.ndgpu.sparse;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The sparse module's kernels, OpenCL C that runs on every backend (translated to CUDA C++ on CUDA
 * devices). One source, specialised per value type {@code T} (float, double) and index type
 * {@code I} (int, long); each specialisation is one module, compiled once per device and kept.
 *
 * <p>SpMV has three kernels, one of which {@link Spmv} picks on the host from the average row
 * length: {@code csr_spmv} gives a row to one work-item; {@code csr_spmv_vector} gives a row to a
 * slice of {@code lanes} work-items of a work-group of 256, which sum their partial products
 * through local memory (portable to both dialects: no subgroups, no warp shuffles); {@code
 * csr_spmv_stream} (CSR-stream, as CSR-Adaptive's) gives 256 rows to a work-group that forms their
 * products side by side, so that short rows are read coalesced, and sums each row from local
 * memory. In the vector and stream kernels a long row is summed by the whole work-group, so one
 * row of 100k entries does not hold up its group for 100k / lanes steps. Merge-path for skewed
 * patterns is a next step (issue 38).
 */
final class SparseKernels {
    private SparseKernels() {}

    /** The kernels of one module, by the names below. */
    enum Name {
        CSR_SPMV,
        CSR_SPMV_VECTOR,
        CSR_SPMV_STREAM,
        CSR_SPMM,
        CSC_SPMV,
        CSC_SPMM,
        COMPRESSED_TODENSE,
        DENSE_ROW_COUNTS,
        DENSE_FILL,
        COO_ROW_COUNTS,
        COO_SCATTER,
        ROW_SORT_MERGE,
        ROW_SORT,
        ROW_COMPACT,
        EXPAND_INDPTR,
        EYE_FILL
    }

    private static final String SOURCE = """
            $PRAGMA
            /* SpMV's arrays never overlap: restrict lets the compilers read them through the read-only cache */
            #ifdef __CUDACC__
            #define restrict __restrict__
            #endif
            __kernel void csr_spmv(__global const $I* restrict indptr, __global const $I* restrict indices,
                                   __global const $T* restrict data, __global const $T* restrict x,
                                   __global $T* restrict y, long m) {
                long r = get_global_id(0);
                if (r >= m) return;
                $I lo = indptr[r], hi = indptr[r + 1];
                $T acc = 0;
                for ($I k = lo; k < hi; k++) acc += data[k] * x[indices[k]];
                y[r] = acc;
            }
            /* the sum of data[k] * x[indices[k]] for k = lo + lane, lo + lane + step, ... below hi, UNROLL products
               in flight: how a whole work-group sums one long row */
            #define UNROLL 8
            $T strided_sum(__global const $I* indices, __global const $T* data, __global const $T* x, $I lo, $I hi,
                           int lane, int step) {
                $T a[UNROLL];
                for (int j = 0; j < UNROLL; j++) a[j] = 0;
                $I k = lo + lane;
                for (; k < hi - (UNROLL - 1) * step; k += UNROLL * step)
                    for (int j = 0; j < UNROLL; j++) a[j] += data[k + j * step] * x[indices[k + j * step]];
                for (; k < hi; k += step) a[0] += data[k] * x[indices[k]];
                for (int j = 1; j < UNROLL; j++) a[0] += a[j];
                return a[0];
            }
            /* a row to a slice of lanes work-items (a power of 2 up to 256), partial sums added in local memory;
               the rows longer than LONG_ROW of the group are then summed one by one by all 256 work-items */
            #define GROUP 256
            #define LONG_ROW 1024
            __kernel void csr_spmv_vector(__global const $I* restrict indptr, __global const $I* restrict indices,
                                          __global const $T* restrict data, __global const $T* restrict x,
                                          __global $T* restrict y, long m, int lanes) {
                __local $T part[GROUP];
                __local int anyLong;
                int lid = (int) get_local_id(0);
                int lane = lid & (lanes - 1);
                long rows = GROUP / lanes;
                long first = (long) get_group_id(0) * rows;
                long r = first + lid / lanes;
                if (lid == 0) anyLong = 0;
                barrier(CLK_LOCAL_MEM_FENCE);
                $T acc = 0;
                int mine = 0;
                if (r < m) {
                    $I lo = indptr[r], hi = indptr[r + 1];
                    if (hi - lo > LONG_ROW) anyLong = 1;
                    else {
                        mine = 1;
                        for ($I k = lo + lane; k < hi; k += lanes) acc += data[k] * x[indices[k]];
                    }
                }
                part[lid] = acc;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int s = lanes >> 1; s > 0; s >>= 1) {
                    if (lane < s) part[lid] += part[lid + s];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (mine && lane == 0) y[r] = part[lid];
                if (anyLong == 0) return; /* the same for the whole group, read after a barrier */
                long last = min(first + rows, m);
                for (long q = first; q < last; q++) {
                    $I lo = indptr[q], hi = indptr[q + 1];
                    if (hi - lo <= LONG_ROW) continue; /* the same for the whole group */
                    $T a = strided_sum(indices, data, x, lo, hi, lid, GROUP);
                    barrier(CLK_LOCAL_MEM_FENCE); /* the previous row's part[0] has been read */
                    part[lid] = a;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int s = GROUP >> 1; s > 0; s >>= 1) {
                        if (lid < s) part[lid] += part[lid + s];
                        barrier(CLK_LOCAL_MEM_FENCE);
                    }
                    if (lid == 0) y[q] = part[0];
                }
            }
            /* CSR-stream: STREAM_ROWS rows to a work-group of as many work-items. The group reads its rows' entries
               in steps of at most STAGE, each step a run of whole short rows: the products data[k] * x[indices[k]]
               formed by all work-items side by side (coalesced reads, STAGE / STREAM_ROWS loads in flight each),
               staged in local memory, then each work-item sums its own row from there in the row's order. A row
               longer than STREAM_LONG is a step of its own, summed by the whole group from global memory. */
            #define STREAM_ROWS 256
            #define STAGE 2048
            #define STREAM_LONG 256
            __kernel void csr_spmv_stream(__global const $I* restrict indptr, __global const $I* restrict indices,
                                          __global const $T* restrict data, __global const $T* restrict x,
                                          __global $T* restrict y, long m) {
                __local $I ptr[STREAM_ROWS + 1];
                __local $T prod[STAGE];
                __local int stop[2];
                int lid = (int) get_local_id(0);
                long first = (long) get_group_id(0) * STREAM_ROWS;
                int rows = (int) min((long) STREAM_ROWS, m - first);
                for (int i = lid; i <= rows; i += STREAM_ROWS) ptr[i] = indptr[first + i];
                if (lid == 0) stop[0] = rows;
                barrier(CLK_LOCAL_MEM_FENCE);
                /* s, e and the step count come from local memory after a barrier: the same in every work-item */
                for (int s = 0, step = 0; s < rows; step++) {
                    $I base = ptr[s];
                    /* stop: the first row from s on that is long or does not fit the stage; stop[step & 1] was
                       set to rows one step before, the other one is set for the next step */
                    if (lid == 0) stop[(step + 1) & 1] = rows;
                    if (lid >= s && lid < rows && (ptr[lid + 1] - ptr[lid] > STREAM_LONG || ptr[lid + 1] - base > STAGE))
                        atomic_min(&stop[step & 1], lid);
                    barrier(CLK_LOCAL_MEM_FENCE);
                    int e = stop[step & 1];
                    if (e == s) { /* row s is long (a short row always fits an empty stage) */
                        prod[lid] = strided_sum(indices, data, x, base, ptr[s + 1], lid, STREAM_ROWS);
                        barrier(CLK_LOCAL_MEM_FENCE);
                        for (int h = STREAM_ROWS >> 1; h > 0; h >>= 1) {
                            if (lid < h) prod[lid] += prod[lid + h];
                            barrier(CLK_LOCAL_MEM_FENCE);
                        }
                        if (lid == 0) y[first + s] = prod[0];
                        e = s + 1;
                    } else {
                        int staged = (int) (ptr[e] - base); /* at most STAGE */
                        $I c[STAGE / STREAM_ROWS];
                        $T d[STAGE / STREAM_ROWS];
                        for (int j = 0; j < STAGE / STREAM_ROWS; j++) {
                            int k = lid + j * STREAM_ROWS;
                            c[j] = k < staged ? indices[base + k] : 0;
                            d[j] = k < staged ? data[base + k] : 0;
                        }
                        for (int j = 0; j < STAGE / STREAM_ROWS; j++) {
                            int k = lid + j * STREAM_ROWS;
                            if (k < staged) prod[k] = d[j] * x[c[j]];
                        }
                        barrier(CLK_LOCAL_MEM_FENCE);
                        if (lid >= s && lid < e) {
                            $T acc = 0;
                            for ($I k = ptr[lid] - base; k < ptr[lid + 1] - base; k++) acc += prod[k];
                            y[first + lid] = acc;
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE); /* the stage is read, stop[step & 1] too */
                    s = e;
                }
            }
            __kernel void csr_spmm(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                   __global const $T* x, __global $T* y, long m, long p) {
                long g = get_global_id(0);
                if (g >= m * p) return;
                long r = g / p, j = g % p;
                $T acc = 0;
                for ($I k = indptr[r]; k < indptr[r + 1]; k++) acc += data[k] * x[(long) indices[k] * p + j];
                y[g] = acc;
            }
            /* *p += v for many work-items at once: CUDA's atomicAdd, OpenCL's compare-and-swap on the bits */
            #ifdef __CUDACC__
            void add_to(__global $T* p, $T v) { atomicAdd(p, v); }
            #else
            $ADD_TO
            #endif
            /* y = A x for CSC A (y zeroed first): a column to a slice of lanes work-items, its entries
               scattered to their rows; how A.T() @ x runs on a CSR matrix's arrays without transposing them */
            __kernel void csc_spmv(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                   __global const $T* x, __global $T* y, long n, int lanes) {
                long g = get_global_id(0);
                long c = g / lanes;
                if (c >= n) return;
                $T xc = x[c];
                for ($I k = indptr[c] + (int) (g % lanes); k < indptr[c + 1]; k += lanes) add_to(&y[indices[k]], data[k] * xc);
            }
            /* Y = A X for CSC A and X of p columns (Y zeroed first): a work-item per (column of A, column of X) */
            __kernel void csc_spmm(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                   __global const $T* x, __global $T* y, long n, long p) {
                long g = get_global_id(0);
                if (g >= n * p) return;
                long c = g / p, j = g % p;
                $T xc = x[g];
                for ($I k = indptr[c]; k < indptr[c + 1]; k++) add_to(&y[(long) indices[k] * p + j], data[k] * xc);
            }
            /* CSR (major = rows) or CSC (major = columns) into a zeroed dense array; duplicates add up */
            __kernel void compressed_todense(__global const $I* indptr, __global const $I* indices,
                                             __global const $T* data, __global $T* out, long majors,
                                             long majorStride, long minorStride) {
                long r = get_global_id(0);
                if (r >= majors) return;
                for ($I k = indptr[r]; k < indptr[r + 1]; k++)
                    out[r * majorStride + (long) indices[k] * minorStride] += data[k];
            }
            /* counts[r + 1] = the nonzeros of dense row r; counts[0] = 0, so that cumsum gives indptr */
            __kernel void dense_row_counts(__global const $T* a, __global long* counts, long m, long n) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r >= m) return;
                long c = 0;
                for (long j = 0; j < n; j++) c += a[r * n + j] != 0;
                counts[r + 1] = c;
            }
            __kernel void dense_fill(__global const $T* a, __global const $I* indptr, __global $I* indices,
                                     __global $T* data, long m, long n) {
                long r = get_global_id(0);
                if (r >= m) return;
                $I k = indptr[r];
                for (long j = 0; j < n; j++) {
                    $T v = a[r * n + j];
                    if (v != 0) { indices[k] = ($I) j; data[k] = v; k++; }
                }
            }
            __kernel void coo_row_counts(__global const $I* row, __global int* counts, long nnz) {
                long k = get_global_id(0);
                if (k < nnz) atomic_inc(&counts[row[k] + 1]);
            }
            /* each entry to its row's segment, in any order: row_sort_merge restores the input order */
            __kernel void coo_scatter(__global const $I* row, __global const $I* col, __global const $T* data,
                                      __global const long* starts, __global int* cursor, __global $I* outCol,
                                      __global $T* outData, __global long* outOrder, long nnz) {
                long k = get_global_id(0);
                if (k >= nnz) return;
                $I r = row[k];
                long at = starts[r] + atomic_inc(&cursor[r]);
                outCol[at] = col[k];
                outData[at] = data[k];
                outOrder[at] = k;
            }
            /* one row's entries [lo, hi) by (column, input order): insertion sort, in place */
            void sort_row(__global $I* col, __global $T* data, __global long* order, long lo, long hi) {
                for (long i = lo + 1; i < hi; i++) {
                    $I c = col[i]; $T v = data[i]; long o = order[i];
                    long j = i - 1;
                    while (j >= lo && (col[j] > c || (col[j] == c && order[j] > o))) {
                        col[j + 1] = col[j]; data[j + 1] = data[j]; order[j + 1] = order[j]; j--;
                    }
                    col[j + 1] = c; data[j + 1] = v; order[j + 1] = o;
                }
            }
            /* sorts one row's entries by (column, input order), sums equal columns in input order;
               unique[r + 1] = the row's entries left, unique[0] = 0 */
            __kernel void row_sort_merge(__global const long* starts, __global $I* col, __global $T* data,
                                         __global long* order, __global long* unique, long m) {
                long r = get_global_id(0);
                if (r == 0) unique[0] = 0;
                if (r >= m) return;
                long lo = starts[r], hi = starts[r + 1];
                sort_row(col, data, order, lo, hi);
                long w = lo;
                for (long i = lo; i < hi; i++) {
                    if (w > lo && col[w - 1] == col[i]) data[w - 1] += data[i];
                    else { col[w] = col[i]; data[w] = data[i]; w++; }
                }
                unique[r + 1] = w - lo;
            }
            /* sorts one row's entries by (column, input order), equal columns kept */
            __kernel void row_sort(__global const long* starts, __global $I* col, __global $T* data,
                                   __global long* order, long m) {
                long r = get_global_id(0);
                if (r >= m) return;
                sort_row(col, data, order, starts[r], starts[r + 1]);
            }
            __kernel void row_compact(__global const long* starts, __global const $I* col, __global const $T* data,
                                      __global const $I* indptr, __global $I* outCol, __global $T* outData, long m) {
                long r = get_global_id(0);
                if (r >= m) return;
                long from = starts[r];
                for ($I k = indptr[r]; k < indptr[r + 1]; k++, from++) {
                    outCol[k] = col[from];
                    outData[k] = data[from];
                }
            }
            /* the major index of every stored entry: CSC's column, CSR's row */
            __kernel void expand_indptr(__global const $I* indptr, __global $I* major, long majors) {
                long r = get_global_id(0);
                if (r >= majors) return;
                for ($I k = indptr[r]; k < indptr[r + 1]; k++) major[k] = ($I) r;
            }
            /* diagonal k of an m-row matrix: rows first .. first + nnz - 1 hold one entry each, at column row + k */
            __kernel void eye_fill(__global $I* indices, __global $I* indptr, __global $T* data, long m, long first,
                                   long nnz, long k) {
                long g = get_global_id(0);
                if (g <= m) indptr[g] = ($I) min(max(g - first, 0L), nnz);
                if (g < nnz) { indices[g] = ($I) (first + g + k); data[g] = 1; }
            }
            """;

    // OpenCL has no float atomic add before 2.0: swap the bits in until no other work-item came between
    private static final String ADD_FLOAT = """
            void add_to(__global float* p, float v) {
                volatile __global int* q = (volatile __global int*) p;
                int old = *q, seen;
                while ((seen = atomic_cmpxchg(q, old, as_int(as_float(old) + v))) != old) old = seen;
            }""";
    private static final String ADD_DOUBLE = """
            #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
            void add_to(__global double* p, double v) {
                volatile __global long* q = (volatile __global long*) p;
                long old = *q, seen;
                while ((seen = atom_cmpxchg(q, old, as_long(as_double(old) + v))) != old) old = seen;
            }""";

    private record Types(DType value, DType index) {}

    private record Key(Name name, Types types) {}

    // one module (one program per device) per specialisation, and each of its kernels once
    private static final ConcurrentHashMap<Types, RawModule> MODULES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Key, RawKernel> KERNELS = new ConcurrentHashMap<>();

    /** The kernel {@code name} for values of {@code value} (float32, float64) and indices of {@code index}. */
    static RawKernel get(Name name, DType value, DType index) {
        // the kernels are float or double: complex values take ComplexParts' routes, or are refused here
        if (value.isComplex()) throw ComplexParts.unsupported(name.name().toLowerCase(Locale.ROOT), value);
        return KERNELS.computeIfAbsent(
                new Key(name, new Types(value, index)),
                k -> MODULES.computeIfAbsent(k.types(), SparseKernels::module)
                        .function(k.name().name().toLowerCase(Locale.ROOT)));
    }

    private static RawModule module(Types t) {
        boolean f64 = t.value() == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$ADD_TO", f64 ? ADD_DOUBLE : ADD_FLOAT)
                .replace("$T", f64 ? "double" : "float")
                .replace("$I", t.index() == DType.INT64 ? "long" : "int"));
    }

    private static final long BLOCK = 256;

    /** Launches {@code kernel} over {@code items} work-items, one per item, in blocks of 256. */
    static void launch(RawKernel kernel, long items, Object... args) {
        if (items == 0) return;
        kernel.launch(new long[] {(items + BLOCK - 1) / BLOCK}, new long[] {BLOCK}, args);
    }

    /** Launches {@code kernel} over {@code groups} work-groups of 256 work-items. */
    static void launchGroups(RawKernel kernel, long groups, Object... args) {
        if (groups == 0) return;
        kernel.launch(new long[] {groups}, new long[] {BLOCK}, args);
    }
}
