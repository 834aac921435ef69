package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.SplittableRandom;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The Monte Carlo estimate of pi: the fraction of uniform points of the unit square that fall in the
 * quarter circle is pi/4. On the host, a Java loop with SplittableRandom; on the device, the points
 * come from the device generator ({@code Nd.random()}, Philox, seeded) and the count of points
 * inside is a reduction ({@code x*x + y*y <= 1} summed), so nothing but one number comes back. A
 * scope ({@code Nd.scope(() -> ...)}) releases every array of the estimate when it returns.
 *
 * <p>Run: {@code ./nd demo MonteCarloPi} or {@code ./nd run org.ndgpu.examples.MonteCarloPi [n]}
 */
public final class MonteCarloPi implements Example {
    private final long n;

    /** 10,000,000 points, as the course. */
    public MonteCarloPi() {
        this(10_000_000);
    }

    /** {@code n} points. */
    public MonteCarloPi(long n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "Monte Carlo estimate of pi from " + n + " points: host loop vs device RNG and reduction";
    }

    /**
     * The device estimate: 4 x the count of seeded uniform float32 points inside the unit circle,
     * over n. The points and the five temporaries of the count (7 n-element arrays, 280 MB at 10^7)
     * go back to the pool when the scope returns, not when the collector finds them.
     */
    public static double devicePi(long n, long seed) {
        return Nd.scope(() -> {
            Nd.random().seed(seed);
            NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, n);
            NDArray y = Nd.random().uniform(0, 1, DType.FLOAT32, n);
            long inside = ((Number) x.mul(x).add(y.mul(y)).le(1.0).sum().item()).longValue();
            return 4.0 * inside / n;
        });
    }

    /** The host estimate, a plain loop. */
    public static double hostPi(long n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        long inside = 0;
        for (long i = 0; i < n; i++) {
            double x = rng.nextDouble(), y = rng.nextDouble();
            if (x * x + y * y <= 1) inside++;
        }
        return 4.0 * inside / n;
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        var host = Timing.host(() -> hostPi(n, 42));
        devicePi(1000, 42); // compiles the kernels, so the timing below is the run alone
        var dev = Timing.of(() -> devicePi(n, 42));
        out.printf("  pi ~ %.6f (host), %.6f (device), Math.PI = %.6f%n", host.value(), dev.value(), Math.PI);
        return Result.on(name(), device)
                .value("n", n)
                .value("pi (host)", host.value())
                .value("pi (device)", dev.value())
                .value("standard error", 4 * Math.sqrt(Math.PI / 4 * (1 - Math.PI / 4) / n))
                .millis("host loop", host.millis())
                .millis("device", dev.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new MonteCarloPi(args.length > 0 ? Long.parseLong(args[0]) : 10_000_000));
    }
}
