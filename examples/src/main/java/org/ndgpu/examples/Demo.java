package org.ndgpu.examples;

import java.util.List;
import org.ndgpu.device.Device;

/**
 * The demo, {@code ./nd demo [Name...]}: lists the devices found (and why any may be missing), then
 * runs every example, or the ones named, on the best device, printing each result, its time and
 * the device. Exits with status 1 when an example fails.
 *
 * <pre>{@code
 * ./nd demo                       # every example
 * ./nd demo MonteCarloPi SinCos   # two of them
 * }</pre>
 */
public final class Demo {
    private Demo() {}

    /** Runs the examples named in {@code args} (all when none). */
    public static void main(String[] args) {
        // a misspelt name is the user's typo, not a failure of ndgpu: say so plainly, without a stack trace
        for (String name : args) {
            try {
                Examples.named(name);
            } catch (IllegalArgumentException e) {
                System.err.println("demo: " + e.getMessage());
                System.exit(2);
            }
        }
        System.out.println("Devices found:");
        Device.list().forEach(d -> System.out.println("  " + d));
        Device.problems().forEach(p -> System.out.println("  note: " + p));
        Device dev = Device.current();
        System.out.println("Running on " + dev + "\n");
        List<String> failed = Examples.runAll(List.of(args), System.out);
        if (!failed.isEmpty()) {
            System.out.println("FAILED: " + failed);
            System.exit(1);
        }
        System.out.println("All examples ran on " + dev + ".");
    }
}
