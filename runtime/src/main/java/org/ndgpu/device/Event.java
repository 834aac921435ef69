package org.ndgpu.device;

import java.util.Objects;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.exceptions.DeviceException;

/**
 * A point in a stream's work, for timing device work as CuPy's Event.
 *
 * <pre>{@code
 * Event start = Event.record();  a.add(b, out);  Event end = Event.record();
 * double ms = start.elapsedMillis(end);
 * }</pre>
 *
 * Closing releases the native event; close() again does nothing, and any other use after close
 * throws DeviceException (no native call is made on a released event).
 */
public final class Event implements AutoCloseable {
    private final Stream stream;
    private final BackendEvent event;
    private volatile boolean closed;

    Event(Stream stream, BackendEvent event) {
        this.stream = stream;
        this.event = event;
    }

    /** Records an event on the current stream of the current device. */
    public static Event record() {
        return Stream.current().record();
    }

    /** The device whose stream recorded this event. */
    public Device device() {
        return stream.device();
    }

    /** Blocks until the work before this event has finished. */
    public void synchronize() {
        synchronized (this) {
            stream.device().backend().synchronize(live("synchronize").event);
        }
    }

    /** Milliseconds of device time from this event to {@code end}; waits for {@code end}. */
    public double elapsedMillis(Event end) {
        Objects.requireNonNull(end, "elapsedMillis: end is null");
        Objects.requireNonNull(end, "end");
        live("elapsedMillis");
        end.live("elapsedMillis");
        if (end.device() != device()) {
            throw new DeviceException("Event.elapsedMillis: the events were recorded on different devices: "
                    + device().id() + " and " + end.device().id());
        }
        // both locks: neither event may be released while the driver reads it
        Event first = System.identityHashCode(this) <= System.identityHashCode(end) ? this : end;
        Event second = first == this ? end : this;
        synchronized (first) {
            synchronized (second) {
                return stream.device()
                        .backend()
                        .elapsedMillis(live("elapsedMillis").event, end.live("elapsedMillis").event);
            }
        }
    }

    /**
     * The backend's event, for {@link Stream#waitEvent}: refuses a closed event with a
     * DeviceException naming {@code op}.
     */
    BackendEvent backendEvent(String op) {
        return live(op).event;
    }

    /** True after close(). */
    public boolean isClosed() {
        return closed;
    }

    private Event live(String op) {
        if (closed)
            throw new DeviceException("Event." + op + ": the event was closed; record a new one with Event.record()");
        return this;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        event.close();
    }
}
