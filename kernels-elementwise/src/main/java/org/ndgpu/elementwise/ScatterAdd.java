package org.ndgpu.elementwise;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * {@code add.at} as CuPy's {@code scatter_add}: one kernel over {@code a[indices]}'s elements, each
 * adding its operand into its target with an atomic add, so a repeated index adds once per
 * occurrence without sorting the indices. It runs for a C-contiguous {@code a} whose dtype is the
 * loop dtype and has a device atomic add (float32, float64, int32, uint32, int64, uint64); other
 * cases take {@link UfuncFolds#at}. Integer sums are exact and the same as NumPy's; a float target
 * hit several times gets its additions in the order the hardware makes them, not the order given,
 * so it may differ from NumPy's in the last bits and from one call to the next (as CuPy's).
 *
 * <p>NumPy leaves {@code a} untouched when an index is out of bounds. When {@code a} is no larger
 * than the indices (many adds into a small target, CuPy's scatter_add benchmark shape), the add
 * kernel checks each index itself, adds only those in range and flags the others, on a copy of
 * {@code a} taken before it (by the launch that zeroes the flag), put back when the flag is set: one pass over the indices, as CuPy's
 * (which wraps a bad index instead). Otherwise a first kernel flags a bad index
 * ({@link IndexBounds#outsideFlag}) and the add kernel does nothing when the flag is set, so a large
 * target is not copied. Either way the flag is read once, after the adds are queued.
 */
final class ScatterAdd {
    private ScatterAdd() {}

    /** {@code guarded}: the flag was set by a check before this kernel, which adds nothing when it is. */
    private record Key(DType t, DType index, boolean guarded) {}

    private static final Map<Key, Spec> SPECS = new ConcurrentHashMap<>();

    /** Whether add.at on {@code a} with loop dtype {@code t} takes this kernel. */
    static boolean applies(DType t, NDArray a) {
        return a.dtype() == t && a.isCContiguous() && atomic(t);
    }

    private static boolean atomic(DType t) {
        return switch (t) {
            case FLOAT32, FLOAT64, INT32, UINT32, INT64, UINT64 -> true;
            default -> false;
        };
    }

    /**
     * Adds b (an NDArray broadcasting to {@code bShape}, or a Java number) into {@code a[indices]};
     * {@code n} is a's first axis, {@code inner} the elements of one of its rows. An IndexException
     * names the bad index as NumPy's, with a unchanged. {@code checked}: the indices were checked
     * on the host, so none is checked or read here.
     */
    static void add(
            String name, NDArray a, NDArray indices, Object b, long[] bShape, long n, long inner, boolean checked) {
        DType t = a.dtype();
        // device indices are checked by the add kernel itself where a copy of a costs less than a
        // second read of the indices: a bad index leaves its element alone and sets the flag, and a
        // is put back from the copy; otherwise a check pass flags them first and the adds test it
        boolean fused = !checked && inner > 0 && a.size() > 0 && a.nbytes() <= indices.nbytes();
        boolean guarded = !checked && !fused;
        try (NDArray flag = guarded
                        ? IndexBounds.outsideFlag(indices, n)
                        : fused
                                ? NDArray.empty(a.device(), DType.INT64, new long[] {1}, Order.C)
                                : IndexBounds.zeroFlag(a);
                NDArray before = fused ? NDArray.empty(a.device(), t, a.shape(), Order.C) : null) {
            // the copy to put back and the zeroed flag in one launch, not a copy and a fill
            if (fused)
                ElementwiseLoop.runIntoNew(
                        KEEPS.computeIfAbsent(t, ScatterAdd::keep), new Object[] {a, before, flag}, a.shape());
            if (inner > 0) {
                long[] ks = new long[bShape.length];
                java.util.Arrays.fill(ks, 1);
                System.arraycopy(indices.shape(), 0, ks, 0, indices.ndim());
                try (NDArray own = indices.sharesMemory(a) ? indices.copy() : null;
                        NDArray k = (own != null ? own : indices).reshape(ks);
                        NDArray v = operand(a, b, t)) {
                    Spec spec = SPECS.computeIfAbsent(new Key(t, indices.dtype(), guarded), ScatterAdd::spec);
                    ElementwiseLoop.runIntoNew(spec, new Object[] {k, v, a, flag, n, inner}, bShape);
                }
            }
            if (fused) {
                if (IndexBounds.flagged(flag)) {
                    Copies.copyInto(before, a);
                    IndexBounds.raiseIfFlagged(name, flag, indices, n);
                }
            } else if (!checked) IndexBounds.raiseIfFlagged(name, flag, indices, n);
        }
    }

    // b of dtype t, sharing no memory with a (the kernel reads it while others write a)
    private static NDArray operand(NDArray a, Object b, DType t) {
        if (b instanceof NDArray bb) {
            if (bb.dtype() == t && !bb.sharesMemory(a)) return bb.view(bb.shape(), bb.strides(), bb.offset());
            return bb.astype(t);
        }
        NDArray y = NDArray.empty(a.device(), t, new long[0], Order.C);
        y.fill(b);
        return y;
    }

    private static final Map<DType, Spec> KEEPS = new ConcurrentHashMap<>();

    /** before = a, and the flag zeroed by the first element's thread: the fused path's preparation. */
    private static Spec keep(DType t) {
        return new Spec(
                "nd_scatter_add_keep_" + t,
                List.of(
                        new Param("a", t, Kind.IN),
                        new Param("before", t, Kind.OUT),
                        new Param("flag", DType.INT64, Kind.RAW)),
                "before = a;\nif (i == 0) *flag = 0;",
                "",
                "",
                "",
                List.of());
    }

    private static Spec spec(Key key) {
        DType t = key.t();
        String add = "ND_AT_ADD(a + _r * _inner + (_inner == 1 ? 0 : (long)i % _inner), v);";
        // in a block of its own: the loop around it has an _r of its own
        String body = "{\nlong _r = (long)k;\nif (_r < 0) _r += _len;\n"
                + (key.guarded()
                        ? "if (*flag == 0 && _r >= 0 && _r < _len) " + add
                        : "if (_r >= 0 && _r < _len) " + add + "\nelse *flag = 1;")
                + "\n}";
        return new Spec(
                "nd_scatter_add_" + t + "_" + key.index() + (key.guarded() ? "_guarded" : ""),
                List.of(
                        new Param("k", key.index(), Kind.IN),
                        new Param("v", t, Kind.IN),
                        new Param("a", t, Kind.RAW),
                        new Param("flag", DType.INT64, Kind.RAW),
                        new Param("_len", DType.INT64, Kind.SCALAR),
                        new Param("_inner", DType.INT64, Kind.SCALAR)),
                body,
                preamble(t),
                "",
                "",
                List.of());
    }

    // ND_AT_ADD(p, v): *p += v as one atomic; OpenCL 1.2 has no float atomics, so floats go through a
    // compare-and-swap on their bits
    private static String preamble(DType t) {
        String cuda = switch (t) {
            case FLOAT32 -> "#define ND_AT_ADD(p, v) atomicAdd((p), (v))\n";
            case FLOAT64 -> """
                    #if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
                    #define ND_AT_ADD(p, v) atomicAdd((p), (v))
                    #else
                    ND_DEVICE_FN void nd_at_add(double* p, double v) {
                        unsigned long long* q = (unsigned long long*)p; unsigned long long old = *q, seen;
                        do { seen = old; old = atomicCAS(q, seen, (unsigned long long)__double_as_longlong(
                                __longlong_as_double((long long)seen) + v)); } while (old != seen);
                    }
                    #define ND_AT_ADD(p, v) nd_at_add((p), (v))
                    #endif
                    """;
            case INT32 -> "#define ND_AT_ADD(p, v) atomicAdd((int*)(p), (int)(v))\n";
            case UINT32 -> "#define ND_AT_ADD(p, v) atomicAdd((unsigned int*)(p), (unsigned int)(v))\n";
            default -> "#define ND_AT_ADD(p, v) atomicAdd((unsigned long long*)(p), (unsigned long long)(v))\n";
        };
        String opencl = switch (t) {
            case FLOAT32 -> """
                    inline void nd_at_add(__global float* p, float v) {
                        volatile __global int* q = (volatile __global int*)p; int old = *q, seen;
                        do { seen = old; old = atomic_cmpxchg(q, seen, as_int(as_float(seen) + v)); } while (old != seen);
                    }
                    #define ND_AT_ADD(p, v) nd_at_add((p), (v))
                    """;
            case FLOAT64 -> """
                    #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
                    inline void nd_at_add(__global double* p, double v) {
                        volatile __global long* q = (volatile __global long*)p; long old = *q, seen;
                        do { seen = old; old = atom_cmpxchg(q, seen, as_long(as_double(seen) + v)); } while (old != seen);
                    }
                    #define ND_AT_ADD(p, v) nd_at_add((p), (v))
                    """;
            case INT32 -> "#define ND_AT_ADD(p, v) atomic_add((volatile __global int*)(p), (int)(v))\n";
            case UINT32 -> "#define ND_AT_ADD(p, v) atomic_add((volatile __global uint*)(p), (uint)(v))\n";
            default -> """
                    #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
                    #define ND_AT_ADD(p, v) atom_add((volatile __global long*)(p), (long)(v))
                    """;
        };
        return "#ifdef ND_CUDA\n" + cuda + "#else\n" + opencl + "#endif\n";
    }
}
