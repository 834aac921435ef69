package org.ndgpu.testing;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.ndgpu.device.Device;

/**
 * Base of every conformance suite: a test class that extends this runs once per device kind the run
 * tests ({@link TestDevice}; PoCL by default), with that device current in each test, and its
 * tests are shown under {@code [pocl]}, {@code [cuda]} or {@code [opencl-gpu]}.
 *
 * <pre>{@code
 * class CastTest extends PerDeviceTest {
 *     @Test void roundTrip() { ... Nd.array(...) ... }     // on device()
 * }
 * }</pre>
 *
 * <p>Which devices: {@value TestDevice#PROPERTY} (Maven passes {@code pocl}; {@code .gpu/tests.sh}
 * passes {@code cuda,opencl-gpu}). Where the machine lacks a listed kind, each test of that kind's
 * run is skipped with the reason ("no CUDA device here"), before any set-up of the class runs: it
 * shows as skipped, never as passed, and fails nothing.
 *
 * <p>JUnit tags cannot differ between the runs of one class, so these classes carry the tag
 * {@value #TAG} rather than {@code gpu}: CI excludes {@code gpu} and runs them on PoCL; the GPU host
 * includes {@code gpu | devices} and runs them on its GPUs. A test that holds to one device, such as
 * a {@code @Tag("gpu")} CUDA-only test, extends {@link DeviceTestBase} instead.
 */
@ParameterizedClass(name = "[{0}]", allowZeroInvocations = true)
@ArgumentsSource(TestDevices.class)
@ExtendWith(PerDeviceTest.SkipWithoutDevice.class)
@Tag(PerDeviceTest.TAG)
public abstract class PerDeviceTest extends DeviceTestBase {
    /** The tag of every PerDeviceTest class. */
    public static final String TAG = "devices";

    /** The kind this run of the class tests; set by JUnit. */
    @Parameter
    protected TestDevice kind;

    @Override
    protected final Device device() {
        return kind.device();
    }

    /**
     * Skips each test of a kind that the machine lacks. A condition rather than an assumption in
     * set-up, so that a subclass's own set-up and tear-down never run without their device, and the
     * tests are reported one by one as skipped (an aborted class run would not be counted).
     */
    static final class SkipWithoutDevice implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (!(context.getTestInstance().orElse(null) instanceof PerDeviceTest t) || t.kind == null) {
                return ConditionEvaluationResult.enabled("decided per test");
            }
            return t.kind.find().isPresent()
                    ? ConditionEvaluationResult.enabled("has a " + t.kind + " device")
                    : ConditionEvaluationResult.disabled(t.kind.absence());
        }
    }
}
