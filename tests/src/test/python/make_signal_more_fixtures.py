"""SciPy oracles for the second part of Nd.signal(): stft, istft, spectrogram (every mode), upfirdn,
resample_poly, decimate (iir and fir, zero phase or not), sosfilt with zi, sosfilt_zi and sosfiltfilt,
on random float64, float32 and complex inputs of odd and even lengths, axis other than the last,
nperseg longer than the input. The format is make_signal_fixtures.py's (SignalParityTest reads both).
Run from the module root: python3 src/test/python/make_signal_more_fixtures.py"""
import warnings
import numpy as np
import scipy.signal as ss
from fixture_values import arr, fmt

warnings.simplefilter("ignore")
rng = np.random.default_rng(2026_11_28_2)
OUT = "src/test/resources/fixtures/signal/signal_more.tsv.gz"
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
    x = rng.standard_normal(shape) * 2
    if dtype == np.float32:
        return x.astype(np.float32)
    if dtype == np.complex128:
        return (x + 1j * rng.standard_normal(shape)).round(7)
    if dtype == np.complex64:
        return (x + 1j * rng.standard_normal(shape)).astype(np.complex64)
    return x.round(7)


# stft: window, nperseg, noverlap, nfft, detrend, onesided, boundary, padded, scaling
STFT = [
    ("hann", 16, None, None, None, True, "zeros", True, "spectrum"),
    ("hann", 15, 5, 20, "constant", True, "even", True, "psd"),
    ("hamming", 32, 24, None, "linear", False, "odd", False, "spectrum"),
    ("boxcar", 8, 0, None, None, True, None, False, "psd"),
    ("hann", 256, None, None, None, True, "constant", True, "spectrum"),  # longer than the input
    ("blackman", 9, 4, 9, None, False, None, True, "spectrum"),
]
for shape, axis in (((100,), -1), ((101,), -1), ((2, 64), -1), ((3, 50), 1), ((45, 2), 0)):
    for dt in (np.float64, np.float32, np.complex128):
        x = rand(shape, dt)
        for w, nper, nov, nfft, det, one, bnd, pad, sc in STFT:
            if dt != np.float64 and nper not in (16, 32):
                continue
            f, t, z = ss.stft(x, 50.0, w, nper, nov, nfft, det if det else False, one, bnd, pad, axis, sc)
            p = dict(fs=50.0, window=w, nperseg=nper, noverlap=nov, nfft=nfft, detrend=det, onesided=one,
                     boundary=bnd, padded=pad, axis=axis, scaling=sc)
            case("stft", p, [x], [f, t, z])

# spectrogram: every mode
for shape, axis in (((150,), -1), ((129,), -1), ((2, 100), -1), ((90, 2), 0)):
    for dt in (np.float64, np.float32, np.complex128):
        x = rand(shape, dt)
        for w, nper, nov, nfft, det, one, sc in (("tukey", None, None, None, "constant", True, "density"),
                                                 ("hann", 64, 16, None, "linear", True, "spectrum"),
                                                 ("hamming", 33, None, 40, None, False, "density")):
            for mode in ("psd", "complex", "magnitude", "angle", "phase"):
                if dt != np.float64 and (nper != 64 or mode in ("angle", "phase")):
                    continue
                win = ("tukey", 0.25) if w == "tukey" else w
                if mode in ("angle", "phase"):
                    det = None  # a detrended segment's DC bin is rounding noise, its angle arbitrary
                f, t, s = ss.spectrogram(x, 10.0, win, nper, nov, nfft, det if det else False, one, sc, axis, mode)
                p = dict(fs=10.0, window=w, nperseg=nper, noverlap=nov, nfft=nfft, detrend=det, onesided=one,
                         scaling=sc, axis=axis, mode=mode)
                case("spectrogram", p, [x], [f, t, s])

# istft of SciPy's own stft, and of random spectra
for shape, axis in (((100,), -1), ((101,), -1), ((2, 64), -1)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        for nper, nov, nfft, one, bnd, sc in ((16, None, None, True, True, "spectrum"), (15, 5, None, True, True, "psd"),
                                              (32, 24, 40, True, False, "spectrum"), (16, 8, None, False, True, "spectrum")):
            _, _, z = ss.stft(x, 50.0, "hann", nper, nov, nfft, False, one, "zeros" if bnd else None, True, axis, sc)
            t, y = ss.istft(z, 50.0, "hann", nper, nov, nfft, one, bnd, -1, -2, sc)
            p = dict(fs=50.0, window="hann", nperseg=nper, noverlap=nov, nfft=nfft, onesided=one, boundary=bnd,
                     time_axis=-1, freq_axis=-2, scaling=sc)
            case("istft", p, [z], [t, y])
z = rand((9, 3, 12), np.complex128)  # frequencies first, segments on axis 2, and a middle axis
t, y = ss.istft(z, 2.0, "hamming", 16, 12, None, True, True, 2, 0, "spectrum")
case("istft", dict(fs=2.0, window="hamming", nperseg=16, noverlap=12, nfft=None, onesided=True, boundary=True,
                   time_axis=2, freq_axis=0, scaling="spectrum"), [z], [t, y])
z = rand((4, 7, 10), np.complex128)
t, y = ss.istft(z, 1.0, "hann", None, None, None, False, False, 1, 2, "spectrum")
case("istft", dict(fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, onesided=False, boundary=False,
                   time_axis=1, freq_axis=2, scaling="spectrum"), [z], [t, y])

# upfirdn
for nh in (1, 4, 7):
    for up, down in ((1, 1), (2, 1), (1, 3), (3, 2), (2, 5), (4, 4)):
        for shape, axis in (((1,), -1), ((10,), -1), ((11,), -1), ((3, 20), -1), ((17, 2), 0)):
            for dt in (np.float64, np.float32, np.complex128):
                if dt != np.float64 and shape != (10,):
                    continue
                h = rand((nh,), np.float64 if dt != np.float32 else np.float32)
                x = rand(shape, dt)
                cval = 0.0 if (up + down + nh) % 2 else 1.5
                y = ss.upfirdn(h, x, up, down, axis, "constant", cval)
                case("upfirdn", dict(up=up, down=down, axis=axis, cval=cval), [h, x], [y])
h = rand((5,), np.complex128)
x = rand((12,), np.float64)
case("upfirdn", dict(up=2, down=3, axis=-1, cval=0.0), [h, x], [ss.upfirdn(h, x, 2, 3)])

# resample_poly
for up, down in ((1, 1), (3, 2), (2, 3), (1, 4), (5, 1), (4, 6)):
    for shape, axis in (((40,), 0), ((41,), 0), ((3, 30), -1), ((25, 2), 0), ((1,), 0)):
        for dt in (np.float64, np.float32, np.complex128):
            if dt != np.float64 and shape != (41,):
                continue
            x = rand(shape, dt)
            for window, param, padtype, cval in (("kaiser", 5.0, "constant", None), ("hamming", None, "mean", None),
                                                 ("kaiser", 5.0, "constant", 0.5), ("kaiser", 5.0, "minimum", None),
                                                 ("kaiser", 5.0, "maximum", None)):
                if dt == np.complex128 and padtype in ("minimum", "maximum"):
                    continue
                win = (window, param) if param is not None else window
                y = ss.resample_poly(x, up, down, axis, win, padtype, cval)
                case("resample_poly", dict(up=up, down=down, axis=axis, window=window, param=param, padtype=padtype,
                                           cval=cval), [x], [y])
x = rand((50,), np.float64)
h = ss.firwin(31, 0.4)
case("resample_poly_array", dict(up=3, down=2, axis=0), [x, h], [ss.resample_poly(x, 3, 2, 0, h)])

# decimate
for q in (2, 3, 5):
    for shape, axis in (((100,), -1), ((101,), -1), ((2, 80), -1), ((70, 2), 0)):
        for dt in (np.float64, np.float32):
            if dt == np.float32 and shape != (101,):
                continue
            x = rand(shape, dt)
            for ftype, n, zp in (("iir", None, True), ("iir", None, False), ("iir", 4, True), ("fir", None, True),
                                 ("fir", None, False), ("fir", 15, True)):
                y = ss.decimate(x, q, n, ftype, axis, zp)
                case("decimate", dict(q=q, n=n, ftype=ftype, axis=axis, zero_phase=zp), [x], [y])
x = rand((90,), np.complex128)
case("decimate", dict(q=3, n=None, ftype="fir", axis=-1, zero_phase=True), [x], [ss.decimate(x, 3, ftype="fir")])
case("decimate", dict(q=3, n=None, ftype="iir", axis=-1, zero_phase=True), [x], [ss.decimate(x, 3)])
case("decimate", dict(q=2, n=None, ftype="iir", axis=-1, zero_phase=False), [x], [ss.decimate(x, 2, zero_phase=False)])

# sosfilt_zi, sosfilt with zi, sosfiltfilt
SOS = [ss.butter(4, 0.2, output="sos"), ss.cheby1(5, 1.0, [0.2, 0.5], "bandpass", output="sos"),
       ss.butter(3, 0.3, "highpass", output="sos"), ss.butter(1, 0.4, output="sos")]
for si, sos in enumerate(SOS):
    case("sosfilt_zi", dict(filter=si), [sos], [ss.sosfilt_zi(sos)])
    for shape, axis in (((80,), -1), ((81,), -1), ((2, 70), -1), ((90, 2), 0)):
        x = rand(shape, np.float64)
        zshape = [sos.shape[0]] + list(shape)
        zshape[1 + (axis % len(shape))] = 2
        zi = rng.standard_normal(zshape).round(6)
        y, zf = ss.sosfilt(sos, x, axis, zi)
        case("sosfilt_with_zi", dict(axis=axis), [sos, x, zi], [y, zf])
        for padtype, padlen in (("odd", None), ("even", 7), ("constant", 12), (None, None)):
            case("sosfiltfilt", dict(axis=axis, padtype=padtype, padlen=padlen), [sos, x],
                 [ss.sosfiltfilt(sos, x, axis, padtype, padlen)])
x = rand((100,), np.float32)
sos = SOS[0]
case("sosfiltfilt", dict(axis=-1, padtype="odd", padlen=None), [sos, x], [ss.sosfiltfilt(sos, x)])

# complex input: the convolutions, and the filters with real coefficients
MODES = ["full", "same", "valid"]
for s1, s2 in (((9,), (4,)), ((8,), (5,)), ((5, 6), (3, 2))):
    for dt1, dt2 in ((np.complex128, np.complex128), (np.complex128, np.float64), (np.float64, np.complex128),
                     (np.complex64, np.complex64), (np.complex64, np.float32)):
        a, v = rand(s1, dt1), rand(s2, dt2)
        for mode in MODES:
            for method in ("direct", "fft"):
                p = dict(mode=mode, method=method)
                case("convolve", p, [a, v], [ss.convolve(a, v, mode, method)])
                case("correlate", p, [a, v], [ss.correlate(a, v, mode, method)])
            case("fftconvolve", dict(mode=mode), [a, v], [ss.fftconvolve(a, v, mode)])
            if len(s1) == 2:
                for boundary in ("fill", "wrap", "symm"):
                    p = dict(mode=mode, boundary=boundary, fillvalue=0)
                    case("convolve2d", p, [a, v], [ss.convolve2d(a, v, mode, boundary)])
                    case("correlate2d", p, [a, v], [ss.correlate2d(a, v, mode, boundary)])
b, a = ss.butter(4, 0.2)
sos = ss.butter(4, 0.2, output="sos")
for shape, axis in (((50,), -1), ((2, 40), -1), ((40, 2), 0)):
    for dt in (np.complex128, np.complex64):
        x = rand(shape, dt)
        case("lfilter", dict(axis=axis), [b, a, x], [ss.lfilter(b, a, x, axis)])
        zshape = list(shape)
        zshape[axis] = 4
        zi = (rng.standard_normal(zshape) + 1j * rng.standard_normal(zshape)).round(6)
        y, zf = ss.lfilter(b, a, x, axis, zi)
        case("lfilter_with_zi", dict(axis=axis), [b, a, x, zi], [y, zf])
        case("sosfilt", dict(axis=axis), [sos, x], [ss.sosfilt(sos, x, axis)])
        case("filtfilt", dict(axis=axis, padtype="odd", padlen=None), [b, a, x], [ss.filtfilt(b, a, x, axis)])
        case("sosfiltfilt", dict(axis=axis, padtype="even", padlen=9), [sos, x], [ss.sosfiltfilt(sos, x, axis, "even", 9)])

# cheby2 ('ba'), the designs as second-order sections, and sos2tf
for n in (1, 2, 4, 5, 8):
    for wn, btype, fs in ((0.2, "lowpass", None), (0.35, "highpass", None), ([0.1, 0.4], "bandpass", None),
                          ([0.2, 0.3], "bandstop", None), ([50.0, 200.0], "bandpass", 1000.0)):
        wl = wn if isinstance(wn, list) else [wn]
        p = dict(N=n, Wn=",".join(map(repr, wl)), btype=btype, fs=fs)
        for rs in (20.0, 45.0):
            b, a = ss.cheby2(n, rs, wn, btype, fs=fs)
            case("cheby2", dict(p, rs=rs), [], [b, a])
            case("cheby2_sos", dict(p, rs=rs), [], [ss.cheby2(n, rs, wn, btype, output="sos", fs=fs)])
        case("butter_sos", p, [], [ss.butter(n, wn, btype, output="sos", fs=fs)])
        case("cheby1_sos", dict(p, rp=0.5), [], [ss.cheby1(n, 0.5, wn, btype, output="sos", fs=fs)])
for sos in SOS + [ss.cheby1(8, 0.05, 0.1, output="sos").astype(np.float32)]:
    b, a = ss.sos2tf(sos)
    case("sos2tf", {}, [sos], [b, a])

# freqz_sos and correlation_lags
for sos in SOS:
    for worN, whole, fs in ((512, False, 2 * np.pi), (7, True, 2 * np.pi), (64, False, 1000.0)):
        w, h = ss.freqz_sos(sos, worN, whole, fs=fs)
        case("freqz_sos", dict(worN=worN, whole=whole, fs=fs), [sos], [w, h])
for n1, n2 in ((10, 3), (3, 10), (9, 4), (8, 8), (1, 1), (7, 1), (1, 6)):
    for mode in ("full", "same", "valid"):
        case("correlation_lags", dict(in1=n1, in2=n2, mode=mode), [], [ss.correlation_lags(n1, n2, mode).astype(np.int64)])

# zpk2sos and zpk2tf (SciPy's pairing and section order), kaiser_beta, kaiser_atten, medfilt2d
ZPK = [ss.butter(5, 0.3, output="zpk"), ss.cheby1(4, 1.0, [0.2, 0.5], "bandpass", output="zpk"),
       ss.cheby2(3, 30.0, 0.4, "highpass", output="zpk"), ss.butter(6, [0.1, 0.3], "bandstop", output="zpk")]
for _ in range(4):
    r = rng.uniform(0.3, 0.95, 3) * np.exp(1j * rng.uniform(0.2, 2.8, 3))
    p = np.concatenate([r, r.conj(), rng.uniform(-0.9, 0.9, 1)])
    zc = rng.uniform(0.5, 1.5, 2) * np.exp(1j * rng.uniform(0.2, 2.8, 2))
    z = np.concatenate([zc, zc.conj(), rng.uniform(-1.5, 1.5, 2)])
    ZPK.append((z[: 4 + _ % 3], p, rng.uniform(0.1, 2.0)))
ZPK.append((np.array([]), np.array([0.5, -0.25]), 3.0))
for z, p, k in ZPK:
    zz = np.asarray(z, complex)
    pp = np.asarray(p, complex)
    case("zpk2sos", dict(k=repr(float(k))), [zz, pp], [ss.zpk2sos(z, p, k)])
    b, a = ss.zpk2tf(z, p, k)
    case("zpk2tf", dict(k=repr(float(k))), [zz, pp], [np.real(b), np.real(a)])
for a in (10.0, 21.0, 30.0, 50.0, 60.0, 120.0):
    case("kaiser_beta", dict(a=a), [], [np.array(ss.kaiser_beta(a))])
for numtaps, width in ((11, 0.1), (101, 0.05), (1, 0.3)):
    case("kaiser_atten", dict(numtaps=numtaps, width=width), [], [np.array(ss.kaiser_atten(numtaps, width))])
for shape in ((6, 7), (1, 1), (9, 4)):
    for dt in (np.float64, np.float32):
        x = rand(shape, dt)
        case("medfilt2d", dict(kernel_size=None), [x], [ss.medfilt2d(x)])
        case("medfilt2d", dict(kernel_size="5,3"), [x], [ss.medfilt2d(x, [5, 3])])

# sawtooth, square, unit_impulse
for dt in (np.float64, np.float32):
    t = (rng.standard_normal(40) * 20).astype(dt)
    t[3] = 0.0
    t[5] = -2 * np.pi
    for w in (1.0, 0.5, 0.0, 0.3, 1.5, -0.1):
        case("sawtooth", dict(width=w), [t], [ss.sawtooth(t, w)])
        case("square", dict(duty=w), [t], [ss.square(t, w)])
t = (rng.standard_normal((3, 4)) * 5).round(7)
case("sawtooth", dict(width=0.7), [t], [ss.sawtooth(t, 0.7)])
case("square", dict(duty=0.7), [t], [ss.square(t, 0.7)])
for shape, idx in (((8,), None), ((8,), 3), ((8,), -2), ((4, 5), (1, 2)), ((4, 5), "mid"), ((7,), "mid"), ((3, 3), 1)):
    case("unit_impulse", dict(shape=",".join(map(str, shape)), idx=idx if not isinstance(idx, tuple) else ",".join(map(str, idx))),
         [], [ss.unit_impulse(shape, idx)])

# lfiltic
for b, a in (ss.butter(4, 0.2), (np.array([0.5, 0.3]), np.array([2.0, -0.4, 0.1])), (np.array([1.0, 2.0, 3.0]), np.array([1.0]))):
    for ny, nx in ((6, 6), (2, 1), (3, None), (0, 0)):
        y = rng.standard_normal(ny).round(6)
        x = None if nx is None else rng.standard_normal(nx).round(6)
        ins = [b, a, y] + ([] if x is None else [x])
        case("lfiltic", {}, ins, [ss.lfiltic(b, a, y, x)])
b32, a32 = (c.astype(np.float32) for c in ss.butter(2, 0.3))
y32 = rng.standard_normal(2).astype(np.float32)
case("lfiltic", {}, [b32, a32, y32], [ss.lfiltic(b32, a32, y32)])

import gzip
with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
