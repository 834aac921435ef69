package org.ndgpu.device;

import java.util.Objects;
import org.ndgpu.DeviceException;
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
    // volatile: another thread may close the stream; every use after that refuses, no native call on a released queue
    private volatile boolean closed;

    Stream(Device device, BackendStream stream, boolean isDefault) {
        this.device = device;
        this.stream = stream;
        this.isDefault = isDefault;
    }

    /** A new stream on the current device. */
    public static Stream create() { return create(Device.current()); }

    /** A new stream on {@code device}. */
    public static Stream create(Device device) {
        Objects.requireNonNull(device, "create: device is null");
        Objects.requireNonNull(device, "device");
        return new Stream(device, device.backend().createStream(), false);
    }

    /** The current stream of the current device. */
    public static Stream current() { return Device.current().currentStream(); }

    /** Makes this the current stream of its device in this thread until the scope closes. */
    public Device.Scope use() { return device.useStream(live("use")); }

    /** The device this stream queues work on. */
    public Device device() { return device; }

    /**
     * The backend's queue, for kernels of ndgpu's own modules: every launch, copy and allocation
     * asks for it, so a stream closed while it is still some thread's current stream refuses here,
     * before any native call on the released queue.
     */
    public BackendStream backendStream() {
        if (closed) throw closedError("launch");
        return stream;
    }

    /** True after close() (never for the default stream). */
    public boolean isClosed() { return closed; }

    /** Blocks until all work queued so far has finished. */
    public void synchronize() { device.backend().synchronize(live("synchronize").stream); }

    /** Records an event at this point of the stream. */
    public Event record() { return new Event(this, device.backend().record(live("record").stream)); }

    private Stream live(String op) {
        if (closed) throw closedError(op);
        return this;
    }

    private DeviceException closedError(String op) {
        return new DeviceException("Stream." + op + ": the stream on " + device.id() + " was closed; work needs an open stream "
                + "(Stream.create(), or the device's default stream outside the closed stream's use() scope)");
    }

    /** Releases a created stream after its work finishes; the default stream is never released. */
    @Override
    public void close() {
        synchronized (this) {
            if (isDefault || closed) return;
            device.backend().synchronize(stream);
            closed = true;
        }
        device.memoryPool().streamClosed(stream);
        stream.close();
    }

    @Override
    public String toString() { return "Stream(" + device.id() + (isDefault ? ", default" : closed ? ", closed" : "") + ")"; }
}
