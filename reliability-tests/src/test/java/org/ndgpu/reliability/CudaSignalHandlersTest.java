package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;

/** After the CUDA driver, NVRTC and cuBLAS have loaded and run, Java's signal-based exceptions still work. */
@Tag("gpu")
class CudaSignalHandlersTest {
    @Test
    void javaExceptionsStillThrowAfterCudaRan() {
        try (var _ = Device.get("cuda:0").use();
                var x = Nd.arange(100).mul(3);
                var m = Nd.ones(DType.FLOAT32, 64, 64);
                var p = m.matmul(m)) {
            assertEquals(14850.0, x.sum().doubleValue());
            assertEquals(64.0 * 64 * 64, p.sum().doubleValue());
        }
        JavaSignals.checkDivisionAndNullChecks();
    }
}
