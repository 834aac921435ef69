"""CuPy's figures for SignalBench: the same cupyx.scipy.signal calls on the same float32 signals.
   python3 .gpu/cupy_signal_anchors.py [shrink]   (lengths divided by 2^shrink, as SignalBench's argument)"""
import sys
import cupy as cp
import cupyx.scipy.signal as sig
from cupy_timing import bench, report

shrink = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n, k, w = 1 << (22 - shrink), 1 << (12 - shrink), 1 << (26 - shrink)
rng = cp.random.default_rng(40)
x = rng.uniform(-1, 1, n, dtype=cp.float32)
h = rng.uniform(-1, 1, k, dtype=cp.float32)
h31 = rng.uniform(-1, 1, 31, dtype=cp.float32)
long1 = rng.uniform(-1, 1, w, dtype=cp.float32)
image = rng.random((2048, 2048), dtype=cp.float32)
box = cp.ones((5, 5), dtype=cp.float32)
print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
report(f"fftconvolve 2^{22 - shrink} with 2^{12 - shrink} f32", bench(lambda: sig.fftconvolve(x, h)), 4.0 * (2 * n + k))
report(f"fftconvolve 2^{22 - shrink} with 31 f32", bench(lambda: sig.fftconvolve(x, h31)), 4.0 * 2 * n)
report(f"convolve direct 2^{22 - shrink} with 31 same f32",
       bench(lambda: sig.convolve(x, h31, mode="same", method="direct")), 4.0 * 2 * n)
report(f"welch 2^{26 - shrink} nperseg 256 f32", bench(lambda: sig.welch(long1, 1.0)), 4.0 * w)
report("correlate2d 5x5 same 2048^2 f32", bench(lambda: sig.correlate2d(image, box, mode="same")), 4.0 * 2 * 2048 * 2048)
# lfilter of 2^24 samples, order 8 (Butterworth coefficients, float64 as SciPy's: a float64 result)
f = 1 << (24 - shrink)
b, a = sig.butter(8, 0.2)
s24 = rng.uniform(-1, 1, f, dtype=cp.float32)
report(f"lfilter 2^{24 - shrink} order 8 f32", bench(lambda: sig.lfilter(b, a, s24)), 4.0 * f + 8.0 * f)
b32, a32 = b.astype(cp.float32), a.astype(cp.float32)
report(f"lfilter 2^{24 - shrink} order 8 f32 coefficients", bench(lambda: sig.lfilter(b32, a32, s24)), 4.0 * f + 4.0 * f)
