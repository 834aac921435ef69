package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;
import static org.ndgpu.backend.opencl.OpenClBackend.mem;
import static org.ndgpu.backend.opencl.OpenClBackend.q;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.jocl.Pointer;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

/**
 * Host-device transfers of an {@link OpenClBackend}: the range checks, then a large copy through the
 * pinned staging buffers ({@link OpenClStaging}); small ones, and all where those could not be made,
 * straight to the driver: JOCL reads and writes direct buffers in place, a heap segment (a Java
 * array) goes through a native chunk. Static methods taking the backend.
 */
final class OpenClTransfers {
    private OpenClTransfers() {}

    // host<->device copies go through ByteBuffers, which hold at most 2^31-1 bytes
    private static final long CHUNK = 1L << 30;
    private static final long STAGE = 16L << 20;

    static void copyIn(
            OpenClBackend cl, BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {
        checkRange(cl, "copyIn", dst, dstOffset, bytes);
        if (src.byteSize() < bytes)
            throw new DeviceException(
                    cl.id() + " copyIn: " + bytes + " bytes asked from a host segment of " + src.byteSize());
        if (bytes == 0) return;
        if (cl.staging.copyIn(q(stream), src, mem(dst), dstOffset, bytes)) return;
        long chunk = src.isNative() ? CHUNK : STAGE;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stage = src.isNative() ? null : arena.allocate(Math.min(STAGE, bytes), 64);
            for (long done = 0; done < bytes; done += chunk) {
                long n = Math.min(chunk, bytes - done);
                MemorySegment part = src.asSlice(done, n);
                if (stage != null) part = stage.asSlice(0, n).copyFrom(part);
                cl.check(
                        clEnqueueWriteBuffer(
                                q(stream),
                                mem(dst),
                                CL_TRUE,
                                dstOffset + done,
                                n,
                                Pointer.to(part.asByteBuffer()),
                                0,
                                null,
                                null),
                        "clEnqueueWriteBuffer");
            }
        }
    }

    static void copyOut(
            OpenClBackend cl, BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        checkRange(cl, "copyOut", src, srcOffset, bytes);
        if (dst.byteSize() < bytes)
            throw new DeviceException(
                    cl.id() + " copyOut: " + bytes + " bytes into a host segment of " + dst.byteSize());
        if (dst.isReadOnly()) throw new DeviceException(cl.id() + " copyOut: the host segment is read-only");
        if (bytes == 0) return;
        if (cl.staging.copyOut(q(stream), mem(src), srcOffset, dst, bytes)) return;
        long chunk = dst.isNative() ? CHUNK : STAGE;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stage = dst.isNative() ? null : arena.allocate(Math.min(STAGE, bytes), 64);
            for (long done = 0; done < bytes; done += chunk) {
                long n = Math.min(chunk, bytes - done);
                MemorySegment part = stage == null ? dst.asSlice(done, n) : stage.asSlice(0, n);
                cl.check(
                        clEnqueueReadBuffer(
                                q(stream),
                                mem(src),
                                CL_TRUE,
                                srcOffset + done,
                                n,
                                Pointer.to(part.asByteBuffer()),
                                0,
                                null,
                                null),
                        "clEnqueueReadBuffer");
                if (stage != null) dst.asSlice(done, n).copyFrom(part);
            }
        }
    }

    // the driver checks ranges too, but a staged copy would first have copied host memory for nothing
    private static void checkRange(OpenClBackend cl, String op, BackendBuffer buffer, long offset, long bytes) {
        long size = ((OpenClBackend.Buffer) buffer).size();
        if (bytes < 0 || offset < 0 || offset > size - bytes) {
            throw new DeviceException(cl.id() + " " + op + ": " + bytes + " bytes at offset " + offset
                    + " of a buffer of " + size + " bytes");
        }
    }
}
