package org.ndgpu.nccl;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * {@link Collective} through the host: the send's bytes go to every rank by a {@link HostExchange},
 * each rank reduces them ({@link HostReduce}, in rank order) and copies its result to its device. A
 * failure inside a collective (a bad payload, a device error, an exchange that times out) aborts the
 * exchange before it is thrown, so the other ranks stop too.
 */
final class HostCollective implements Collective {
    private final Device device;
    private final int rank;
    private final int size;
    private final HostExchange exchange;
    private volatile boolean closed;

    HostCollective(Device device, int rank, int size, HostExchange exchange) {
        String op = "Collective.host";
        Objects.requireNonNull(device, op + ": device is null");
        Objects.requireNonNull(exchange, op + ": exchange is null");
        if (size < 1) throw new NdException(op + ": expected size >= 1, got " + size);
        CollectiveArgs.checkRank(op, rank, size, "rank");
        this.device = device;
        this.rank = rank;
        this.size = size;
        this.exchange = exchange;
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void allReduce(NDArray send, NDArray recv, ReduceOp op) {
        String name = "Collective.allReduce";
        Objects.requireNonNull(op, name + ": op is null");
        NDArray s = CollectiveArgs.sendable(name, device, send, "send");
        CollectiveArgs.writable(name, device, recv, "recv", s);
        CollectiveArgs.sameSize(name, recv.size(), s.size(), "recv.size() == send.size()");
        NcclTypes t = NcclTypes.forReduction(name, s.dtype(), op);
        run(name, () -> {
            List<byte[]> all = exchange(name, bytes(s));
            write(recv, HostReduce.reduce(name, all, t, op, s.nbytes(), 0, s.nbytes()));
        });
    }

    @Override
    public void broadcast(NDArray send, NDArray recv, int root) {
        String name = "Collective.broadcast";
        CollectiveArgs.checkRank(name, root, size, "root");
        NDArray s = CollectiveArgs.sendable(name, device, send, "send");
        CollectiveArgs.writable(name, device, recv, "recv", s);
        CollectiveArgs.sameSize(name, recv.size(), s.size(), "recv.size() == send.size()");
        run(name, () -> {
            List<byte[]> all = exchange(name, rank == root ? bytes(s) : new byte[0]);
            byte[] got = all.get(root);
            if (got.length != recv.nbytes()) throw mismatch(name, root, got.length, recv.nbytes());
            write(recv, got);
        });
    }

    @Override
    public void allGather(NDArray send, NDArray recv) {
        String name = "Collective.allGather";
        NDArray s = CollectiveArgs.sendable(name, device, send, "send");
        CollectiveArgs.writable(name, device, recv, "recv", s);
        CollectiveArgs.sameSize(
                name, recv.size(), s.size() * size, "recv.size() == size() * send.size() with size() = " + size);
        run(name, () -> {
            List<byte[]> all = exchange(name, bytes(s));
            byte[] out = new byte[Math.toIntExact(recv.nbytes())];
            int at = 0;
            for (int r = 0; r < size; r++) {
                byte[] part = all.get(r);
                if (part.length != s.nbytes()) throw mismatch(name, r, part.length, s.nbytes());
                System.arraycopy(part, 0, out, at, part.length);
                at += part.length;
            }
            write(recv, out);
        });
    }

    @Override
    public void reduceScatter(NDArray send, NDArray recv, ReduceOp op) {
        String name = "Collective.reduceScatter";
        Objects.requireNonNull(op, name + ": op is null");
        NDArray s = CollectiveArgs.sendable(name, device, send, "send");
        CollectiveArgs.writable(name, device, recv, "recv", s);
        CollectiveArgs.sameSize(
                name, s.size(), recv.size() * size, "send.size() == size() * recv.size() with size() = " + size);
        NcclTypes t = NcclTypes.forReduction(name, s.dtype(), op);
        run(name, () -> {
            List<byte[]> all = exchange(name, bytes(s));
            write(recv, HostReduce.reduce(name, all, t, op, s.nbytes(), rank * recv.nbytes(), recv.nbytes()));
        });
    }

    @Override
    public void barrier() {
        String name = "Collective.barrier";
        run(name, () -> {
            device.synchronize();
            exchange(name, new byte[0]);
        });
    }

    @Override
    public void abort() {
        closed = true;
        exchange.abort("rank " + rank + " aborted");
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "Collective(host, rank " + rank + " of " + size + ", " + device.id() + (closed ? ", closed" : "") + ")";
    }

    /** Runs one collective's exchange; any failure aborts the group before it propagates. */
    private void run(String name, Runnable body) {
        if (closed) throw new NdException(name + ": the communicator " + this + " is closed");
        try {
            body.run();
        } catch (RuntimeException | Error e) {
            exchange.abort("rank " + rank + " failed in " + name + ": " + e.getMessage());
            throw e;
        }
    }

    private List<byte[]> exchange(String name, byte[] payload) {
        List<byte[]> all = exchange.allGather(rank, payload);
        if (all == null || all.size() != size) {
            throw new NdException(name + ": the exchange returned " + (all == null ? "null" : all.size() + " payloads")
                    + " for a group of " + size + " ranks");
        }
        return all;
    }

    private static NdException mismatch(String name, int from, long got, long expected) {
        return new NdException(name + ": rank " + from + " sent " + got + " bytes where " + expected
                + " are needed (every rank must pass arrays of the same size and dtype)");
    }

    private static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }

    private void write(NDArray recv, byte[] data) {
        if (data.length == 0) return;
        device.backend()
                .copyIn(
                        device.currentStream().backendStream(),
                        MemorySegment.ofArray(data),
                        recv.buffer(),
                        recv.offset(),
                        data.length);
    }
}
