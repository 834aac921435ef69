package org.ndgpu.fft.impl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;

/**
 * The device tables of the own kernels, computed on the host in float64 and kept per device: the
 * coarse roots of unity {@code exp(-2 pi i FINE j / n)}, Bluestein's chirp {@code exp(-i pi j^2 / n)}
 * (j^2 reduced mod 2n in exact integers, so long lengths keep their accuracy) and its transformed filter. The
 * tables are read by kernels queued on any stream, so an evicted one is left to the Cleaner rather
 * than closed while a kernel may still read it.
 */
final class Twiddles {
    private Twiddles() {}

    private record Key(Device device, String kind, long n, DType dtype, boolean inverse) {}

    private static final int MAX = 64;
    private static final Map<Key, NDArray> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, NDArray> e) {
            return size() > MAX;
        }
    };

    interface Maker {
        NDArray make();
    }

    static NDArray cached(Device device, String kind, long n, DType dtype, boolean inverse, Maker maker) {
        Key k = new Key(device, kind, n, dtype, inverse);
        synchronized (CACHE) {
            NDArray t = CACHE.get(k);
            if (t != null && !t.isClosed()) return t;
        }
        // a table outlives the call that made it, and other threads read it: it belongs to no scope
        NDArray t = Scope.unscoped(maker::make);
        synchronized (CACHE) {
            NDArray old = CACHE.putIfAbsent(k, t);
            return old != null && !old.isClosed() ? old : t;
        }
    }

    /** The period of the fine factor of {@link #roots}; the kernels' {@code nd_fft_tw} masks and shifts by it. */
    static final int FINE = 4096;

    /**
     * The coarse roots w^(FINE j) = exp(-2 pi i FINE j / n) for j in [0, ceil(n / FINE)). Where a kernel
     * does not compute w^m whole ({@link OwnFft#direct}), it takes the coarse root of m / FINE times the
     * fine factor w^(m mod FINE), which it computes: the fine angle's argument is exact in float for a
     * power-of-two n, where m / n over all n points is not past 2^24 points.
     */
    static NDArray roots(Device device, long n, DType dtype) {
        long coarse = (n + FINE - 1) / FINE;
        return cached(
                device,
                "roots",
                n,
                dtype,
                false,
                () -> upload(device, dtype, coarse, j -> {
                    long m = j * FINE % n; // reduced exactly, so long lengths keep their accuracy
                    double a = -2 * Math.PI * (double) m / n;
                    return new double[] {Math.cos(a), Math.sin(a)};
                }));
    }

    /** exp(-i pi j^2 / n) for j in [0, n). */
    static NDArray chirp(Device device, long n, DType dtype) {
        return cached(
                device,
                "chirp",
                n,
                dtype,
                false,
                () -> upload(device, dtype, n, j -> {
                    long r = j * j % (2 * n); // j < 2^31: j * j fits
                    double a = -Math.PI * (double) r / n;
                    return new double[] {Math.cos(a), Math.sin(a)};
                }));
    }

    interface Value {
        double[] at(long t);
    }

    static NDArray upload(Device device, DType dtype, long n, Value f) {
        boolean single = dtype == DType.COMPLEX64;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(n * dtype.itemsize(), 16);
            for (long t = 0; t < n; t++) {
                double[] v = f.at(t);
                if (single) {
                    m.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * t, (float) v[0]);
                    m.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * t + 1, (float) v[1]);
                } else {
                    m.setAtIndex(ValueLayout.JAVA_DOUBLE, 2 * t, v[0]);
                    m.setAtIndex(ValueLayout.JAVA_DOUBLE, 2 * t + 1, v[1]);
                }
            }
            return NDArray.fromHost(device, dtype, new long[] {n}, m);
        }
    }
}
