package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendProvider;

/**
 * Finds NVIDIA GPUs through libcuda. Without the driver library, or when cuInit fails (no device,
 * driver too old, a container without the GPU), it returns no backends and says why. Devices are
 * found once per process; later calls return the same backends (new ones if those were closed).
 * Listing creates no CUDA context: each backend retains its context on first use.
 */
public final class CudaProvider implements BackendProvider {

    private static Discovery cached;

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public Discovery discover() {
        synchronized (CudaProvider.class) {
            if (cached == null || cached.backends().stream().anyMatch(b -> ((CudaBackend) b).isClosed())) {
                cached = find();
            }
            return cached;
        }
    }

    private static Discovery find() {
        try {
            if (!CudaDriver.available()) return none(CudaDriver.problem());
            int r = CudaDriver.cuInit(0);
            if (r != 0)
                return none("cuInit: " + CudaDriver.describe(r) + " (libcuda from " + CudaDriver.loadedFrom() + ")");
            int count;
            try (Arena a = Arena.ofConfined()) {
                MemorySegment n = a.allocate(JAVA_INT);
                r = CudaDriver.cuDeviceGetCount(n);
                if (r != 0) return none("cuDeviceGetCount: " + CudaDriver.describe(r));
                count = n.get(JAVA_INT, 0);
            }
            if (count == 0) return none("cuDeviceGetCount: no CUDA device");
            List<Backend> backends = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                try {
                    backends.add(new CudaBackend(i));
                } catch (RuntimeException e) {
                    problems.add("cuda:" + i + ": " + e.getMessage());
                }
            }
            if (!Nvrtc.available()) problems.add(Nvrtc.problem());
            return new Discovery(List.copyOf(backends), List.copyOf(problems));
        } catch (Throwable thrown) {
            // a bad ndgpu.cuda.* setting fails a class's static initializer: report Config's message
            Throwable t = thrown instanceof ExceptionInInitializerError && thrown.getCause() != null
                    ? thrown.getCause()
                    : thrown;
            String why = t.getMessage() == null ? t.toString() : t.getClass().getSimpleName() + ": " + t.getMessage();
            if (t instanceof IllegalCallerException) why += " (run java with --enable-native-access=ALL-UNNAMED)";
            return none("cuda: discovery failed: " + why);
        }
    }

    private static Discovery none(String problem) {
        return new Discovery(List.of(), List.of(problem));
    }
}
