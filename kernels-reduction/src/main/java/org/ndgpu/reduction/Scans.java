package org.ndgpu.reduction;

import static org.ndgpu.reduction.DeviceMath.tag;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;

/**
 * cumsum and cumprod on the device, along any axis.
 *
 * <p>Many short lines, or lines whose neighbours sit next to each other in memory (a scan down the
 * columns of a C matrix), get one thread per line walking it in order: reads are coalesced across
 * threads. Otherwise each line is cut in tiles of {@value ScanSource#TILE}: one block scans a tile
 * in local memory and writes its total; the totals (an [lines, tiles] array) are scanned by the same
 * method, recursively; a last pass scans each tile again from x and adds its carry as it writes
 * (reduce, then scan: x read twice, y written once), or, where y is rounded below the accumulator
 * (float16), adds each tile's carry to y. The flattened cumsum of a long 1-d array thus runs in
 * parallel across the whole device.
 *
 * <pre>{@code
 * Nd.arange(5).cumsum();            // array([ 0,  1,  3,  6, 10])
 * m.cumprod(0);                     // down the columns
 * }</pre>
 */
final class Scans {
    private Scans() {}

    static NDArray scan(Scan op, NDArray a, Integer axis, NDArray out) {
        String name = op.numpyName();
        a.live(name);
        NDArray src = a;
        int ax;
        if (axis == null) {
            src = a.ndim() == 1 ? a : a.reshape(-1);
            ax = 0;
        } else {
            ax = Shapes.axis(name, axis, a.ndim());
        }
        DType rt = BuiltinSpecs.resultType(
                op == Scan.CUMSUM ? Reduction.SUM : Reduction.PROD, a.dtype()); // cumsum's dtype is sum's
        org.ndgpu.ndarray.Sizes.bytes(name, src.shape(), rt); // a broadcast view's scan may be no array at all
        if (out != null && out.sharesMemory(a)) {
            // a scan reads elements its other lines have already written: through a temporary, as NumPy
            DeviceReductions.checkOut(name, out, a, src.shape(), rt);
            if (src != a) src.close();
            try (NDArray tmp = scan(op, a, axis, null)) {
                org.ndgpu.ndarray.Copies.copyInto(tmp, out);
            }
            return out;
        }
        NDArray result = out != null
                ? DeviceReductions.checkOut(name, out, a, src.shape(), rt)
                : NDArray.empty(a.device(), rt, src.shape(), Order.C);
        try {
            if (src.size() > 0) {
                int n = src.ndim();
                int[] perm = new int[n];
                for (int i = 0, j = 0; i < n; i++) if (i != ax) perm[j++] = i;
                perm[n - 1] = ax;
                try (NDArray x = src.transpose(perm);
                        NDArray y = result.transpose(perm)) {
                    scanLines(op, x, y);
                }
            }
        } finally {
            if (src != a) src.close();
        }
        return result;
    }

    /** Scans x into y along their last axis (same shape; y may be x itself). */
    private static void scanLines(Scan op, NDArray x, NDArray y) {
        Device dev = x.device();
        long[] shape = x.shape();
        int n = shape.length;
        long len = shape[n - 1], lines = Shapes.size(shape) / len;
        // the lines' axes, in C order: both arrays walked as one loop
        Merged k = LoopPlan.merged(LoopPlan.axes(n - 1), shape, new long[][] {x.strides(), y.strides()}, 2, null);
        long xs = x.strides()[n - 1], ys = y.strides()[n - 1];
        boolean column = k.dims().length > 0 && Math.abs(k.strides()[0][k.dims().length - 1]) < Math.abs(xs);
        DType acc = y.dtype() == DType.FLOAT16 ? DType.FLOAT32 : y.dtype();
        int nk = k.dims().length;
        if (len <= 32 || (column && lines >= 1024)) {
            ScanSource.Kernel kind = ScanSource.Kernel.SEQUENTIAL;
            long blocks = Math.min((lines + 255) / 256, 1L << 20);
            arrays(x, y, k, xs, ys, 3 + nk)
                    .i64(lines)
                    .i64(len)
                    .i64(1L)
                    .i64s(k.dims())
                    .launch(dev, kernel(dev, op, kind, x.dtype(), y.dtype(), acc, nk), blocks, 256);
            return;
        }
        long tiles = (len + ScanSource.TILE - 1) / ScanSource.TILE;
        long blocks = Math.min(lines * tiles, 1L << 20);
        BackendKernel tileKernel = kernel(dev, op, ScanSource.Kernel.TILES, x.dtype(), y.dtype(), acc, nk);
        if (tiles == 1) {
            tiles(x, y, k, xs, ys, y, TILE_SCAN, lines, len, tiles).launch(dev, tileKernel, blocks, ScanSource.BLOCK);
            return;
        }
        NDArray sums = NDArray.empty(dev, acc, new long[] {lines, tiles}, Order.C);
        try {
            // reduce, then scan: the tiles' totals, their scan, then each tile scanned again with its carry
            // added as it is written. x is read twice and y written once, where scan-then-carry reads and
            // writes y again; the same bits, as the carry is added to the same tile scan. Not where y
            // is rounded below the accumulator (float16): its carry pass adds to the rounded scan.
            boolean reduceFirst = acc == y.dtype();
            // the totals alone: a kernel of their own, whose tree leaves the scan's registers alone
            tiles(x, y, k, xs, ys, sums, reduceFirst ? TILE_TOTALS : TILE_SCAN | TILE_TOTALS, lines, len, tiles)
                    .launch(
                            dev,
                            reduceFirst
                                    ? kernel(dev, op, ScanSource.Kernel.TOTALS, x.dtype(), y.dtype(), acc, nk)
                                    : tileKernel,
                            blocks,
                            ScanSource.BLOCK);
            scanLines(op, sums, sums);
            if (reduceFirst) {
                tiles(x, y, k, xs, ys, sums, TILE_SCAN | TILE_CARRY, lines, len, tiles)
                        .launch(dev, tileKernel, blocks, ScanSource.BLOCK);
                return;
            }
            LaunchArgs.of(2 + nk + 1 + 1 + 3 + nk)
                    .array(y)
                    .i64s(k.strides()[1])
                    .i64(ys)
                    .buffer(sums.buffer())
                    .i64(lines)
                    .i64(len)
                    .i64(tiles)
                    .i64s(k.dims())
                    .launch(
                            dev,
                            kernel(dev, op, ScanSource.Kernel.CARRY, x.dtype(), y.dtype(), acc, nk),
                            blocks,
                            ScanSource.BLOCK);
        } finally {
            sums.close();
        }
    }

    /** The tile kernel's {@code _mode} bits: write the tile's scan, its total, add the carry of the tiles before it. */
    private static final int TILE_SCAN = 1, TILE_TOTALS = 2, TILE_CARRY = 4;

    private static LaunchArgs tiles(
            NDArray x,
            NDArray y,
            Merged k,
            long xs,
            long ys,
            NDArray sums,
            int mode,
            long lines,
            long len,
            long tiles) {
        return arrays(x, y, k, xs, ys, 5 + k.dims().length)
                .buffer(sums.buffer())
                .i32(mode)
                .i64(lines)
                .i64(len)
                .i64(tiles)
                .i64s(k.dims());
    }

    /** Both arrays' buffer, offset, merged strides and stride along the scan, in arguments for {@code more} after them. */
    private static LaunchArgs arrays(NDArray x, NDArray y, Merged k, long xs, long ys, int more) {
        return LaunchArgs.of(2 * (3 + k.dims().length) + more)
                .array(x)
                .i64s(k.strides()[0])
                .i64(xs)
                .array(y)
                .i64s(k.strides()[1])
                .i64(ys);
    }

    private static BackendKernel kernel(
            Device dev, Scan op, ScanSource.Kernel kind, DType in, DType out, DType acc, int nk) {
        String name = "nd_" + op.numpyName() + "_" + kind.name().toLowerCase(java.util.Locale.ROOT) + "_" + tag(in)
                + "_" + tag(out) + "_" + nk;
        String src = ScanSource.source(dev.backend().dialect(), name, op, kind, in, out, acc, nk);
        return dev.programs().kernel(name, src, List.of(), name);
    }
}
