package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.testing.TestDevice;
import org.ndgpu.testing.TestDevices;

/**
 * Every case of {@link BadInputCases} on one device: the exact exception class, the message
 * fragments, and bystander arrays (a matrix, a strided view of it, an int64 vector, a bool mask)
 * that must hold the same values afterwards, so a failed call never corrupts or frees anything it
 * did not own. Run with {@code mvn -pl reliability-tests test -Dtest=BadInputCatalogueTest}.
 */
// never run on NVIDIA OpenCL before this suite became one class: the GPU host keeps to the devices it was checked on
@TestDevices.Only({TestDevice.POCL, TestDevice.CUDA})
class BadInputCatalogueTest extends PerDeviceTest {
    @TempDir
    Path dir;

    private NDArray matrix;
    private NDArray view;
    private NDArray ints;
    private NDArray mask;

    static List<BadInputCases.Case> cases() {
        return BadInputCases.all();
    }

    @BeforeEach
    void bystanders() {
        matrix = Nd.arange(0.0, 12.0, 1.0, DType.FLOAT32).reshape(3, 4);
        view = matrix.get("::2, ::-1");
        ints = Nd.arange(100, 110);
        mask = ints.mod(2).eq(0);
    }

    @AfterEach
    void closeBystanders() {
        for (NDArray a : new NDArray[] {view, matrix, ints, mask}) a.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputRaisesAndHarmsNothing(BadInputCases.Case c) {
        try {
            c.action().accept(dir);
            fail(c.name() + ": expected " + c.type().getSimpleName() + ", nothing was thrown");
        } catch (RuntimeException e) {
            if (e.getClass() != c.type()) {
                throw new AssertionError(c.name() + ": expected " + c.type().getSimpleName() + ", got " + e, e);
            }
            String msg = e.getMessage();
            for (String f : c.fragments()) {
                assertTrue(msg != null && msg.contains(f), () -> c.name() + ": message lacks '" + f + "': " + msg);
            }
        }
        checkBystanders();
    }

    private void checkBystanders() {
        assertFalse(matrix.isClosed() || view.isClosed() || ints.isClosed() || mask.isClosed());
        float[] m = matrix.toFloatArray();
        for (int i = 0; i < 12; i++) assertEquals(i, m[i], 0, "bystander matrix changed");
        assertArrayEquals(new float[] {3, 2, 1, 0, 11, 10, 9, 8}, view.toFloatArray(), "bystander view changed");
        long[] n = ints.toLongArray();
        for (int i = 0; i < 10; i++) assertEquals(100 + i, n[i], "bystander int64 vector changed");
        boolean[] b = mask.toBooleanArray();
        for (int i = 0; i < 10; i++) assertEquals(i % 2 == 0, b[i], "bystander mask changed");
        // the device still computes: a fresh op on the bystanders is right
        assertEquals(66.0, matrix.sum().doubleValue(), 0);
    }
}
