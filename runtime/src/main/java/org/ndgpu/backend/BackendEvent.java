package org.ndgpu.backend;

/** A point in a stream's work, for timing and waiting. */
public interface BackendEvent {
    /** Releases the native event; idempotent. */
    void close();
}
