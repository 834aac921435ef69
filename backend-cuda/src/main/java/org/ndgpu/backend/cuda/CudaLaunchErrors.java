package org.ndgpu.backend.cuda;

import java.util.Arrays;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.exceptions.KernelLaunchException;

/**
 * The messages of a rejected or failed {@link CudaBackend#launch}: each names the device, the kernel,
 * what was wrong (grid, block, an argument, shared memory, or the CUresult of cuLaunchKernel) and the
 * limit it broke. Kept out of the launch path so that it reads as the checks alone; every method here
 * runs only once a launch has already gone wrong.
 */
final class CudaLaunchErrors {
    private CudaLaunchErrors() {}

    static KernelLaunchException notOurs(String id, BackendKernel kernel) {
        return new KernelLaunchException(id + " launch: " + kernel + " is not a kernel of " + id);
    }

    static KernelLaunchException badRank(String id, CudaKernel k, long[] grid, long[] block) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': grid and block need 1 to 3 dimensions, got "
                + grid.length + " and " + block.length);
    }

    static KernelLaunchException badDims(String id, CudaKernel k, long[] grid, long[] block, String why) {
        return new KernelLaunchException(
                id + " launch of '" + k.name + "': grid " + dims(grid) + ", block " + dims(block) + ": " + why);
    }

    static KernelLaunchException tooManyThreads(
            String id, CudaKernel k, long[] block, long threads, int deviceMaxThreadsPerBlock) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': block " + dims(block) + " = " + threads
                + " threads exceeds this kernel's limit of " + k.maxThreads
                + " threads per block (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK; "
                + k.registers + " registers per thread; the device allows " + deviceMaxThreadsPerBlock + ")");
    }

    static KernelLaunchException badBuffer(String id, CudaKernel k, int i, CudaBuffer b) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is "
                + (b.freed ? "a freed buffer " : "a buffer of another device ") + b);
    }

    static KernelLaunchException badType(String id, CudaKernel k, int i, Object arg) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is "
                + (arg == null ? "null" : "a " + arg.getClass().getName())
                + "; expected a device buffer, Integer, Long, Float, Double, Short, Byte, Boolean or LocalMemory");
    }

    static KernelLaunchException badArgument(
            String id, CudaKernel k, KernelArguments.Kind kind, int i, int param, int size) {
        String got = kind == KernelArguments.Kind.BUFFER ? "a device pointer" : kind.javaName();
        return new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is " + got + " (" + size
                + " bytes) but parameter " + param + " of the kernel is "
                + (param < k.paramSizes.length
                        ? k.paramSizes[param] + " bytes"
                        : "absent (it takes " + k.paramSizes.length + " parameters)")
                + "; kernel parameter sizes: " + Arrays.toString(k.paramSizes));
    }

    static KernelLaunchException badCount(String id, CudaKernel k, int given) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': the kernel takes " + k.paramSizes.length
                + " parameters, " + given + " were given");
    }

    static KernelLaunchException tooMuchShared(String id, CudaKernel k, long shared, int sharedPerBlockOptin) {
        return new KernelLaunchException(
                id + " launch of '" + k.name + "': " + shared + " bytes of dynamic shared memory plus "
                        + k.staticSharedBytes + " static exceed the device's limit of " + sharedPerBlockOptin
                        + " bytes per block (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)");
    }

    /** cuLaunchKernel returned {@code r}; a sticky error also faults the backend. */
    static KernelLaunchException failed(
            CudaBackend backend, int r, CudaKernel k, long[] grid, long[] block, long shared) {
        String msg = backend.id() + " launch of '" + k.name + "': " + CudaDriver.describe(r);
        if (r == CudaError.LAUNCH_OUT_OF_RESOURCES) {
            msg += " (block " + dims(block) + ", " + k.registers + " registers per thread, " + shared
                    + " bytes of dynamic shared memory)";
        }
        msg += " [grid " + dims(grid) + ", block " + dims(block) + "]";
        return new KernelLaunchException(backend.noteSticky(r, msg));
    }

    private static String dims(long[] d) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < d.length; i++) sb.append(i == 0 ? "" : "x").append(d[i]);
        return sb.toString();
    }
}
