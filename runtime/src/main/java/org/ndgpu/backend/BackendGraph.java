package org.ndgpu.backend;

import java.util.Map;
import org.ndgpu.exceptions.CaptureException;

/**
 * Device work recorded once and replayed: what {@link Backend#endCapture} returns.
 *
 * <ul>
 * <li>CUDA: an executable graph of the captured stream (cuStreamEndCapture, then
 *     cuGraphInstantiateWithFlags); a launch is one cuGraphLaunch.</li>
 * <li>OpenCL: the recorded launches, copies and fills, each kernel a cl_kernel of its own with its
 *     arguments set at capture; a launch is the enqueue calls alone, or one call where the device
 *     offers {@code cl_khr_command_buffer}.</li>
 * </ul>
 *
 * The buffers the work reads and writes are bound at capture, by reference: the caller keeps them
 * allocated while the graph lives (the core's {@code Graph} does).
 */
public interface BackendGraph {
    /**
     * Enqueues the recorded work on {@code stream} (a stream of the graph's device), after the work
     * already queued there, as one eager run of the captured work would. A launch runs after every
     * earlier launch of this graph has finished, also when those went to other streams. The caller
     * serializes calls on one graph; a capturing stream is refused with a {@link CaptureException}.
     */
    void launch(BackendStream stream);

    /**
     * {@link #launch(BackendStream)} with buffers moved for this launch: wherever the recorded work
     * points into a key of {@code rebound}, this launch points at the same offset of its value
     * instead (a buffer at least as large). Later launches use their own call's map; an empty map is
     * the work as recorded. Throws a {@link CaptureException} when the graph holds work whose
     * pointers the backend did not record and so cannot move (a vendor library's), or when the
     * backend cannot move any. By default: refused unless empty.
     */
    default void launch(BackendStream stream, Map<BackendBuffer, BackendBuffer> rebound) {
        if (!rebound.isEmpty()) throw new CaptureException("this backend's graphs cannot launch with other buffers");
        launch(stream);
    }

    /**
     * Pays a new graph's one-time costs of its first launches (the driver's, and the Java path's) here,
     * at capture, and not at its first real launch: saves each key of {@code standIns} (an input) into
     * its value on {@code stream}, runs {@code launches} (the caller's own launch path, each launch
     * as recorded on {@code stream}) and puts each input back, so that in {@code stream}'s order the
     * inputs hold what they held. The caller passes a map only when every buffer the work may write is
     * a key of it or the graph's own. Throws a {@link CaptureException} as a launch does. By default:
     * nothing, and {@code launches} does not run.
     */
    default void prime(BackendStream stream, Map<BackendBuffer, BackendBuffer> standIns, Runnable launches) {}

    /** Releases the graph's native objects; idempotent. A launch already queued still runs. */
    void close();

    /** Why a copy to host memory cannot be recorded, for {@link #refused}. */
    String HOST_READ = "it reads device memory on the host: item(), toFloatArray() and the other copies to Java"
            + " data, an operation whose result shape depends on the data (nonzero, unique, a boolean mask),"
            + " checked mode's index check";

    /** Why a copy from host memory cannot be recorded, for {@link #refused}. */
    String HOST_WRITE = "it copies host memory to the device: a transfer from Java data (Nd.array, Nd.asarray:"
            + " make the array before the capture and copy new data into it between launches), or an operation"
            + " that needs the host, such as those whose result shape depends on the data (nonzero, unique, a"
            + " boolean mask)";

    /** Why a wait on the host cannot be recorded, for {@link #refused}. */
    String HOST_WAIT = "it waits on the host for the device's work (a synchronize or an event), and a captured"
            + " stream runs nothing until the graph is launched";

    /**
     * The exception a backend throws for work on a capturing stream that it cannot record: {@code op}
     * is the backend call ("copyOut"), {@code why} one of the reasons above or the backend's own.
     */
    static CaptureException refused(String deviceId, String op, String why) {
        return new CaptureException(deviceId + " " + op + " on a capturing stream: " + why);
    }
}
