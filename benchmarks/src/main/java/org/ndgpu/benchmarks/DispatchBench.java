package org.ndgpu.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: ndgpu's own host cost per call, on the null backend (no device work; see
 * benchmarks' nullbackend package): what every small operation pays before the driver call that a
 * real backend adds (benchmarks/notes/PERF.md has the driver's own figure). Small arrays, so size
 * plays no part.
 *
 * <pre>
 * ./nd jmh DispatchBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DispatchBench {
    private NDArray a, b, out, m;

    @Setup(Level.Trial)
    public void setup() {
        // the fork's first use of Device, so the null device is found and chosen
        System.setProperty(Config.NULL_BACKEND.property(), "true");
        System.setProperty(Config.DEVICE.property(), "null:0");
        if (!Device.current().id().equals("null:0"))
            throw new IllegalStateException("expected the null device, got " + Device.current());
        a = Nd.empty(DType.FLOAT32, 1024);
        b = Nd.empty(DType.FLOAT32, 1024);
        out = Nd.empty(DType.FLOAT32, 1024);
        m = Nd.empty(DType.FLOAT32, 32, 32);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        a.close();
        b.close();
        out.close();
        m.close();
    }

    /** Nd.add(a, b, out): ufunc resolution, the launch, no allocation. */
    @Benchmark
    public NDArray addInto() {
        return Nd.add(a, b, out);
    }

    /** a.add(b) then close: the same plus a pool allocation and release. */
    @Benchmark
    public void addNew() {
        try (NDArray _ = a.add(b)) {}
    }

    /** The state of {@link #addNewInScope}: a scope open on the benchmark's thread for the whole trial. */
    @State(Scope.Thread)
    public static class InScope {
        org.ndgpu.ndarray.Scope scope;

        @Setup(Level.Trial)
        public void open() {
            scope = Nd.scope("bench");
        }

        @TearDown(Level.Trial)
        public void close() {
            scope.close();
        }
    }

    /** {@link #addNew} inside an open scope: the result joins the scope, then is closed by hand. */
    @Benchmark
    public void addNewInScope(InScope s) {
        try (NDArray _ = a.add(b)) {}
    }

    /** a.add(2.5f) then close: a weak scalar operand. */
    @Benchmark
    public void addScalar() {
        try (NDArray _ = a.add(2.5)) {}
    }

    /** out.fill(1.5): the fill kernel. */
    @Benchmark
    public NDArray fill() {
        return out.fill(1.5);
    }

    /** a.sum() then close: a full reduction (its kernels, partials and output). */
    @Benchmark
    public void sum() {
        try (NDArray _ = a.sum()) {}
    }

    /** m.sum(0) then close: an axis reduction. */
    @Benchmark
    public void sumAxis() {
        try (NDArray _ = m.sum(0)) {}
    }

    private static final org.ndgpu.raw.RawKernel SAXPY = new org.ndgpu.raw.RawKernel(RawBench.SAXPY_CL, "saxpy");
    private static final long[] ONE = {1}, BLOCK = {256};

    /** A compiled RawKernel's launch: argument checks against the parsed signature, then the backend. */
    @Benchmark
    public void rawLaunch() {
        SAXPY.launch(ONE, BLOCK, 2.0f, a, b, out, 256);
    }

    /** m.T().copy() then close: a strided copy. */
    @Benchmark
    public void transposeCopy() {
        try (NDArray t = m.T();
                NDArray _ = t.copy()) {}
    }
}
