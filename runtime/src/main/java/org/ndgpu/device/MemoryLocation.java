package org.ndgpu.device;

/**
 * Where managed memory is moved to or advised for: the array's device or the host, CUDA's {@code
 * CU_MEM_LOCATION_TYPE_DEVICE} and {@code CU_MEM_LOCATION_TYPE_HOST} ({@code cudaCpuDeviceId} in
 * CuPy's {@code memPrefetchAsync}).
 *
 * <pre>{@code
 * a.prefetch(MemoryLocation.DEVICE);   // cupy.cuda.runtime.memPrefetchAsync(ptr, n, dev, stream)
 * }</pre>
 */
public enum MemoryLocation {
    /** The device the array belongs to. */
    DEVICE,
    /** The host's memory. */
    HOST
}
