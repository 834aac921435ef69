package org.ndgpu.examples;

import java.util.function.Supplier;
import org.ndgpu.device.Device;

/**
 * Wall-clock timing that waits for the device: the current stream is synchronized before the
 * clock starts and before it stops, so queued kernels are counted where they run.
 *
 * <pre>{@code
 * var t = Timing.of(() -> x.sin().mul(y.cos()));
 * t.value();    // the NDArray
 * t.millis();   // how long it took, the device work included
 * }</pre>
 *
 * @param value  what the timed code returned
 * @param millis elapsed milliseconds
 * @param <T>    the value's type
 */
public record Timing<T>(T value, double millis) {
    /** Runs {@code work} once and times it, the device work included. */
    public static <T> Timing<T> of(Supplier<T> work) {
        Device d = Device.current();
        d.synchronize();
        long t0 = System.nanoTime();
        T v = work.get();
        d.synchronize();
        return new Timing<>(v, (System.nanoTime() - t0) / 1e6);
    }

    /** Times {@code work} with no device: a host loop. */
    public static <T> Timing<T> host(Supplier<T> work) {
        long t0 = System.nanoTime();
        T v = work.get();
        return new Timing<>(v, (System.nanoTime() - t0) / 1e6);
    }
}
