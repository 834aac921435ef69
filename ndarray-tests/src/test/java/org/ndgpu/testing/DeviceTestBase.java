package org.ndgpu.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.ndgpu.device.Device;

/**
 * Base of every conformance suite: an abstract suite extends this, and one small subclass per
 * backend says which device, e.g. {@code class PoclCoreTest extends CoreConformance { device() ->
 * Backends.openclCpu() }} and {@code @Tag("gpu") class CudaCoreTest extends CoreConformance}.
 * Each test runs with that device current.
 */
public abstract class DeviceTestBase {
    private Device.Scope scope;

    /** The device the suite runs on. */
    protected abstract Device device();

    @BeforeEach
    void enterDevice() { scope = device().use(); }

    @AfterEach
    void leaveDevice() {
        if (scope != null) scope.close();
    }
}
