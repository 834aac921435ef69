package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The course's lesson on memory movement: make a train of pulses, then add noise. First naively,
 * each step's result coming back to the host and going out again (three transfers in, two out);
 * then keeping everything on the device: the time axis made there, the noise moved in once, the
 * waveform moved out once. Same numbers, less traffic.
 *
 * <p>Run: {@code ./nd demo MemoryMovement} or {@code ./nd run org.ndgpu.examples.MemoryMovement [n]}
 */
public final class MemoryMovement implements Example {
    /** {@code make_pulses(t, period, amplitude) = max(sin(t / period) - 0.3, 0) * amplitude}. */
    public static final ElementwiseKernel MAKE_PULSES = new ElementwiseKernel(
            "float32 t, float32 period, float32 amplitude",
            "float32 pulse",
            "pulse = fmax(sin(t / period) - 0.3f, 0.0f) * amplitude",
            "make_pulses");

    private final int n;

    /** The course's 100,000 samples. */
    public MemoryMovement() {
        this(100_000);
    }

    /** {@code n} samples. */
    public MemoryMovement(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "memory movement: make_pulses + noise over " + n
                + " samples, host round trip vs data kept on the device";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        float period = n / 23f;
        float[] noise = new float[n];
        java.util.Random rng = new java.util.Random(7);
        for (int i = 0; i < n; i++) noise[i] = (float) (rng.nextGaussian() * 3);
        float[] t = new float[n];
        for (int i = 0; i < n; i++) t[i] = i;
        float[] want = new float[n];
        for (int i = 0; i < n; i++) want[i] = (float) Math.max(Math.sin(t[i] / period) - 0.3f, 0) * 100f + noise[i];

        roundTrip(t, noise, period); // warm-up: compile every kernel both ways use
        onDevice(noise, period);
        var naive = Timing.of(() -> roundTrip(t, noise, period));
        var kept = Timing.of(() -> onDevice(noise, period));
        out.printf(
                "  waveform[n/46] = %.4f (a pulse's peak), waveform[0] = %.4f (noise)%n",
                kept.value()[n / 46], kept.value()[0]);
        return Result.on(name(), device)
                .value("n", n)
                .value("transfers, round trip", "3 in, 2 out")
                .value("transfers, kept on device", "1 in, 1 out")
                .value("max abs error (round trip)", Check.maxAbsError(naive.value(), want))
                .value("max abs error (kept)", Check.maxAbsError(kept.value(), want))
                .value("same result", java.util.Arrays.equals(naive.value(), kept.value()))
                .millis("with host round trip", naive.millis())
                .millis("one transfer in, one out", kept.millis());
    }

    /** Every step returns to the host, as arrays passed to a GPU ufunc from the host do. */
    static float[] roundTrip(float[] t, float[] noise, float period) {
        float[] pulses = MAKE_PULSES.call(Nd.array(t), period, 100f).toFloatArray();
        return Nd.add(Nd.array(pulses), Nd.array(noise)).toFloatArray();
    }

    /** The time axis made on the device, the noise moved in once, the waveform moved out once. */
    static float[] onDevice(float[] noise, float period) {
        int n = noise.length;
        NDArray t = Nd.arange(0, n, 1, DType.FLOAT32);
        NDArray pulses = Nd.empty(DType.FLOAT32, n);
        NDArray waveform = Nd.empty(DType.FLOAT32, n);
        MAKE_PULSES.call(t, period, 100f, pulses);
        Nd.add(pulses, Nd.array(noise), waveform);
        return waveform.toFloatArray();
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new MemoryMovement(args.length > 0 ? Integer.parseInt(args[0]) : 100_000));
    }
}
