package org.ndgpu.reduction;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.CopyIfOverlap;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.KernelKey;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.codegen.ParamList;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * The reduction skeleton of ndgpu: every built-in reduction and ReductionKernel become a
 * {@link ReductionSpec} run here.
 *
 * <p>At each call the inputs are broadcast to one loop shape; its axes split into kept and
 * reduced ones; each group is put in a good order (by decreasing stride of the first input,
 * unless the spec needs the reduced axes' C order for {@code _j}) and adjacent axes that every
 * array steps through as one are merged: the steps of the core's one loop plan, which the
 * elementwise loop and the scans also take ({@link LoopPlan}; NumPy's copy-if-overlap:
 * {@link CopyIfOverlap}). Then the thread
 * arrangement follows the memory: a row layout when the reduced elements are the closest in
 * memory, a column layout when the kept ones are (a sum over axis 0 of a C matrix), and a grid
 * split over the reduced range with a second pass when there are too few outputs to fill the
 * device (a full reduction).
 *
 * <pre>{@code
 * ReductionLoop.run(spec, new Object[]{x, y}, new int[]{1});   // y has x's shape without axis 1
 * }</pre>
 */
public final class ReductionLoop {
    private ReductionLoop() {}

    private static final int BLOCK = 256;

    /**
     * Runs {@code spec}: the IN arrays (broadcast together) reduced over {@code axes} (normalized,
     * distinct, of the broadcast shape) into the OUT array, whose shape must be the kept axes' shape
     * (or that with 1s for the reduced axes: keepdims). Scalars are Java numbers.
     */
    public static void run(ReductionSpec spec, Object[] args, int[] axes) {
        List<Param> params = spec.params();
        if (args.length != params.size()) throw Operands.wrongArgumentCount(spec.name(), params.size(), args.length);
        NDArray out = (NDArray) args[args.length - 1];
        // blocks write the output while others still read the input; out's shape is not the inputs'
        NDArray[] copies = CopyIfOverlap.copies(spec.name(), spec.paramList(), args, null);
        Device device = Operands.device(spec.name(), args);
        if (copies == null) {
            run(spec, args, axes, out, device);
            return;
        }
        try {
            run(spec, CopyIfOverlap.substitute(args, copies), axes, out, device);
        } finally {
            CopyIfOverlap.close(copies);
        }
    }

    /**
     * As {@link #run(ReductionSpec, Object[], int[])}, for a call whose OUT array was allocated for it
     * (no {@code out} given): a new array shares memory with no input and is writeable, so the
     * copy-if-overlap check has nothing to find and is skipped, as the elementwise loop's runIntoNew.
     * The caller has checked that every array argument is live and on {@code device} (the output made
     * there for this call), so that check is not repeated either.
     */
    public static void runIntoNew(ReductionSpec spec, Object[] args, int[] axes, Device device) {
        List<Param> params = spec.params();
        if (args.length != params.size()) throw Operands.wrongArgumentCount(spec.name(), params.size(), args.length);
        run(spec, args, axes, (NDArray) args[args.length - 1], device);
    }

    @SuppressWarnings("ReferenceEquality") // the previous plan hits on the same kernel map, by identity
    private static void run(ReductionSpec spec, Object[] args, int[] axes, NDArray out, Device device) {
        // plain arrays and loops on this per-call path: no streams, boxed lists or lambdas
        ParamList ps = spec.paramList();
        int[] inAt = ps.inputAt();
        int nIn = inAt.length;
        NDArray[] inArr = new NDArray[nIn];
        for (int q = 0; q < nIn; q++) inArr[q] = (NDArray) args[inAt[q]];
        var kernels = device.state(KERNELS, NEW_KERNELS);
        LaunchArgs scalars = null;
        Planned hit = LAST.get(spec);
        if (hit == null || hit.kernels() != kernels || !sameGeometry(hit.geometry(), inArr, out, axes)) {
            long[] geometry = geometry(inArr, out, axes);
            Plan p = plan(spec, inArr, Arrays.asList(inArr), axes, out, device);
            BackendKernel first = p.K() == 0 ? null : kernel(device, spec, p.first());
            BackendKernel second = p.second() == null ? null : kernel(device, spec, p.second());
            ReductionArgs.Template onePass = null;
            if (p.K() != 0 && p.g() == 1) {
                // a miss converts the scalars here, once: the template is made with this call's
                scalars = ReductionArgs.scalars(spec, args, ps.scalarArgs());
                onePass = ReductionArgs.template(
                        inArr, scalars, out, p.k(), p.r(), p.K(), p.R(), p.chunk(), p.tx(), p.ty(), p.gridK());
            }
            hit = LAST.put(spec, new Planned(kernels, geometry, p, first, second, onePass));
        }
        Plan plan = hit.plan();
        if (plan.K() == 0) return;
        Merged k = plan.k(), r = plan.r();
        int na = nIn;
        long K = plan.K(), R = plan.R(), chunk = plan.chunk(), gridK = plan.gridK(), g = plan.g();
        int tx = plan.tx(), ty = plan.ty();

        if (scalars == null) scalars = ReductionArgs.scalars(spec, args, ps.scalarArgs());
        if (g == 1) {
            ReductionArgs.Template onePass = hit.onePass();
            LaunchArgs one = onePass.fill(inArr, scalars, out);
            try {
                launch(device, spec, plan.first(), hit.first(), gridK, tx * ty, one);
            } finally {
                onePass.release(one);
            }
            return;
        }
        List<NDArray> ins = Arrays.asList(inArr);
        int inputArgs = na * (2 + k.dims().length + r.dims().length), outArgs = 2 + k.dims().length;
        try (NDArray part =
                NDArray.empty(device, DType.UINT8, new long[] {plan.partBytes()}, org.ndgpu.ndarray.Order.C)) {
            LaunchArgs a = LaunchArgs.of(inputArgs + scalars.size() + 1 + ReductionArgs.dimCount(k, r));
            ReductionArgs.addInputs(a, ins, k, r);
            a.append(scalars).buffer(part.buffer());
            ReductionArgs.addDims(a, K, R, chunk, R, tx, ty, gridK, k, r);
            launch(device, spec, plan.first(), hit.first(), gridK * g, tx * ty, a);

            // second pass: a column reduction of the [g, K] partials
            int tx2 = plan.tx2(), ty2 = plan.ty2();
            long blocks2 = plan.blocks2();
            LaunchArgs b = LaunchArgs.of(1 + scalars.size() + outArgs + ReductionArgs.dimCount(k, null));
            b.buffer(part.buffer()).append(scalars);
            ReductionArgs.addOut(b, out, k, na);
            ReductionArgs.addDims(b, K, g, g, R, tx2, ty2, blocks2, k, null);
            launch(device, spec, plan.second(), hit.second(), blocks2, tx2 * ty2, b);
        }
    }

    /**
     * How a call runs, worked out from its geometry alone: the merged kept and reduced dims, the
     * thread arrangement, the split into g slices, and the layouts of the one or two passes (K == 0:
     * nothing to run).
     */
    private record Plan(
            Merged k,
            Merged r,
            long K,
            long R,
            long chunk,
            int tx,
            int ty,
            long gridK,
            long g,
            ReductionLayout first,
            ReductionLayout second,
            long partBytes,
            int tx2,
            int ty2,
            long blocks2) {}

    // the previous call's plan: a loop of one reduction (the common case) then skips the planning and the kernel
    // lookups; a call of another geometry plans again. It names the device's kernel map, so another device, or a
    // reset one (a new map), misses.
    private static final CallSiteCache<ReductionSpec, Planned> LAST = new CallSiteCache<>();

    /**
     * A plan with the kernel map and geometry it was worked out for and the kernels of its passes; a
     * one-pass plan also keeps its launch arguments, of which a repeat replaces the buffers and scalars (ReductionArgs.Template).
     */
    private record Planned(
            Map<KernelKey<ReductionSpec, ReductionLayout>, BackendKernel> kernels,
            long[] geometry,
            Plan plan,
            BackendKernel first,
            BackendKernel second,
            ReductionArgs.Template onePass) {}

    /**
     * Everything about a call's arrays that its plan depends on, as numbers: the axes, and for each
     * input and the output its shape, strides, offset, dtype and whether 32-bit offsets address its
     * allocation. Equal geometry (with the same spec and device) makes the same plan.
     */
    private static long[] geometry(NDArray[] ins, NDArray out, int[] axes) {
        int size = 1 + axes.length + 4 + 2 * out.ndim();
        for (NDArray a : ins) size += 4 + 2 * a.ndim();
        long[] g = new long[size];
        int i = 0;
        g[i++] = axes.length;
        for (int ax : axes) g[i++] = ax;
        for (NDArray a : ins) i = putGeometry(g, i, a);
        putGeometry(g, i, out);
        return g;
    }

    private static int putGeometry(long[] g, int i, NDArray a) {
        long[] shape = a.shape(), strides = a.strides();
        g[i++] = shape.length;
        for (long d : shape) g[i++] = d;
        for (long st : strides) g[i++] = st;
        g[i++] = a.offset();
        g[i++] = a.dtype().ordinal();
        g[i++] = LoopPlan.fits32(a) ? 1 : 0;
        return i;
    }

    /**
     * True when {@code g} is {@link #geometry} of these arrays and axes, compared in place: a repeated
     * call builds no array and compares no second one (its first calls run in the interpreter).
     */
    private static boolean sameGeometry(long[] g, NDArray[] ins, NDArray out, int[] axes) {
        if (g[0] != axes.length || g.length < 1 + axes.length) return false;
        int i = 1;
        for (int ax : axes) if (g[i++] != ax) return false;
        for (NDArray a : ins) if ((i = sameGeometry(g, i, a)) < 0) return false;
        return sameGeometry(g, i, out) == g.length;
    }

    /** As {@link #putGeometry}, comparing: the index after {@code a}'s entries, or -1 where one differs. */
    private static int sameGeometry(long[] g, int i, NDArray a) {
        long[] shape = a.shape(), strides = a.strides();
        if (i + 4 + 2L * shape.length > g.length || g[i++] != shape.length) return -1;
        for (long d : shape) if (g[i++] != d) return -1;
        for (long st : strides) if (g[i++] != st) return -1;
        if (g[i++] != a.offset() || g[i++] != a.dtype().ordinal()) return -1;
        return g[i++] == (LoopPlan.fits32(a) ? 1 : 0) ? i : -1;
    }

    private static Plan plan(
            ReductionSpec spec, NDArray[] inArr, List<NDArray> ins, int[] axes, NDArray out, Device device) {
        long[] shape = LoopPlan.shape(spec.name(), inArr);
        int n = shape.length;
        boolean[] reduced = new boolean[n];
        for (int ax : axes) reduced[ax] = true;
        // strides [array][axis]: the inputs broadcast to the loop's shape, then the output (0 along reduced axes)
        int na = ins.size();
        long[][] st = LoopPlan.reductionStrides(spec.name(), inArr, out, shape, reduced);

        // each group walked by the first input's strides (none: the axes' order), stable: ties keep their
        // order; the reduced axes keep their C order where the spec reads _j. The output is array na for kept dims.
        long[] orderBy = na > 0 ? st[0] : null;
        int[] kept = LoopPlan.axes(reduced, false), red = LoopPlan.axes(reduced, true);
        Merged k = LoopPlan.merged(kept, shape, st, na + 1, orderBy);
        Merged r = LoopPlan.merged(red, shape, st, na, spec.orderedIndex() ? null : orderBy);
        long K = 1, R = 1;
        for (int d : kept) K *= shape[d];
        for (int d : red) R *= shape[d];
        if (K == 0) return new Plan(k, r, 0, R, 0, 0, 0, 0, 1, null, null, 0, 0, 0, 0);
        if (R == 0 && !spec.hasIdentity())
            throw new AssertionError(spec.name() + ": empty reduction reached the kernel");

        boolean row = r.dims().length > 0
                && (k.dims().length == 0
                        || na == 0
                        || Math.abs(r.strides()[0][r.dims().length - 1])
                                <= Math.abs(k.strides()[0][k.dims().length - 1]));
        int block = BLOCK;
        int tx, ty;
        long pr = pow2(R), pk = pow2(K);
        Tuning tuning = Tuning.get();
        // always a full block: one local size per kernel (PoCL specializes each size it sees)
        if (row) {
            ty = (int) Math.min(tuning.rowThreads(), pr);
        } else {
            ty = (int) Math.min(block / Math.min(pk, tuning.columnThreads()), pr);
        }
        tx = block / ty;
        long blocksK = (K + tx - 1) / tx;
        int cu = Math.max(1, device.facts().computeUnits());
        // enough blocks to fill the device: a GPU holds about 2048 threads per unit; CUDA's occupancy
        // answer below replaces this with exactly one wave
        long target = device.isGpu() ? (long) cu * tuning.blocksPerCu() : cu * 4L;
        int[] vecInputs = row && r.dims().length == 1 ? ReductionVectors.vectorInputs(ins, k, r, na) : null;
        int vec = vecInputs == null ? 0 : 16 / ReductionVectors.maxVectorItem(ins, vecInputs);
        int unroll = vec > 0 ? tuning.vectorUnroll() : device.isGpu() ? tuning.unrollGpu() : tuning.unrollCpu();
        long perThread = vec > 0 ? (long) vec * unroll : 32;
        boolean small = LoopPlan.fits32(out) && LoopPlan.fits32(inArr); // every buffer addressable with 32-bit offsets
        int vecMask = 0;
        if (vec > 0) for (int q = 0; q < na; q++) vecMask |= vecInputs[q] << q;
        long g = 1;
        if (blocksK * 2 <= target && R > (long) ty * perThread * 2) {
            if (device.isGpu() && tuning.occupancy()) {
                // one full wave: as many blocks as the device holds at once for this very kernel. g is not
                // known yet, so its 32-bit indexing is judged for any g up to 2^16 (and any chunk up to R):
                // in the common case the same kernel that the split below launches
                var probe = new ReductionLayout(
                        ReductionSource.Mode.TO_PARTIALS,
                        k.dims().length,
                        r.dims().length,
                        row,
                        small && K < (Integer.MAX_VALUE >> 16) && 2 * R + 65536 < Integer.MAX_VALUE,
                        block,
                        vec,
                        unroll,
                        vecMask);
                int resident = kernel(device, spec, probe).residentBlocksPerUnit(block);
                if (resident > 0) target = (long) cu * resident;
            }
            g = Math.min(
                    Math.min(
                            Math.max(1, (target + blocksK / 2) / blocksK), (R + ty * perThread - 1) / (ty * perThread)),
                    1L << 16);
        }
        long chunk = (R + g - 1) / g;
        if (vec > 0 && g > 1) {
            // every slice starts on a vector boundary and holds whole rounds of the block's vectors
            long unit = (long) ty * vec;
            chunk = (chunk + unit - 1) / unit * unit;
            g = (R + chunk - 1) / chunk;
        }
        long gridK = Math.min(blocksK, Math.max(1, (1L << 20) / g));

        boolean index32 = small
                && K * g < Integer.MAX_VALUE
                && R + chunk + 65536 < Integer.MAX_VALUE
                && K + (long) tx * gridK < Integer.MAX_VALUE;

        if (g == 1) {
            var lay = new ReductionLayout(
                    ReductionSource.Mode.DIRECT,
                    k.dims().length,
                    r.dims().length,
                    row,
                    index32,
                    block,
                    vec,
                    unroll,
                    vecMask);
            return new Plan(k, r, K, R, chunk, tx, ty, gridK, g, lay, null, 0, 0, 0, 0);
        }
        long partBytes = Math.multiplyExact(g * K, (long) spec.reduceBytes());
        var lay1 = new ReductionLayout(
                ReductionSource.Mode.TO_PARTIALS,
                k.dims().length,
                r.dims().length,
                row,
                index32,
                block,
                vec,
                unroll,
                vecMask);
        int ty2 = (int) Math.min(block / Math.min(pk, 32), pow2(g)), tx2 = block / ty2;
        long blocks2 = Math.min((K + tx2 - 1) / tx2, 1L << 20);
        var lay2 = new ReductionLayout(ReductionSource.Mode.FROM_PARTIALS, k.dims().length, 0, false, index32, block);
        return new Plan(k, r, K, R, chunk, tx, ty, gridK, g, lay1, lay2, partBytes, tx2, ty2, blocks2);
    }

    /**
     * Each device's kernels by (spec, layout): a hit costs a record hash, not a hash of the whole
     * source text. Held by the device, so that Device.reset() drops them.
     */
    private static final Device.Key<Map<KernelKey<ReductionSpec, ReductionLayout>, BackendKernel>> KERNELS =
            new Device.Key<>("reduction kernels");

    // a constant rather than a method reference at the call: the interpreter links that one on every launch
    private static final Supplier<Map<KernelKey<ReductionSpec, ReductionLayout>, BackendKernel>> NEW_KERNELS =
            ConcurrentHashMap::new;

    private static BackendKernel kernel(Device device, ReductionSpec spec, ReductionLayout lay) {
        var kernels = device.state(KERNELS, NEW_KERNELS);
        KernelKey<ReductionSpec, ReductionLayout> k = new KernelKey<>(spec, lay);
        BackendKernel hit = kernels.get(k); // a hit builds no lambda
        if (hit != null) return hit;
        return kernels.computeIfAbsent(k, key -> {
            String src = ReductionSource.source(device.backend().dialect(), spec, lay);
            return device.programs().kernel(spec.name(), src, spec.options(), ReductionSource.kernelName(spec, lay));
        });
    }

    private static void launch(
            Device device,
            ReductionSpec spec,
            ReductionLayout lay,
            BackendKernel kernel,
            long grid,
            int threads,
            LaunchArgs args) {
        if (kernel.maxBlockSize() < lay.block()) {
            throw new DeviceException(spec.name() + ": the reduction needs blocks of " + lay.block() + " threads, "
                    + device.id() + " allows " + kernel.maxBlockSize() + " for this kernel");
        }
        // the template's thread count is the block size of the source's local buffer or fewer
        args.launch(device, kernel, grid, threads);
    }

    /** Tuning knobs (Config's ndgpu.reduction.* settings), read on first use: for benchmarking variants. */
    record Tuning(
            int blocksPerCu,
            int vectorUnroll,
            int unrollGpu,
            int unrollCpu,
            int columnThreads,
            int rowThreads,
            boolean occupancy) {
        // not a static final: a bad setting then fails each call with Config's message, rather than
        // leaving this class unloadable
        private static volatile Tuning read;

        static Tuning get() {
            Tuning t = read;
            if (t == null) {
                // the defaults (Config) come from .gpu/tune-reduction.sh sweeps, kernels-reduction/notes/PERF.md:
                // 16 blocks per unit gives two or more short waves where the driver cannot say how many fit,
                // and a GPU needs 8 strided loads in flight per thread to keep a column sum at memory speed
                read = t = new Tuning(
                        Config.reductionBlocksPerCu(),
                        Config.reductionVectorUnroll(),
                        Config.reductionUnroll(true),
                        Config.reductionUnroll(false),
                        Config.reductionColumnThreads(),
                        Config.reductionRowThreads(),
                        Config.reductionOccupancy());
            }
            return t;
        }
    }

    private static long pow2(long v) {
        long p = 1;
        while (p < v && p < (1L << 40)) p <<= 1;
        return p;
    }
}
