package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.vendor.Solver;

/** The solver is held by its device: one per device, a new one after Device.reset, and it still solves. */
class SolverStateTest {
    @Test
    void resetMakesANewSolver() {
        Device d = Backends.openclCpu();
        try (var _ = d.use();
                NDArray a = Nd.array(new double[] {2, 1, 1, 3}, DType.FLOAT64, 1, 2, 2)) {
            Solver before = Solver.forDevice(d);
            assertSame(before, Solver.forDevice(d));
            d.reset();
            Solver after = Solver.forDevice(d);
            assertNotSame(before, after, "reset drops the device's solver");
            assertSame(after, Solver.forDevice(d));
            try (NDArray det = after.det(a)) {
                assertEquals(5.0, det.toDoubleArray()[0], 1e-12, "det [[2,1],[1,3]]");
            }
        }
    }
}
