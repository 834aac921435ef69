package org.ndgpu.backend.opencl;

import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

/**
 * The raw OpenCL objects behind the backend contract, for libraries that take them directly
 * (CLBlast through jocl-blast). Nothing else should need these.
 *
 * <pre>{@code
 * cl_mem m = OpenClHandles.mem(a.buffer());
 * cl_command_queue q = OpenClHandles.queue(a.device().currentStream().backendStream());
 * }</pre>
 */
public final class OpenClHandles {
    private OpenClHandles() {}

    /** True if the backend is an OpenCL one. */
    public static boolean isOpenCl(Backend backend) {
        return backend instanceof OpenClBackend;
    }

    /** The cl_mem of an OpenCL device buffer. */
    public static cl_mem mem(BackendBuffer buffer) {
        if (buffer instanceof OpenClBackend.Buffer b) return b.mem();
        throw new DeviceException("OpenClHandles.mem: expected an OpenCL buffer, got " + kind(buffer));
    }

    /** The cl_command_queue of an OpenCL stream. */
    public static cl_command_queue queue(BackendStream stream) {
        if (stream instanceof OpenClBackend.Queue q) return q.queue();
        if (stream instanceof OpenClGraph.Recorder r) throw r.noQueue("a library call on the raw queue (CLBlast)");
        throw new DeviceException("OpenClHandles.queue: expected an OpenCL stream, got " + kind(stream));
    }

    /** The cl_kernel of an OpenCL kernel (a benchmark calls the driver with it directly, to show its floor). */
    public static cl_kernel kernel(BackendKernel kernel) {
        if (kernel instanceof OpenClBackend.Kernel k) return k.kernel();
        throw new DeviceException("OpenClHandles.kernel: expected an OpenCL kernel, got " + kind(kernel));
    }

    /**
     * True if an OpenCL graph replays as one {@code cl_khr_command_buffer}, false if as its launch list
     * (a test checks which path a device takes).
     */
    public static boolean isCommandBuffer(BackendGraph graph) {
        if (graph instanceof OpenClGraph g) return g.commandBuffer();
        throw new DeviceException("OpenClHandles.isCommandBuffer: expected an OpenCL graph, got " + kind(graph));
    }

    /** The cl_context of an OpenCL backend. */
    public static cl_context context(Backend backend) {
        return cl(backend, "context").context();
    }

    /** The cl_device_id of an OpenCL backend. */
    public static cl_device_id device(Backend backend) {
        return cl(backend, "device").device();
    }

    private static OpenClBackend cl(Backend backend, String what) {
        if (backend instanceof OpenClBackend b) return b;
        throw new DeviceException("OpenClHandles." + what + ": expected an OpenCL backend, got " + kind(backend));
    }

    private static String kind(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }
}
