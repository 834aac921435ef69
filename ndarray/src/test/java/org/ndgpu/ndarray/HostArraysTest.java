package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The build's JVMs (surefire, ./nd) export jdk.internal.misc, so large reads skip zeroing; the sizes are right either way. */
class HostArraysTest {
    @Test
    void theBuildsJvmGivesUninitializedArrays() {
        assertTrue(HostArrays.uninitializedAvailable(),
                "surefire's argLine (root pom) and ./nd pass --add-exports java.base/jdk.internal.misc=ALL-UNNAMED");
    }

    @Test
    void lengthsAreAsAsked() {
        for (int n : new int[]{0, 1, 1000, (1 << 18) + 1, 1 << 20}) {
            assertEquals(n, HostArrays.floats(n).length);
            assertEquals(n, HostArrays.doubles(n).length);
            assertEquals(n, HostArrays.longs(n).length);
            assertEquals(n, HostArrays.ints(n).length);
        }
    }
}
