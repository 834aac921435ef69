"""SciPy oracles for Nd.signal(): convolve and correlate (n-D, modes full/same/valid, methods direct and
fft), fftconvolve (with axes), oaconvolve, convolve2d and correlate2d (boundaries fill/wrap/symm),
choose_conv_method, get_window (the named windows, periodic and symmetric), periodogram, welch, csd
and coherence, on random float64, float32 and int32 inputs of odd and even lengths, length 1 included.
Run from the module root: python3 src/test/python/make_signal_fixtures.py
Each line of the gzipped text (tab-separated): function, parameters (key=value;...), the number of
inputs, then dtype, shape and values of each; the number of results, then dtype, shape and values of
each (complex values as re,im pairs)."""
import warnings
import numpy as np
import scipy.signal as ss

warnings.simplefilter("ignore")
rng = np.random.default_rng(2026_11_28)
OUT = "src/test/resources/fixtures/signal/signal.tsv.gz"
rows = []


def fmt(v, digits=None):
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
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
    x = rng.standard_normal(shape) * 2
    return x.astype(np.float32) if dtype == np.float32 else x.round(7)


MODES = ["full", "same", "valid"]


def valid_ok(s1, s2):
    return all(a >= b for a, b in zip(s1, s2)) or all(b >= a for a, b in zip(s1, s2))


pairs = [((1,), (1,)), ((1,), (5,)), ((5,), (1,)), ((7,), (3,)), ((3,), (7,)), ((8,), (4,)), ((4,), (8,)),
         ((13,), (6,)), ((64,), (33,)), ((5, 6), (3, 2)), ((3, 4), (5, 6)), ((6, 5), (6, 5)), ((1, 7), (1, 3)),
         ((4, 3, 5), (2, 3, 2))]
for s1, s2 in pairs:
    for dt in (np.float64, np.float32, np.int32):
        a, v = rand(s1, dt), rand(s2, dt)
        for mode in MODES:
            if mode == "valid" and not valid_ok(s1, s2):
                continue
            for method in ("direct", "fft"):
                p = dict(mode=mode, method=method)
                case("convolve", p, [a, v], [ss.convolve(a, v, mode, method)])
                case("correlate", p, [a, v], [ss.correlate(a, v, mode, method)])
            if dt != np.int32:
                case("fftconvolve", dict(mode=mode), [a, v], [ss.fftconvolve(a, v, mode)])
                case("oaconvolve", dict(mode=mode), [a, v], [ss.oaconvolve(a, v, mode)])
# mixed dtypes: float32 with float64 gives float64
a, v = rand((9,), np.float32), rand((4,), np.float64)
for mode in MODES:
    case("convolve", dict(mode=mode, method="direct"), [a, v], [ss.convolve(a, v, mode, "direct")])
    case("fftconvolve", dict(mode=mode), [a, v], [ss.fftconvolve(a, v, mode)])
# fftconvolve along chosen axes, the other axes broadcast
for s1, s2, axes in (((3, 10), (3, 4), [1]), ((3, 10), (1, 4), [1]), ((6, 4), (3, 4), [0]), ((5, 6, 2), (2, 3, 2), [0, 1])):
    a, v = rand(s1, np.float64), rand(s2, np.float64)
    for mode in MODES:
        case("fftconvolve", dict(mode=mode, axes=",".join(map(str, axes))), [a, v], [ss.fftconvolve(a, v, mode, axes=axes)])

# convolve2d and correlate2d
for s1, s2 in (((6, 7), (3, 3)), ((6, 7), (2, 4)), ((3, 3), (5, 4)), ((1, 1), (1, 1)), ((4, 5), (4, 5)), ((5, 2), (3, 3))):
    for dt in (np.float64, np.float32, np.int32):
        a, v = rand(s1, dt), rand(s2, dt)
        for mode in MODES:
            if mode == "valid" and not valid_ok(s1, s2):
                continue
            for boundary in ("fill", "wrap", "symm"):
                if boundary != "fill" and (s2[0] > s1[0] or s2[1] > s1[1]) and mode != "valid":
                    continue  # SciPy's wrap and symm read each input row at most once past an edge
                p = dict(mode=mode, boundary=boundary, fillvalue=1.5 if dt != np.int32 else 2)
                case("convolve2d", p, [a, v], [ss.convolve2d(a, v, mode, boundary, p["fillvalue"])])
                case("correlate2d", p, [a, v], [ss.correlate2d(a, v, mode, boundary, p["fillvalue"])])

# choose_conv_method
for s1, s2 in (((1000,), (10,)), ((100000,), (1000,)), ((50,), (50,)), ((256, 256), (16, 16)), ((32, 32), (3, 3)),
               ((20000,), (3,)), ((5000,), (4000,))):
    a, v = rand(s1, np.float64), rand(s2, np.float64)
    for mode in MODES:
        if mode == "valid" and not valid_ok(s1, s2):
            continue
        m = ss.choose_conv_method(a, v, mode)
        case("choose_conv_method", dict(mode=mode, shape1=",".join(map(str, s1)), shape2=",".join(map(str, s2)),
                                        method=m), [], [])

# get_window
for name in ("boxcar", "triang", "bartlett", "hann", "hamming", "blackman", "tukey", "hann_periodic",
             "hamming_symmetric", "rect", "tri"):
    for nx in (1, 2, 7, 16):
        for fftbins in (True, False):
            case("get_window", dict(window=name, nx=nx, fftbins=fftbins), [], [ss.get_window(name, nx, fftbins)])
for name, param in (("kaiser", 8.6), ("kaiser", 0.5), ("gaussian", 2.5), ("tukey", 0.3), ("tukey", 1.0), ("tukey", 0.0)):
    for nx in (1, 2, 7, 16):
        for fftbins in (True, False):
            case("get_window", dict(window=name, param=param, nx=nx, fftbins=fftbins), [],
                 [ss.get_window((name, param), nx, fftbins)])

# spectral estimates
for shape, axis in (((1,), -1), ((7,), -1), ((64,), -1), ((3, 50), -1), ((40, 3), 0)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        for window in ("boxcar", "hann"):
            for nfft in (None, shape[axis] + 5, max(1, shape[axis] - 2)):
                for detrend, scaling, onesided in (("constant", "density", True), ("linear", "spectrum", False),
                                                   ("none", "density", False), ("constant", "spectrum", True)):
                    if True:
                        if True:
                            p = dict(fs=2.5, window=window, nfft=nfft, detrend=detrend, onesided=onesided,
                                     scaling=scaling, axis=axis)
                            f, pxx = ss.periodogram(x, 2.5, window, nfft, False if detrend == "none" else detrend,
                                                    onesided, scaling, axis)
                            case("periodogram", p, [x], [f, pxx])
COMBOS = [  # window, nperseg, noverlap, nfft, detrend, scaling, onesided
    ("hann", None, None, None, "constant", "density", True),
    ("hann", 64, None, None, "constant", "density", True),
    ("hann", 65, 10, None, "linear", "spectrum", True),
    ("hann", 32, 0, 50, "none", "density", False),
    ("hann", 100, 99, None, "constant", "spectrum", False),
    ("hamming", 64, 16, 64, "constant", "density", True),
    ("boxcar", 33, None, 40, "linear", "density", True),
    ("tukey", 50, 25, None, "constant", "density", True),
]
for shape, axis in (((400,), -1), ((301,), -1), ((2, 257), -1), ((130, 2), 0)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        y = rand(shape, dt)
        for window, nperseg, noverlap, nfft, detrend, scaling, onesided in COMBOS:
            if dt == np.float32 and nperseg not in (None, 65):
                continue
            p = dict(fs=100.0, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft,
                     detrend=detrend, onesided=onesided, scaling=scaling, axis=axis)
            dtr = False if detrend == "none" else detrend
            f, pxx = ss.welch(x, 100.0, window, nperseg, noverlap, nfft, dtr, onesided, scaling, axis)
            case("welch", p, [x], [f, pxx])
            f, pxy = ss.csd(x, y, 100.0, window, nperseg, noverlap, nfft, dtr, onesided, scaling, axis)
            case("csd", p, [x, y], [f, pxy])
            if onesided and scaling == "density" and window != "boxcar":
                # (a boxcar segment detrended has no DC: SciPy's coherence there is 0 / 0 in rounding noise)
                f, cxy = ss.coherence(x, y, 100.0, window, nperseg, noverlap, nfft, dtr, axis)
                case("coherence", p, [x, y], [f, cxy])
# csd of inputs of different lengths: the shorter is zero-padded
x, y = rand((300,), np.float64), rand((270,), np.float64)
f, pxy = ss.csd(x, y, 1.0, "hann", 64)
case("csd", dict(fs=1.0, window="hann", nperseg=64, noverlap=None, nfft=None, detrend="constant", onesided=True,
                 scaling="density", axis=-1), [x, y], [f, pxy])
# a window array
x = rand((500,), np.float64)
w = ss.get_window(("kaiser", 6.0), 80)
f, pxx = ss.welch(x, 3.0, w)
case("welch_array", dict(fs=3.0), [x, w], [f, pxx])

import gzip
with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
