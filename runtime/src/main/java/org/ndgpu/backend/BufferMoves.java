package org.ndgpu.backend;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The buffers a backend's graph points its recorded work at instead of those it recorded: the map
 * that {@link BackendGraph#launch(BackendStream, Map)} was last given, by identity. Kept by the
 * graph and used under the caller's serialization of launches, so that a launch with the same map
 * rewrites nothing, and one with another map rewrites what either map moves.
 */
public final class BufferMoves {
    private IdentityHashMap<BackendBuffer, BackendBuffer> current = new IdentityHashMap<>();

    /** None: the work points where it was recorded. */
    public BufferMoves() {}

    /** True when {@code target} moves exactly what the graph's work is moved by now (compared by identity). */
    public boolean isCurrent(Map<BackendBuffer, BackendBuffer> target) {
        if (target.size() != current.size()) return false;
        for (Map.Entry<BackendBuffer, BackendBuffer> e : target.entrySet())
            if (current.get(e.getKey()) != e.getValue()) return false;
        return true;
    }

    /** True when a recorded use of {@code b} must be rewritten to go from now to {@code target}. */
    public boolean touched(BackendBuffer b, Map<BackendBuffer, BackendBuffer> target) {
        return current.containsKey(b) || target.containsKey(b);
    }

    /** Records that the graph's work now points where {@code target} says. */
    public void set(Map<BackendBuffer, BackendBuffer> target) {
        IdentityHashMap<BackendBuffer, BackendBuffer> now = new IdentityHashMap<>();
        for (Map.Entry<BackendBuffer, BackendBuffer> e : target.entrySet()) now.put(e.getKey(), e.getValue());
        current = now;
    }

    /** True when the work points where it was recorded. */
    public boolean isEmpty() {
        return current.isEmpty();
    }

    /** Where a recorded use of {@code b} points now. */
    public BackendBuffer moved(BackendBuffer b) {
        return current.isEmpty() ? b : current.getOrDefault(b, b);
    }

    /** The moves now in force, read-only. */
    public Map<BackendBuffer, BackendBuffer> now() {
        return Collections.unmodifiableMap(current);
    }
}
