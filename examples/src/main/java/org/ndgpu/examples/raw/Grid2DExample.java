package org.ndgpu.examples.raw;

import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.JavaKernel;
import org.ndgpu.raw.NdRange;
import org.ndgpu.raw.RawKernel;

/**
 * A 2-D grid: each thread computes one pixel of a (height x width) image, f(r, c) = sin(c * 0.01) *
 * cos(r * 0.02), with the column as dimension 0 so neighbouring threads write neighbouring memory.
 * As a RawKernel in the device's dialect and as a JavaKernel, checked against a Java loop.
 *
 * <p>Run: {@code nd run org.ndgpu.examples.raw.Grid2DExample [height width]}
 */
public final class Grid2DExample {
    private Grid2DExample() {}

    static final String OPENCL = """
            __kernel void wave(__global float* img, int height, int width) {
                int c = get_global_id(0), r = get_global_id(1);
                if (r < height && c < width) img[r * width + c] = sin(c * 0.01f) * cos(r * 0.02f);
            }
            """;
    static final String CUDA = """
            extern "C" __global__ void wave(float* img, int height, int width) {
                int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
                if (r < height && c < width) img[r * width + c] = sinf(c * 0.01f) * cosf(r * 0.02f);
            }
            """;

    /** The same image in Java. */
    public static final class JavaWave extends JavaKernel {
        float[] img;
        int height;
        int width;

        @Override
        public void run() {
            int c = getGlobalId(0), r = getGlobalId(1);
            if (r < height && c < width) img[r * width + c] = sin(c * 0.01f) * cos(r * 0.02f);
        }
    }

    /** Runs both images on the current device; args: height width (default 1080 1920). */
    public static void main(String[] args) {
        int h = args.length > 0 ? Integer.parseInt(args[0]) : 1080;
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 1920;
        Device device = Device.current();
        float[] want = new float[h * w];
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++) want[r * w + c] = (float) (Math.sin(c * 0.01f) * Math.cos(r * 0.02f));

        var k = new RawKernel(device.backend().dialect() == Dialect.CUDA ? CUDA : OPENCL, "wave");
        NDArray img = Nd.full(Float.NaN, DType.FLOAT32, h, w);
        k.compile(device);
        Event t0 = Event.record();
        k.launch(new long[] {(w + 15) / 16, (h + 15) / 16}, new long[] {16, 16}, img, h, w);
        Event t1 = Event.record();
        report("RawKernel", device, img.toFloatArray(), want, t0.elapsedMillis(t1));

        var jk = new JavaWave();
        jk.height = h;
        jk.width = w;
        NDArray img2 = Nd.full(Float.NaN, DType.FLOAT32, h, w);
        jk.bind("img", img2);
        NdRange range = NdRange.of((w + 15) / 16 * 16L, (h + 15) / 16 * 16L).local(16, 16);
        jk.launch(range);
        Event t2 = Event.record();
        jk.launch(range);
        Event t3 = Event.record();
        report("JavaKernel", device, img2.toFloatArray(), want, t2.elapsedMillis(t3));
    }

    static void report(String what, Device device, float[] got, float[] want, double ms) {
        double worst = 0;
        for (int i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]));
        System.out.printf(
                "%-10s 2-D grid %s (max abs error %.2e): img[0, 0..2]=%.4f, %.4f, %.4f, %.3f ms, on %s%n",
                what, worst < 1e-5 ? "matches the Java loop" : "DIFFERS", worst, got[0], got[1], got[2], ms, device);
        if (!(worst < 1e-5)) throw new AssertionError(what + ": max abs error " + worst);
    }
}
