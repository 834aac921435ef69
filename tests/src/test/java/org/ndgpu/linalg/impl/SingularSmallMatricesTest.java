package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * An exactly singular small matrix is singular for inv and solve as for det: np.linalg.inv and solve of
 * np.arange(9.).reshape(3, 3) raise LinAlgError("Singular matrix") and its det is 0.0. inv and solve of
 * orders up to 32 run a Gauss-Jordan kernel that must meet getrf's zero pivot (it scaled the pivot row
 * first and returned +-1.5e15 garbage). Also a stack where one matrix is singular, and that block in
 * larger orders.
 */
public class SingularSmallMatricesTest extends PerDeviceTest {

    @Test
    void arangeNineIsSingularForInvSolveAndDet() {
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            try (NDArray a0 = Nd.arange(9).reshape(3, 3);
                    NDArray a = a0.astype(t);
                    NDArray b = Nd.ones(t, 3);
                    NDArray det = Nd.linalg().det(a)) {
                assertEquals(0.0, det.doubleValue(), 0, t + " det");
                var e = assertThrows(LinAlgException.class, () -> Nd.linalg().inv(a), t + " inv");
                assertTrue(e.getMessage().contains("Singular matrix"), e.getMessage());
                assertThrows(LinAlgException.class, () -> Nd.linalg().solve(a, b), t + " solve");
            }
        }
        // a stack with one singular matrix raises; orders 4..32 of rank n - 1 (integer entries) too
        try (NDArray eye = Nd.eye(3);
                NDArray sing = Nd.arange(9).reshape(3, 3).astype(DType.FLOAT64);
                NDArray stack = Nd.stack(eye, sing)) {
            assertThrows(LinAlgException.class, () -> Nd.linalg().inv(stack));
        }
        // orders 4..32: the same block at the top left of an identity, whose rows do not touch it
        for (int n : new int[] {4, 7, 16, 32}) {
            try (NDArray a = Nd.eye(n);
                    NDArray block = Nd.arange(9).reshape(3, 3).astype(DType.FLOAT64)) {
                a.set("0:3, 0:3", block);
                assertThrows(LinAlgException.class, () -> Nd.linalg().inv(a), "order " + n);
            }
        }
    }
}
