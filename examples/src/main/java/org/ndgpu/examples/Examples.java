package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ndgpu.device.Device;

/**
 * The list of examples the demo runs, in the course's order, and the runner every example's
 * {@code main} shares.
 *
 * <pre>{@code
 * for (Example e : Examples.all()) e.run(System.out).print(System.out);
 * Examples.named("MonteCarloPi").run(System.out);
 * }</pre>
 */
public final class Examples {
    private Examples() {}

    private static final List<Supplier<Example>> ALL = List.of(
            Tour::new,
            Hypot::new,
            MonteCarloPi::new,
            SinCos::new,
            MemoryMovement::new,
            HiddenLayer::new,
            CustomKernels::new,
            FuseSquaredDiff::new,
            MatmulSvd::new,
            GufuncNorm::new,
            TiledMatmul::new,
            DataParallelRegression::new,
            Spectrum::new);

    /** Every example at its demo size, in the order the demo runs them. */
    public static List<Example> all() {
        return ALL.stream().map(Supplier::get).toList();
    }

    /** The example of that name (case-insensitive); throws IllegalArgumentException listing the names. */
    public static Example named(String name) {
        List<Example> all = all();
        for (Example e : all) if (e.name().equalsIgnoreCase(name)) return e;
        throw new IllegalArgumentException("no example '" + name + "'; there are "
                + all.stream().map(Example::name).toList());
    }

    /**
     * Runs {@code example} on the current device, printing a header, its steps and its result.
     *
     * @return the result
     */
    public static Result runAndPrint(Example example, PrintStream out) {
        out.println("== " + example.name() + ": " + example.title());
        Result r = example.run(out);
        r.print(out);
        out.println();
        return r;
    }

    /**
     * Runs the examples named (all when none), each once; a failure is printed with its stack trace
     * and the others still run.
     *
     * @return the names of those that failed
     */
    public static List<String> runAll(List<String> names, PrintStream out) {
        List<Example> chosen =
                names.isEmpty() ? all() : names.stream().map(Examples::named).toList();
        List<String> failed = new ArrayList<>();
        for (Example e : chosen) {
            try {
                runAndPrint(e, out);
            } catch (RuntimeException | AssertionError err) {
                out.println("  FAILED: " + err);
                err.printStackTrace(out);
                out.println();
                failed.add(e.name());
            }
        }
        return failed;
    }

    /** The body of each example's {@code main}: run it on the current device and print it. */
    public static void main(Example example) {
        System.out.println("device: " + Device.current());
        runAndPrint(example, System.out);
    }
}
