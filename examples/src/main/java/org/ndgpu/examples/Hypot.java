package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/**
 * The course's first ufunc: {@code hypot(a, b)} over n float32 values, once as a Java loop on the
 * host and once as the device ufunc {@code Nd.hypot(a, b)}, the inputs moved to the device once.
 *
 * <p>Run: {@code ./nd demo Hypot} or {@code ./nd run org.ndgpu.examples.Hypot [n]}
 */
public final class Hypot implements Example {
    private final int n;

    /** The course's size, 1,000,000 values. */
    public Hypot() {
        this(1_000_000);
    }

    /** {@code n} values. */
    public Hypot(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "hypot over " + n + " float32 values: host loop vs device ufunc";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        java.util.Random rng = new java.util.Random(1);
        float[] a = new float[n], b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (rng.nextDouble() * 10 - 5);
            b[i] = (float) (rng.nextDouble() * 10 - 5);
        }
        var host = Timing.host(() -> {
            float[] c = new float[n];
            for (int i = 0; i < n; i++) c[i] = (float) Math.hypot(a[i], b[i]);
            return c;
        });
        NDArray da = Nd.array(a), db = Nd.array(b);
        Nd.hypot(da, db).close(); // compiles the kernel, so the timing below is the run alone
        var dev = Timing.of(() -> Nd.hypot(da, db));
        float[] got = dev.value().toFloatArray();
        out.println("  Nd.hypot(a, b)[0..2] = " + got[0] + ", " + got[1] + ", " + got[2]);
        return Result.on(name(), device)
                .value("n", n)
                .value("dtype", dev.value().dtype().toString())
                .value("hypot(3, 4)", Nd.hypot(Nd.array(new float[] {3}), 4).toFloatArray()[0])
                .value("max rel error", Check.maxRelError(got, host.value(), 1e-30))
                .millis("host loop", host.millis())
                .millis("device ufunc", dev.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new Hypot(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000));
    }
}
