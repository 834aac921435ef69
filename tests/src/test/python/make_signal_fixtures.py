"""SciPy oracles for Nd.signal(): convolve and correlate (n-D, modes full/same/valid, methods direct and
fft), fftconvolve (with axes), oaconvolve, convolve2d and correlate2d (boundaries fill/wrap/symm),
choose_conv_method, get_window (the named windows, periodic and symmetric), periodogram, welch, csd
and coherence, butter and cheby1 (every btype), lfilter (with zi), lfilter_zi, sosfilt, filtfilt, firwin, freqz,
hilbert, detrend, resample, find_peaks, medfilt, wiener, savgol_coeffs and savgol_filter, on random float64, float32 and int32 inputs of odd and even lengths, length 1 included.
Run from the module root: python3 src/test/python/make_signal_fixtures.py
Each line of the gzipped text (tab-separated): function, parameters (key=value;...), the number of
inputs, then dtype, shape and values of each; the number of results, then dtype, shape and values of
each (complex values as re,im pairs)."""
import warnings
import numpy as np
import scipy.signal as ss
from fixture_values import arr, fmt

warnings.simplefilter("ignore")
rng = np.random.default_rng(2026_11_28)
OUT = "src/test/resources/fixtures/signal/signal.tsv.gz"
rows = []


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
        if dt == np.float32 and shape != (64,):
            continue
        for window in ("boxcar", "hann"):
            for nfft in (None, shape[axis] + 5, max(1, shape[axis] - 2)) if len(shape) == 1 else (None,):
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


# filter design (host) and lfilter, lfilter_zi, sosfilt (device)
for n in (1, 2, 4, 5, 8):
    for wn, btype, fs in ((0.2, "lowpass", None), (0.35, "highpass", None), ([0.1, 0.4], "bandpass", None),
                          ([0.2, 0.3], "bandstop", None), ([50.0, 200.0], "bandpass", 1000.0), (120.0, "lowpass", 1000.0)):
        wl = wn if isinstance(wn, list) else [wn]
        p = dict(N=n, Wn=",".join(map(repr, wl)), btype=btype, fs=fs)
        b, a = ss.butter(n, wn, btype, fs=fs)
        case("butter", p, [], [b, a])
        for rp in (0.5, 3.0):
            b, a = ss.cheby1(n, rp, wn, btype, fs=fs)
            case("cheby1", dict(p, rp=rp), [], [b, a])
filters = [ss.butter(4, 0.2), ss.butter(8, 0.1), ss.cheby1(3, 1.0, [0.2, 0.5], "bandpass"),
           (np.array([0.5, -0.25, 0.125, 1.0, 0.3]), np.array([1.0])), (np.array([2.0]), np.array([4.0])),
           (np.array([1.0, 0.5]), np.array([2.0, -0.6, 0.2]))]
for fi, (b, a) in enumerate(filters):
    if max(len(a), len(b)) > 1:
        case("lfilter_zi", dict(filter=fi), [b, a], [ss.lfilter_zi(b, a)])
    for shape, axis in (((1,), -1), ((7,), -1), ((600,), -1), ((2, 300), -1), ((270, 2), 0)):
        for dt in (np.float64, np.float32):
            if dt == np.float32 and shape != (2, 300):
                continue
            x = rand(shape, dt)
            case("lfilter", dict(axis=axis), [b, a, x], [ss.lfilter(b, a, x, axis)])
            order = max(len(a), len(b)) - 1
            if order > 0 and dt == np.float64 and shape in ((7,), (600,), (270, 2)):
                zshape = list(shape)
                zshape[axis] = order
                zi = rng.standard_normal(zshape).round(6)
                y, zf = ss.lfilter(b, a, x, axis, zi)
                case("lfilter_with_zi", dict(axis=axis), [b, a, x, zi], [y, zf])
# float32 coefficients and signal: a float32 result
b32, a32 = (c.astype(np.float32) for c in ss.butter(3, 0.3))
x = rand((500,), np.float32)
case("lfilter", dict(axis=-1), [b32, a32, x], [ss.lfilter(b32, a32, x)])
for n, wn in ((6, 0.25), (3, 0.4), (1, 0.1)):
    sos = ss.butter(n, wn, output="sos")
    for shape, axis in (((300,), -1), ((2, 260), -1), ((100, 3), 0), ((1,), -1)):
        x = rand(shape, np.float64)
        case("sosfilt", dict(axis=axis), [sos, x], [ss.sosfilt(sos, x, axis)])

# hilbert, detrend, firwin, freqz, filtfilt
for shape, axis in (((1,), -1), ((8,), -1), ((9,), -1), ((3, 20), -1), ((21, 2), 0)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        case("hilbert", dict(N=None, axis=axis), [x], [ss.hilbert(x, axis=axis)])
        for t in ("linear", "constant"):
            case("detrend", dict(axis=axis, type=t), [x], [ss.detrend(x, axis=axis, type=t)])
x = rand((10,), np.float64)
case("hilbert", dict(N=16, axis=-1), [x], [ss.hilbert(x, 16)])
case("hilbert", dict(N=7, axis=-1), [x], [ss.hilbert(x, 7)])
for numtaps, cutoff, window, pass_zero, scale, fs in ((31, [0.3], "hamming", True, True, None), (30, [0.3], "hann", True, True, None),
                                                     (31, [0.3], "hamming", False, True, None), (41, [0.2, 0.5], "blackman", False, True, None),
                                                     (41, [0.2, 0.5], "hamming", True, False, None), (1, [0.5], "boxcar", True, True, None),
                                                     (25, [100.0, 300.0], "hamming", False, True, 1000.0), (16, [0.1, 0.4], "triang", False, True, None)):
    h = ss.firwin(numtaps, cutoff, window=window, pass_zero=pass_zero, scale=scale, fs=fs)
    case("firwin", dict(numtaps=numtaps, cutoff=",".join(map(repr, cutoff)), window=window, pass_zero=pass_zero,
                        scale=scale, fs=fs), [], [h])
for fi, (b, a) in enumerate(filters[:4] + [filters[5]]):
    for worN, whole, fs in ((512, False, 2 * np.pi), (7, True, 2 * np.pi), (64, False, 1000.0), (3, False, 2 * np.pi)):
        w, h = ss.freqz(b, a, worN, whole, fs=fs)
        case("freqz", dict(worN=worN, whole=whole, fs=fs), [b, a], [w, h])
for fi, (b, a) in enumerate([filters[0], filters[2], filters[5], (ss.firwin(9, 0.3), np.array([1.0]))]):
    for shape, axis in (((60,), -1), ((2, 45), -1), ((50, 2), 0)):
        x = rand(shape, np.float64)
        for padtype, padlen in (("odd", None), ("even", 5), ("constant", 10), (None, None)):
            case("filtfilt", dict(axis=axis, padtype=padtype, padlen=padlen), [b, a, x],
                 [ss.filtfilt(b, a, x, axis, padtype, padlen)])

# resample (Fourier method) and find_peaks
for shape, axis in (((1,), -1), ((8,), -1), ((9,), -1), ((3, 20), -1), ((21, 2), 0)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        n = shape[axis]
        for num in sorted({1, 2, 5, 6, n, 2 * n + 1, 3 * n}):
            case("resample", dict(num=num, axis=axis), [x], [ss.resample(x, num, axis=axis)])
for n in (1, 2, 3, 50, 400):
    x = rand((n,), np.float64)
    if n == 400:
        x[100:104] = 5.0  # a plateau
    for height, distance, prominence in ((None, None, None), (0.5, None, None), ((0.0, 2.0), None, None),
                                         (None, 5, None), (None, None, 1.0), (None, None, (0.5, 3.0)), (0.2, 7, 0.8)):
        peaks, props = ss.find_peaks(x, height=height, distance=distance, prominence=prominence)
        outs = [peaks.astype(np.int64)]
        if height is not None:
            outs.append(props["peak_heights"])
        if prominence is not None:
            outs += [props["prominences"], props["left_bases"].astype(np.int64), props["right_bases"].astype(np.int64)]
        fmt_r = lambda r: None if r is None else (",".join(map(repr, r)) if isinstance(r, tuple) else repr(r))
        case("find_peaks", dict(height=fmt_r(height), distance=distance, prominence=fmt_r(prominence)), [x], outs)

# medfilt and wiener
for shape in ((1,), (2,), (9,), (40,), (6, 7), (4, 5, 3)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        nd = len(shape)
        sizes = [None, [5], [1] * (nd - 1) + [3]] + ([[3, 1] + [3] * (nd - 2), [5, 3] + [1] * (nd - 2)] if nd > 1 else [[7]])
        for ks in sizes:
            p = dict(kernel_size=None if ks is None else ",".join(map(str, ks)))
            case("medfilt", p, [x], [ss.medfilt(x, None if ks is None else (ks[0] if len(ks) == 1 else ks))])
        for ms, noise in ((None, None), ([5], None), ([1] * (nd - 1) + [3], 0.5)):
            if shape == (1,) and ms is not None:
                continue
            p = dict(mysize=None if ms is None else ",".join(map(str, ms)), noise=noise)
            case("wiener", p, [x], [ss.wiener(x, None if ms is None else (ms[0] if len(ms) == 1 else ms), noise)])

# savgol_coeffs and savgol_filter
for wl, po, deriv, delta in ((5, 2, 0, 1.0), (7, 3, 1, 0.5), (8, 2, 0, 1.0), (11, 4, 2, 1.0), (1, 0, 0, 1.0), (6, 5, 0, 1.0),
                             (9, 2, 3, 1.0), (31, 5, 0, 1.0)):
    case("savgol_coeffs", dict(wl=wl, po=po, deriv=deriv, delta=delta), [], [ss.savgol_coeffs(wl, po, deriv, delta)])
for shape, axis in (((40,), -1), ((11,), -1), ((3, 30), -1), ((25, 2), 0)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        for wl, po, deriv, delta in ((5, 2, 0, 1.0), (7, 3, 1, 0.5), (8, 2, 0, 1.0), (11, 4, 2, 1.0)):
            for mode in ("interp", "constant", "wrap"):
                if dt == np.float32 and mode != "interp":
                    continue
                y = ss.savgol_filter(x, wl, po, deriv, delta, axis, mode, 0.5)
                case("savgol_filter", dict(wl=wl, po=po, deriv=deriv, delta=delta, axis=axis, mode=mode, cval=0.5), [x], [y])

import gzip
with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
