package org.ndgpu.ndarray;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.testing.PerDeviceTest;

/**
 * astype between every pair of BOOL, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64,
 * FLOAT16, FLOAT32, FLOAT64 against NumPy (fixtures/core/astype.txt), half of them from a strided
 * view, with values at the edges of each range (wraparound of integers, uint64 above 2^63, inf and
 * nan, float16 overflow, subnormals). Float to integer casts use only values whose result C defines.
 */
public class CastTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> astypeAgreesWithNumPy() {
        return CoreFixtures.load("astype.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (NDArray base = CoreFixtures.base(c)) {
                        NDArray cur = base;
                        java.util.List<NDArray> made = new java.util.ArrayList<>();
                        try {
                            for (String op : c.ops()) {
                                cur = ViewTest.apply(cur, op);
                                made.add(cur);
                            }
                            CoreFixtures.assertLayout(c, base, cur);
                        } finally {
                            made.forEach(NDArray::close);
                        }
                    }
                }));
    }
}
