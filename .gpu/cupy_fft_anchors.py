"""CuPy's figures for FftBench (cuFFT behind cupy.fft, with CuPy's plan cache), timed the same way:
   CUDA events around each call, median of the reps after warm-up.
   python3 .gpu/cupy_fft_anchors.py"""
import cupy as cp
from cupy_timing import bench

def report(name, ms, nbytes):
    print(f"{name:44s} {ms:12.4f} {nbytes / ms / 1e6:12.1f}")

print(f"CuPy {cp.__version__} FFT on {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}, cuFFT {cp.cuda.cufft.getVersion()}")
n = 1 << 24
rng = cp.random.default_rng(5)
re = rng.standard_normal(n, dtype=cp.float32)
x = (re + 1j * rng.standard_normal(n, dtype=cp.float32)).astype(cp.complex64)
report("fft c64 2^24", bench(lambda: cp.fft.fft(x)), 2 * 8 * n)
report("rfft f32 2^24", bench(lambda: cp.fft.rfft(re)), 4 * n + 8 * (n // 2 + 1))
b = (rng.standard_normal((64, 1024, 1024), dtype=cp.float32)
     + 1j * rng.standard_normal((64, 1024, 1024), dtype=cp.float32)).astype(cp.complex64)
report("fft2 c64 64x1024x1024", bench(lambda: cp.fft.fft2(b), reps=5, warm=1), 2 * 8 * b.size)
del b
m = 1 << 20
z = rng.standard_normal(m).astype(cp.complex128)
report("fft c128 2^20", bench(lambda: cp.fft.fft(z)), 2 * 16 * m)
p = 1_000_003
w = rng.standard_normal(p, dtype=cp.float32).astype(cp.complex64)
report("fft c64 1000003 (prime)", bench(lambda: cp.fft.fft(w)), 2 * 8 * p)
