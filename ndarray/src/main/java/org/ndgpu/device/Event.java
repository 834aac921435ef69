package org.ndgpu.device;

import org.ndgpu.backend.BackendEvent;

/**
 * A point in a stream's work, for timing device work as CuPy's Event.
 *
 * <pre>{@code
 * Event start = Event.record();  a.add(b, out);  Event end = Event.record();
 * double ms = start.elapsedMillis(end);
 * }</pre>
 */
public final class Event implements AutoCloseable {
    private final Stream stream;
    private final BackendEvent event;

    Event(Stream stream, BackendEvent event) {
        this.stream = stream;
        this.event = event;
    }

    /** Records an event on the current stream of the current device. */
    public static Event record() { return Stream.current().record(); }

    /** Blocks until the work before this event has finished. */
    public void synchronize() { stream.device().backend().synchronize(event); }

    /** Milliseconds of device time from this event to {@code end}; waits for {@code end}. */
    public double elapsedMillis(Event end) { return stream.device().backend().elapsedMillis(event, end.event); }

    @Override
    public void close() { event.close(); }
}
