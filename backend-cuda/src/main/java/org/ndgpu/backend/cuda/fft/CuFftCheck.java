package org.ndgpu.backend.cuda.fft;

import java.util.List;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.OptionalLibrary;
import org.ndgpu.device.Device;

/**
 * Tells {@code Device.problems()} that cuFFT is missing, when there is a CUDA device it would serve
 * (FFTs there then run on ndgpu's own kernels). Without a CUDA device nothing is loaded.
 */
public final class CuFftCheck implements OptionalLibrary {
    /** For ServiceLoader. */
    public CuFftCheck() {}

    @Override
    public List<String> problems(List<Device> devices) {
        if (devices.stream().noneMatch(d -> d.backend().dialect() == Dialect.CUDA)) return List.of();
        String p = CuFftLoader.problem();
        return p == null ? List.of() : List.of("cufft: " + p + " (FFTs on CUDA devices run on ndgpu's own kernels)");
    }
}
