package org.ndgpu.routines.indexing;

import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's "last one wins" for the scatters that may write one element several times (put,
 * put_along_axis, {@code a[idx] = v}): of the writes to one element, the one latest in the C order
 * of the writes lands, on every device. One thread per write would race (whichever store comes last
 * on the hardware lands); instead a claim pass records, per target element, the greatest write
 * position aimed at it (an atomic max into a zeroed scratch array of the target's size, holding
 * position + 1), and the write pass stores only where a write's position is its element's claim.
 *
 * <p>The positions are 32-bit while the writes number fewer than 2^31 (OpenCL's core
 * {@code atomic_max}); beyond that 64-bit, a compare-and-swap loop on OpenCL
 * (cl_khr_int64_base_atomics, as the histogram kernels take). A write reads its element's claim
 * before its atomic and skips the atomic when a later write already holds it, so a slot hit by
 * many writes costs few atomics. Callers skip both passes where no element can be written twice
 * (a single write, boolean masks, one index per line along an axis) or where every write stores the
 * same value (put_along_axis of a number), and hand a C-contiguous target,
 * whose element offsets are its flat C-order indices.
 *
 * <p>The cost beside the writes: one more pass over them, and the scratch's zero fill, 4 bytes per
 * target element whatever the number of writes; a few indices into a large array pay mostly that
 * fill (a sort of the write targets would not, and is the way to go if that case matters).
 */
final class LastWins {
    private LastWins() {}

    /** Forces 64-bit positions for any count of writes. For tests. */
    static volatile boolean forceWide;

    /** Whether {@code writes} positions need the 64-bit scratch. */
    static boolean wide(long writes) {
        return forceWide || writes >= Integer.MAX_VALUE;
    }

    /** The scratch parameter of both passes: the claims, one per target element. */
    static Param param(boolean wide) {
        return new Param("_win", wide ? DType.INT64 : DType.INT32, Kind.RAW);
    }

    /** The preamble both passes need: the atomic max of each dialect. */
    static String preamble(boolean wide) {
        return wide ? WIDE : NARROW;
    }

    private static final String NARROW = """
            #ifdef ND_CUDA
            #define ND_LW_MAX(p, v) atomicMax((int*)(p), (v))
            #else
            #define ND_LW_MAX(p, v) atomic_max((volatile __global int*)(p), (v))
            #endif
            """;

    private static final String WIDE = """
            #ifdef ND_CUDA
            #define ND_LW_MAX(p, v) atomicMax((long long*)(p), (long long)(v))
            #else
            #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
            inline void nd_lw_max(volatile __global long* p, long v) {
                long seen = *p;
                while (seen < v) {
                    long old = atom_cmpxchg(p, seen, v);
                    if (old == seen) break;
                    seen = old;
                }
            }
            #define ND_LW_MAX(p, v) nd_lw_max((volatile __global long*)(p), (v))
            #endif
            """;

    /** The claim pass's statement for the write at flat position {@code i} aimed at element {@code target}. */
    static String claim(boolean wide, String target) {
        String t = wide ? "long" : "int";
        return "{ const " + t + " _lp = (" + t + ")i + 1; ND_GLOBAL " + t + "* _lw = _win + (" + target + ");\n"
                + "  if (*_lw < _lp) ND_LW_MAX(_lw, _lp); }";
    }

    /** The write pass's {@code store}, done only by the claiming write of element {@code target}. */
    static String store(boolean wide, String target, String store) {
        String t = wide ? "long" : "int";
        return "if (_win[" + target + "] == (" + t + ")i + 1) { " + store + " }";
    }

    /** The zeroed claims for a target of {@code n} elements, on {@code like}'s device. */
    static NDArray scratch(NDArray like, long n, boolean wide) {
        try (var _ = like.device().use()) {
            return Creation.zeros(wide ? DType.INT64 : DType.INT32, n);
        }
    }
}
