package org.ndgpu.backend.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.BackendProvider;

/** Runs everywhere, CI included (no GPU there): discovery never throws and says why nothing was found. */
class CudaProviderTest {

    @Test
    void discoveryNeverThrowsAndExplainsAnEmptyResult() {
        var provider = new CudaProvider();
        assertEquals("cuda", provider.name());
        BackendProvider.Discovery d = provider.discover();
        if (d.backends().isEmpty()) {
            assertFalse(d.problems().isEmpty(), "no CUDA backends and no reason given");
            for (String p : d.problems()) assertFalse(p.isBlank());
        }
        assertSame(d, provider.discover(), "devices are found once per process");
    }

    @Test
    void withoutTheDriverTheProblemNamesLibcuda() {
        if (CudaDriver.available()) return; // a machine with the driver: nothing to check here
        BackendProvider.Discovery d = new CudaProvider().discover();
        assertTrue(d.backends().isEmpty());
        String p = d.problems().getFirst();
        assertTrue(p.startsWith("libcuda.so.1 not found"), p);
        assertTrue(p.contains("no NVIDIA driver"), p);
        assertTrue(p.contains("libcuda.so"), p);
    }

    @Test
    void registeredAsAService() {
        boolean found =
                ServiceLoader.load(BackendProvider.class).stream().anyMatch(p -> p.type() == CudaProvider.class);
        assertTrue(found, "META-INF/services/org.ndgpu.backend.BackendProvider lists CudaProvider");
    }

    @Test
    void errorNamesAndStickiness() {
        assertEquals("CUDA_ERROR_ILLEGAL_ADDRESS", CudaError.builtinName(700));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", CudaError.builtinName(2));
        assertEquals("CUDA_ERROR_NO_DEVICE", CudaError.builtinName(100));
        assertTrue(CudaError.isSticky(700));
        assertTrue(CudaError.isSticky(719));
        assertTrue(CudaError.isSticky(716));
        assertFalse(CudaError.isSticky(2));
        assertFalse(CudaError.isSticky(701), "LAUNCH_OUT_OF_RESOURCES is a bad launch, not a fault");
        assertEquals(
                "CUDA_ERROR_ILLEGAL_ADDRESS (sticky: the context is now unusable; restart the process): an illegal memory access was encountered",
                CudaError.describe(700, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"));
        assertEquals(
                "CUDA_ERROR_INVALID_VALUE: invalid argument",
                CudaError.describe(1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"));
        if (!CudaDriver.available()) assertEquals("CUDA_ERROR_LAUNCH_FAILED", CudaDriver.errorName(719));
    }

    @Test
    void nvrtcAbsenceIsReportedNotThrown() {
        if (Nvrtc.available()) return;
        assertTrue(Nvrtc.problem().contains("libnvrtc.so.13"), Nvrtc.problem());
    }
}
