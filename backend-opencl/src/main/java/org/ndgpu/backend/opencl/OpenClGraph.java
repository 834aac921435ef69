package org.ndgpu.backend.opencl;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.jocl.CL.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.BufferMoves;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.backend.opencl.OpenClBackend.Buffer;
import org.ndgpu.backend.opencl.OpenClBackend.Kernel;
import org.ndgpu.backend.opencl.OpenClBackend.Queue;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelLaunchException;

/**
 * OpenCL capture: a recorded list of launches, copies and fills, replayed with everything bound at
 * capture. Each recorded launch has a cl_kernel of its own (clCreateKernel on the kernel's program)
 * with its arguments set once, and its global and local sizes packed in native memory, so a replay
 * makes only the enqueue calls: no planning, dispatch, allocation or argument setting per operation.
 *
 * <p>Where a device offers {@code cl_khr_command_buffer}, the list is also built into one command
 * buffer at the end of the capture ({@link OpenClCommandBuffer}), and a launch is one
 * clEnqueueCommandBufferKHR (the CUDA graph's equivalent); elsewhere, or where the driver refuses
 * it, a launch enqueues the list. clCloneKernel (OpenCL 2.1) would copy a kernel with its arguments; clCreateKernel needs
 * only OpenCL 1.0 and every argument is set anyway.
 */
final class OpenClGraph implements BackendGraph {
    private final OpenClBackend backend;
    private final Object[] ops;
    private final Arena sizes;
    // the list as one command buffer, or null where the device or the setting gives none
    private final OpenClCommandBuffer commands;
    // the queue of the last launch: a launch on another queue first waits for it (guarded by the caller)
    private Queue last;
    // the buffers the recorded kernels' arguments point at now instead of those recorded (launch(stream, rebound))
    private final BufferMoves current = new BufferMoves();
    private boolean closed;

    private OpenClGraph(OpenClBackend backend, List<Object> ops, Arena sizes, boolean commandBuffer) {
        this.backend = backend;
        this.ops = ops.toArray();
        this.sizes = sizes;
        this.commands = commandBuffer ? OpenClCommandBuffer.build(backend, this.ops) : null;
    }

    record Launch(Kernel kernel, int dims, MemorySegment global, MemorySegment local, BackendBuffer[] buffers) {}

    record Copy(Buffer src, long srcOffset, Buffer dst, long dstOffset, long bytes) {}

    record Fill(Buffer dst, long offset, long bytes, byte value, Pointer pattern) {}

    /** True when a launch is one clEnqueueCommandBufferKHR (where the driver takes it), not the list. */
    boolean commandBuffer() {
        return commands != null;
    }

    /**
     * A capture's stream: launch, copy and fill on it append to the list; nothing is enqueued, and
     * it has no native queue. Used by the capturing thread alone.
     */
    static final class Recorder implements BackendStream {
        private final OpenClBackend owner;
        private final List<Object> ops = new ArrayList<>();
        private final Arena sizes = Arena.ofShared();
        private volatile boolean ended;

        Recorder(OpenClBackend owner) {
            this.owner = owner;
        }

        boolean ended() {
            return ended;
        }

        void launch(Kernel k, long[] grid, long[] block, KernelArguments args) {
            live();
            Kernel bound = OpenClPrograms.copy(owner, k);
            try {
                for (int i = 0; i < args.size(); i++) owner.setArg(bound, i, args);
            } catch (RuntimeException e) {
                clReleaseKernel(bound.kernel());
                throw e;
            }
            int dims = grid.length;
            MemorySegment global = sizes.allocate(JAVA_LONG, 3), local = sizes.allocate(JAVA_LONG, 3);
            for (int d = 0; d < dims; d++) {
                global.setAtIndex(JAVA_LONG, d, grid[d] * block[d]);
                local.setAtIndex(JAVA_LONG, d, block[d]);
            }
            // the buffer arguments, by position (null for the others), for a launch with other buffers
            BackendBuffer[] buffers = new BackendBuffer[args.size()];
            for (int i = 0; i < buffers.length; i++)
                if (args.kind(i) == KernelArguments.Kind.BUFFER) buffers[i] = args.buffer(i);
            ops.add(new Launch(bound, dims, global, local, buffers));
        }

        void copy(Buffer src, long srcOffset, Buffer dst, long dstOffset, long bytes) {
            live();
            ops.add(new Copy(src, srcOffset, dst, dstOffset, bytes));
        }

        void fill(Buffer dst, long offset, long bytes, byte value) {
            live();
            ops.add(new Fill(dst, offset, bytes, value, Pointer.to(new byte[] {value})));
        }

        private void live() {
            if (ended) throw new DeviceException(owner.id() + ": work on a capture's stream after the capture ended");
        }

        /** A capture's stream has no native queue for a library to use. */
        @Override
        public long ptr() {
            throw noQueue("ptr");
        }

        /** The refusal of {@code op}, which needs the native queue that a capture's stream does not have. */
        CaptureException noQueue(String op) {
            return BackendGraph.refused(
                    owner.id(),
                    op,
                    "a capture's stream records ndgpu's own launches, copies and fills; it has no native queue for"
                            + " a library to enqueue on");
        }

        /** Nothing to release: {@link OpenClGraph#end} takes what was recorded. */
        @Override
        public void close() {}

        @Override
        public String toString() {
            return "OpenClCapture[" + owner.id() + ", " + ops.size() + " recorded]";
        }
    }

    /** Ends the capture of {@code stream}: the recorded work as a graph. */
    static OpenClGraph end(OpenClBackend backend, BackendStream stream) {
        if (!(stream instanceof Recorder r) || r.owner != backend) {
            throw new DeviceException(backend.id() + " endCapture: " + stream + " is not a capture of " + backend.id());
        }
        if (r.ended) throw new DeviceException(backend.id() + " endCapture: the capture already ended");
        boolean commandBuffer = Config.openClCommandBuffer(); // a bad value fails here, the capture still open
        r.ended = true;
        return new OpenClGraph(backend, r.ops, r.sizes, commandBuffer);
    }

    @Override
    public void launch(BackendStream stream) {
        launch(stream, Map.of());
    }

    /**
     * Sets the recorded kernels' buffer arguments to {@code rebound}'s buffers (clSetKernelArg: an
     * enqueue takes the arguments set at that moment, so launches already queued keep theirs), and
     * enqueues the list: a command buffer holds the arguments it was built with, so it serves only
     * the work as recorded.
     */
    @Override
    public void launch(BackendStream stream, Map<BackendBuffer, BackendBuffer> rebound) {
        backend.refuseCapture(stream, "a graph's launch", "a graph launched inside a capture");
        if (closed) throw new DeviceException(backend.id() + " graph launch: the graph was closed");
        Queue q = (Queue) stream;
        if (!current.isCurrent(rebound)) rebind(rebound);
        // by the native queue: a record's equals is an invokedynamic whose first call spins classes for
        // milliseconds, in the middle of a fresh JVM's second replay
        boolean switched = last != null && last.handle().address() != q.handle().address();
        if (switched && !last.released().get()) after(last, q);
        // a command buffer still pending on the last queue may not be enqueued on another (without
        // simultaneous use, which the buffer does not ask for): the list, ordered by the barrier, may
        if (!current.isEmpty() || switched || commands == null || !commands.enqueue(q)) enqueueList(q);
        last = q;
    }

    @Override
    public void prime(BackendStream stream, Map<BackendBuffer, BackendBuffer> standIns) {
        launch(stream, standIns);
        if (!current.isCurrent(Map.of())) rebind(Map.of());
    }

    private void rebind(Map<BackendBuffer, BackendBuffer> target) {
        for (BackendBuffer b : target.values()) {
            if (!(b instanceof Buffer)) {
                throw new DeviceException(backend.id() + " graph launch: " + b + " is not a buffer of this device");
            }
        }
        for (Object op : ops) {
            if (!(op instanceof Launch l)) continue;
            for (int i = 0; i < l.buffers.length; i++) {
                BackendBuffer b = l.buffers[i];
                if (b != null && current.touched(b, target)) {
                    Buffer to = (Buffer) target.getOrDefault(b, b);
                    backend.check(
                            OpenClLaunch.setBuffer(l.kernel.handle(), i, to), "clSetKernelArg of a graph's buffer");
                }
            }
        }
        current.set(target);
    }

    private Buffer moved(Buffer b) {
        return (Buffer) current.moved(b);
    }

    // one enqueue call per recorded operation
    private void enqueueList(Queue q) {
        for (Object op : ops) {
            int st = switch (op) {
                case Launch l -> OpenClLaunch.enqueue(q.handle(), l.kernel.handle(), l.dims, l.global, l.local);
                case Copy c ->
                    clEnqueueCopyBuffer(
                            q.queue(),
                            moved(c.src).mem(),
                            moved(c.dst).mem(),
                            c.srcOffset,
                            c.dstOffset,
                            c.bytes,
                            0,
                            null,
                            null);
                case Fill f ->
                    clEnqueueFillBuffer(q.queue(), moved(f.dst).mem(), f.pattern, 1, f.offset, f.bytes, 0, null, null);
                default -> throw new IllegalStateException("unknown recorded operation " + op);
            };
            if (st != CL_SUCCESS) throw failed(op, st);
        }
    }

    // the queue of the previous launch may still run it: this launch's work waits for that on the device
    private void after(Queue previous, Queue next) {
        cl_event e = new cl_event();
        backend.check(clEnqueueMarkerWithWaitList(previous.queue(), 0, null, e), "clEnqueueMarkerWithWaitList");
        try {
            backend.check(
                    clEnqueueBarrierWithWaitList(next.queue(), 1, new cl_event[] {e}, null),
                    "clEnqueueBarrierWithWaitList");
        } finally {
            clReleaseEvent(e);
        }
    }

    private RuntimeException failed(Object op, int st) {
        String what = switch (op) {
            case Launch l -> "launch of '" + l.kernel.name() + "'";
            case Copy c -> "copy of " + c.bytes + " bytes";
            case Fill f -> "fill of " + f.bytes + " bytes";
            default -> String.valueOf(op);
        };
        return new KernelLaunchException(
                backend.id() + " graph launch: the recorded " + what + " failed: " + CL.stringFor_errorCode(st));
    }

    /** Releases the recorded kernels (OpenCL keeps one alive while a queued launch uses it). */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (commands != null) commands.close();
        for (Object op : ops) {
            if (op instanceof Launch l) {
                cl_kernel k = l.kernel.kernel();
                clReleaseKernel(k);
            }
        }
        sizes.close();
    }
}
