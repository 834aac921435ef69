#!/usr/bin/env python3
"""numpy.fft fixtures for FftParityTest: run from the repository root,
    python3 ndgpu/src/test/python/make_fft_fixtures.py
writes ndgpu/src/test/resources/fixtures/fft/: per case NAME_in.bin (the input's raw little-endian bytes,
C order, of the input dtype) and NAME_out.bin (the expected result as complex128, or float64 when the
result is real), and manifest.tsv with one line per case:
    name  func  in_dtype  in_shape  view  args  out_dtype  out_shape
view is applied to the uploaded input before the call (none; T: every axis reversed; step2: [..., ::2];
rev0: [::-1] along axis 0); args are ';'-separated key=value (n, axis, norm, s, axes, d).
The expected values come from NumPy run on the input upcast to float64/complex128 (a reference more
exact than the float32 transform under test); out_dtype is what NumPy 2 returns for the real input.
"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "fft")
rng = np.random.default_rng(20261125)
lines = []


def make_input(dtype, shape):
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype in ("int32", "int64", "uint8"):
        return rng.integers(0 if dtype == "uint8" else -50, 50, size=shape).astype(dtype)
    if dtype.startswith("complex"):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def view(a, v):
    if v == "none":
        return a
    if v == "T":
        return a.T
    if v == "step2":
        return a[..., ::2]
    if v == "rev0":
        return a[::-1]
    raise ValueError(v)


def parse(args):
    kw = {}
    for part in filter(None, args.split(";")):
        k, val = part.split("=")
        if k in ("n", "axis"):
            kw[k] = int(val)
        elif k == "norm":
            kw[k] = val
        elif k in ("s", "axes"):
            kw[k] = tuple(int(x) for x in val.split(",")) if val else ()
        elif k == "d":
            kw[k] = float(val)
    return kw


def upcast(x):
    if x.dtype.kind == "c":
        return x.astype(np.complex128)
    if x.dtype.kind == "f":
        return x.astype(np.float64)
    return x


def case(name, func, dtype, shape, v="none", args=""):
    a = make_input(dtype, shape)
    x = view(a, v)
    kw = parse(args)
    f = getattr(np.fft, func)
    result_dtype = f(x, **kw).dtype if func not in ("fftshift", "ifftshift") else x.dtype
    expected = f(upcast(x), **kw)
    a.tofile(os.path.join(OUT, name + "_in.bin"))
    store = np.complex128 if expected.dtype.kind == "c" else np.float64
    np.ascontiguousarray(expected.astype(store)).tofile(os.path.join(OUT, name + "_out.bin"))
    lines.append("\t".join([name, func, str(a.dtype), ",".join(map(str, a.shape)) or "-", v, args or "-",
                            str(result_dtype), ",".join(map(str, expected.shape)) or "-"]))


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    # every length kind: radix 2/3/4/5/7/8 products, one kernel and two steps, Bluestein for the rest
    for n in [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 16, 30, 49, 64, 97, 105, 128, 210, 243, 1000, 1009, 2048, 4096, 5000]:
        for dt in ("complex64", "complex128") if n < 4096 else ("complex64",):   # longer ones: FftLongTest's host oracle
            case(f"fft_{dt}_{n}", "fft", dt, (n,))
    case("ifft_complex64_1009", "ifft", "complex64", (1009,))
    case("ifft_complex64_6000", "ifft", "complex64", (6000,))
    case("ifft_complex64_60", "ifft", "complex64", (3, 60))
    # NumPy 2's dtypes from real input
    for dt in ("float32", "float64", "int32", "int64", "bool", "uint8", "float16"):
        case(f"fft_in_{dt}", "fft", dt, (2, 12))
    # n pads and truncates; every norm; any axis; views
    case("fft_pad", "fft", "complex128", (3, 10), args="n=16")
    case("fft_pad_prime", "fft", "float32", (3, 10), args="n=13")
    case("fft_trunc", "fft", "complex64", (3, 10), args="n=7")
    case("fft_axis0", "fft", "complex128", (9, 4), args="axis=0")
    case("fft_axis1_3d", "fft", "float64", (3, 14, 5), args="axis=1;n=20")
    case("fft_axis_neg2", "fft", "complex64", (4, 6, 5), args="axis=-2")
    for norm in ("backward", "ortho", "forward"):
        for func in ("fft", "ifft"):
            case(f"{func}_norm_{norm}", func, "complex128", (2, 24), args=f"norm={norm}")
        case(f"rfft_norm_{norm}", "rfft", "float64", (2, 25), args=f"norm={norm}")
        case(f"irfft_norm_{norm}", "irfft", "complex128", (2, 13), args=f"norm={norm}")
        case(f"hfft_norm_{norm}", "hfft", "complex128", (2, 9), args=f"norm={norm}")
        case(f"ihfft_norm_{norm}", "ihfft", "float64", (2, 16), args=f"norm={norm}")
        case(f"fftn_norm_{norm}", "fftn", "complex64", (4, 6, 10), args=f"norm={norm}")
        case(f"irfftn_norm_{norm}", "irfftn", "complex128", (5, 6), args=f"norm={norm}")
    case("fft_T", "fft", "complex128", (6, 8), v="T")
    case("fft_T_axis0", "fft", "complex64", (6, 8), v="T", args="axis=0")
    case("fft_step2", "fft", "complex128", (3, 40), v="step2")
    case("fft_step2_axis0", "fft", "complex64", (5, 14), v="step2", args="axis=0")
    case("fft_rev0", "fft", "complex64", (11, 3), v="rev0", args="axis=0")
    case("fft_rev0_last", "fft", "float32", (4, 97), v="rev0")
    # real transforms
    for n in [1, 2, 9, 16, 97, 100]:
        for dt in ("float32", "float64"):
            case(f"rfft_{dt}_{n}", "rfft", dt, (2, n))
    case("rfft_n_pad", "rfft", "float64", (3, 10), args="n=15")
    case("rfft_n_trunc", "rfft", "float32", (3, 10), args="n=6")
    case("rfft_axis0", "rfft", "float64", (12, 3), args="axis=0")
    case("rfft_T", "rfft", "float32", (12, 7), v="T")
    case("rfft_int", "rfft", "int32", (2, 16))
    for dt in ("complex64", "complex128"):
        case(f"irfft_{dt}", "irfft", dt, (3, 9))
        case(f"irfft_{dt}_odd", "irfft", dt, (3, 9), args="n=17")
        case(f"irfft_{dt}_pad", "irfft", dt, (2, 5), args="n=20")
        case(f"irfft_{dt}_prime", "irfft", dt, (2, 50), args="n=97")
    case("irfft_real_in", "irfft", "float64", (2, 6))
    case("irfft_axis0", "irfft", "complex128", (7, 4), args="axis=0")
    case("irfft_step2", "irfft", "complex64", (3, 20), v="step2")
    case("hfft_c64", "hfft", "complex64", (2, 9))
    case("hfft_n", "hfft", "complex128", (2, 9), args="n=11")
    case("hfft_real", "hfft", "float32", (2, 6))
    case("ihfft_f32", "ihfft", "float32", (2, 15))
    case("ihfft_n", "ihfft", "float64", (2, 15), args="n=8;axis=-1")
    # several axes
    case("fftn_all", "fftn", "complex128", (4, 5, 6))
    case("fftn_axes02", "fftn", "complex64", (4, 5, 6), args="axes=0,2")
    case("fftn_s_axes", "fftn", "complex128", (4, 5, 6), args="s=3,8;axes=1,2")
    case("fftn_s_only", "fftn", "float64", (4, 5, 6), args="s=7,4")
    case("fftn_dup", "fftn", "complex128", (3, 4), args="axes=0,0")
    case("fftn_T", "fftn", "complex64", (6, 10), v="T")
    case("ifftn_all", "ifftn", "complex128", (3, 4, 5))
    case("ifftn_s", "ifftn", "complex64", (3, 4, 5), args="s=2,6;axes=0,1")
    case("fft2", "fft2", "complex64", (3, 8, 6))
    case("fft2_c128", "fft2", "complex128", (2, 16, 12))
    case("fft2_s", "fft2", "float32", (3, 8, 6), args="s=5,5")
    case("ifft2", "ifft2", "complex128", (3, 8, 6))
    case("rfft2", "rfft2", "float64", (3, 8, 6))
    case("irfft2", "irfft2", "complex128", (3, 8, 4))
    case("rfftn_all", "rfftn", "float32", (4, 6, 8))
    case("rfftn_s", "rfftn", "float64", (4, 6, 8), args="s=5,9;axes=0,2")
    case("irfftn_all", "irfftn", "complex64", (4, 6, 5))
    case("irfftn_s", "irfftn", "complex128", (4, 6, 5), args="s=3,11;axes=1,2")
    case("irfftn_dup", "irfftn", "complex128", (3, 3), args="axes=0,0")
    # shifts
    case("fftshift_all", "fftshift", "int64", (5, 6))
    case("fftshift_axis1", "fftshift", "float32", (5, 7), args="axes=1")
    case("fftshift_dup", "fftshift", "int64", (5, 6), args="axes=0,0")
    case("ifftshift_all", "ifftshift", "complex128", (5, 7, 4))
    case("ifftshift_axis0", "ifftshift", "int64", (9, 2), args="axes=0")
    with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
        f.write("# made by ndgpu/src/test/python/make_fft_fixtures.py with NumPy " + np.__version__ + "\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
