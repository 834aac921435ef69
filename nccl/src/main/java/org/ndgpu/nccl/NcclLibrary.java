package org.ndgpu.nccl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.config.LibraryPaths;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;

/**
 * libnccl through java.lang.foreign: one typed method handle per NCCL function this module calls,
 * each declared beside its C prototype. Found by soname ({@code libnccl.so.2}) through the dynamic
 * loader, then in {@code $NCCL_ROOT/lib}, then in NVIDIA's pip layout ({@code nvidia/nccl/lib}),
 * unless the setting {@code ndgpu.nccl.library} names the file (CuPy's wheel beside the system's).
 * Loading never throws: {@link #problem()} says why NCCL is absent.
 */
final class NcclLibrary {
    private NcclLibrary() {}

    static final List<String> SONAMES = List.of("libnccl.so.2", "libnccl.so");
    /** sizeof(ncclUniqueId): NCCL_UNIQUE_ID_BYTES. */
    static final int UNIQUE_ID_BYTES = 128;

    static final MemoryLayout UNIQUE_ID =
            MemoryLayout.structLayout(MemoryLayout.sequenceLayout(UNIQUE_ID_BYTES, JAVA_BYTE));

    private static final NativeLibrary LIB;
    private static final String PROBLEM;

    static {
        NativeLibrary lib = null;
        String problem = null;
        try {
            Path file = LibraryPaths.ncclLibrary();
            lib = file == null ? NativeLibrary.load("NCCL", SONAMES, folders()) : open(file);
        } catch (NdException e) { // not found, or the file the setting names does not load
            problem = "nccl: " + e.getMessage();
        } catch (Throwable t) {
            problem = "nccl: libnccl could not be loaded: " + t;
        }
        LIB = lib;
        PROBLEM = problem;
    }

    // ncclResult_t ncclGetVersion(int *version)
    static final MethodHandle GET_VERSION = bind("ncclGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    // ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId)
    static final MethodHandle GET_UNIQUE_ID = bind("ncclGetUniqueId", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    // ncclResult_t ncclCommInitAll(ncclComm_t *comms, int ndev, const int *devlist)
    static final MethodHandle COMM_INIT_ALL =
            bind("ncclCommInitAll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    // ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank)
    static final MethodHandle COMM_INIT_RANK =
            bind("ncclCommInitRank", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, UNIQUE_ID, JAVA_INT));
    // ncclResult_t ncclCommDestroy(ncclComm_t comm)
    static final MethodHandle COMM_DESTROY = bind("ncclCommDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    // ncclResult_t ncclCommAbort(ncclComm_t comm)
    static final MethodHandle COMM_ABORT = bind("ncclCommAbort", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    // ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError)
    static final MethodHandle COMM_GET_ASYNC_ERROR =
            bind("ncclCommGetAsyncError", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    // const char *ncclGetErrorString(ncclResult_t result)
    static final MethodHandle GET_ERROR_STRING = bind("ncclGetErrorString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    // const char *ncclGetLastError(ncclComm_t comm): NCCL 2.13 and later; null before
    static final MethodHandle GET_LAST_ERROR = bind("ncclGetLastError", FunctionDescriptor.of(ADDRESS, ADDRESS));
    // ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
    //                            ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream)
    static final MethodHandle ALL_REDUCE = bind(
            "ncclAllReduce",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype, int root,
    //                            ncclComm_t comm, cudaStream_t stream)
    static final MethodHandle BROADCAST = bind(
            "ncclBroadcast",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
    //                         ncclRedOp_t op, int root, ncclComm_t comm, cudaStream_t stream)
    static final MethodHandle REDUCE = bind(
            "ncclReduce",
            FunctionDescriptor.of(
                    JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount, ncclDataType_t datatype,
    //                            ncclComm_t comm, cudaStream_t stream)
    static final MethodHandle ALL_GATHER = bind(
            "ncclAllGather",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount, ncclDataType_t datatype,
    //                                ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream)
    static final MethodHandle REDUCE_SCATTER = bind(
            "ncclReduceScatter",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
    // cudaStream_t stream)
    static final MethodHandle SEND = bind(
            "ncclSend", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
    // cudaStream_t stream)
    static final MethodHandle RECV = bind(
            "ncclRecv", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    // ncclResult_t ncclGroupStart(void), ncclGroupEnd(void)
    static final MethodHandle GROUP_START = bind("ncclGroupStart", FunctionDescriptor.of(JAVA_INT));
    static final MethodHandle GROUP_END = bind("ncclGroupEnd", FunctionDescriptor.of(JAVA_INT));

    /** The file {@code ndgpu.nccl.library} names; an NdException naming the setting when it does not load. */
    static NativeLibrary open(Path file) {
        String why;
        try {
            // dlopen would refuse a file that is no ELF object too, but HotSpot first warns on the console about it
            if (Files.isRegularFile(file) && !elf(file)) why = file + ": no ELF header";
            else return NativeLibrary.loadFile("NCCL", file);
        } catch (NativeLibrary.NotFoundException e) {
            why = e.tried().getFirst();
        }
        throw new NdException(LibraryPaths.NCCL_LIBRARY.property() + ": expected the path of a libnccl file, got '"
                + file + "': " + why);
    }

    private static boolean elf(Path file) {
        try (var in = Files.newInputStream(file)) {
            return java.util.Arrays.equals(in.readNBytes(4), new byte[] {0x7f, 'E', 'L', 'F'});
        } catch (java.io.IOException e) {
            return true; // unreadable: dlopen says why
        }
    }

    static boolean available() {
        return LIB != null && PROBLEM == null && ALL_REDUCE != null;
    }

    /** Why NCCL cannot be used, or null. */
    static String problem() {
        if (PROBLEM != null) return PROBLEM;
        if (ALL_REDUCE == null || SEND == null)
            return "nccl: " + LIB.loadedFrom() + " lacks ncclAllReduce/ncclSend (NCCL 2.7 or later is needed)";
        return null;
    }

    static String loadedFrom() {
        return LIB == null ? "(not loaded)" : LIB.loadedFrom();
    }

    /** Throws the reason NCCL is absent, naming the operation. */
    static void require(String op) {
        String p = problem();
        if (p != null) throw new DeviceException(op + ": NCCL is not available: " + p);
    }

    private static MethodHandle bind(String symbol, FunctionDescriptor descriptor) {
        return LIB == null ? null : LIB.downcallOrNull(symbol, descriptor);
    }

    /** $NCCL_ROOT/lib and lib64, then the pip wheel's nvidia/nccl/lib under every Python package folder. */
    static List<Path> folders() {
        var out = new LinkedHashSet<Path>();
        String root = System.getenv("NCCL_ROOT");
        if (root != null && !root.isBlank()) {
            out.add(Path.of(root, "lib"));
            out.add(Path.of(root, "lib64"));
        }
        for (Path sp : NativeLibrary.pythonPackageFolders())
            out.add(sp.resolve("nvidia").resolve("nccl").resolve("lib"));
        List<Path> existing = new ArrayList<>();
        for (Path p : out) if (Files.isDirectory(p)) existing.add(p);
        return List.copyOf(existing);
    }

    /** NCCL's name for a status: ncclGetErrorString, or the number. */
    @SuppressWarnings("restricted") // NCCL returns a static C string as a zero-length segment: widened to read it
    static String errorString(int status) {
        String name = switch (status) {
            case 1 -> "ncclUnhandledCudaError";
            case 2 -> "ncclSystemError";
            case 3 -> "ncclInternalError";
            case 4 -> "ncclInvalidArgument";
            case 5 -> "ncclInvalidUsage";
            case 6 -> "ncclRemoteError";
            case 7 -> "ncclInProgress";
            default -> "ncclResult " + status;
        };
        if (GET_ERROR_STRING == null) return name;
        try {
            MemorySegment s = (MemorySegment) GET_ERROR_STRING.invokeExact(status);
            return s.equals(MemorySegment.NULL)
                    ? name
                    : name + " (" + s.reinterpret(1024).getString(0) + ")";
        } catch (Throwable t) {
            return name;
        }
    }

    /** ncclGetLastError(comm): NCCL's detail of the last failure, or "" when NCCL cannot tell. */
    @SuppressWarnings("restricted") // a static C string, widened to read it
    static String lastError(MemorySegment comm) {
        if (GET_LAST_ERROR == null) return "";
        try {
            MemorySegment s = (MemorySegment) GET_LAST_ERROR.invokeExact(comm);
            String text =
                    s.equals(MemorySegment.NULL) ? "" : s.reinterpret(4096).getString(0);
            return text.isBlank() ? "" : ": " + text.strip();
        } catch (Throwable t) {
            return "";
        }
    }

    /** A failed status as a DeviceException naming the operation, the device and NCCL's reason. */
    static void check(int status, String op, String where, MemorySegment comm) {
        if (status == 0) return;
        throw new DeviceException(
                op + " on " + where + ": " + errorString(status) + lastError(comm == null ? MemorySegment.NULL : comm));
    }

    /** Invokes a handle that returns ncclResult_t, turning Java-side failures into DeviceException (the setup calls). */
    static int call(MethodHandle h, String op, Object... args) {
        try {
            return (int) h.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException(op + ": calling NCCL failed: " + t, t);
        }
    }

    // The collectives, called exactly (no boxing or argument spreading on the per-call path). Each
    // takes the communicator and the stream last, as NCCL's functions do.

    static int allReduce(long send, long recv, long count, int type, int op, MemorySegment comm, long stream)
            throws Throwable {
        return (int) ALL_REDUCE.invokeExact(send, recv, count, type, op, comm, stream);
    }

    static int broadcast(long send, long recv, long count, int type, int root, MemorySegment comm, long stream)
            throws Throwable {
        return (int) BROADCAST.invokeExact(send, recv, count, type, root, comm, stream);
    }

    static int reduce(long send, long recv, long count, int type, int op, int root, MemorySegment comm, long stream)
            throws Throwable {
        return (int) REDUCE.invokeExact(send, recv, count, type, op, root, comm, stream);
    }

    static int allGather(long send, long recv, long count, int type, MemorySegment comm, long stream) throws Throwable {
        return (int) ALL_GATHER.invokeExact(send, recv, count, type, comm, stream);
    }

    static int reduceScatter(long send, long recv, long count, int type, int op, MemorySegment comm, long stream)
            throws Throwable {
        return (int) REDUCE_SCATTER.invokeExact(send, recv, count, type, op, comm, stream);
    }

    static int send(long send, long count, int type, int peer, MemorySegment comm, long stream) throws Throwable {
        return (int) SEND.invokeExact(send, count, type, peer, comm, stream);
    }

    static int recv(long recv, long count, int type, int peer, MemorySegment comm, long stream) throws Throwable {
        return (int) RECV.invokeExact(recv, count, type, peer, comm, stream);
    }

    static int groupStart() throws Throwable {
        return (int) GROUP_START.invokeExact();
    }

    static int groupEnd() throws Throwable {
        return (int) GROUP_END.invokeExact();
    }
}
