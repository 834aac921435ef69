package org.ndgpu.nccl;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * One rank of an NCCL communicator, bound to one CUDA device ({@code cupy.cuda.nccl.NcclCommunicator}).
 * Every collective is queued on the current stream of the communicator's device, after the work
 * already queued there, and returns without waiting: read the result as any array (reading waits).
 *
 * <p>Arrays: on the communicator's device, of one dtype, the received one C-contiguous and writable
 * (a non-contiguous array to send is copied first). Sizes follow NCCL: allGather's receive holds
 * {@code size()} sends, reduceScatter's send holds {@code size()} receives. The same array may be
 * passed as send and receive (in place); other overlaps are refused.
 *
 * <p>When several communicators are driven from one thread (the ranks of {@link Nccl#initAll}),
 * their calls go inside {@link Nccl#group}, or NCCL waits forever for the other ranks. Close a
 * communicator when done; close is idempotent.
 */
public final class NcclCommunicator implements AutoCloseable {
    private final MemorySegment comm;
    private final Device device;
    private final int rank;
    private final int size;
    private volatile boolean closed;

    NcclCommunicator(MemorySegment comm, Device device, int rank, int size) {
        this.comm = comm;
        this.device = device;
        this.rank = rank;
        this.size = size;
    }

    /** The device this rank runs on. */
    public Device device() {
        return device;
    }

    /** This rank's number, 0 to size() - 1. */
    public int rank() {
        return rank;
    }

    /** The number of ranks. */
    public int size() {
        return size;
    }

    /** ncclAllReduce: every rank's {@code recv} gets the reduction of all ranks' {@code send}. */
    public void allReduce(NDArray send, NDArray recv, ReduceOp op) {
        String name = "NcclCommunicator.allReduce";
        Objects.requireNonNull(op, name + ": op is null");
        NDArray s = sendable(name, send, "send");
        writable(name, recv, "recv", s);
        sameSize(name, recv.size(), s.size(), "recv.size() == send.size()");
        NcclTypes t = NcclTypes.forReduction(name, s.dtype(), op);
        long send0 = pointer(s), recv0 = pointer(recv), count = s.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.allReduce(send0, recv0, count, t.datatype(), op.code, c, st));
    }

    /** In-place allReduce of {@code buffer}. */
    public void allReduce(NDArray buffer, ReduceOp op) {
        allReduce(buffer, buffer, op);
    }

    /** ncclBroadcast: every rank's {@code recv} gets {@code root}'s {@code send} (other ranks' send is not read). */
    public void broadcast(NDArray send, NDArray recv, int root) {
        String name = "NcclCommunicator.broadcast";
        checkRank(name, root, "root");
        NDArray s = sendable(name, send, "send");
        writable(name, recv, "recv", s);
        sameSize(name, recv.size(), s.size(), "recv.size() == send.size()");
        NcclTypes t = NcclTypes.forCopy(s.dtype());
        long send0 = pointer(s), recv0 = pointer(recv), count = s.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.broadcast(send0, recv0, count, t.datatype(), root, c, st));
    }

    /** In-place broadcast of {@code root}'s {@code buffer} into every rank's. */
    public void broadcast(NDArray buffer, int root) {
        broadcast(buffer, buffer, root);
    }

    /** ncclReduce: {@code root}'s {@code recv} gets the reduction of all ranks' {@code send}; other ranks' recv is not written. */
    public void reduce(NDArray send, NDArray recv, ReduceOp op, int root) {
        String name = "NcclCommunicator.reduce";
        Objects.requireNonNull(op, name + ": op is null");
        checkRank(name, root, "root");
        NDArray s = sendable(name, send, "send");
        writable(name, recv, "recv", s);
        sameSize(name, recv.size(), s.size(), "recv.size() == send.size()");
        NcclTypes t = NcclTypes.forReduction(name, s.dtype(), op);
        long send0 = pointer(s), recv0 = pointer(recv), count = s.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.reduce(send0, recv0, count, t.datatype(), op.code, root, c, st));
    }

    /** ncclAllGather: {@code recv} gets every rank's {@code send}, rank after rank ({@code recv.size() == size() * send.size()}). */
    public void allGather(NDArray send, NDArray recv) {
        String name = "NcclCommunicator.allGather";
        NDArray s = sendable(name, send, "send");
        writable(name, recv, "recv", s);
        sameSize(name, recv.size(), s.size() * size, "recv.size() == size() * send.size() with size() = " + size);
        NcclTypes t = NcclTypes.forCopy(s.dtype());
        long send0 = pointer(s), recv0 = pointer(recv), count = s.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.allGather(send0, recv0, count, t.datatype(), c, st));
    }

    /** ncclReduceScatter: rank r's {@code recv} gets block r of the reduction of all sends ({@code send.size() == size() * recv.size()}). */
    public void reduceScatter(NDArray send, NDArray recv, ReduceOp op) {
        String name = "NcclCommunicator.reduceScatter";
        Objects.requireNonNull(op, name + ": op is null");
        NDArray s = sendable(name, send, "send");
        writable(name, recv, "recv", s);
        sameSize(name, s.size(), recv.size() * size, "send.size() == size() * recv.size() with size() = " + size);
        NcclTypes t = NcclTypes.forReduction(name, s.dtype(), op);
        long send0 = pointer(s), recv0 = pointer(recv), count = recv.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.reduceScatter(send0, recv0, count, t.datatype(), op.code, c, st));
    }

    /** ncclSend to rank {@code peer}, matched by its {@link #recv}; both inside one {@link Nccl#group} when one thread drives both. */
    public void send(NDArray send, int peer) {
        String name = "NcclCommunicator.send";
        checkRank(name, peer, "peer");
        NDArray s = sendable(name, send, "send");
        NcclTypes t = NcclTypes.forCopy(s.dtype());
        long send0 = pointer(s), count = s.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.send(send0, count, t.datatype(), peer, c, st));
    }

    /** ncclRecv from rank {@code peer} into {@code recv}, which must match the size and dtype the peer sends. */
    public void recv(NDArray recv, int peer) {
        String name = "NcclCommunicator.recv";
        checkRank(name, peer, "peer");
        writable(name, recv, "recv", null);
        NcclTypes t = NcclTypes.forCopy(recv.dtype());
        long recv0 = pointer(recv), count = recv.size() * t.perElement();
        queue(name, (c, st) -> NcclLibrary.recv(recv0, count, t.datatype(), peer, c, st));
    }

    /** ncclCommDestroy, once; later calls do nothing. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        device.backend().makeCurrent();
        NcclLibrary.check(
                NcclLibrary.call(NcclLibrary.COMM_DESTROY, "NcclCommunicator.close", comm),
                "NcclCommunicator.close",
                where(),
                null);
    }

    /**
     * ncclCommAbort: stops the communicator's work in flight, so that a rank that failed mid-step does
     * not leave the others waiting forever in a collective; safe from another thread while a collective
     * waits. The communicator is closed after it; later calls (and close) do nothing.
     */
    public void abort() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        device.backend().makeCurrent();
        NcclLibrary.check(
                NcclLibrary.call(NcclLibrary.COMM_ABORT, "NcclCommunicator.abort", comm),
                "NcclCommunicator.abort",
                where(),
                null);
    }

    /** True after close() or abort(). */
    public boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return "NcclCommunicator(rank " + rank + " of " + size + ", " + device.id() + (closed ? ", closed" : "") + ")";
    }

    private String where() {
        return device.id() + " (rank " + rank + " of " + size + ")";
    }

    /** One NCCL call given the communicator and the stream, which every collective takes last. */
    @FunctionalInterface
    private interface Call {
        int run(MemorySegment comm, long stream) throws Throwable;
    }

    private void queue(String op, Call call) {
        if (closed) throw new NdException(op + ": the communicator " + this + " is closed");
        device.backend().makeCurrent();
        int status;
        try {
            status = call.run(comm, device.currentStream().ptr());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException(op + ": calling NCCL failed: " + t, t);
        }
        NcclLibrary.check(status, op, where(), comm);
    }

    private void checkRank(String op, int r, String what) {
        CollectiveArgs.checkRank(op, r, size, what);
    }

    private static void sameSize(String op, long got, long expected, String rule) {
        CollectiveArgs.sameSize(op, got, expected, rule);
    }

    private NDArray sendable(String op, NDArray a, String what) {
        return CollectiveArgs.sendable(op, device, a, what);
    }

    private void writable(String op, NDArray a, String what, NDArray send) {
        CollectiveArgs.writable(op, device, a, what, send);
    }

    private static long pointer(NDArray a) {
        return a.devicePointer();
    }

    MemorySegment handle() {
        return comm;
    }
}
