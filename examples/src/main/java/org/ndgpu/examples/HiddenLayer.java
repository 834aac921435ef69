package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.SplittableRandom;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The course's neural-network hidden layer: greyscale pixels normalized ({@code / 255}), weighed
 * (times a normal weight), and activated with the course's {@code exp}-based tanh,
 * {@code (e^v - e^-v) / (e^v + e^-v)}. The greyscales and weights move to the device once each, the
 * three steps write into arrays allocated there up front, and only the activations come back; the
 * result is checked against the same computation on the host.
 *
 * <p>The demo's size is 100,000,000 elements on a GPU and 10,000,000 on a CPU device (it says so);
 * a test passes a smaller size.
 *
 * <p>Run: {@code ./nd demo HiddenLayer} or {@code ./nd run org.ndgpu.examples.HiddenLayer [n]}
 */
public final class HiddenLayer implements Example {
    /** The course's activation in one kernel: no temporaries for the four exponentials. */
    public static final ElementwiseKernel ACTIVATE = new ElementwiseKernel(
            "float32 v", "float32 a", "float32 ep = exp(v), em = exp(-v); a = (ep - em) / (ep + em)", "activate");

    /** The size the course asks for; the demo uses it on a GPU. */
    public static final long GPU_SIZE = 100_000_000L;
    /** The demo's size on a CPU device, where 1e8 would take a while to check. */
    public static final long CPU_SIZE = 10_000_000L;

    private final Long n;

    /** 100,000,000 elements on a GPU, 10,000,000 on a CPU device. */
    public HiddenLayer() {
        this.n = null;
    }

    /** {@code n} elements, whatever the device. */
    public HiddenLayer(long n) {
        this.n = n;
    }

    private long size(Device d) {
        return n != null ? n : d.isGpu() ? GPU_SIZE : CPU_SIZE;
    }

    @Override
    public String title() {
        return "neural-network hidden layer (normalize, weigh, activate) on "
                + (n != null ? n + " elements" : "1e8 elements (1e7 on a CPU device)") + ", one transfer each way";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        long size = size(device);
        if (size > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException("HiddenLayer: at most 2^31 - 9 elements in Java arrays, got " + size);
        int len = (int) size;
        if (n == null && !device.isGpu()) {
            out.printf(
                    "  %s is a CPU device: running on %,d elements instead of %,d%n", device.id(), CPU_SIZE, GPU_SIZE);
        }
        SplittableRandom rng = new SplittableRandom(2024);
        float[] greyscales = new float[len], weights = new float[len];
        for (int i = 0; i < len; i++) {
            greyscales[i] = (float) Math.floor(rng.nextDouble(0, 255));
            weights[i] = (float) rng.nextGaussian(0.5, 0.1);
        }
        var host = Timing.host(() -> {
            float[] a = new float[len];
            for (int i = 0; i < len; i++) {
                float v = greyscales[i] / 255f * weights[i];
                double ep = Math.exp(v), em = Math.exp(-v);
                a[i] = (float) ((ep - em) / (ep + em));
            }
            return a;
        });
        layer(new float[] {1}, new float[] {1}); // warm-up: compile the kernels
        var dev = Timing.of(() -> layer(greyscales, weights));
        float[] got = dev.value();
        out.printf("  activations[0..2] = %.6f, %.6f, %.6f%n", got[0], got[1], got[2]);
        return Result.on(name(), device)
                .value("n", (long) len)
                .value("max abs error vs host", Check.maxAbsError(got, host.value()))
                .value("activation(1 * 1)", layer(new float[] {255}, new float[] {1})[0])
                .millis("host loop", host.millis())
                .millis("device (transfers included)", dev.millis());
    }

    /** The layer on the device: greyscales and weights in, activations out, one transfer each. */
    public static float[] layer(float[] greyscales, float[] weights) {
        int len = greyscales.length;
        NDArray g = Nd.array(greyscales), w = Nd.array(weights);
        NDArray normalized = Nd.empty(DType.FLOAT32, len);
        NDArray weighted = Nd.empty(DType.FLOAT32, len);
        NDArray activated = Nd.empty(DType.FLOAT32, len);
        Nd.div(g, 255, normalized);
        Nd.mul(normalized, w, weighted);
        ACTIVATE.call(weighted, activated);
        try (g;
                w;
                normalized;
                weighted) {
            return activated.toFloatArray();
        } finally {
            activated.close();
        }
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(args.length > 0 ? new HiddenLayer(Long.parseLong(args[0])) : new HiddenLayer());
    }
}
