import java.util.*;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.device.Event;
import org.ndgpu.fft.impl.BlockConvolution;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * On the GPU host (a single-file program, no build): device and host time of one fftconvolve of 2^22
 * samples with 2^12 taps, its overlap-save blocks alone, and a copy and an rfft for scale, each the
 * median of 31 calls after a warm-up of -Dwarm= ms (default 3000; 0 gives 30 calls, a fresh JVM's view):
 *   JAVA_OPTS="-Dndgpu.device=opencl:gpu -Dwarm=0" .device/run .gpu/FftconvolveProbe.java
 */
public class FftconvolveProbe {
    static long WARM = Long.getLong("warm", 3000);
    static void sync() { try (Event q = Event.record()) { q.synchronize(); } }
    static double med(List<Double> v) { Collections.sort(v); return v.get(v.size() / 2); }
    static void time(String name, Supplier<NDArray> op) throws Exception {
        long t0 = System.nanoTime(); int c = 0; while (System.nanoTime() - t0 < WARM * 1_000_000L || c < 30) { op.get().close(); c++; }
        sync();
        List<Double> dev = new ArrayList<>(), host = new ArrayList<>(), wall = new ArrayList<>();
        for (int i = 0; i < 31; i++) {
            sync();
            long w0 = System.nanoTime();
            try (Event s = Event.record()) {
                long h0 = System.nanoTime();
                NDArray r = op.get();
                host.add((System.nanoTime() - h0) / 1e3);
                try (Event e = Event.record()) { e.synchronize(); dev.add(s.elapsedMillis(e) * 1e3); }
                wall.add((System.nanoTime() - w0) / 1e3);
                r.close();
            }
        }
        System.out.printf("%-40s device %8.1f us  host %8.1f us  wall %8.1f us%n", name, med(dev), med(host), med(wall));
    }
    public static void main(String[] a) throws Exception {
        var s = Nd.signal();
        long n = 1L << 22, k = 1L << 12;
        NDArray x = Nd.random().seed(40).uniform(-1, 1, DType.FLOAT32, n);
        NDArray h = Nd.random().seed(41).uniform(-1, 1, DType.FLOAT32, k);
        NDArray x2 = x.reshape(1, n);
        System.out.println("device " + x.device());
        int pts = BlockConvolution.points(x.device(), DType.FLOAT32, n, k, 1L << 23);
        System.out.println("points " + pts);
        time("fftconvolve 2^22 x 2^12", () -> s.fftconvolve(x, h));
        if (pts > 0) time("BlockConvolution.convolve", () -> BlockConvolution.convolve(x2, h, 0, n + k - 1, pts));
        time("fftconvolve 2^22 x 31", () -> s.fftconvolve(x, Nd.random().seed(42).uniform(-1, 1, DType.FLOAT32, 31)));
        time("copy of x", () -> x.copy());
        time("rfft 2^23", () -> Nd.fft().rfft(x, 1L << 23));
    }
}
