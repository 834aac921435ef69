package org.ndgpu.sparse;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The kernels of the operations on a matrix's entries (canonical form, arithmetic, reductions,
 * diagonals, row selection), OpenCL C that runs on every backend as {@link SparseKernels} does,
 * specialised per value type {@code T} and index type {@code I}, launched with
 * {@link SparseKernels#launch}. A "line" is a major line: a CSR row or a CSC column.
 */
final class OpsKernels {
    private OpsKernels() {}

    /** The kernels of one module, by the names below. */
    enum Name {
        LINES_UNSORTED,
        ANY_ZERO,
        LINES_SORT,
        LINES_SORT_MERGE,
        LINES_COUNT_NONZERO,
        LINES_KEEP_NONZERO,
        BINOP_COUNT,
        BINOP_FILL,
        MULTIPLY_DENSE,
        LINES_EXTREME,
        CSR_DIAGONAL,
        DIAG_DROP,
        DIAG_ASSEMBLE,
        ARANGE,
        PICK_COUNTS,
        PICK_FILL
    }

    private static final String SOURCE = """
            $PRAGMA
            /* flag[0] = 1 where a line's indices decrease (strict: or repeat) */
            __kernel void lines_unsorted(__global const $I* indptr, __global const $I* indices, __global int* flag,
                                         long majors, int strict) {
                long r = get_global_id(0);
                if (r >= majors) return;
                for ($I k = indptr[r] + 1; k < indptr[r + 1]; k++)
                    if (indices[k] < indices[k - 1] || (strict && indices[k] == indices[k - 1])) { flag[0] = 1; return; }
            }
            /* flag[0] = 1 where a value is 0 (NaN is not): the grid strides over the values, each work-item
               reading 16 bytes ($V) at a time where values is 16-byte aligned, its own results or'ed in a
               register and written only where it found one; $I counts (int below 2^30 values) */
            __kernel void any_zero(__global const $T* values, __global int* flag, long n) {
                $I g = ($I) get_global_id(0), stride = ($I) get_global_size(0), count = ($I) n, first = 0;
                int found = 0;
                if ((((size_t) values) & 15) == 0) {
                    __global const $V* v = (__global const $V*) values;
                    $I units = count / $W;
                    for ($I k = g; k < units; k += stride) {
                        $V q = v[k];
                        found |= $ZERO;
                    }
                    first = units * $W;
                }
                for ($I k = first + g; k < count; k += stride) found |= values[k] == 0;
                if (found) flag[0] = 1;
            }
            /* one line's entries by index, in place; equal indices keep their order */
            void sort_line(__global $I* indices, __global $T* data, long lo, long hi) {
                for (long i = lo + 1; i < hi; i++) {
                    $I c = indices[i]; $T v = data[i];
                    long j = i - 1;
                    while (j >= lo && indices[j] > c) { indices[j + 1] = indices[j]; data[j + 1] = data[j]; j--; }
                    indices[j + 1] = c; data[j + 1] = v;
                }
            }
            __kernel void lines_sort(__global const $I* indptr, __global $I* indices, __global $T* data, long majors) {
                long r = get_global_id(0);
                if (r < majors) sort_line(indices, data, indptr[r], indptr[r + 1]);
            }
            /* sorts each line, sums equal indices in their order to the line's front;
               unique[r + 1] = the line's entries left, unique[0] = 0 */
            __kernel void lines_sort_merge(__global const long* starts, __global $I* indices, __global $T* data,
                                           __global long* unique, long majors) {
                long r = get_global_id(0);
                if (r == 0) unique[0] = 0;
                if (r >= majors) return;
                long lo = starts[r], hi = starts[r + 1], w = lo;
                sort_line(indices, data, lo, hi);
                for (long i = lo; i < hi; i++) {
                    if (w > lo && indices[w - 1] == indices[i]) data[w - 1] += data[i];
                    else { indices[w] = indices[i]; data[w] = data[i]; w++; }
                }
                unique[r + 1] = w - lo;
            }
            __kernel void lines_count_nonzero(__global const $I* indptr, __global const $T* data, __global long* counts,
                                              long majors) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r >= majors) return;
                long c = 0;
                for ($I k = indptr[r]; k < indptr[r + 1]; k++) c += data[k] != 0;
                counts[r + 1] = c;
            }
            __kernel void lines_keep_nonzero(__global const $I* indptr, __global const $I* indices,
                                             __global const $T* data, __global const $I* outptr, __global $I* outIdx,
                                             __global $T* outData, long majors) {
                long r = get_global_id(0);
                if (r >= majors) return;
                $I w = outptr[r];
                for ($I k = indptr[r]; k < indptr[r + 1]; k++)
                    if (data[k] != 0) { outIdx[w] = indices[k]; outData[w] = data[k]; w++; }
            }
            /* op 0: a + b, 1: a - b, 2: a * b (an absent entry is 0) */
            $T binop($T a, $T b, int op) { return op == 0 ? a + b : op == 1 ? a - b : a * b; }
            /* row r of op(A, B) over the union of two canonical rows, its zero results dropped (as
               SciPy's csr_binop_csr); writes from out[at] when write, returns the entries */
            long binop_row(__global const $I* ap, __global const $I* ai, __global const $T* ax,
                           __global const $I* bp, __global const $I* bi, __global const $T* bx, long r, int op,
                           int write, long at, __global $I* ci, __global $T* cx) {
                $I p = ap[r], pe = ap[r + 1], q = bp[r], qe = bp[r + 1];
                long n = 0;
                while (p < pe || q < qe) {
                    $I c; $T v;
                    if (q >= qe || (p < pe && ai[p] < bi[q])) { c = ai[p]; v = binop(ax[p], 0, op); p++; }
                    else if (p >= pe || bi[q] < ai[p]) { c = bi[q]; v = binop(0, bx[q], op); q++; }
                    else { c = ai[p]; v = binop(ax[p], bx[q], op); p++; q++; }
                    if (v != 0) {
                        if (write) { ci[at + n] = c; cx[at + n] = v; }
                        n++;
                    }
                }
                return n;
            }
            __kernel void binop_count(__global const $I* ap, __global const $I* ai, __global const $T* ax,
                                      __global const $I* bp, __global const $I* bi, __global const $T* bx,
                                      __global long* counts, long m, int op) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r < m) counts[r + 1] = binop_row(ap, ai, ax, bp, bi, bx, r, op, 0, 0, 0, 0);
            }
            __kernel void binop_fill(__global const $I* ap, __global const $I* ai, __global const $T* ax,
                                     __global const $I* bp, __global const $I* bi, __global const $T* bx,
                                     __global const $I* cp, __global $I* ci, __global $T* cx, long m, int op) {
                long r = get_global_id(0);
                if (r < m) binop_row(ap, ai, ax, bp, bi, bx, r, op, 1, cp[r], ci, cx);
            }
            /* entry g of A.multiply(dense): matrix entry e, replica i (g = i * nnz + e, or e * reps + i
               where entryMajor); a replica moves the row by rowStep or the column by colStep; the dense
               operand's element (r, c) is other[r * rs + c * cs] (a stride of 0 broadcasts) */
            __kernel void multiply_dense(__global const $I* row, __global const $I* col, __global const $T* data,
                                         __global const $T* other, __global $I* outRow, __global $I* outCol,
                                         __global $T* outData, long nnz, long reps, int entryMajor, long rowStep,
                                         long colStep, long rs, long cs) {
                long g = get_global_id(0);
                if (g >= nnz * reps) return;
                long e = entryMajor ? g / reps : g % nnz, i = entryMajor ? g % reps : g / nnz;
                long r = (long) row[e] + i * rowStep, c = (long) col[e] + i * colStep;
                outRow[g] = ($I) r; outCol[g] = ($I) c;
                outData[g] = data[e] * other[r * rs + c * cs];
            }
            /* the max (isMax) or min of each canonical line, the line's implicit zeros counted, NaN kept */
            __kernel void lines_extreme(__global const $I* indptr, __global const $T* data, __global $T* out,
                                        long majors, long minors, int isMax) {
                long r = get_global_id(0);
                if (r >= majors) return;
                $I lo = indptr[r], hi = indptr[r + 1];
                $T v = lo < hi ? data[lo] : 0;
                for ($I k = lo + 1; k < hi; k++) {
                    $T x = data[k];
                    if (isnan(x) || (isMax ? x > v : x < v)) v = x;
                }
                if (hi - lo < minors && (isMax ? 0 > v : 0 < v)) v = 0;
                out[r] = v;
            }
            /* out[i] = the sum of the entries at (firstRow + i, firstRow + i + k) */
            __kernel void csr_diagonal(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                       __global $T* out, long count, long firstRow, long k) {
                long i = get_global_id(0);
                if (i >= count) return;
                long r = firstRow + i, c = r + k;
                $T acc = 0;
                for ($I p = indptr[r]; p < indptr[r + 1]; p++) if (indices[p] == c) acc += data[p];
                out[i] = acc;
            }
            /* keep[e] = 0 where entry e lies on diagonal k within its first len elements */
            __kernel void diag_drop(__global const $I* row, __global const $I* col, __global long* keep, long nnz,
                                    long k, long len) {
                long e = get_global_id(0);
                if (e >= nnz) return;
                long r = row[e], c = col[e];
                keep[e] = !(c - r == k && (k >= 0 ? r : c) < len);
            }
            /* the kept entries to their places (pos: the inclusive scan of keep), then the len new diagonal
               entries; values[0] for every one where scalar */
            __kernel void diag_assemble(__global const $I* row, __global const $I* col, __global const $T* data,
                                        __global const long* keep, __global const long* pos, __global const $T* values,
                                        __global $I* outRow, __global $I* outCol, __global $T* outData, long nnz,
                                        long kept, long len, long firstRow, long k, int scalar) {
                long g = get_global_id(0);
                if (g < nnz) {
                    if (keep[g]) { long at = pos[g] - 1; outRow[at] = row[g]; outCol[at] = col[g]; outData[at] = data[g]; }
                } else if (g < nnz + len) {
                    long i = g - nnz, r = firstRow + i;
                    outRow[kept + i] = ($I) r; outCol[kept + i] = ($I) (r + k); outData[kept + i] = values[scalar ? 0 : i];
                }
            }
            __kernel void arange(__global long* out, long start, long step, long count) {
                long i = get_global_id(0);
                if (i < count) out[i] = start + i * step;
            }
            /* counts[i + 1] = the entries of line pick[i] (negative counts from the end); bad[0] = 1 for one
               out of range */
            __kernel void pick_counts(__global const $I* indptr, __global const long* pick, __global long* counts,
                                      __global int* bad, long count, long majors) {
                long i = get_global_id(0);
                if (i == 0) counts[0] = 0;
                if (i >= count) return;
                long p = pick[i] < 0 ? pick[i] + majors : pick[i];
                if (p < 0 || p >= majors) { bad[0] = 1; counts[i + 1] = 0; return; }
                counts[i + 1] = indptr[p + 1] - indptr[p];
            }
            __kernel void pick_fill(__global const $I* indptr, __global const $I* indices, __global const $T* data,
                                    __global const long* pick, __global const $I* outptr, __global $I* outIdx,
                                    __global $T* outData, long count, long majors) {
                long i = get_global_id(0);
                if (i >= count) return;
                long p = pick[i] < 0 ? pick[i] + majors : pick[i];
                $I w = outptr[i];
                for ($I k = indptr[p]; k < indptr[p + 1]; k++, w++) { outIdx[w] = indices[k]; outData[w] = data[k]; }
            }
            """;

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
                k -> MODULES.computeIfAbsent(k.types(), OpsKernels::module)
                        .function(k.name().name().toLowerCase(Locale.ROOT)));
    }

    private static RawModule module(Types t) {
        boolean f64 = t.value() == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$ZERO", f64 ? "(q.x == 0) | (q.y == 0)" : "(q.x == 0) | (q.y == 0) | (q.z == 0) | (q.w == 0)")
                .replace("$V", f64 ? "double2" : "float4")
                .replace("$W", f64 ? "2" : "4")
                .replace("$T", f64 ? "double" : "float")
                .replace("$I", t.index() == DType.INT64 ? "long" : "int"));
    }

    /** Values per 16-byte load of {@code any_zero}, times the loads each of its work-items makes. */
    static long anyZeroWorkItems(long values, DType t) {
        long perItem = (t == DType.FLOAT64 ? 2 : 4) * 4L;
        return (values + perItem - 1) / perItem;
    }
}
