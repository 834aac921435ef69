package org.ndgpu.benchmarks.nullbackend;

import java.util.List;
import org.ndgpu.backend.BackendProvider;
import org.ndgpu.config.Config;

/** Registers {@link NullBackend} as "null:0", only when {@code -Dndgpu.nullBackend=true}. */
public final class NullProvider implements BackendProvider {
    @Override
    public String name() {
        return "null";
    }

    @Override
    public Discovery discover() {
        return Config.nullBackend()
                ? new Discovery(List.of(new NullBackend()), List.of())
                : new Discovery(List.of(), List.of());
    }
}
