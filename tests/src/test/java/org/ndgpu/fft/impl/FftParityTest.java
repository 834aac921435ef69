package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every numpy.fft fixture on each tested device: values within a tolerance that grows with log2 of
 * the transform's size (relative to the largest value), and NumPy 2's dtype and shape exactly.
 * Shifts must match exactly.
 */
class FftParityTest extends PerDeviceTest {
    @TestFactory
    Stream<DynamicTest> matchesNumpy() {
        return FftFixtures.cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (NDArray x = FftFixtures.input(c);
                            NDArray r = FftFixtures.run(Nd.fft(), c, x)) {
                        assertEquals(c.outDtype(), r.dtype(), c.name() + ": dtype");
                        assertArrayEquals(c.outShape(), r.shape(), c.name() + ": shape " + Arrays.toString(r.shape()));
                        assertEquals(device(), r.device(), c.name() + ": device");
                        double err = FftFixtures.relativeError(FftFixtures.values(r), FftFixtures.expected(c));
                        boolean shift = c.func().endsWith("shift");
                        double n = Math.max(x.size(), r.size());
                        double tol = shift ? 0 : FftFixtures.tolerance(r.dtype(), n);
                        assertTrue(err <= tol, c.name() + ": relative error " + err + " > " + tol);
                    }
                }));
    }

    /**
     * NumPy 2.4 writes irfft's and hfft's result of a float16 input in float16 (result_type(float16,
     * 1.0)), computed in float32; rfft and ihfft give complex64; irfft2's first transform is complex64,
     * so its result is float32. Values: np.fft.irfft / hfft of np.arange(8, dtype=np.float16).
     */
    @org.junit.jupiter.api.Test
    void float16InputsTakeNumpysResultDtypes() {
        double[] irfft = {
            3.5,
            -1.4423828125,
            0.0,
            -0.1837158203125,
            0.0,
            -0.08795166015625,
            0.0,
            -0.0714111328125,
            0.0,
            -0.08795166015625,
            0.0,
            -0.1837158203125,
            0.0,
            -1.4423828125
        };
        double[] hfft = {
            49.0,
            -20.203125,
            0.0,
            -2.572265625,
            0.0,
            -1.2314453125,
            0.0,
            -1.0,
            0.0,
            -1.2314453125,
            0.0,
            -2.572265625,
            0.0,
            -20.203125
        };
        var fft = Nd.fft();
        try (NDArray x = Nd.arange(8).astype(org.ndgpu.ndarray.DType.FLOAT16);
                NDArray ir = fft.irfft(x);
                NDArray h = fft.hfft(x);
                NDArray irn = fft.irfftn(x);
                NDArray r = fft.rfft(x);
                NDArray ih = fft.ihfft(x);
                NDArray ir2 = fft.irfft2(x.reshape(2, 4))) {
            assertEquals(org.ndgpu.ndarray.DType.FLOAT16, ir.dtype());
            assertEquals(org.ndgpu.ndarray.DType.FLOAT16, h.dtype());
            assertEquals(org.ndgpu.ndarray.DType.FLOAT16, irn.dtype());
            assertEquals(org.ndgpu.ndarray.DType.COMPLEX64, r.dtype());
            assertEquals(org.ndgpu.ndarray.DType.COMPLEX64, ih.dtype());
            assertEquals(org.ndgpu.ndarray.DType.FLOAT32, ir2.dtype());
            // one float16 step of the largest value: the float32 transforms differ in their last bits
            assertArrayEquals(irfft, ir.toDoubleArray(), 4e-3);
            assertArrayEquals(irfft, irn.toDoubleArray(), 4e-3);
            assertArrayEquals(hfft, h.toDoubleArray(), 4e-2);
        }
    }
}
