package org.ndgpu.backend;

import java.util.List;
import org.ndgpu.device.Device;

/**
 * A native library an optional module binds (NCCL, cuFFT): it tells {@code Device.problems()} why it
 * cannot serve the devices found, as the backends tell why devices are missing. Registered in
 * {@code META-INF/services/org.ndgpu.backend.OptionalLibrary}; asked once, on the first problems() call,
 * so that nothing is loaded at device discovery for a library the application never uses.
 */
public interface OptionalLibrary {
    /**
     * Why the library cannot serve any of {@code devices} ("nccl: libnccl.so.2 not found (...)"),
     * or an empty list when it can, or when none of the devices is one it would serve.
     */
    List<String> problems(List<Device> devices);
}
