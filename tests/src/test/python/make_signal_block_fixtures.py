"""SciPy oracles for the fused FFT kernels of Nd.signal(). fftconvolve's overlap-save plan
(OverlapSave, BlockConvolution): signals long
against the blocks that SignalBlocksTest sets (64 complex points, 128 samples), filters of 1 to 65
taps, lengths that are no multiple of a block, both orders of the inputs, float32, float64, complex
and int32 inputs (convolve and correlate with method 'fft'), modes full, same and valid, and axes
(one filter broadcast over rows; and shapes the plan leaves to the whole-length transform).
welch's one-kernel average (SegmentPower): signals of thousands of samples (small integers, so the
file stays small), segments of 18 to 4096 samples (powers of two and not; a work-item then sums
several frequencies), detrend 'constant' and
'none' (and 'linear', nfft > nperseg, odd nperseg: the kernel's refusals), rows along either axis.
Run from the module root: python3 src/test/python/make_signal_block_fixtures.py
The format is make_signal_fixtures.py's."""
import warnings
import numpy as np
import scipy.signal as ss

warnings.simplefilter("ignore")
rng = np.random.default_rng(2026_11_28_40)
OUT = "src/test/resources/fixtures/signal/signal_blocks.tsv.gz"
rows = []


def fmt(v, digits=None):
    v = float(v)
    return ("%.9g" % v) if digits == 9 else repr(v)


def arr(a):
    a = np.asarray(a)
    d = 9 if a.dtype in (np.float32, np.complex64) else None
    if np.iscomplexobj(a):
        vals = " ".join(fmt(v.real, d) + "," + fmt(v.imag, d) for v in a.ravel())
    else:
        vals = " ".join(fmt(v, d) for v in a.ravel())
    return [str(a.dtype), ",".join(map(str, a.shape)), vals]


def case(fn, params, ins, outs):
    p = ";".join(f"{k}={v}" for k, v in params.items())
    f = [fn, p, str(len(ins))]
    for x in ins:
        f += arr(x)
    f.append(str(len(outs)))
    for y in outs:
        f += arr(y)
    rows.append("\t".join(f))


def rand(shape, dtype):
    if dtype == np.int32:
        return rng.integers(-9, 10, shape).astype(np.int32)
    if dtype in (np.complex64, np.complex128):
        x = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
        return x.astype(dtype) if dtype == np.complex64 else x.round(7)
    x = rng.standard_normal(shape) * 2
    return x.astype(np.float32) if dtype == np.float32 else x.round(7)


MODES = ["full", "same", "valid"]
# 1-D: (n, k) long against a block of 128 samples; 65 taps leave 64 outputs of a block, 1 tap 128
for n, k in [(300, 17), (17, 300), (601, 65), (65, 601), (257, 1), (300, 64), (129, 2), (130, 66)]:
    for dt in (np.float64, np.float32):
        a, v = rand((n,), dt), rand((k,), dt)
        for mode in MODES:
            case("fftconvolve", dict(mode=mode), [a, v], [ss.fftconvolve(a, v, mode)])
        case("oaconvolve", dict(mode="same"), [a, v], [ss.oaconvolve(a, v, "same")])
# complex and mixed inputs: the real and imaginary parts convolve on the same plan
for d1, d2 in [(np.complex128, np.complex128), (np.complex64, np.float32), (np.float64, np.complex128)]:
    a, v = rand((300,), d1), rand((17,), d2)
    for mode in MODES:
        case("fftconvolve", dict(mode=mode), [a, v], [ss.fftconvolve(a, v, mode)])
# convolve and correlate with method 'fft' (correlate flips the filter), int32 rounded back
for dt in (np.float64, np.float32, np.int32):
    a, v = rand((400,), dt), rand((23,), dt)
    for mode in MODES:
        p = dict(mode=mode, method="fft")
        case("convolve", p, [a, v], [ss.convolve(a, v, mode, "fft")])
        case("correlate", p, [a, v], [ss.correlate(a, v, mode, "fft")])
# axes: one filter over rows (the plan), and shapes it leaves to the whole-length transform
for s1, s2, axes in [((3, 300), (1, 17), (1,)), ((300, 3), (17, 1), (0,)), ((2, 2, 150), (1, 1, 20), (2,)),
                     ((2, 2, 150), (1, 1, 20), (-1,)), ((1, 300), (1, 17), None), ((3, 300), (3, 17), (1,)),
                     ((3, 300), (1, 17), None), ((1, 17), (3, 300), (1,))]:
    for dt in (np.float64, np.float32):
        a, v = rand(s1, dt), rand(s2, dt)
        for mode in MODES:
            if mode == "valid" and axes is None and s1[0] < s2[0] and s1[1] > s2[1]:
                continue
            p = dict(mode=mode)
            if axes is not None:
                p["axes"] = ",".join(map(str, axes))
            case("fftconvolve", p, [a, v], [ss.fftconvolve(a, v, mode, axes=axes)])

# welch: (shape, axis, dtype, window, nperseg, noverlap, nfft, detrend, scaling)
WELCH = [((20000,), -1, np.float32, "hann", None, None, None, "constant", "density"),
         ((20000,), -1, np.float32, "hann", 256, 0, None, False, "spectrum"),
         ((9000,), -1, np.float64, "hamming", 128, 100, None, "constant", "density"),
         ((9001,), -1, np.float64, "hann", 96, 0, None, "constant", "spectrum"),
         ((3000,), -1, np.float64, "boxcar", 18, 9, None, False, "density"),
         ((3, 3000), -1, np.float32, "hann", 64, 32, None, "constant", "density"),
         ((3000, 2), 0, np.float64, "hann", 64, None, None, "constant", "density"),
         ((2, 2, 1500), -1, np.float64, "blackman", 100, 50, None, "constant", "density"),
         ((20000,), -1, np.float32, "hann", 4096, None, None, "constant", "density"),
         ((6000,), -1, np.float64, "hann", 2048, 1000, None, "constant", "spectrum"),
         ((3000,), -1, np.float64, "hann", 64, None, 80, "constant", "density"),
         ((3000,), -1, np.float64, "hann", 65, None, None, "constant", "density"),
         ((3000,), -1, np.float64, "hann", 64, None, None, "linear", "density")]
for shape, axis, dt, window, nperseg, noverlap, nfft, detrend, scaling in WELCH:
    x = rng.integers(-9, 10, shape).astype(dt)
    p = dict(fs=100.0, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft,
             detrend="none" if detrend is False else detrend, onesided=True, scaling=scaling, axis=axis)
    f, pxx = ss.welch(x, 100.0, window, nperseg, noverlap, nfft, detrend, True, scaling, axis)
    case("welch", p, [x], [f, pxx])

import gzip

with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
