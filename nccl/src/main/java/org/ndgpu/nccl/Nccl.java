package org.ndgpu.nccl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;

/**
 * NCCL collectives on ndgpu arrays ({@code cupy.cuda.nccl}), through java.lang.foreign. Optional, as
 * cuBLAS is: when libnccl.so.2 is absent, {@link #available()} is false, {@link #problem()} and
 * {@code Device.problems()} say why, and every call throws a DeviceException that says so.
 *
 * <pre>{@code
 * List<NcclCommunicator> comms = Nccl.initAll(Devices.all());     // one rank per GPU of this process
 * Nccl.group(() -> {                                              // one thread drives every rank
 *     for (int i = 0; i < comms.size(); i++) comms.get(i).allReduce(grads.get(i), ReduceOp.SUM);
 * });
 * }</pre>
 *
 * Across processes: rank 0 makes {@link #uniqueId()}, sends it to the others (it is Serializable),
 * and every process calls {@link #init(NcclUniqueId, int, int, Device)} with its rank.
 */
public final class Nccl {
    private Nccl() {}

    /** True when libnccl was found and binds. */
    public static boolean available() {
        return NcclLibrary.available();
    }

    /** Why NCCL is not available, or null when it is. */
    public static String problem() {
        return NcclLibrary.problem();
    }

    /** Where libnccl was loaded from. */
    public static String loadedFrom() {
        return NcclLibrary.loadedFrom();
    }

    /** NCCL's version as "major.minor.patch" (ncclGetVersion). */
    public static String version() {
        NcclLibrary.require("Nccl.version");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(JAVA_INT);
            NcclLibrary.check(
                    NcclLibrary.call(NcclLibrary.GET_VERSION, "Nccl.version", v), "Nccl.version", "the host", null);
            int code = v.get(JAVA_INT, 0);
            // NCCL_VERSION(X,Y,Z): X*1000+Y*100+Z before 2.9, X*10000+Y*100+Z since
            return code >= 10000
                    ? code / 10000 + "." + code / 100 % 100 + "." + code % 100
                    : code / 1000 + "." + code / 100 % 10 + "." + code % 100;
        }
    }

    /** ncclGetUniqueId: a new id for {@link #init}; made once, by one process, and shared with the others. */
    public static NcclUniqueId uniqueId() {
        NcclLibrary.require("Nccl.uniqueId");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment id = arena.allocate(NcclLibrary.UNIQUE_ID);
            NcclLibrary.check(
                    NcclLibrary.call(NcclLibrary.GET_UNIQUE_ID, "Nccl.uniqueId", id),
                    "Nccl.uniqueId",
                    "the host",
                    null);
            return NcclUniqueId.of(id.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
    }

    /**
     * ncclCommInitAll: one communicator per device, rank i on {@code devices.get(i)}, all in this
     * process. The devices must be distinct CUDA devices.
     */
    public static List<NcclCommunicator> initAll(List<Device> devices) {
        String op = "Nccl.initAll";
        Objects.requireNonNull(devices, op + ": devices is null");
        if (devices.isEmpty()) throw new NdException(op + ": expected at least one device, got an empty list");
        var seen = new HashSet<Device>();
        int[] ordinals = new int[devices.size()];
        for (int i = 0; i < devices.size(); i++) {
            Object o = devices.get(i); // read as Object: a raw or unchecked list may hold anything
            if (o != null && !(o instanceof Device)) {
                throw new NdException(
                        op + ": expected devices, got a " + o.getClass().getSimpleName() + " at index " + i);
            }
            Device d = cudaDevice(op, (Device) o, "devices[" + i + "]");
            if (!seen.add(d))
                throw new NdException(op + ": device " + d.id() + " is listed twice (NCCL needs one rank per device)");
            ordinals[i] = d.backend().facts().index();
        }
        NcclLibrary.require(op);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comms = arena.allocate(ADDRESS, devices.size());
            MemorySegment list = arena.allocateFrom(JAVA_INT, ordinals);
            devices.getFirst().backend().makeCurrent();
            NcclLibrary.check(
                    NcclLibrary.call(NcclLibrary.COMM_INIT_ALL, op, comms, devices.size(), list),
                    op,
                    devices.stream().map(Device::id).toList().toString(),
                    null);
            List<NcclCommunicator> out = new ArrayList<>();
            for (int i = 0; i < devices.size(); i++) {
                out.add(new NcclCommunicator(comms.getAtIndex(ADDRESS, i), devices.get(i), i, devices.size()));
            }
            return List.copyOf(out);
        }
    }

    /**
     * ncclCommInitRank: this process's rank {@code rank} of {@code nranks} on {@code device}, joining the
     * communicator named by {@code id}. Blocks until every rank has joined.
     */
    public static NcclCommunicator init(NcclUniqueId id, int rank, int nranks, Device device) {
        String op = "Nccl.init";
        Objects.requireNonNull(id, op + ": id is null");
        if (nranks < 1) throw new NdException(op + ": expected nranks >= 1, got " + nranks);
        if (rank < 0 || rank >= nranks)
            throw new NdException(op + ": expected a rank in [0, " + nranks + "), got " + rank);
        Device d = cudaDevice(op, device, "device");
        NcclLibrary.require(op);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment comm = arena.allocate(ADDRESS);
            MemorySegment idBytes = arena.allocate(NcclLibrary.UNIQUE_ID);
            idBytes.copyFrom(MemorySegment.ofArray(id.bytes()));
            d.backend().makeCurrent();
            NcclLibrary.check(
                    NcclLibrary.call(NcclLibrary.COMM_INIT_RANK, op, comm, nranks, idBytes, rank),
                    op,
                    d.id() + " (rank " + rank + " of " + nranks + ")",
                    null);
            return new NcclCommunicator(comm.get(ADDRESS, 0), d, rank, nranks);
        }
    }

    /**
     * Runs {@code calls} between ncclGroupStart and ncclGroupEnd: the collectives and send/recv
     * queued inside run as one, which one thread driving several ranks (or matching a send with a
     * recv) needs. Groups nest. The group ends even when {@code calls} throws, and that exception
     * is the one thrown.
     */
    public static void group(Runnable calls) {
        Objects.requireNonNull(calls, "Nccl.group: calls is null");
        NcclLibrary.require("Nccl.group");
        NcclLibrary.check(groupCall(true), "Nccl.group", "ncclGroupStart", null);
        Throwable failed = null;
        try {
            calls.run();
        } catch (Throwable t) {
            failed = t;
            throw t;
        } finally {
            int st = groupCall(false);
            if (failed == null) NcclLibrary.check(st, "Nccl.group", "ncclGroupEnd", null);
        }
    }

    private static int groupCall(boolean start) {
        try {
            return start ? NcclLibrary.groupStart() : NcclLibrary.groupEnd();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException("Nccl.group: calling NCCL failed: " + t, t);
        }
    }

    private static Device cudaDevice(String op, Device d, String what) {
        if (d == null) throw new NdException(op + ": " + what + " is null");
        if (d.backend().dialect() != Dialect.CUDA) {
            throw new DeviceException(
                    op + ": expected a CUDA device for " + what + " (NCCL runs on CUDA only), got " + d.id());
        }
        return d;
    }
}
