package org.ndgpu.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.ndgpu.ndarray.IndexExpr;
import org.ndgpu.ndarray.Shapes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: the host-side work of array bookkeeping that every operation pays before any device work:
 * index-string parsing and view geometry, broadcasting, and the no-copy reshape check.
 *
 * <pre>
 * ./nd build && java -cp "benchmarks/target/benchmarks.jar" org.openjdk.jmh.Main HostPathBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HostPathBench {
    private final long[] shape = {64, 32, 16, 8};
    private final long[] strides = Shapes.cStrides(shape, 4);
    private final List<IndexExpr.Item> parsed = IndexExpr.parse("bench", "1:5, ::-1, None, ..., 3");

    /** Parsing an index string. */
    @Benchmark
    public List<IndexExpr.Item> parseIndex() {
        return IndexExpr.parse("bench", "1:5, ::-1, None, ..., 3");
    }

    /** Applying a parsed index to a shape and strides. */
    @Benchmark
    public IndexExpr.View applyIndex() {
        return IndexExpr.apply("bench", parsed, shape, strides, 0);
    }

    /** Broadcasting three shapes. */
    @Benchmark
    public long[] broadcastShapes() {
        return Shapes.broadcast("bench", shape, new long[] {32, 1, 8}, new long[] {1, 16, 1});
    }

    /** A reshape that needs no copy. */
    @Benchmark
    public long[] reshapeNoCopy() {
        return Shapes.reshapeStrides(shape, strides, new long[] {2048, 64, 2}, false, 4);
    }
}
