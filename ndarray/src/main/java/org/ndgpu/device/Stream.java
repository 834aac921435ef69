package org.ndgpu.device;

import org.ndgpu.backend.BackendStream;

/**
 * An in-order queue of device work, as CuPy's Stream. Work issued inside {@code use()} goes to it.
 *
 * <pre>{@code
 * try (var s = Stream.create(); var on = s.use()) {
 *     var b = a.mul(2);              // queued on s
 *     s.synchronize();
 * }
 * }</pre>
 */
public final class Stream implements AutoCloseable {
    private final Device device;
    private final BackendStream stream;
    private final boolean isDefault;
    private boolean closed;

    Stream(Device device, BackendStream stream, boolean isDefault) {
        this.device = device;
        this.stream = stream;
        this.isDefault = isDefault;
    }

    /** A new stream on the current device. */
    public static Stream create() { return create(Device.current()); }

    /** A new stream on {@code device}. */
    public static Stream create(Device device) { return new Stream(device, device.backend().createStream(), false); }

    /** The current stream of the current device. */
    public static Stream current() { return Device.current().currentStream(); }

    /** Makes this the current stream of its device in this thread until the scope closes. */
    public Device.Scope use() { return device.useStream(this); }

    /** The device this stream queues work on. */
    public Device device() { return device; }

    /** The backend's queue, for kernels of ndgpu's own modules. */
    public BackendStream backendStream() { return stream; }

    /** Blocks until all work queued so far has finished. */
    public void synchronize() { device.backend().synchronize(stream); }

    /** Records an event at this point of the stream. */
    public Event record() { return new Event(this, device.backend().record(stream)); }

    /** Releases a created stream after its work finishes; the default stream is never released. */
    @Override
    public void close() {
        if (isDefault || closed) return;
        closed = true;
        synchronize();
        device.memoryPool().streamClosed(stream);
        stream.close();
    }

    @Override
    public String toString() { return "Stream(" + device.id() + (isDefault ? ", default" : "") + ")"; }
}
