package org.ndgpu.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.ndgpu.device.Device;

/**
 * Each test runs with {@link #device()} current. A test of one fixed device extends this directly
 * (e.g. {@code @Tag("gpu") class CudaOutOfMemoryTest}: {@code device() -> Backends.cuda()}); a
 * conformance suite, run on every tested device, extends {@link PerDeviceTest}.
 */
public abstract class DeviceTestBase {
    private Device.Scope scope;

    /** The device the tests run on. */
    protected abstract Device device();

    @BeforeEach
    void enterDevice() {
        scope = device().use();
    }

    @AfterEach
    void leaveDevice() {
        if (scope != null) scope.close();
    }
}
