package org.ndgpu.backend.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.jocl.CL.*;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.opencl.OpenClBackend.Queue;
import org.ndgpu.backend.opencl.OpenClGraph.Copy;
import org.ndgpu.backend.opencl.OpenClGraph.Fill;
import org.ndgpu.backend.opencl.OpenClGraph.Launch;

/**
 * A graph's recorded list as one {@code cl_khr_command_buffer}: built once at the end of a capture
 * and enqueued by one clEnqueueCommandBufferKHR per launch, where the list costs one enqueue call per
 * operation. The same recorded work: the per-launch cl_kernels
 * with their arguments set, the same global and local sizes, the copies and fills.
 *
 * <p>JOCL does not bind the extension: its functions come from
 * clGetExtensionFunctionAddressForPlatform and are called through java.lang.foreign. The extension
 * is provisional and its signatures changed: from version 0.9.5 the copy and fill commands take a
 * properties list after the queue (clCommandNDRangeKernelKHR always had one). Versions 0.9.0 to
 * 0.9.8 are known; another version, a device without the extension, the setting
 * {@code ndgpu.opencl.commandBuffer=false} or any failure while building leaves the graph on its
 * list, with the reason in a debug log line: it is the same work, only slower to enqueue.
 *
 * <p>The buffer is made for the device's default queue, which is in order, so its commands run in
 * recorded order with no sync points. A launch on another queue passes that queue (the extension
 * allows any compatible queue of the device); where the driver refuses an enqueue (another queue, or
 * a replay while the last one is still pending on a device without simultaneous use), that launch
 * takes the list.
 */
final class OpenClCommandBuffer {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");

    private static final int CL_DEVICE_EXTENSIONS_WITH_VERSION = 0x1060;
    private static final int CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR = 0x12A9;
    private static final int CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR = 0x12AA;
    private static final long CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR = 1L << 2;
    private static final long CL_COMMAND_BUFFER_FLAGS_KHR = 0x1293;
    private static final long CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR = 1L << 0;
    private static final String EXTENSION = "cl_khr_command_buffer";
    // sizeof(cl_name_version): a cl_version and a name of CL_NAME_VERSION_MAX_NAME_SIZE (64) chars
    private static final int NAME_VERSION_BYTES = 68;

    /** clGetExtensionFunctionAddressForPlatform of the loader, or null where it cannot be bound. */
    private static final MethodHandle ADDRESS_OF;

    static {
        MethodHandle h = null;
        try {
            NativeLibrary lib =
                    NativeLibrary.load("the OpenCL ICD loader", List.of("libOpenCL.so", "libOpenCL.so.1"), List.of());
            h = lib.downcallOrNull(
                    "clGetExtensionFunctionAddressForPlatform", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        } catch (NativeLibrary.NotFoundException e) {
            // no fast path; OpenClLaunch reports the missing loader
        }
        ADDRESS_OF = h;
    }

    /**
     * The bound entry points of a device that offers the extension at a known version, or why it cannot
     * be used ({@code problem} non-null, the handles null).
     */
    record Support(
            String problem,
            boolean propertiesOnCopies,
            boolean simultaneousUse,
            MethodHandle create,
            MethodHandle finalizeBuffer,
            MethodHandle release,
            MethodHandle enqueue,
            MethodHandle ndRange,
            MethodHandle copy,
            MethodHandle fill) {
        static Support none(String problem) {
            return new Support(problem, false, false, null, null, null, null, null, null, null);
        }
    }

    private final OpenClBackend backend;
    private final Support api;
    private final MemorySegment buffer;
    // buffer's address, passed to clEnqueueCommandBufferKHR as a 64-bit integer
    private final long bufferAddress;
    private final Queue created;
    // one slot holding the queue a launch passes (launches of one graph are serialized by the caller)
    private final MemorySegment queueSlot;
    private final long queueSlotAddress;
    private final Arena arena;
    private boolean refusalLogged;

    private OpenClCommandBuffer(OpenClBackend backend, Support api, MemorySegment buffer, Queue created, Arena arena) {
        this.backend = backend;
        this.api = api;
        this.buffer = buffer;
        this.created = created;
        this.arena = arena;
        this.queueSlot = arena.allocate(ADDRESS);
        this.bufferAddress = buffer.address();
        this.queueSlotAddress = queueSlot.address();
    }

    /** What {@code device} of {@code platform} offers: the bound functions, or the reason there are none. */
    static Support support(cl_platform_id platform, cl_device_id device, long queueProperties) {
        try {
            String ext = OpenClInfo.deviceString(device, CL_DEVICE_EXTENSIONS);
            if (!Arrays.asList(ext.split("\\s+")).contains(EXTENSION)) {
                return Support.none("the device does not list " + EXTENSION);
            }
            int version = version(device);
            if (version < 0) return Support.none("the device does not say which version of " + EXTENSION + " it has");
            int major = version >>> 22, minor = (version >>> 12) & 0x3ff, patch = version & 0xfff;
            if (major != 0 || minor != 9 || patch > 8) {
                return Support.none("the device has " + EXTENSION + " " + major + "." + minor + "." + patch
                        + "; only 0.9.0 to 0.9.8 are known (the provisional extension's signatures changed)");
            }
            long required = OpenClInfo.deviceLong(device, CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR);
            if ((required & ~queueProperties) != 0) {
                return Support.none("a command buffer needs queue properties 0x" + Long.toHexString(required)
                        + ", ndgpu's queues have 0x" + Long.toHexString(queueProperties));
            }
            boolean simultaneous = (OpenClInfo.deviceLong(device, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR)
                            & CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR)
                    != 0;
            if (ADDRESS_OF == null)
                return Support.none("the loader does not export clGetExtensionFunctionAddressForPlatform");
            boolean props = patch >= 5;
            MemorySegment p = OpenClLaunch.handle(platform);
            // cl_int f(cl_command_buffer_khr, cl_command_queue, [properties,] ... , sync points, mutable handle)
            FunctionDescriptor copy = props
                    ? FunctionDescriptor.of(
                            JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                            JAVA_INT, ADDRESS, ADDRESS, ADDRESS)
                    : FunctionDescriptor.of(
                            JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT,
                            ADDRESS, ADDRESS, ADDRESS);
            // fill's (buffer, pattern, pattern size, offset, size) has copy's (src, dst, offset, offset, size) shape
            FunctionDescriptor fill = copy;
            return new Support(
                    null,
                    props,
                    simultaneous,
                    bind(
                            p,
                            "clCreateCommandBufferKHR",
                            FunctionDescriptor.of(ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
                    bind(p, "clFinalizeCommandBufferKHR", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                    bind(p, "clReleaseCommandBufferKHR", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                    bind(
                            p,
                            "clEnqueueCommandBufferKHR",
                            // the pointers as 64-bit integers, which the C calling conventions pass alike:
                            // a launch's one call then checks no segment's session on its way down
                            FunctionDescriptor.of(
                                    JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG)),
                    bind(
                            p,
                            "clCommandNDRangeKernelKHR",
                            FunctionDescriptor.of(
                                    JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS,
                                    JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
                    bind(p, "clCommandCopyBufferKHR", copy),
                    bind(p, "clCommandFillBufferKHR", fill));
        } catch (MissingFunction e) {
            return Support.none("the driver has no " + e.getMessage());
        } catch (RuntimeException e) {
            return Support.none("its query failed: " + e);
        }
    }

    private static final class MissingFunction extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingFunction(String name) {
            super(name, null, false, false);
        }
    }

    @SuppressWarnings("restricted") // binding the driver's extension functions is what this class is for
    private static MethodHandle bind(MemorySegment platform, String name, FunctionDescriptor d) {
        MemorySegment addr;
        try (Arena a = Arena.ofConfined()) {
            addr = (MemorySegment) ADDRESS_OF.invokeExact(platform, a.allocateFrom(name));
        } catch (Throwable t) {
            throw new MissingFunction(name + " (" + t + ")");
        }
        if (addr.equals(MemorySegment.NULL)) throw new MissingFunction(name);
        return Linker.nativeLinker().downcallHandle(addr, d);
    }

    /** The extension's version from CL_DEVICE_EXTENSIONS_WITH_VERSION (OpenCL 3.0), or -1. */
    private static int version(cl_device_id device) {
        long[] size = new long[1];
        if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, null, size) != CL_SUCCESS) return -1;
        byte[] b = new byte[(int) size[0]];
        if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, b.length, Pointer.to(b), null) != CL_SUCCESS)
            return -1;
        MemorySegment all = MemorySegment.ofArray(b);
        for (int at = 0; at + NAME_VERSION_BYTES <= b.length; at += NAME_VERSION_BYTES) {
            int end = at + 4;
            while (end < at + NAME_VERSION_BYTES && b[end] != 0) end++;
            String name = new String(b, at + 4, end - at - 4, StandardCharsets.US_ASCII);
            if (name.equals(EXTENSION)) return all.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at);
        }
        return -1;
    }

    /**
     * The recorded {@code ops} as one finalized command buffer, or null (logged) when the device has no
     * usable extension or the driver refused a step.
     */
    static OpenClCommandBuffer build(OpenClBackend backend, Object[] ops) {
        Support api = backend.commandBuffers;
        if (api.problem() != null) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    () -> backend.id() + ": a graph replays as its launch list: " + api.problem());
            return null;
        }
        Arena arena = Arena.ofShared();
        Queue q = (Queue) backend.defaultStream();
        MemorySegment buffer = MemorySegment.NULL;
        String failed;
        try {
            MemorySegment queues = arena.allocate(ADDRESS);
            queues.set(ADDRESS, 0, q.handle());
            MemorySegment err = arena.allocate(JAVA_INT);
            MemorySegment props = MemorySegment.NULL;
            if (api.simultaneousUse()) {
                props = arena.allocate(JAVA_LONG, 3);
                props.setAtIndex(JAVA_LONG, 0, CL_COMMAND_BUFFER_FLAGS_KHR);
                props.setAtIndex(JAVA_LONG, 1, CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR);
            }
            buffer = (MemorySegment) api.create().invokeExact(1, queues, props, err);
            if (err.get(JAVA_INT, 0) != CL_SUCCESS && api.simultaneousUse()) {
                // a driver whose version dropped the flag: the default may allow it anyway
                buffer = (MemorySegment) api.create().invokeExact(1, queues, MemorySegment.NULL, err);
            }
            failed = status(err.get(JAVA_INT, 0), "clCreateCommandBufferKHR");
            for (int i = 0; failed == null && i < ops.length; i++) failed = record(api, buffer, ops[i], arena);
            if (failed == null)
                failed = status((int) api.finalizeBuffer().invokeExact(buffer), "clFinalizeCommandBufferKHR");
        } catch (Throwable t) {
            failed = t.toString();
        }
        if (failed == null) return new OpenClCommandBuffer(backend, api, buffer, q, arena);
        String why = failed;
        LOG.log(
                System.Logger.Level.DEBUG,
                () -> backend.id() + ": a graph replays as its launch list: its command buffer failed: " + why);
        release(api, buffer);
        arena.close();
        return null;
    }

    private static String record(Support api, MemorySegment cb, Object op, Arena arena) throws Throwable {
        MemorySegment no = MemorySegment.NULL;
        return switch (op) {
            case Launch l ->
                status(
                        (int) api.ndRange()
                                .invokeExact(
                                        cb,
                                        no,
                                        no,
                                        l.kernel().handle(),
                                        l.dims(),
                                        no,
                                        l.global(),
                                        l.local(),
                                        0,
                                        no,
                                        no,
                                        no),
                        "clCommandNDRangeKernelKHR of '" + l.kernel().name() + "'");
            case Copy c -> {
                MemorySegment src = OpenClLaunch.handle(c.src().mem()),
                        dst = OpenClLaunch.handle(c.dst().mem());
                int st = api.propertiesOnCopies()
                        ? (int) api.copy()
                                .invokeExact(
                                        cb, no, no, src, dst, c.srcOffset(), c.dstOffset(), c.bytes(), 0, no, no, no)
                        : (int) api.copy()
                                .invokeExact(cb, no, src, dst, c.srcOffset(), c.dstOffset(), c.bytes(), 0, no, no, no);
                yield status(st, "clCommandCopyBufferKHR");
            }
            case Fill f -> {
                MemorySegment dst = OpenClLaunch.handle(f.dst().mem()), pattern = arena.allocate(JAVA_BYTE);
                pattern.set(JAVA_BYTE, 0, f.value());
                int st = api.propertiesOnCopies()
                        ? (int) api.fill()
                                .invokeExact(cb, no, no, dst, pattern, 1L, f.offset(), f.bytes(), 0, no, no, no)
                        : (int) api.fill().invokeExact(cb, no, dst, pattern, 1L, f.offset(), f.bytes(), 0, no, no, no);
                yield status(st, "clCommandFillBufferKHR");
            }
            default -> "an unknown recorded operation " + op;
        };
    }

    private static String status(int st, String what) {
        return st == CL_SUCCESS ? null : what + ": " + org.jocl.CL.stringFor_errorCode(st);
    }

    /**
     * Enqueues the buffer on {@code q}; false (the caller then enqueues the list) where the driver
     * refuses, as for a queue it does not take or a replay still pending without simultaneous use.
     */
    @SuppressWarnings("ReferenceEquality") // the same queue object first, then the same native queue
    boolean enqueue(Queue q) {
        int st;
        try {
            if (q == created || q.handle().address() == created.handle().address()) { // not equals: see OpenClGraph
                st = (int) api.enqueue().invokeExact(0, 0L, bufferAddress, 0, 0L, 0L);
            } else {
                queueSlot.set(ADDRESS, 0, q.handle());
                st = (int) api.enqueue().invokeExact(1, queueSlotAddress, bufferAddress, 0, 0L, 0L);
            }
        } catch (Throwable t) {
            throw OpenClLaunch.rethrow(t);
        }
        if (st == CL_SUCCESS) return true;
        if (!refusalLogged) {
            refusalLogged = true;
            LOG.log(
                    System.Logger.Level.DEBUG,
                    () -> backend.id() + ": clEnqueueCommandBufferKHR refused (" + org.jocl.CL.stringFor_errorCode(st)
                            + "); this launch and any other it refuses enqueue the graph's launch list");
        }
        return false;
    }

    /** Releases the buffer (the driver keeps it until a queued replay has run). */
    void close() {
        release(api, buffer);
        arena.close();
    }

    private static void release(Support api, MemorySegment buffer) {
        if (buffer.equals(MemorySegment.NULL)) return;
        try {
            int st = (int) api.release().invokeExact(buffer);
            if (st != CL_SUCCESS) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        () -> "clReleaseCommandBufferKHR: " + org.jocl.CL.stringFor_errorCode(st));
            }
        } catch (Throwable t) {
            throw OpenClLaunch.rethrow(t);
        }
    }
}
