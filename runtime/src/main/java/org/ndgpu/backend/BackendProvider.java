package org.ndgpu.backend;

import java.util.List;

/**
 * Finds the devices of one backend. Device.list() asks every provider once; a provider whose
 * native library is absent returns no devices and says why in {@link Discovery#problems()}.
 */
public interface BackendProvider {

    /** "opencl" or "cuda". */
    String name();

    /** Looks for devices; never throws: what went wrong goes into the result's problems. */
    Discovery discover();

    /**
     * What a provider found.
     *
     * @param backends one per device, in the backend's own order (the index of "cuda:0")
     * @param problems human-readable reasons why devices may be missing (no library, no platform, ...)
     */
    record Discovery(List<Backend> backends, List<String> problems) {}
}
