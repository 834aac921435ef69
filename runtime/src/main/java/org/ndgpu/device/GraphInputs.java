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
        public void checkOpen() {}

        @Override
        public Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings) {
            if (!bindings.isEmpty()) throw new IllegalArgumentException("the graph binds no array");
            return Map.of();
        }
    };

    /** How many arrays the graph binds, for messages. */
    int count();

    /**
     * Checks a plain launch, as {@code check(Map.of())} does: throws an ArrayClosedException when an
     * input was closed. A graph's launch calls it every time, so it makes no map and allocates nothing.
     */
    void checkOpen();

    /**
     * Checks a launch with {@code bindings} (input array to the array that replaces it in this launch;
     * empty for a plain launch) and returns the device buffers to rebind, input's to replacement's
     * (empty when none). Throws an ArrayClosedException when an input that is not replaced was
     * closed, and an NdException naming the problem for a binding the graph cannot take.
     */
    Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings);

    /**
     * Zero-filled memory of each bound array's size, for the capture's own launches, which pay the
     * first launches' one-time costs ({@link org.ndgpu.backend.BackendGraph#prime}; the backends
     * save the inputs into it and put them back): an empty map when the graph binds nothing; null
     * when the graph is not to be launched before its user does (its inputs are large, or it holds
     * kernels whose reads nothing bounds, which what the inputs hold before the user's first launch
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
