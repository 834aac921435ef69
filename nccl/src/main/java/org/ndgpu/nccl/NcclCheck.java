package org.ndgpu.nccl;

import java.util.List;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.OptionalLibrary;
import org.ndgpu.device.Device;

/** Tells {@code Device.problems()} that NCCL is missing, when there is a CUDA device it would serve. */
public final class NcclCheck implements OptionalLibrary {
    /** For ServiceLoader. */
    public NcclCheck() {}

    @Override
    public List<String> problems(List<Device> devices) {
        boolean cuda = devices.stream().anyMatch(d -> d.backend().dialect() == Dialect.CUDA);
        String p = NcclLibrary.problem();
        return cuda && p != null ? List.of(p) : List.of();
    }
}
