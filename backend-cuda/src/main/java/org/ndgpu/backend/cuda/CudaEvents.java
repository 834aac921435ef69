package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

/**
 * The events of a {@link CudaBackend}: recording one on a stream, waiting for one on the host or
 * on another stream (of any CUDA device), the time between two, and destroying one. Static methods
 * taking the backend, which makes its context current for each call ({@link CudaBackend#enter}).
 */
final class CudaEvents {
    private CudaEvents() {}

    static BackendEvent record(CudaBackend cuda, BackendStream stream) {
        CudaStream s = cuda.own(stream, "record");
        CudaCapture.refuse(s, "record", BackendGraph.HOST_WAIT);
        cuda.enter("record an event");
        MemorySegment out = CudaBackend.scratch().out;
        cuda.check(CudaDriverStreams.cuEventCreate(out, CudaDriverStreams.CU_EVENT_DEFAULT), "create an event");
        MemorySegment e = out.get(ADDRESS, 0);
        int r = CudaDriverStreams.cuEventRecord(e, s.handle);
        if (r != 0) {
            CudaDriverStreams.cuEventDestroy(e);
            throw cuda.error(r, "record an event");
        }
        return new CudaEvent(cuda, e);
    }

    static void destroy(CudaBackend cuda, CudaEvent e) {
        if (cuda.fault() != null || cuda.isClosed()) return;
        cuda.enter("destroy an event");
        cuda.check(CudaDriverStreams.cuEventDestroy(e.handle), "destroy an event");
    }

    static void synchronize(CudaBackend cuda, BackendEvent event) {
        CudaEvent e = own(cuda, event, "synchronize");
        cuda.enter("synchronize");
        cuda.check(CudaDriverStreams.cuEventSynchronize(e.handle), "synchronize on an event");
    }

    /** cuStreamWaitEvent: on the device, for an event of any CUDA device; false for another backend's. */
    static boolean waitEvent(CudaBackend cuda, BackendStream stream, Backend recorder, BackendEvent event) {
        if (!(recorder instanceof CudaBackend r)) return false;
        CudaStream s = cuda.own(stream, "waitEvent");
        CudaCapture.refuse(s, "waitEvent", BackendGraph.HOST_WAIT);
        CudaEvent e = own(r, event, "waitEvent");
        cuda.enter("waitEvent");
        cuda.check(CudaDriverStreams.cuStreamWaitEvent(s.handle, e.handle, 0), "wait for an event of " + r.id());
        return true;
    }

    private static CudaEvent own(CudaBackend cuda, BackendEvent event, String op) {
        if (event instanceof CudaEvent e && e.owner == cuda) {
            if (e.closed) throw new DeviceException(cuda.id() + " " + op + ": the event was closed");
            return e;
        }
        throw new DeviceException(cuda.id() + " " + op + ": " + event + " is not an event of " + cuda.id());
    }

    /** Waits for {@code end}, then gives the time between the two events in milliseconds (about 0.5 us resolution). */
    static double elapsedMillis(CudaBackend cuda, BackendEvent start, BackendEvent end) {
        CudaEvent a = own(cuda, start, "elapsedMillis"), b = own(cuda, end, "elapsedMillis");
        cuda.enter("elapsedMillis");
        cuda.check(CudaDriverStreams.cuEventSynchronize(b.handle), "wait for an event");
        MemorySegment out = CudaBackend.scratch().out;
        cuda.check(CudaDriverStreams.cuEventElapsedTime(out, a.handle, b.handle), "time between events");
        return out.get(JAVA_FLOAT, 0);
    }
}
