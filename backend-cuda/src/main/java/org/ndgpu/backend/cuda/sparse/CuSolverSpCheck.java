package org.ndgpu.backend.cuda.sparse;

import java.util.List;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.OptionalLibrary;
import org.ndgpu.device.Device;

/**
 * Tells {@code Device.problems()} that cuSOLVER's sparse solver (cusolverSp csrlsvqr) is missing,
 * when there is a CUDA device it would serve (spsolve there then runs on the host, with EJML's
 * sparse LU). Without a CUDA device nothing is loaded.
 */
public final class CuSolverSpCheck implements OptionalLibrary {
    /** For ServiceLoader. */
    public CuSolverSpCheck() {}

    @Override
    public List<String> problems(List<Device> devices) {
        if (devices.stream().noneMatch(d -> d.backend().dialect() == Dialect.CUDA)) return List.of();
        String p = CuSolverSpLoader.problem();
        return p == null ? List.of() : List.of("cusolverSp: " + p + " (spsolve on CUDA devices runs on the host)");
    }
}
