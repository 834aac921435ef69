package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;
import org.ndgpu.backend.KernelArguments;

/**
 * The kernel launches of one {@link CudaBackend}: the checks against the device's and the kernel's
 * limits, the argument block ({@link CudaScratch#pack}), dynamic shared memory above the default
 * limit, and cuLaunchKernel, in the context that the launch may assume current
 * ({@link CudaBackend#enterLaunch}). Every refusal is a {@link CudaLaunchErrors} exception that names
 * the kernel and what was wrong.
 */
final class CudaLauncher {
    private final CudaBackend backend;
    private final String id;
    private final int[] maxBlockDim;
    private final int[] maxGridDim;
    private final int maxThreadsPerBlock;
    private final int sharedPerBlockOptin;
    // an AtomicLong, not a LongAdder: a launch is one uncontended increment, and LongAdder's path
    // (Striped64 through a VarHandle) is many interpreted calls until the JIT has compiled it
    private final AtomicLong launches = new AtomicLong();
    // the kernel a sticky error is most likely from: faults surface at the next synchronize, not at the launch
    private volatile String lastKernel;

    CudaLauncher(CudaBackend backend, CudaDeviceInfo info) {
        this.backend = backend;
        this.id = backend.id();
        this.maxBlockDim = info.maxBlockDim;
        this.maxGridDim = info.maxGridDim;
        this.maxThreadsPerBlock = info.maxThreadsPerBlock;
        this.sharedPerBlockOptin = info.sharedPerBlockOptin;
    }

    /** Launches asked for so far, refused ones included. */
    long count() {
        return launches.get();
    }

    void counted() {
        launches.incrementAndGet();
    }

    /** The name of the last kernel handed to the driver, or null. */
    String lastKernel() {
        return lastKernel;
    }

    void launch(CudaStream s, CudaKernel k, long[] grid, long[] block, long dynamicSharedBytes, KernelArguments args) {
        CudaScratch sc = CudaBackend.scratch();
        // in a capture the context is always made current: a failed launch would invalidate the capture
        boolean assumed = !s.capturing && backend.enterLaunch(sc);
        if (s.capturing) backend.enter("launch");
        if (grid.length < 1 || grid.length > 3 || block.length < 1 || block.length > 3)
            throw CudaLaunchErrors.badRank(id, k, grid, block);
        long gx = grid[0], gy = grid.length > 1 ? grid[1] : 1, gz = grid.length > 2 ? grid[2] : 1;
        long bx = block[0], by = block.length > 1 ? block[1] : 1, bz = block.length > 2 ? block[2] : 1;
        if (gx < 0 || gy < 0 || gz < 0 || bx < 1 || by < 1 || bz < 1)
            throw CudaLaunchErrors.badDims(id, k, grid, block, "dimensions must be positive");
        if (bx > maxBlockDim[0] || by > maxBlockDim[1] || bz > maxBlockDim[2]) {
            throw CudaLaunchErrors.badDims(
                    id,
                    k,
                    grid,
                    block,
                    "the device's block limit is " + maxBlockDim[0] + " x " + maxBlockDim[1] + " x " + maxBlockDim[2]);
        }
        long threads = bx * by * bz;
        if (threads > k.maxThreads) throw CudaLaunchErrors.tooManyThreads(id, k, block, threads, maxThreadsPerBlock);
        if (gx > maxGridDim[0] || gy > maxGridDim[1] || gz > maxGridDim[2]) {
            throw CudaLaunchErrors.badDims(
                    id,
                    k,
                    grid,
                    block,
                    "the device's grid limit is " + maxGridDim[0] + " x " + maxGridDim[1] + " x " + maxGridDim[2]);
        }
        long shared = dynamicSharedBytes + sc.pack(backend, id, k, args);
        if (gx == 0 || gy == 0 || gz == 0) return; // an empty grid: nothing to run
        if (shared > k.dynamicSharedLimit) raiseSharedLimit(k, shared);
        lastKernel = k.name;
        int r = CudaDriverModules.cuLaunchKernel(
                k.function,
                (int) gx,
                (int) gy,
                (int) gz,
                (int) bx,
                (int) by,
                (int) bz,
                (int) shared,
                s.handle,
                sc.pointers,
                MemorySegment.NULL);
        if (r != 0 && assumed && (r == CudaError.INVALID_CONTEXT || r == CudaError.INVALID_HANDLE)) {
            // code outside ndgpu changed this thread's context since its last call through ndgpu
            backend.enter("launch");
            r = CudaDriverModules.cuLaunchKernel(
                    k.function,
                    (int) gx,
                    (int) gy,
                    (int) gz,
                    (int) bx,
                    (int) by,
                    (int) bz,
                    (int) shared,
                    s.handle,
                    sc.pointers,
                    MemorySegment.NULL);
        }
        if (r != 0) throw CudaLaunchErrors.failed(backend, r, k, grid, block, shared);
        if (s.capturing) s.recorded.add(CudaRebinding.record(k, sc.staged, args));
    }

    private void raiseSharedLimit(CudaKernel k, long shared) {
        if (shared + k.staticSharedBytes > sharedPerBlockOptin)
            throw CudaLaunchErrors.tooMuchShared(id, k, shared, sharedPerBlockOptin);
        synchronized (k) {
            if (shared > k.dynamicSharedLimit) {
                backend.enter("launch"); // the launch may have skipped it
                backend.check(
                        CudaDriverModules.cuFuncSetAttribute(
                                k.function, CudaDriverModules.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)
                                        shared),
                        "allow " + shared + " bytes of dynamic shared memory for '" + k.name + "'");
                k.dynamicSharedLimit = (int) shared;
            }
        }
    }
}
