package org.ndgpu.device;

import java.util.Objects;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

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
    public static Stream create() {
        return create(Device.current());
    }

    /** A new stream on {@code device}. */
    public static Stream create(Device device) {
        Objects.requireNonNull(device, "create: device is null");
        Objects.requireNonNull(device, "device");
        return new Stream(device, device.backend().createStream(), false);
    }

    /** The current stream of the current device. */
    public static Stream current() {
        return Device.current().currentStream();
    }

    /** Makes this the current stream of its device in this thread until the scope closes. */
    public Device.Scope use() {
        return device.useStream(live("use"));
    }

    /** The device this stream queues work on. */
    public Device device() {
        return device;
    }

    /**
     * The backend's queue, for kernels of ndgpu's own modules: every launch, copy and allocation
     * asks for it, so a stream closed while it is still some thread's current stream refuses here,
     * before any native call on the released queue.
     */
    public BackendStream backendStream() {
        if (closed) throw closedError("launch");
        if (Capture.active != 0) Capture.checkStream(this, true);
        return stream;
    }

    /**
     * The backend's queue for a pool allocation, which enqueues no work: unlike {@link #backendStream()},
     * it lets a capture's held-back work wait (a fuser allocates its outputs before it enqueues).
     */
    BackendStream allocationStream() {
        if (closed) throw closedError("launch");
        if (Capture.active != 0) Capture.checkStream(this, false);
        return stream;
    }

    /**
     * The native stream's address, as CuPy's {@code Stream.ptr}: a CUstream on CUDA (0 for the
     * default stream), a cl_command_queue on OpenCL. For libraries that queue work on it (NCCL,
     * cuFFT); the stream must stay open while they use it.
     */
    public long ptr() {
        return backendStream().ptr();
    }

    /** True after close() (never for the default stream). */
    public boolean isClosed() {
        return closed;
    }

    /** Blocks until all work queued so far has finished. */
    public void synchronize() {
        device.backend().synchronize(live("synchronize").stream);
    }

    /** Records an event at this point of the stream. */
    public Event record() {
        return new Event(this, device.backend().record(live("record").stream));
    }

    /**
     * Makes the work queued on this stream after this call wait for {@code event}, as CuPy's
     * {@code Stream.wait_event}, also for an event recorded on another device of the same backend:
     * <ul>
     * <li>CUDA: {@code cuStreamWaitEvent}, on the device, between any two CUDA devices;</li>
     * <li>OpenCL, the event's device is this stream's: {@code clEnqueueBarrierWithWaitList} on the device;</li>
     * <li>OpenCL, another device: each OpenCL device has its own context, and an event of another
     *     context cannot be waited on in this queue, so the calling thread waits on the host
     *     ({@code clWaitForEvents}) until the event has happened, then returns.</li>
     * </ul>
     * An event of another backend (a CUDA event for an OpenCL stream), or a closed event or stream,
     * is a DeviceException naming Stream.waitEvent.
     */
    public void waitEvent(Event event) {
        Objects.requireNonNull(event, "Stream.waitEvent: event is null");
        live("waitEvent");
        Device from = event.device();
        if (!from.backendName().equals(device.backendName())) {
            throw new DeviceException(
                    "Stream.waitEvent: expected an event of the " + device.backendName() + " backend of "
                            + device.id() + ", got one recorded on " + from.id() + " (" + from.backendName()
                            + "); wait for it on the host with event.synchronize()");
        }
        synchronized (event) { // the event may not be released while a native call reads it
            var e = event.backendEvent("waitEvent");
            if (!device.backend().waitEvent(stream, from.backend(), e))
                from.backend().synchronize(e);
        }
    }

    private Stream live(String op) {
        if (closed) throw closedError(op);
        return this;
    }

    private DeviceException closedError(String op) {
        return new DeviceException(
                "Stream." + op + ": the stream on " + device.id() + " was closed; work needs an open stream "
                        + "(Stream.create(), or the device's default stream outside the closed stream's use() scope)");
    }

    /** A capture's stream, after its capture ended: every later use refuses, as after close(). */
    void captureEnded() {
        closed = true;
    }

    /** Releases a created stream after its work finishes; the default stream is never released. */
    @Override
    public void close() {
        synchronized (this) {
            if (isDefault || closed) return;
            device.backend().synchronize(stream);
            closed = true;
        }
        device.streamClosed(stream);
        stream.close();
    }

    @Override
    public String toString() {
        return "Stream(" + device.id() + (isDefault ? ", default" : closed ? ", closed" : "") + ")";
    }
}
