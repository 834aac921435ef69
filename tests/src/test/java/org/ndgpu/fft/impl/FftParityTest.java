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
}
