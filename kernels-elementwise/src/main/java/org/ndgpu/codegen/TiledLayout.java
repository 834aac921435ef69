package org.ndgpu.codegen;

import java.util.List;
import java.util.regex.Pattern;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;

/**
 * When an elementwise loop is tiled through local memory (a transposing copy or an operand whose
 * fast axis is not the output's), and the tile's constants; {@link TiledLoopSource} writes the
 * tiled kernel's loop and {@link ElementwiseLoop} launches it.
 */
final class TiledLayout {
    private TiledLayout() {}

    /** The edge of a tile of the tiled layout: TILE x TILE elements, a work-group of TILE x ROWS threads. */
    static final int TILE = 32;

    /**
     * Thread rows of a tiled work-group, a constant of the kernel's source: each thread's TILE / ROWS
     * loads of a phase then come from a loop the compiler unrolls, so they are all in flight at once
     * (a loop bounded by the launch's size issued them one latency after another).
     */
    static final int ROWS = 8;

    /**
     * The smallest extent, along both tile axes, for which the tiled layout is chosen: a tile less
     * than half used along either axis wastes the staging it pays for.
     */
    static final long TILE_MIN = 16;

    /** The local memory all staged inputs of one tiled kernel may use (CUDA's static limit is 48 KiB). */
    private static final long TILE_LOCAL_BYTES = 32 * 1024;

    // a body that leaves the loop early or synchronizes itself cannot run between the tiled kernel's barriers
    private static final Pattern NOT_TILEABLE =
            Pattern.compile("\\b(return|goto|break|continue|ND_SYNC|ND_LOCAL|ND_GLOBAL_ID|ND_LOCAL_ID|ND_GROUP_ID)\\b");

    /**
     * The tiled layout, or null where it does not apply. The decision rule, and why:
     *
     * <p>A GPU moves memory at full speed only when the threads of a warp touch consecutive
     * addresses. The strided and row loops give each thread one output element and walk the
     * output's unit-stride dim; an input whose unit-stride dim is another one (a transposed or
     * F-ordered operand, {@code ascontiguousarray(m.T())}, {@code a.T().add(b)}) is then read with a
     * large stride, one 32-byte sector per 4-byte element, and the copy runs at a quarter of the
     * memory's speed. So when, after merging dims, every output has unit stride along one merged dim
     * X and some input has unit stride along another merged dim Y (and is not broadcast along X),
     * the loop is tiled over (Y, X): each work-group reads a TILE x TILE tile of those inputs
     * coalesced along Y into local memory (padded by one column against bank conflicts), and then
     * each thread takes its element from the tile transposed, reads the other inputs directly (they
     * walk X, as the outputs do), runs the body and stores coalesced along X. The other merged dims
     * are a batch index, so (..., m, n) stacks and transposes of any pair of axes take the same
     * kernel. It does not apply, and the plain loops run, where no input's fast dim differs from the
     * outputs' (nothing to transpose), where the outputs' fast dims differ or an output has none,
     * where either tile extent is under {@link #TILE_MIN} (a thin tile pays for staging it does not
     * use), where the device's work-groups cannot hold TILE x ROWS threads, or where the body exits early or
     * synchronizes (it runs between barriers). Inputs are
     * staged while their tiles fit {@link #TILE_LOCAL_BYTES}; the rest are read directly.
     */
    static Layout of(Spec spec, LoopPlan.Merged merged, boolean index32, int maxBlockSize) {
        if (maxBlockSize < TILE * ROWS) return null;
        if (!spec.loopPrep().isBlank()
                || !spec.afterLoop().isBlank()
                || NOT_TILEABLE.matcher(spec.body()).find()) return null;
        List<Param> params = spec.params();
        long[] dims = merged.dims();
        long[][] st = merged.strides();
        int out = -1;
        int q = 0;
        for (Param p : params) {
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            if (p.kind() == Kind.OUT) {
                int f = fastDim(st, q, p.dtype().itemsize());
                if (f < 0 || (out >= 0 && f != out)) return null;
                out = f;
            }
            q++;
        }
        if (out < 0) return null;
        int in = -1;
        int staged = 0;
        long local = 0;
        q = 0;
        for (Param p : params) {
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            int qk = q++;
            if (p.kind() != Kind.IN || qk >= 31) continue; // staged is a bitmask of the indexed operands
            int f = fastDim(st, qk, p.dtype().itemsize());
            if (f < 0 || f == out || (in >= 0 && f != in) || st[qk][out] == 0) continue;
            long bytes = (long) TILE
                    * (TILE + 1)
                    * (p.dtype() == DType.FLOAT16 ? 4 : p.dtype().itemsize());
            if (local + bytes > TILE_LOCAL_BYTES) continue;
            in = f;
            local += bytes;
            staged |= 1 << qk;
        }
        if (staged == 0 || dims[in] < TILE_MIN || dims[out] < TILE_MIN) return null;
        return Layout.tiled(dims.length, index32, in, out, staged);
    }

    /** The merged dim along which operand {@code q} steps by exactly one element (either way), or -1. */
    private static int fastDim(long[][] st, int q, int itemsize) {
        for (int d = st[q].length - 1; d >= 0; d--) if (Math.abs(st[q][d]) == itemsize) return d;
        return -1;
    }
}
