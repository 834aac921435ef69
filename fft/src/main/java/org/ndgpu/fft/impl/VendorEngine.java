package org.ndgpu.fft.impl;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.FftProvider;
import org.ndgpu.vendor.VendorFft;

/**
 * The {@link Engine} of a device whose backend brings an FFT library ({@link VendorFft}: cuFFT on
 * CUDA, from backend-cuda's provider). The library transforms; this class scales the result with a
 * small kernel after the transform, on the same stream, as the libraries never normalize.
 */
final class VendorEngine implements Engine {
    private final Device device;
    private final VendorFft fft;

    private VendorEngine(Device device, VendorFft fft) {
        this.device = device;
        this.fft = fft;
    }

    /** The providers, asked once: ServiceLoader runs on the first transform, never per call. */
    private static final class AllProviders {
        static final List<FftProvider> ALL =
                ServiceLoader.load(FftProvider.class, VendorEngine.class.getClassLoader()).stream()
                        .map(ServiceLoader.Provider::get)
                        .toList();
    }

    /** A device's vendor engine, or none, found on its first transform and kept until Device.reset(). */
    private static final class Found {
        private volatile Optional<VendorEngine> engine;

        VendorEngine get(Device device) {
            Optional<VendorEngine> e = engine;
            return (e != null ? e : find(device)).orElse(null);
        }

        private synchronized Optional<VendorEngine> find(Device device) {
            if (engine == null) {
                Optional<VendorEngine> e = Optional.empty();
                for (FftProvider p : AllProviders.ALL) {
                    if (p.supports(device)) {
                        e = Optional.of(new VendorEngine(device, p.create(device)));
                        break;
                    }
                }
                engine = e;
            }
            return engine;
        }
    }

    private static final Device.Key<Found> FOUND = new Device.Key<>("vendor FFT");

    /** The engine of the first provider that supports {@code device}, made once per device; null when none does. */
    static VendorEngine of(Device device) {
        return device.state(FOUND, Found::new).get(device);
    }

    /** Whether the library loads (looked for on the first call). */
    boolean available() {
        return fft.available();
    }

    /** "cuFFT 12.0.0 (libcufft.so.12 (dlopen))". */
    String describe() {
        return fft.describe();
    }

    private void scale(NDArray out, long count, double scale) {
        if (scale == 1.0 || count == 0) return;
        DType ct = out.dtype().isComplex()
                ? out.dtype()
                : (out.dtype() == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128);
        String kernel = out.dtype().isComplex() ? "scale" : "scale_real";
        OwnFft.helper(
                device,
                ct,
                kernel,
                count,
                LaunchArgs.of(4).array(out).i64(count).scalar(ct.real(), scale));
    }

    @Override
    public long onePassLength(Device device, DType dtype) {
        return fft.onePassLength(dtype);
    }

    @Override
    public void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
        fft.c2c(in, out, batch, n, inverse);
        scale(out, batch * n, scale);
    }

    @Override
    public boolean c2cStrided(NDArray v, NDArray out, long n, boolean inverse, double scale) {
        if (!fft.c2cStrided(v, out, n, inverse)) return false;
        scale(out, out.size(), scale);
        return true;
    }

    @Override
    public boolean r2c(NDArray in, NDArray out, long batch, long n, double scale) {
        if (!fft.r2c(in, out, batch, n)) return false;
        scale(out, batch * (n / 2 + 1), scale);
        return true;
    }

    @Override
    public boolean c2r(NDArray in, NDArray out, long batch, long n, double scale) {
        if (!fft.c2r(in, out, batch, n)) return false;
        scale(out, batch * n, scale);
        return true;
    }

    @Override
    public boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse, double scale) {
        if (!fft.c2cTrailing(in, out, batch, dims, inverse)) return false;
        long points = 1;
        for (long d : dims) points *= d;
        scale(out, batch * points, scale);
        return true;
    }
}
