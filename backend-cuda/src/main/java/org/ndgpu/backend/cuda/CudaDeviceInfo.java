package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.DeviceFacts;

/**
 * What the driver reports about one CUDA device, read once when its {@link CudaBackend} is made:
 * the CUdevice handle, the {@link DeviceFacts}, and the limits a launch is checked against (block
 * and grid dimensions, threads and shared memory per block). Needs no context.
 */
final class CudaDeviceInfo {
    final int device;
    final DeviceFacts facts;
    final int computeCapability;
    final int[] maxBlockDim = new int[3];
    final int[] maxGridDim = new int[3];
    final int maxThreadsPerBlock;
    final int sharedPerBlockOptin;
    // CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: managed memory can be prefetched and advised
    final boolean concurrentManagedAccess;

    /** Driver errors are reported through {@code backend.check}, so they read as the backend's own. */
    CudaDeviceInfo(CudaBackend backend, int ordinal) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment i = a.allocate(JAVA_INT);
            backend.check(CudaDriver.cuDeviceGet(i, ordinal), "cuDeviceGet");
            this.device = i.get(JAVA_INT, 0);
            MemorySegment nameBuf = a.allocate(256);
            backend.check(CudaDriver.cuDeviceGetName(nameBuf, 256, device), "cuDeviceGetName");
            String name = nameBuf.getString(0);
            MemorySegment l = a.allocate(JAVA_LONG);
            backend.check(CudaDriver.cuDeviceTotalMem(l, device), "cuDeviceTotalMem");
            long total = l.get(JAVA_LONG, 0);
            int major = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
            int minor = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
            this.computeCapability = major * 10 + minor;
            this.maxThreadsPerBlock = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
            for (int d = 0; d < 3; d++) {
                maxBlockDim[d] = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d);
                maxGridDim[d] = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d);
            }
            int sharedPerBlock = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
            this.sharedPerBlockOptin = Math.max(
                    sharedPerBlock,
                    attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
            int sms = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
            int warp = attribute(backend, a, CudaDriver.CU_DEVICE_ATTRIBUTE_WARP_SIZE);
            boolean managed = CudaDriverManaged.allocates()
                    && attribute(backend, a, CudaDriverManaged.CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY) != 0;
            this.concurrentManagedAccess = managed
                    && attribute(backend, a, CudaDriverManaged.CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS) != 0;
            backend.check(CudaDriver.cuDriverGetVersion(i), "cuDriverGetVersion");
            int dv = i.get(JAVA_INT, 0);
            String driver = "CUDA driver " + dv / 1000 + "." + (dv % 1000) / 10;
            if (Nvrtc.available()) {
                try {
                    int[] v = Nvrtc.version();
                    driver += ", NVRTC " + v[0] + "." + v[1];
                } catch (RuntimeException e) {
                    // the version is only for the cache key
                }
            }
            this.facts = new DeviceFacts(
                    "cuda",
                    ordinal,
                    name,
                    "NVIDIA",
                    true,
                    total,
                    sms,
                    maxThreadsPerBlock,
                    sharedPerBlock,
                    warp,
                    true,
                    computeCapability >= 53,
                    driver,
                    "sm_" + computeCapability,
                    false,
                    managed);
        }
    }

    private int attribute(CudaBackend backend, Arena a, int attribute) {
        MemorySegment v = a.allocate(JAVA_INT);
        backend.check(CudaDriver.cuDeviceGetAttribute(v, attribute, device), "cuDeviceGetAttribute(" + attribute + ")");
        return v.get(JAVA_INT, 0);
    }
}
