package org.ndgpu.device;

import java.util.Map;
import org.ndgpu.backend.BackendBuffer;

/**
 * The arrays from outside a captured body that its {@link Graph} binds by reference: checked at each
 * launch, and replaced for one launch by {@link Graph#launch(Map)}. The array module makes it when
 * {@code Nd.capture} ends ({@code Captures}), as it knows which arrays the body used.
 */
public interface GraphInputs {
    /** None: a graph that binds no array from outside. */
    GraphInputs NONE = new GraphInputs() {
        @Override
        public int count() {
            return 0;
        }

        @Override
        public Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings) {
            if (!bindings.isEmpty()) throw new IllegalArgumentException("the graph binds no array");
            return Map.of();
        }
    };

    /** How many arrays the graph binds, for messages. */
    int count();

    /**
     * Checks a launch with {@code bindings} (input array to the array that replaces it in this launch;
     * empty for a plain launch) and returns the device buffers to rebind, input's to replacement's
     * (empty when none). Throws an ArrayClosedException when an input that is not replaced was
     * closed, and an NdException naming the problem for a binding the graph cannot take.
     */
    Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings);

    /**
     * Zero-filled memory in the place of each bound array's, for the capture's own launch, which
     * pays the first launch's one-time costs ({@link org.ndgpu.backend.BackendGraph#prime}): an
     * empty map when the graph binds nothing; null when the graph is not to be launched before its
     * user does (its inputs are large, or it holds kernels whose reads nothing bounds, which zeros
     * could send out of bounds). The caller closes what it returns once the launch is enqueued.
     */
    default StandIns standIns() {
        return null;
    }

    /** Memory standing in for a graph's inputs: input buffer to stand-in buffer; close() releases the stand-ins. */
    interface StandIns extends AutoCloseable {
        /** Each bound array's buffer, to the zero-filled buffer of its size that stands in for it. */
        Map<BackendBuffer, BackendBuffer> buffers();

        @Override
        void close();
    }
}
