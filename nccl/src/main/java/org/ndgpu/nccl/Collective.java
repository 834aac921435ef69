package org.ndgpu.nccl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * One rank of a group that runs collectives on ndgpu arrays, over NCCL on CUDA devices or through
 * the host where NCCL is absent (OpenCL, PoCL): the API of {@link NcclCommunicator} ({@code
 * cupy.cuda.nccl.NcclCommunicator}) without its backend.
 *
 * <pre>{@code
 * List<Collective> ranks = Collective.local(Devices.all());   // NCCL on CUDA, else the host
 * Devices.parallel(ranks.size(), i -> ranks.get(i).allReduce(grads.get(i), ReduceOp.SUM));
 * }</pre>
 *
 * <p>Every rank runs in its own thread (or task, or process) and calls the same collectives in the
 * same order. The arrays follow {@link NcclCommunicator}'s rules: on the rank's device, one dtype,
 * the received one C-contiguous and writable; allGather's receive holds {@code size()} sends,
 * reduceScatter's send holds {@code size()} receives; send and receive may be one array (in place).
 *
 * <p>The host collective ({@link #host}) copies each rank's send to the host, exchanges the bytes
 * through a {@link HostExchange}, reduces them on the host in rank order (rank 0's element, then
 * rank 1's added to it, and so on, in the array's dtype; float16 accumulates in float32 and rounds
 * once; AVG divides the sum by {@code size()}), and copies the result to the device. Integer results
 * equal one device's exactly; float results equal NCCL's within rounding, since NCCL's order depends
 * on its algorithm. A rank that fails or stops calls {@link #abort}, or its exchange times out: every
 * other rank's waiting collective then throws instead of hanging.
 */
public interface Collective extends AutoCloseable {
    /** How long a host collective waits for the other ranks before it aborts the group. */
    Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    /** The device this rank runs on. */
    Device device();

    /** This rank's number, 0 to size() - 1. */
    int rank();

    /** The number of ranks. */
    int size();

    /** ncclAllReduce: every rank's {@code recv} gets the reduction of all ranks' {@code send}; {@code c.allReduce(g, g2, ReduceOp.SUM)}. */
    void allReduce(NDArray send, NDArray recv, ReduceOp op);

    /** In-place allReduce of {@code buffer}: {@code c.allReduce(grad, ReduceOp.SUM)}. */
    default void allReduce(NDArray buffer, ReduceOp op) {
        allReduce(buffer, buffer, op);
    }

    /** ncclBroadcast: every rank's {@code recv} gets {@code root}'s {@code send}; {@code c.broadcast(w, w2, 0)}. */
    void broadcast(NDArray send, NDArray recv, int root);

    /** In-place broadcast of {@code root}'s {@code buffer}: {@code c.broadcast(weights, 0)}. */
    default void broadcast(NDArray buffer, int root) {
        broadcast(buffer, buffer, root);
    }

    /** ncclAllGather: {@code recv} gets every rank's {@code send}, rank after rank; {@code c.allGather(part, whole)}. */
    void allGather(NDArray send, NDArray recv);

    /** ncclReduceScatter: rank r's {@code recv} gets block r of the reduction of all sends; {@code c.reduceScatter(whole, part, ReduceOp.SUM)}. */
    void reduceScatter(NDArray send, NDArray recv, ReduceOp op);

    /** Returns once every rank has called barrier (and the work queued before it on this rank is done): {@code c.barrier()}. */
    void barrier();

    /**
     * Stops the group: ncclCommAbort on NCCL; on the host, every waiting and later collective of every
     * rank throws. For a rank that fails mid-step, so that the others do not wait forever. Idempotent.
     */
    void abort();

    /** True after close() or abort(). */
    boolean isClosed();

    /** Releases the rank (ncclCommDestroy on NCCL); idempotent. */
    @Override
    void close();

    /** The NCCL communicator as a Collective: {@code Collective.nccl(Nccl.init(id, rank, n, device))}. */
    static Collective nccl(NcclCommunicator communicator) {
        Objects.requireNonNull(communicator, "Collective.nccl: communicator is null");
        return new NcclCollective(communicator);
    }

    /**
     * Rank {@code rank} of {@code size} on {@code device}, exchanging through the host by {@code
     * exchange} (which every rank of the group shares or reaches): {@code Collective.host(d, r, n, ex)}.
     */
    static Collective host(Device device, int rank, int size, HostExchange exchange) {
        return new HostCollective(device, rank, size, exchange);
    }

    /**
     * One host rank per device, ranks to be driven from one thread each in this JVM, with {@link
     * #DEFAULT_TIMEOUT}: {@code Collective.threads(List.of(d0, d1))}.
     */
    static List<Collective> threads(List<Device> devices) {
        return threads(devices, DEFAULT_TIMEOUT);
    }

    /** As {@link #threads(List)}, a waiting collective aborting the group after {@code timeout}. */
    static List<Collective> threads(List<Device> devices, Duration timeout) {
        String op = "Collective.threads";
        List<Device> ds = checkedDevices(op, devices);
        Objects.requireNonNull(timeout, op + ": timeout is null");
        if (timeout.isNegative() || timeout.isZero())
            throw new NdException(op + ": expected a positive timeout, got " + timeout);
        HostExchange exchange = HostExchange.threads(ds.size(), timeout);
        List<Collective> out = new ArrayList<>();
        for (int i = 0; i < ds.size(); i++) out.add(host(ds.get(i), i, ds.size(), exchange));
        return List.copyOf(out);
    }

    /**
     * One rank per device of this JVM: NCCL ({@link Nccl#initAll}) when every device is CUDA and NCCL
     * is available, else {@link #threads(List)}: {@code Collective.local(Devices.all())}.
     */
    static List<Collective> local(List<Device> devices) {
        List<Device> ds = checkedDevices("Collective.local", devices);
        boolean cuda = ds.stream().allMatch(d -> d.backend().dialect() == Dialect.CUDA);
        if (cuda && Nccl.available() && ds.stream().distinct().count() == ds.size()) {
            return Nccl.initAll(ds).stream().map(Collective::nccl).toList();
        }
        return threads(ds);
    }

    private static List<Device> checkedDevices(String op, List<Device> devices) {
        Objects.requireNonNull(devices, op + ": devices is null");
        if (devices.isEmpty()) throw new NdException(op + ": expected at least one device, got an empty list");
        for (int i = 0; i < devices.size(); i++) {
            Object o = devices.get(i); // read as Object: a raw or unchecked list may hold anything
            if (!(o instanceof Device)) {
                throw new NdException(op + ": expected devices, got "
                        + (o == null ? "null" : "a " + o.getClass().getSimpleName()) + " at index " + i);
            }
        }
        return List.copyOf(devices);
    }
}
