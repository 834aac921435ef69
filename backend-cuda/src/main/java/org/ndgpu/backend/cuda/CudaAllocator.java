package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.util.Locale;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * The device memory of a {@link CudaBackend}: allocations (cuMemAlloc), memory of other libraries
 * wrapped after checking that it is this context's, frees, and the copies and fills on a stream.
 * Every buffer and range is checked against its owner before the driver sees it. Static methods
 * taking the backend, which makes its context current for each call ({@link CudaBackend#enter}).
 */
final class CudaAllocator {
    private CudaAllocator() {}

    static BackendBuffer allocate(CudaBackend cuda, long bytes) {
        if (bytes < 0) throw new DeviceException(cuda.id() + " allocate: negative size " + bytes);
        cuda.enter("allocate");
        if (bytes == 0) return new CudaBuffer(cuda, 0, 0);
        MemorySegment out = CudaBackend.scratch().out;
        int r = CudaDriverMemory.cuMemAlloc(out, bytes);
        if (r == CudaError.OUT_OF_MEMORY) {
            String have = "";
            MemorySegment free = out.asSlice(0, 8), total = out.asSlice(8, 8);
            if (CudaDriverMemory.cuMemGetInfo(free, total) == 0) {
                have = " (" + size(free.get(JAVA_LONG, 0)) + " free of " + size(total.get(JAVA_LONG, 0)) + ")";
            }
            throw new DeviceOutOfMemoryException(
                    cuda.id() + " allocate " + size(bytes) + ": " + CudaDriver.describe(r) + have);
        }
        cuda.check(r, "allocate " + size(bytes));
        return new CudaBuffer(cuda, out.get(JAVA_LONG, 0), bytes);
    }

    static BackendBuffer wrap(CudaBackend cuda, long handle, long bytes) {
        String id = cuda.id();
        if (bytes < 0) throw new DeviceException(id + " wrap: negative size " + bytes);
        if (bytes == 0) return new CudaBuffer(cuda, handle, 0, true);
        if (handle == 0) throw new DeviceException(id + " wrap: the device pointer is NULL");
        cuda.enter("wrap");
        // the range must lie inside one allocation of this context: a wrong pointer is an error here,
        // not an illegal address in some later kernel
        MemorySegment out = CudaBackend.scratch().out;
        MemorySegment base = out.asSlice(0, 8), size = out.asSlice(8, 8);
        int r = CudaDriverMemory.cuMemGetAddressRange(base, size, handle);
        if (r != 0) {
            throw new DeviceException(id + " wrap: 0x" + Long.toHexString(handle) + " is not device memory of " + id
                    + ": " + CudaDriver.describe(r));
        }
        long b = base.get(JAVA_LONG, 0), n = size.get(JAVA_LONG, 0);
        if (handle - b > n - bytes) {
            throw new DeviceException(id + " wrap: " + size(bytes) + " at 0x" + Long.toHexString(handle)
                    + " run past the end of its allocation (0x" + Long.toHexString(b) + ", " + size(n) + ")");
        }
        return new CudaBuffer(cuda, handle, bytes, true);
    }

    /** A size for messages: "512 bytes", or "1.50 MiB (1572864 bytes)". */
    static String size(long bytes) {
        if (bytes < 1024) return bytes + " bytes";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.2f %s", v, units[u]) + " (" + bytes + " bytes)";
    }

    static void free(CudaBackend cuda, BackendBuffer buffer) {
        CudaBuffer b = own(cuda, buffer, "free");
        if (b.freed) throw new DeviceException(cuda.id() + " free: " + b + " was already freed");
        b.freed = true;
        if (b.pointer == 0 || b.external || cuda.fault() != null || cuda.isClosed())
            return; // nothing to free, not ours, or gone with the context
        cuda.enter("free");
        cuda.check(CudaDriverMemory.cuMemFree(b.pointer), "free " + size(b.size));
    }

    private static CudaBuffer own(CudaBackend cuda, BackendBuffer buffer, String op) {
        if (buffer instanceof CudaBuffer b && b.owner == cuda) return b;
        throw new DeviceException(cuda.id() + " " + op + ": " + buffer + " is not a buffer of " + cuda.id());
    }

    /** {@code buffer} as a live buffer of {@code cuda} holding bytes [offset, offset + bytes), or the exception saying why not. */
    static CudaBuffer live(CudaBackend cuda, BackendBuffer buffer, String op, long offset, long bytes) {
        CudaBuffer b = own(cuda, buffer, op);
        if (b.freed) throw new DeviceException(cuda.id() + " " + op + ": " + b + " was freed");
        if (offset < 0 || bytes < 0 || offset > b.size - bytes) {
            throw new DeviceException(cuda.id() + " " + op + ": bytes [" + offset + ", " + (offset + bytes)
                    + ") outside a buffer of " + b.size + " bytes");
        }
        return b;
    }

    // ---- copies and fills ----

    static void copyIn(
            CudaBackend cuda, BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {
        CudaStream s = cuda.own(stream, "copyIn");
        CudaCapture.refuse(s, "copyIn", BackendGraph.HOST_WRITE);
        CudaBuffer b = live(cuda, dst, "copyIn", dstOffset, bytes);
        if (src.byteSize() < bytes)
            throw new DeviceException(
                    cuda.id() + " copyIn: " + bytes + " bytes asked from a host segment of " + src.byteSize());
        cuda.enter("copyIn");
        if (bytes == 0) return;
        cuda.staging.copyIn(s, src, b.pointer + dstOffset, bytes);
    }

    static void copyOut(
            CudaBackend cuda, BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        CudaStream s = cuda.own(stream, "copyOut");
        CudaCapture.refuse(s, "copyOut", BackendGraph.HOST_READ);
        CudaBuffer b = live(cuda, src, "copyOut", srcOffset, bytes);
        if (dst.byteSize() < bytes)
            throw new DeviceException(
                    cuda.id() + " copyOut: " + bytes + " bytes into a host segment of " + dst.byteSize());
        if (dst.isReadOnly()) throw new DeviceException(cuda.id() + " copyOut: the host segment is read-only");
        cuda.enter("copyOut");
        if (bytes == 0) return;
        cuda.staging.copyOut(s, b.pointer + srcOffset, dst, bytes);
    }

    static void copy(
            CudaBackend cuda,
            BackendStream stream,
            BackendBuffer src,
            long srcOffset,
            BackendBuffer dst,
            long dstOffset,
            long bytes) {
        CudaStream s = cuda.own(stream, "copy");
        CudaBuffer from = live(cuda, src, "copy", srcOffset, bytes);
        CudaBuffer to = live(cuda, dst, "copy", dstOffset, bytes);
        cuda.enter("copy");
        if (bytes == 0) return;
        cuda.check(
                CudaDriverMemory.cuMemcpyDtoDAsync(to.pointer + dstOffset, from.pointer + srcOffset, bytes, s.handle),
                "copy " + size(bytes) + " device to device");
    }

    static void fill(
            CudaBackend cuda, BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value) {
        CudaStream s = cuda.own(stream, "fill");
        CudaBuffer b = live(cuda, dst, "fill", dstOffset, bytes);
        cuda.enter("fill");
        if (bytes == 0) return;
        cuda.check(
                CudaDriverMemory.cuMemsetD8Async(b.pointer + dstOffset, value, bytes, s.handle), "fill " + size(bytes));
    }
}
