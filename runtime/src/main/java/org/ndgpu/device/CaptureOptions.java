package org.ndgpu.device;

/**
 * How {@code Nd.capture(body, options)} records a body.
 *
 * <pre>{@code
 * Graph g = Nd.capture(() -> step(x), CaptureOptions.defaults().withFuse(false));   // one kernel per operation
 * }</pre>
 *
 * @param fuse join chains of elementwise operations (ufuncs, {@code where}, {@code clip}, and a
 *     sum, prod, mean, max, min, all or any that ends one) into single kernels, as {@code Fuse} does
 *     (the default); false records every operation as its own kernels, bit for bit what eager runs
 */
public record CaptureOptions(boolean fuse) {

    /** The defaults: fusion on. */
    public static CaptureOptions defaults() {
        return new CaptureOptions(true);
    }

    /** These options with fusion on or off. */
    public CaptureOptions withFuse(boolean fuse) {
        return new CaptureOptions(fuse);
    }
}
