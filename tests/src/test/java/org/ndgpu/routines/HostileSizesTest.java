package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Counts the caller controls (bins, repeats, reps, kron's and take's shapes, bincount's values and
 * minlength, diag's k, joined lengths, pad widths) go through the core's checked size arithmetic:
 * a size past a long, or a host array past the JVM's, is a ShapeException (or NdException) naming
 * the routine and the sizes, before any allocation. These threw ArithmeticException or
 * OutOfMemoryError, named an inner step ("empty"), wrapped to negative shapes, or (bincount of
 * Long.MAX_VALUE) returned an empty array. The values NumPy 2.4 gives for fewer than two bin edges
 * are matched. A canary array must be intact after every refusal. (bincount's values need the
 * reductions module: those cases are in reliability-tests' BincountSizesTest.)
 */
public class HostileSizesTest extends PerDeviceTest {
    private static <T extends NdException> T fails(Class<T> type, Executable body, String... parts) {
        try (NDArray canary = Nd.arange(0.0, 6.0, 1.0)) {
            T e = assertThrows(type, body);
            for (String p : parts)
                assertTrue(e.getMessage().contains(p), () -> "'" + e.getMessage() + "' should contain '" + p + "'");
            assertFalse(e.getMessage().contains("empty:"), () -> "an inner step is named: " + e.getMessage());
            assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, canary.toDoubleArray(), "the canary changed");
            return e;
        }
    }

    @Test
    void histogramBins() {
        try (NDArray a = Nd.arange(3.0, 6.0, 1.0)) {
            // numpy: ValueError array is too big / MemoryError; here the edges are a host array
            fails(ShapeException.class, () -> Nd.histogram(a, Long.MAX_VALUE), "histogram", "9223372036854775807");
            fails(ShapeException.class, () -> Nd.histogram(a, 1L << 40), "histogram", "1099511627777");
            // was an OutOfMemoryError of the Java heap after seconds of trying; past -Xmx only where the heap is
            // below the 16 GiB these edges take (CI's; the GPU host's test JVMs have 32 GiB and build them)
            if (Runtime.getRuntime().maxMemory() < (Integer.MAX_VALUE - 16L) * Double.BYTES) {
                fails(ShapeException.class, () -> Nd.histogram(a, Integer.MAX_VALUE - 17), "histogram", "bin edges");
            }
            fails(ShapeException.class, () -> Nd.histogram2d(a, a, 1L << 40), "histogram2d", "1099511627777");
            fails(
                    ShapeException.class,
                    () -> Nd.histogram2d(a, a, Long.MAX_VALUE),
                    "histogram2d",
                    "9223372036854775807");
            fails(
                    ShapeException.class,
                    () -> Nd.histogram2d(a, a, new long[] {1L << 31, 1L << 31}, null),
                    "histogram2d");
            fails(
                    ShapeException.class,
                    () -> Nd.histogram2d(a, a, new long[] {1L << 30, 1L << 30}, null),
                    "histogram2d");
            // numpy: ValueError: Too many bins for data range. Cannot create 2 finite-sized bins.
            fails(
                    NdException.class,
                    () -> Nd.histogram(a, 2, new double[] {-1e308, 1e308}),
                    "histogram",
                    "Too many bins",
                    "2 finite-sized");
            fails(
                    NdException.class,
                    () -> Nd.histogram(a, 4, new double[] {1.0, 1.0 + Math.ulp(1.0)}),
                    "Too many bins",
                    "4 finite-sized");
            try (Histogram h = Nd.histogram(a, 3, new double[] {3, 5})) {
                assertArrayEquals(new long[] {1, 1, 1}, h.counts().toLongArray());
                assertArrayEquals(
                        new double[] {3, 3 + 2.0 / 3, 3 + 4.0 / 3, 5},
                        h.binEdges().toDoubleArray(),
                        1e-15);
            }
        }
    }

    @Test
    void histogramWithFewerThanTwoEdges() {
        try (NDArray a = Nd.array(new double[] {1, 2, 3});
                NDArray one = Nd.array(new double[] {2.5})) {
            // numpy.histogram([1, 2, 3], bins=np.array([2.5])): (array([], dtype=int64), array([2.5]))
            try (Histogram h = Nd.histogram(a, one)) {
                assertEquals(DType.INT64, h.counts().dtype());
                assertArrayEquals(new long[] {0}, h.counts().shape());
                assertArrayEquals(new double[] {2.5}, h.binEdges().toDoubleArray());
            }
            // numpy: bins=np.array([], dtype=np.float32): (array([], dtype=int64), array([], dtype=float32))
            try (NDArray none = Nd.zeros(DType.FLOAT32, 0);
                    Histogram h = Nd.histogram(a, none)) {
                assertArrayEquals(new long[] {0}, h.counts().shape());
                assertEquals(DType.FLOAT32, h.binEdges().dtype());
                assertArrayEquals(new long[] {0}, h.binEdges().shape());
            }
            // numpy: ValueError: `bins` must be 1d, when an array
            fails(ShapeException.class, () -> Nd.histogram(a, Nd.ones(1, 2)), "histogram", "1d");
        }
    }

    @Test
    void bincountMinlength() {
        // numpy: ValueError: array is too big (x empty: no reduction is needed to find the length)
        try (NDArray none = Nd.zeros(DType.INT64, 0)) {
            fails(ShapeException.class, () -> Nd.bincount(none, null, Long.MAX_VALUE), "bincount", "too big");
            fails(ShapeException.class, () -> Nd.bincount(none, null, 1L << 62), "bincount", "too big");
            try (NDArray c = Nd.bincount(none, null, 3)) {
                assertArrayEquals(new long[] {0, 0, 0}, c.toLongArray());
            }
        }
    }

    @Test
    void repeatTileKronTake() {
        try (NDArray a = Nd.arange(3.0, 6.0, 1.0)) {
            fails(ShapeException.class, () -> Nd.repeat(a, Long.MAX_VALUE), "repeat", "9223372036854775807");
            fails(ShapeException.class, () -> Nd.repeat(a, 1L << 62, 0), "repeat", "4611686018427387904");
            // were ArithmeticException (long overflow; integer overflow from a host index array of the total)
            fails(
                    ShapeException.class,
                    () -> Nd.repeat(a, new long[] {1L << 62, 1L << 62, 1}),
                    "repeat",
                    "sum of repeats");
            fails(
                    ShapeException.class,
                    () -> Nd.repeat(a, new long[] {Long.MAX_VALUE, 1, 0}),
                    "repeat",
                    "sum of repeats");
            fails(ShapeException.class, () -> Nd.tile(a, Long.MAX_VALUE), "tile", "9223372036854775807");
            fails(ShapeException.class, () -> Nd.tile(a, 1L << 40, 1L << 40), "tile", "too big");
            try (NDArray big = Nd.ones(1).broadcastTo(1L << 40)) {
                fails(ShapeException.class, () -> Nd.kron(big, big), "kron", "1099511627776");
            }
            try (NDArray wide = Nd.ones(1).reshape(1, 1).broadcastTo(1L << 40, 2);
                    NDArray idx = Nd.zeros(DType.INT64, 1).broadcastTo(1L << 40)) {
                fails(ShapeException.class, () -> Nd.take(wide, idx, 1), "take", "too big");
            }
            try (NDArray idx = Nd.zeros(DType.INT64, 1).broadcastTo(1L << 62)) {
                fails(ShapeException.class, () -> Nd.take(a, idx), "take", "too big");
            }
        }
        // numpy.repeat(np.arange(6).reshape(2, 3), [2, 0, 3], axis=1), np.repeat(np.arange(4), [1, 0, 2, 1])
        try (NDArray m = Nd.arange(6).reshape(2, 3);
                NDArray r = Nd.repeat(m, new long[] {2, 0, 3}, 1);
                NDArray v = Nd.repeat(Nd.arange(4), new long[] {1, 0, 2, 1});
                NDArray z = Nd.repeat(Nd.arange(3), new long[] {0, 0, 0})) {
            assertArrayEquals(new long[] {2, 5}, r.shape());
            assertArrayEquals(new long[] {0, 0, 2, 2, 2, 3, 3, 5, 5, 5}, r.toLongArray());
            assertArrayEquals(new long[] {0, 2, 2, 3}, v.toLongArray());
            assertArrayEquals(new long[] {0}, z.shape());
        }
    }

    @Test
    void diagJoinPad() {
        try (NDArray a = Nd.arange(3.0, 6.0, 1.0)) {
            // numpy: ValueError: Maximum allowed dimension exceeded (these wrapped to negative shapes)
            fails(ShapeException.class, () -> Nd.diag(a, Long.MAX_VALUE), "diag", "9223372036854775807");
            fails(ShapeException.class, () -> Nd.diag(a, Long.MIN_VALUE), "diag");
            fails(ShapeException.class, () -> Nd.diag(a, 1L << 40), "diag", "too big");
            try (NDArray half = Nd.ones(1).broadcastTo(1L << 62)) {
                fails(
                        ShapeException.class,
                        () -> Nd.concatenate(List.of(half, half, half), 0),
                        "concatenate",
                        "4611686018427387904");
            }
            fails(ShapeException.class, () -> Nd.pad(Nd.ones(2, 2), 1L << 40), "pad", "too big");
            try (NDArray huge = Nd.ones(1).broadcastTo(1L << 62)) {
                fails(ShapeException.class, () -> Nd.interp(a, huge, huge), "interp", "too big");
            }
        }
        try (NDArray d = Nd.diag(Nd.arange(2), 1)) {
            assertArrayEquals(new long[] {0, 0, 0, 0, 0, 1, 0, 0, 0}, d.toLongArray());
        }
    }
}
