package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendKernel;

/** A CUfunction of a {@link CudaProgram}, with the limits the launch path checks. */
public final class CudaKernel implements BackendKernel {
    final CudaProgram program;
    final String name;
    final MemorySegment function;
    final int maxThreads;
    final int staticSharedBytes;
    final int registers;
    /** Sizes in bytes of each parameter, or null when the driver cannot tell (before CUDA 12.4). */
    final int[] paramSizes;
    /** The dynamic shared memory this kernel may use now (raised on demand up to the device's opt-in maximum). */
    volatile int dynamicSharedLimit;

    CudaKernel(
            CudaProgram program,
            String name,
            MemorySegment function,
            int maxThreads,
            int staticSharedBytes,
            int registers,
            int[] paramSizes,
            int dynamicSharedLimit) {
        this.program = program;
        this.name = name;
        this.function = function;
        this.maxThreads = maxThreads;
        this.staticSharedBytes = staticSharedBytes;
        this.registers = registers;
        this.paramSizes = paramSizes;
        this.dynamicSharedLimit = dynamicSharedLimit;
    }

    @Override
    public String name() {
        return name;
    }

    /** CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: lower than the device's 1024 when the kernel uses many registers. */
    @Override
    public int maxBlockSize() {
        return maxThreads;
    }

    @Override
    public int parameterCount() {
        return paramSizes == null ? -1 : paramSizes.length;
    }

    /** Occupancy by block size, asked of the driver once per size (the answer is fixed per kernel). */
    private final java.util.Map<Integer, Integer> resident = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public int residentBlocksPerUnit(int blockThreads) {
        return resident.computeIfAbsent(blockThreads, t -> program.owner.occupancy(this, t));
    }

    /** Registers per thread. */
    public int registers() {
        return registers;
    }

    /** Static __shared__ bytes. */
    public int staticSharedBytes() {
        return staticSharedBytes;
    }

    /** The CUfunction. */
    public MemorySegment handle() {
        return function;
    }

    @Override
    public String toString() {
        return "CudaKernel['" + name + "' of '" + program.name + "', max block " + maxThreads + ", " + registers
                + " registers]";
    }
}
