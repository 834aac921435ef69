package org.ndgpu.random.impl;

import org.ndgpu.device.Capture;
import org.ndgpu.exceptions.CaptureException;

/** A call's Philox key and the counter offset reserved for it. */
public record Draw(long seed, long offset) {
    /**
     * The draw at (seed, offset), refused while a graph is captured: the offset is taken on the host,
     * so a graph would replay the same numbers at every launch.
     */
    public static Draw outsideCapture(long seed, long offset) {
        if (Capture.current() != null) {
            throw new CaptureException("Nd.random(): a call's place in the random stream is taken on the host, so a"
                    + " graph would draw the same numbers at every launch; draw them outside the body into an array"
                    + " the graph reads");
        }
        return new Draw(seed, offset);
    }
}
