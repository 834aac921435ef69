package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendProgram;

/** A loaded CUDA module, with the cubin or PTX it was loaded from. */
public final class CudaProgram implements BackendProgram {
    final CudaBackend owner;
    final String name;
    final MemorySegment module;
    private final byte[] binary;
    private final boolean ptx;
    private final String buildLog;
    private final List<String> kernelNames;
    final ConcurrentHashMap<String, CudaKernel> kernels = new ConcurrentHashMap<>();

    CudaProgram(
            CudaBackend owner,
            String name,
            MemorySegment module,
            byte[] binary,
            boolean ptx,
            String buildLog,
            List<String> kernelNames) {
        this.owner = owner;
        this.name = name;
        this.module = module;
        this.binary = binary;
        this.ptx = ptx;
        this.buildLog = buildLog;
        this.kernelNames = List.copyOf(kernelNames);
    }

    /** The cubin (or PTX text, NUL-terminated) that {@link CudaBackend#load} accepts again. */
    @Override
    public byte[] binary() {
        return binary.clone();
    }

    /** True when {@link #binary()} is PTX rather than a cubin. */
    public boolean isPtx() {
        return ptx;
    }

    /** NVRTC's log (warnings), empty when there was none or the program was loaded from bytes. */
    public String buildLog() {
        return buildLog;
    }

    /** The program's name, as given to compile or load. */
    public String name() {
        return name;
    }

    @Override
    public List<String> kernelNames() {
        return kernelNames;
    }

    @Override
    public String toString() {
        return "CudaProgram[" + owner.id() + " '" + name + "', " + (ptx ? "PTX" : "cubin") + ", kernels " + kernelNames
                + "]";
    }
}
