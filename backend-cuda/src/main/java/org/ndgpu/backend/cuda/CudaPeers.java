package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Copies from other CUDA devices into one device's memory (the destination, {@code owner}):
 * {@code cuMemcpyPeerAsync} on the destination's stream. Peer access from the destination's
 * context to the source's is enabled once per pair, where {@code cuDeviceCanAccessPeer} allows;
 * for pairs without it the driver stages the copy through host memory, and a DEBUG line says so
 * once per pair.
 */
final class CudaPeers {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");
    private static final int CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704;

    private final CudaBackend owner;
    // source devices whose memory the owner's context reads directly (true) or through the host (false)
    private final ConcurrentHashMap<CudaBackend, Boolean> direct = new ConcurrentHashMap<>();

    CudaPeers(CudaBackend owner) {
        this.owner = owner;
    }

    /** {@code bytes} from {@code src} (a pointer of {@code from}) to {@code dst} (of the owner), in {@code stream}. */
    void copy(MemorySegment stream, CudaBackend from, long src, long dst, long bytes) {
        MemorySegment srcContext = from.enter("copyPeer");
        MemorySegment context = owner.enter("copyPeer");
        if (bytes == 0) return;
        direct.computeIfAbsent(from, f -> enable(f, srcContext));
        owner.check(
                CudaDriverMemory.cuMemcpyPeerAsync(dst, context, src, srcContext, bytes, stream),
                "copy " + CudaAllocator.size(bytes) + " from " + from.id());
    }

    // with the owner's context current
    private Boolean enable(CudaBackend from, MemorySegment srcContext) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment can = a.allocate(JAVA_INT);
            owner.check(
                    CudaDriver.cuDeviceCanAccessPeer(can, owner.cuDevice(), from.cuDevice()), "cuDeviceCanAccessPeer");
            if (can.get(JAVA_INT, 0) == 0) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        () -> owner.id() + ": no peer access to " + from.id()
                                + "; copies from it stage through host memory (cuMemcpyPeerAsync)");
                return false;
            }
        }
        int r = CudaDriver.cuCtxEnablePeerAccess(srcContext, 0);
        if (r != 0 && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
            throw owner.error(r, "enable peer access to " + from.id());
        return true;
    }
}
