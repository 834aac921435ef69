package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.ndgpu.backend.CopyTasks;
import org.ndgpu.config.Config;

/**
 * Host memory copies into and out of pinned staging buffers, split over a few threads for large
 * chunks: one thread's memcpy would otherwise be slower than the PCIe link (backend-cuda/notes/PERF.md).
 * The number of threads is {@link Config#CUDA_COPY_THREADS} (default: half the cores, at most 8).
 */
final class HostCopy {
    private HostCopy() {}

    /** Below this many bytes per thread a copy stays on the calling thread. */
    private static final long PIECE_MIN = 1L << 20;

    // the copy threads, created on first use with the setting of that moment (never read in a static initializer)
    private static final CopyTasks.LazyPool POOL = new CopyTasks.LazyPool("ndgpu-cuda-copy", Config::cudaCopyThreads);

    /** The copy threads, created on first use. */
    static ExecutorService pool() {
        return POOL.get();
    }

    /** How many copy threads there are ({@link Config#CUDA_COPY_THREADS}). */
    static int threads() {
        return POOL.threads();
    }

    /** MemorySegment.copy, in parallel pieces when it is large. */
    static void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes) {
        int parts = (int) Math.min(threads(), bytes / PIECE_MIN);
        if (parts <= 1) {
            MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
            return;
        }
        long piece = ((bytes + parts - 1) / parts + 63) & ~63L;
        Future<?>[] futures = new Future<?>[parts - 1];
        ExecutorService p = pool();
        int submitted = 0;
        for (int i = 1; i < parts; i++) {
            long off = i * piece;
            if (off >= bytes) break;
            long n = Math.min(piece, bytes - off);
            futures[submitted++] = p.submit(() -> MemorySegment.copy(src, srcOffset + off, dst, dstOffset + off, n));
        }
        MemorySegment.copy(src, srcOffset, dst, dstOffset, Math.min(piece, bytes));
        for (int i = 0; i < submitted; i++) {
            try {
                futures[i].get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during a host copy", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof RuntimeException r) throw r;
                throw new IllegalStateException(c);
            }
        }
    }
}
