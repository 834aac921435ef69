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
    private final Op[] ops;
    private final Arena sizes;
    // the list as one command buffer, or null where the device or the setting gives none
    private final OpenClCommandBuffer commands;
    // the queue of the last launch: a launch on another queue first waits for it (guarded by the caller)
    private Queue last;
    // the buffers the recorded kernels' arguments point at now instead of those recorded (launch(stream, rebound))
    private final BufferMoves current = new BufferMoves();
    private boolean closed;

    private OpenClGraph(OpenClBackend backend, List<Op> ops, Arena sizes, boolean commandBuffer) {
        this.backend = backend;
        this.ops = ops.toArray(Op[]::new);
        this.sizes = sizes;
        this.commands = commandBuffer ? OpenClCommandBuffer.build(backend, this.ops) : null;
    }

    /**
     * One recorded operation, which enqueues itself: a launch's list is a loop of virtual calls, with
     * no type switch (an invokedynamic that runs through method handles until the JIT has compiled it).
     */
    sealed interface Op permits Launch, Copy, Fill {
        /** Enqueues the operation on {@code q} as {@code g} points it now; returns the OpenCL status. */
        int enqueue(OpenClGraph g, Queue q);
    }

    record Launch(Kernel kernel, int dims, MemorySegment global, MemorySegment local, BackendBuffer[] buffers)
            implements Op {
        @Override
        public int enqueue(OpenClGraph g, Queue q) {
            return OpenClLaunch.enqueue(q.handle(), kernel.handle(), dims, global, local);
        }
    }

    record Copy(Buffer src, long srcOffset, Buffer dst, long dstOffset, long bytes) implements Op {
        @Override
        public int enqueue(OpenClGraph g, Queue q) {
            return clEnqueueCopyBuffer(
                    q.queue(), g.moved(src).mem(), g.moved(dst).mem(), srcOffset, dstOffset, bytes, 0, null, null);
        }
    }

    record Fill(Buffer dst, long offset, long bytes, byte value, Pointer pattern) implements Op {
        @Override
        public int enqueue(OpenClGraph g, Queue q) {
            return clEnqueueFillBuffer(q.queue(), g.moved(dst).mem(), pattern, 1, offset, bytes, 0, null, null);
        }
    }

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
        private final List<Op> ops = new ArrayList<>();
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
            // the sizes by address alone (the arena keeps them until the graph's close, after its last
            // launch): a segment of the shared arena would make each launch's downcall acquire and release
            // the arena, an atomic update through a VarHandle that the interpreter runs call by call
            ops.add(new Launch(
                    bound,
                    dims,
                    MemorySegment.ofAddress(global.address()),
                    MemorySegment.ofAddress(local.address()),
                    buffers));
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

    /** The work as recorded: the path of every plain launch, which makes no map and allocates nothing. */
    @Override
    public void launch(BackendStream stream) {
        backend.refuseCapture(stream, "a graph's launch", "a graph launched inside a capture");
        if (closed) throw new DeviceException(backend.id() + " graph launch: the graph was closed");
        Queue q = (Queue) stream;
        if (!current.isEmpty()) rebind(Map.of());
        enqueue(q);
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
        enqueue(q);
    }

    // the work as the kernels' arguments point now, after the last launch's (on whichever queue)
    @SuppressWarnings("ReferenceEquality") // the same queue object first, then the same native queue
    private void enqueue(Queue q) {
        Queue previous = last;
        // by identity, else by the native queue: a record's equals is an invokedynamic whose first call
        // spins classes for milliseconds, in the middle of a fresh JVM's second replay
        boolean switched = previous != null
                && previous != q
                && previous.handle().address() != q.handle().address();
        if (switched && !previous.released().get()) after(previous, q);
        // a command buffer still pending on the last queue may not be enqueued on another (without
        // simultaneous use, which the buffer does not ask for): the list, ordered by the barrier, may
        if (!current.isEmpty() || switched || commands == null || !commands.enqueue(q)) enqueueList(q);
        last = q;
    }

    /**
     * Runs {@code launches} with each input saved into its stand-in before and put back after, all on
     * {@code stream}: in that stream's order the inputs hold what they held. The launches go through
     * {@link #launch(BackendStream)} itself, so that the first real launch meets no call the capture
     * did not make (the Java path's first runs, and a command buffer's first enqueue, which costs the
     * driver far more than the next); a launch on the stand-ins would take other paths (the list,
     * with the kernels' arguments set and set back).
     */
    @Override
    public void prime(BackendStream stream, Map<BackendBuffer, BackendBuffer> standIns, Runnable launches) {
        if (closed || !current.isEmpty()) return;
        for (Map.Entry<BackendBuffer, BackendBuffer> e : standIns.entrySet())
            backend.copy(stream, e.getKey(), 0, e.getValue(), 0, savedBytes(e));
        launches.run();
        for (Map.Entry<BackendBuffer, BackendBuffer> e : standIns.entrySet())
            backend.copy(stream, e.getValue(), 0, e.getKey(), 0, savedBytes(e));
    }

    private static long savedBytes(Map.Entry<BackendBuffer, BackendBuffer> input) {
        return Math.min(input.getKey().size(), input.getValue().size());
    }

    private void rebind(Map<BackendBuffer, BackendBuffer> target) {
        for (BackendBuffer b : target.values()) {
            if (!(b instanceof Buffer)) {
                throw new DeviceException(backend.id() + " graph launch: " + b + " is not a buffer of this device");
            }
        }
        for (Op op : ops) {
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

    Buffer moved(Buffer b) {
        return (Buffer) current.moved(b);
    }

    // one enqueue call per recorded operation
    private void enqueueList(Queue q) {
        Op[] list = ops;
        for (int i = 0; i < list.length; i++) {
            int st = list[i].enqueue(this, q);
            if (st != CL_SUCCESS) throw failed(list[i], st);
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
        for (Op op : ops) {
            if (op instanceof Launch l) {
                cl_kernel k = l.kernel.kernel();
                clReleaseKernel(k);
            }
        }
        sizes.close();
    }
}
