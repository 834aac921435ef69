package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * bincount and histogram calls whose sizes come from the data (they need the reductions module for
 * x's minimum and maximum, so they run here, with every module, beside HistogramOracleTest, rather
 * than in routines' HostileSizesTest): max(x) +
 * 1 past a long was an empty array (NumPy 2.4 gives that too, silently wrong), now an NdException
 * naming bincount and the value; equal bins that cannot increase are NumPy's "Too many bins".
 */
public class BincountSizesTest extends PerDeviceTest {
    private static void fails(Class<? extends NdException> type, Executable body, String... parts) {
        NdException e = assertThrows(type, body);
        for (String p : parts)
            assertTrue(e.getMessage().contains(p), () -> "'" + e.getMessage() + "' should contain '" + p + "'");
    }

    @Test
    void maxPlusOnePastALong() {
        fails(
                ShapeException.class,
                () -> Nd.bincount(Nd.array(new long[] {Long.MAX_VALUE})),
                "bincount",
                "9223372036854775807");
        // numpy.bincount([1, 2**63 - 1], minlength=3) is array([0, 0, 0]): refused, not wrong
        fails(
                ShapeException.class,
                () -> Nd.bincount(Nd.array(new long[] {1, Long.MAX_VALUE}), null, 3),
                "bincount",
                "9223372036854775807");
        fails(
                ShapeException.class,
                () -> Nd.bincount(Nd.array(new long[] {Long.MAX_VALUE - 1})),
                "bincount",
                "too big");
        // numpy casts uint64 to int64 and calls 2^64 - 1 negative; no count of bins reaches it either way
        try (NDArray u = Nd.array(MemorySegment.ofArray(new long[] {3, -1L}), DType.UINT64, 2)) {
            fails(NdException.class, () -> Nd.bincount(u), "bincount", "18446744073709551615");
        }
        try (NDArray c = Nd.bincount(Nd.array(new long[] {0, 2, 2}), null, 4)) {
            assertArrayEquals(new long[] {1, 0, 2, 0}, c.toLongArray());
        }
    }

    @Test
    void equalBinsThatCannotIncrease() {
        // numpy.histogram([1.0, 1 + 2**-52], bins=4): ValueError: Too many bins for data range. Cannot create 4
        // finite-sized bins.
        fails(
                NdException.class,
                () -> Nd.histogram(Nd.array(new double[] {1.0, 1.0 + Math.ulp(1.0)}), 4),
                "histogram",
                "Too many bins",
                "4 finite-sized");
        // numpy.histogram(np.array([1e308, -1e308]), bins=2): the same (the edges overflow to NaN)
        fails(
                NdException.class,
                () -> Nd.histogram(Nd.array(new double[] {1e308, -1e308}), 2),
                "Too many bins",
                "2 finite-sized");
    }
}
