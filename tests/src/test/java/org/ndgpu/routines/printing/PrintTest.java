package org.ndgpu.routines.printing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NDArray.toString and str() on the device against NumPy's repr and str (fixtures/repr): the
 * summarized cases (more than 1000 elements) fetch only the edges of each long axis, and a
 * Fortran-ordered or reversed copy on the device must print exactly the same.
 */
public class PrintTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> deviceArraysPrintAsNumPy() {
        return ArrayPrinterTest.cases().stream()
                .map(c -> dynamicTest(c.name(), () -> {
                    try (NDArray a = Nd.fromHost(c.array())) {
                        assertEquals(c.repr(), a.toString(), "repr");
                        assertEquals(c.str(), a.str(), "str");
                        if (a.ndim() > 0) {
                            NDArray f = Nd.asfortranarray(a); // a itself when already Fortran-contiguous
                            assertEquals(c.repr(), f.toString(), "repr of the Fortran-ordered copy");
                            if (f != a) f.close();
                            // the same elements reached through a reversed view of a reversed copy
                            try (NDArray r = a.get("::-1").copy();
                                    NDArray back = r.get("::-1")) {
                                assertEquals(c.repr(), back.toString(), "repr through a negative-stride view");
                                assertEquals(c.str(), back.str(), "str through a negative-stride view");
                            }
                        }
                    }
                }));
    }
}
