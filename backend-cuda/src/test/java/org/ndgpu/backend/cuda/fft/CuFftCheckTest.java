package org.ndgpu.backend.cuda.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;

/** cuFFT's line in Device.problems(): none without a CUDA device; on a CUDA host, one exactly when libcufft is missing. */
class CuFftCheckTest {
    @Test
    void problemsNameCufftOnlyWhereACudaDeviceLacksIt() {
        boolean cuda = Device.list().stream().anyMatch(d -> d.backend().dialect() == Dialect.CUDA);
        List<String> mine = new CuFftCheck().problems(Device.list());
        if (!cuda) {
            assertEquals(List.of(), mine);
        } else {
            assertEquals(CuFftLoader.problem() == null, mine.isEmpty(), mine.toString());
        }
        assertTrue(Device.problems().containsAll(mine), Device.problems() + " lacks " + mine);
    }
}
