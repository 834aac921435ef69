package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.fft.impl.BlockPlans;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.signal.SignalParityTest.Arr;
import org.ndgpu.signal.SignalParityTest.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * fftconvolve's overlap-save plan (OverlapSave, BlockConvolution): SciPy's results (fixtures of
 * make_signal_block_fixtures.py) with blocks limited to 64 complex points, so that short fixtures
 * span many blocks, and long signals on the device's own blocks against plain Java sums; welch's
 * one-kernel average (SegmentPower) with two work-groups per row, each summing several chunks.
 */
class SignalBlocksTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> smallBlocksEqualSciPy() {
        return SignalParityTest.cases("/fixtures/signal/signal_blocks.tsv.gz").stream()
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    @Test
    void theFixturesTakeTheBlocks() {
        BlockPlans.limit(64);
        try {
            Device d = Device.current();
            assertEquals(64, BlockPlans.points(d, DType.FLOAT32, 300, 17));
            assertEquals(64, BlockPlans.points(d, DType.FLOAT64, 601, 65));
            assertEquals(0, BlockPlans.points(d, DType.FLOAT64, 300, 66), "65 taps overlap more than half a block");
            assertEquals(0, BlockPlans.points(d, DType.FLOAT64, 60, 10), "one transform of 69 points is one pass");
            for (long nperseg : new long[] {18, 64, 96, 100, 128, 256})
                assertTrue(BlockPlans.segments(d, DType.FLOAT64, nperseg), nperseg + " samples");
            assertTrue(BlockPlans.segments(d, DType.FLOAT32, 256));
            assertTrue(!BlockPlans.segments(d, DType.FLOAT64, 65), "odd segments take the transforms");
        } finally {
            BlockPlans.limit(0);
        }
    }

    @Test
    void longSignalsOnTheDevicesBlocksEqualJavaSums() {
        Device d = Device.current();
        // the shape of issue 40's benchmark, shortened: a filter of 4096 taps keeps half of an 8192-sample block
        long k32 = 4096, k64 = 2049;
        assertTrue(BlockPlans.points(d, DType.FLOAT32, 20000, k32) > 0, "float32 takes the blocks");
        assertTrue(BlockPlans.points(d, DType.FLOAT64, 9000, k64) > 0, "float64 takes the blocks");
        for (ConvMode mode : ConvMode.values()) {
            againstSums(DType.FLOAT32, 20000, (int) k32, mode, 1e-5);
            againstSums(DType.FLOAT64, 9000, (int) k64, mode, 1e-12);
        }
        againstSums(DType.FLOAT32, 20001, 31, ConvMode.SAME, 1e-5);
    }

    private static void againstSums(DType dt, int n, int k, ConvMode mode, double rtol) {
        var rnd = new Random(n * 31L + k);
        double[] x = new double[n], h = new double[k];
        for (int i = 0; i < n; i++) x[i] = rnd.nextGaussian();
        for (int i = 0; i < k; i++) h[i] = rnd.nextGaussian();
        if (dt == DType.FLOAT32) {
            for (int i = 0; i < n; i++) x[i] = (float) x[i];
            for (int i = 0; i < k; i++) h[i] = (float) h[i];
        }
        double[] full = new double[n + k - 1];
        for (int i = 0; i < n; i++) for (int j = 0; j < k; j++) full[i + j] += x[i] * h[j];
        long start = mode == ConvMode.FULL ? 0 : mode == ConvMode.SAME ? (k - 1) / 2 : k - 1;
        int len = mode == ConvMode.FULL ? n + k - 1 : mode == ConvMode.SAME ? n : n - k + 1;
        double scale = 0;
        for (double v : full) scale = Math.max(scale, Math.abs(v));
        try (NDArray a0 = Nd.array(x);
                NDArray a = a0.astype(dt);
                NDArray v0 = Nd.array(h);
                NDArray v = v0.astype(dt);
                NDArray y = Nd.signal().fftconvolve(a, v, mode)) {
            assertEquals(dt, y.dtype());
            assertArrayEquals(new long[] {len}, y.shape(), mode + " shape");
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            for (int i = 0; i < len; i++) {
                double e = full[(int) start + i];
                assertTrue(
                        Math.abs(got[i] - e) <= rtol * scale,
                        dt + " " + mode + " n=" + n + " k=" + k + " element " + i + ": " + got[i] + ", sum " + e);
            }
        }
    }

    private static void check(Case c) {
        BlockPlans.limit(64);
        BlockPlans.segmentGroups(2);
        List<NDArray> ins = new ArrayList<>();
        try {
            for (Arr a : c.ins()) ins.add(device(a));
            List<NDArray> got = SignalParityTest.run(c, ins);
            try {
                assertEquals(c.outs().size(), got.size(), "results");
                for (int k = 0; k < got.size(); k++) compare(c.outs().get(k), got.get(k));
            } finally {
                got.forEach(NDArray::close);
            }
        } finally {
            BlockPlans.limit(0);
            BlockPlans.segmentGroups(0);
            ins.forEach(NDArray::close);
        }
    }

    private static NDArray device(Arr a) {
        if (!a.dtype().isComplex()) return SignalParityTest.device(a);
        double[] v = a.values();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(8, v.length * 8L), 8);
            for (int i = 0; i < v.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v[i]);
            try (NDArray z = Nd.array(seg.asSlice(0, v.length * 8L), DType.COMPLEX128, a.shape())) {
                return z.astype(a.dtype());
            }
        }
    }

    private static void compare(Arr want, NDArray y) {
        assertEquals(want.dtype(), y.dtype(), "dtype");
        assertArrayEquals(want.shape(), y.shape(), "shape");
        double[] got = SignalParityTest.values(y), e = want.values();
        assertEquals(e.length, got.length, "values");
        double scale = 0;
        for (double v : e) scale = Math.max(scale, Math.abs(v));
        boolean single = want.dtype() == DType.FLOAT32 || want.dtype() == DType.COMPLEX64;
        double rtol = single ? 2e-5 : 1e-9;
        boolean integer = want.dtype().isInteger();
        for (int i = 0; i < got.length; i++) {
            double tol = integer ? 0 : rtol * (Math.abs(e[i]) + scale);
            assertTrue(
                    got[i] == e[i] || Math.abs(got[i] - e[i]) <= tol,
                    "element " + i + ": " + got[i] + ", SciPy " + e[i]);
        }
    }
}
