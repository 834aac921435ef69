package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** vander reads float16 input as its half values (not the 16-bit storage), giving float64 as NumPy. */
class VanderFloat16Test extends PerDeviceTest {
    @Test
    void float16InputGivesItsPowers() {
        try (NDArray x = Nd.array(new float[] {2, 3, -0.5f}).astype(DType.FLOAT16);
                NDArray inc = Nd.vander(x, 3, true);
                NDArray r = x.get("::-1");
                NDArray dec = Nd.vander(r)) {
            // np.vander(np.array([2, 3, -0.5], np.float16), 3, increasing=True) -> float64
            assertEquals(DType.FLOAT64, inc.dtype());
            assertArrayEquals(new double[] {1, 2, 4, 1, 3, 9, 1, -0.5, 0.25}, inc.toDoubleArray());
            // np.vander(np.array([-0.5, 3, 2], np.float16)) -> float64
            assertEquals(DType.FLOAT64, dec.dtype());
            assertArrayEquals(new double[] {0.25, -0.5, 1, 9, 3, 1, 4, 2, 1}, dec.toDoubleArray());
        }
    }
}
