package org.ndgpu.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.ndgpu.device.Device;

/**
 * A kind of device a {@link PerDeviceTest} class runs on. Which kinds a run uses is the list in
 * {@value #PROPERTY} (JUnit configuration parameter or system property, e.g.
 * {@code -Dndgpu.test.devices=cuda,opencl-gpu}); without it, {@code pocl}, the device every machine
 * here has, CI included.
 *
 * <pre>{@code
 * mvn test                                                     // each PerDeviceTest once, on PoCL
 * mvn test -Dndgpu.test.devices=pocl,cuda,opencl-gpu          // on a GPU machine: three times
 * }</pre>
 */
public enum TestDevice {
    /** The first OpenCL CPU device (PoCL). */
    POCL("pocl", "OpenCL CPU device"),
    /** The first CUDA device. */
    CUDA("cuda", "CUDA device"),
    /** The first OpenCL GPU (NVIDIA's OpenCL platform on the GPU host). */
    OPENCL_GPU("opencl-gpu", "OpenCL GPU");

    /** The property that lists the kinds a run tests, comma-separated. */
    public static final String PROPERTY = "ndgpu.test.devices";
    /** The kinds tested when {@value #PROPERTY} is not set. */
    public static final String DEFAULT = "pocl";

    private final String id;
    private final String what;

    TestDevice(String id, String what) {
        this.id = id;
        this.what = what;
    }

    /** The name used in {@value #PROPERTY} and in test display names, e.g. {@code opencl-gpu}. */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }

    /** This kind's device on this machine, if it has one. */
    public Optional<Device> find() {
        return Device.list().stream()
                .filter(d -> switch (this) {
                    case POCL -> d.backendName().equals("opencl") && !d.isGpu();
                    case CUDA -> d.backendName().equals("cuda");
                    case OPENCL_GPU -> d.backendName().equals("opencl") && d.isGpu();
                })
                .findFirst();
    }

    /**
     * This kind's device; where the machine has none, the calling test is aborted (reported as
     * skipped, with the reason), since a run may list a kind that only some machines have.
     */
    public Device device() {
        Optional<Device> d = find();
        assumeTrue(d.isPresent(), this::absence);
        return d.orElseThrow();
    }

    /** Why this kind is missing here, e.g. "no CUDA device here (cuda): ..." with the devices found and the problems met. */
    public String absence() {
        return "no " + what + " here (" + id + "): " + Device.list() + " " + Device.problems();
    }

    /** The kind named {@code id}; an unknown name fails, so that a typo cannot leave a run testing nothing. */
    public static TestDevice of(String id) {
        String s = id.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(k -> k.id.equals(s))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(PROPERTY + ": unknown device kind '" + id + "'; known: "
                        + Arrays.stream(values()).map(TestDevice::id).collect(Collectors.joining(", "))));
    }

    /** The kinds listed in {@code value} (comma-separated), in that order, without repeats. */
    public static List<TestDevice> parse(String value) {
        List<TestDevice> kinds = new ArrayList<>();
        for (String s : value.split(",")) {
            if (s.isBlank()) continue;
            TestDevice k = of(s);
            if (!kinds.contains(k)) kinds.add(k);
        }
        if (kinds.isEmpty()) throw new IllegalArgumentException(PROPERTY + " lists no device kind: '" + value + "'");
        return kinds;
    }
}
