package org.ndgpu.backend.cuda.sparse;

import java.util.List;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.OptionalLibrary;
import org.ndgpu.device.Device;

/**
 * Tells {@code Device.problems()} that cuSPARSE is missing, when there is a CUDA device it would
 * serve (sparse products there then run on ndgpu's own kernels). Without a CUDA device nothing is
 * loaded.
 */
public final class CuSparseCheck implements OptionalLibrary {
    /** For ServiceLoader. */
    public CuSparseCheck() {}

    @Override
    public List<String> problems(List<Device> devices) {
        if (devices.stream().noneMatch(d -> d.backend().dialect() == Dialect.CUDA)) return List.of();
        String p = CuSparseLoader.problem();
        return p == null
                ? List.of()
                : List.of("cusparse: " + p + " (sparse products on CUDA devices run on ndgpu's own kernels)");
    }
}
