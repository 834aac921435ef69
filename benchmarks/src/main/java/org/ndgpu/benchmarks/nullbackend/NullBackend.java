package org.ndgpu.benchmarks.nullbackend;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;

/**
 * A device that does no device work: allocation hands out empty handles, compile returns an empty
 * program, launch returns at once. Everything above the backend contract runs for real (ufunc
 * resolution, broadcasting, the pool, kernel lookup, argument packing), so a benchmark on it measures
 * ndgpu's own host cost per call, the part a GPU backend adds its driver call to. Reads return zeros.
 * Benchmarks only: it appears as "null:0" when {@code -Dndgpu.nullBackend=true}.
 */
final class NullBackend implements Backend {
    private final DeviceFacts facts = new DeviceFacts(
            "null",
            0,
            "no device work (host cost only)",
            "ndgpu",
            true,
            1L << 40,
            1,
            1024,
            48 << 10,
            32,
            true,
            true,
            "0",
            "null",
            false);
    // counted as the real backends count (an AtomicLong), so that the host cost measured here is theirs
    private final AtomicLong launches = new AtomicLong();
    private final BackendStream stream = new Queue();
    // a device's time, simulated where -Dndgpu.nullBackend.bandwidth gives bytes per second: each launch or
    // copy occupies the device for 2 us plus the bytes of its buffers at that rate, after the work queued
    // before it, and synchronize waits (spinning, as a driver does) until the device is done, so that the
    // host runs ahead of a bandwidth-bound device as it does of a GPU
    private final double nanosPerByte = nanosPerByte();
    // the host's side of a driver's launch call, where -Dndgpu.nullBackend.launchNanos gives it (a CUDA
    // launch through ndgpu costs the calling thread a few microseconds): each launch spins that long
    private final long launchNanos = Long.getLong("ndgpu.nullBackend.launchNanos", 0);
    // a driver's allocation of a new block, where -Dndgpu.nullBackend.allocNanos gives it (the pool's
    // growth, which its cache otherwise hides): each allocation spins that long
    private final long allocNanos = Long.getLong("ndgpu.nullBackend.allocNanos", 0);
    private long deviceDone;

    private static double nanosPerByte() {
        String v = System.getProperty("ndgpu.nullBackend.bandwidth");
        return v == null ? 0 : 1e9 / Double.parseDouble(v);
    }

    private synchronized void occupy(long bytes) {
        if (nanosPerByte == 0) return;
        deviceDone = Math.max(deviceDone, System.nanoTime()) + 2000 + (long) (bytes * nanosPerByte);
    }

    private void drain() {
        if (nanosPerByte == 0) return;
        long done;
        synchronized (this) {
            done = deviceDone;
        }
        while (System.nanoTime() < done) Thread.onSpinWait();
    }

    private record Queue() implements BackendStream {
        @Override
        public long ptr() {
            return 0;
        }

        @Override
        public void close() {}
    }

    private record Buffer(long size) implements BackendBuffer {
        @Override
        public long handle() {
            return 0;
        }
    }

    private record Program(byte[] binary, List<String> kernelNames) implements BackendProgram {}

    private record Kernel(String name, int maxBlockSize, int parameterCount) implements BackendKernel {}

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Dialect dialect() {
        return Dialect.OPENCL;
    }

    @Override
    public BackendBuffer allocate(long bytes) {
        if (allocNanos > 0) {
            long until = System.nanoTime() + allocNanos;
            while (System.nanoTime() < until) Thread.onSpinWait();
        }
        return new Buffer(bytes);
    }

    @Override
    public BackendBuffer wrap(long handle, long bytes) {
        return new Buffer(bytes);
    }

    @Override
    public void free(BackendBuffer buffer) {}

    @Override
    public BackendStream defaultStream() {
        return stream;
    }

    @Override
    public BackendStream createStream() {
        return new Queue();
    }

    @Override
    public void copyIn(BackendStream s, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {}

    @Override
    public void copyOut(BackendStream s, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        dst.fill((byte) 0);
    }

    @Override
    public void copy(
            BackendStream s, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset, long bytes) {
        occupy(2 * bytes);
    }

    @Override
    public void fill(BackendStream s, BackendBuffer dst, long dstOffset, long bytes, byte value) {}

    @Override
    public BackendProgram compile(String name, String source, List<String> options) {
        return new Program(null, List.of(name));
    }

    @Override
    public BackendProgram load(String name, byte[] binary, List<String> options) {
        return new Program(null, List.of(name));
    }

    @Override
    public BackendKernel kernel(BackendProgram program, String name) {
        return new Kernel(name, 1024, -1);
    }

    @Override
    public void launch(
            BackendStream s,
            BackendKernel kernel,
            long[] grid,
            long[] block,
            long dynamicSharedBytes,
            KernelArguments args) {
        launches.incrementAndGet();
        if (launchNanos > 0) {
            long until = System.nanoTime() + launchNanos;
            while (System.nanoTime() < until) Thread.onSpinWait();
        }
        if (nanosPerByte == 0) return;
        long bytes = 0;
        for (int i = 0; i < args.size(); i++) if (args.buffer(i) instanceof Buffer b) bytes += b.size();
        occupy(bytes);
    }

    @Override
    public long launchCount() {
        return launches.get();
    }

    @Override
    public BackendEvent record(BackendStream s) {
        return () -> {};
    }

    @Override
    public void synchronize(BackendStream s) {
        drain();
    }

    @Override
    public void synchronize(BackendEvent event) {
        drain();
    }

    @Override
    public double elapsedMillis(BackendEvent start, BackendEvent end) {
        return 0;
    }

    @Override
    public void close() {}
}
