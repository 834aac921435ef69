"""Generates the NumPy fixtures of the kernels-reduction conformance tests.

Run from the repository root:  python3 ndgpu/src/test/python/make_reduction_fixtures.py
Inputs: one raw little-endian C-order file per dtype (shape (3, 4, 5)), plus a NaN-holding variant for
the inexact dtypes. Expected results: one line per case in cases.tsv:
  id  op  dtype  input  layout  axes  keepdims  ddof  result_dtype  result_shape  values
layout: c (as is), t (transpose(2, 0, 1)), s ([:, ::2, ::-1]); axes: "none" or comma-separated;
values: comma-separated in C order, complex as re,im pairs, float as repr (nan, inf), integers exactly
(uint64 as its unsigned decimal).
"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "reduction")
SHAPE = (3, 4, 5)
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128",
          "uint16", "uint32", "uint64"]
UNSIGNED = ["uint16", "uint32", "uint64"]
INEXACT = ["float16", "float32", "float64", "complex64", "complex128"]
rng = np.random.default_rng(20261121)
# the wide unsigned inputs draw from their own generator, so the older inputs stay as they were
urng = np.random.default_rng(20261126)


def make_unsigned(dt):
    """Values over the whole range: above 2^31 (uint32) and 2^63 (uint64), the maximum, zeros and ties."""
    n = int(np.prod(SHAPE))
    top = int(np.iinfo(dt).max)
    a = urng.integers(0, top, n, dtype=dt, endpoint=True)
    special = [0, 1, top, top - 1, top // 2, top // 2 + 1]
    for i in urng.choice(n, 12, replace=False):
        a[i] = special[int(urng.integers(len(special)))]
    a[7] = top          # the largest value, in a row of axis 1
    a[27] = top // 2 + 1  # 2^63 for uint64: the first value whose bits read as a negative int64
    a[47] = 0
    return a.reshape(SHAPE)


def make(dt):
    n = int(np.prod(SHAPE))
    if dt in UNSIGNED:
        return make_unsigned(dt)
    if dt == "bool":
        return (rng.random(n) < 0.7).reshape(SHAPE)
    if dt == "uint8":
        return rng.integers(0, 200, n).astype(dt).reshape(SHAPE)
    if dt.startswith("int"):
        return rng.integers(-50, 51, n).astype(dt).reshape(SHAPE)
    if dt.startswith("float"):
        return rng.uniform(-2, 2, n).astype(dt).reshape(SHAPE)
    return (rng.uniform(-2, 2, n) + 1j * rng.uniform(-2, 2, n)).astype(dt).reshape(SHAPE)


def layout(a, l):
    return {"c": a, "t": a.transpose(2, 0, 1), "s": a[:, ::2, ::-1]}[l]


def fmt(v):
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)


def values(r):
    r = np.asarray(r)
    flat = r.ravel()
    if r.dtype.kind == "c":
        return ",".join(fmt(x.real) + "," + fmt(x.imag) for x in flat)
    if r.dtype.kind in "biu":
        return ",".join(str(int(x)) for x in flat)
    return ",".join(fmt(x) for x in flat)


def run(op, a, axes, keepdims, ddof):
    ax = None if axes is None else (axes[0] if len(axes) == 1 else tuple(axes))
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if op in ("var", "std"):
                return getattr(np, op)(a, axis=ax, keepdims=keepdims, ddof=ddof)
            if op in ("argmax", "argmin"):
                return getattr(np, op)(a, axis=ax, keepdims=keepdims)
            if op in ("cumsum", "cumprod"):
                return getattr(np, op)(a, axis=ax)
            if op == "count_nonzero":
                return np.asarray(np.count_nonzero(a, axis=ax, keepdims=keepdims), dtype=np.int64)
            f = {"min": np.min, "max": np.max}.get(op) or getattr(np, op)
            return f(a, axis=ax, keepdims=keepdims)


def main():
    os.makedirs(OUT, exist_ok=True)
    inputs = {}
    for dt in DTYPES:
        a = make(dt)
        inputs[dt] = a
        a.tofile(os.path.join(OUT, dt + ".bin"))
    for dt in INEXACT:
        a = make(dt)
        flat = a.reshape(-1)
        for i in (3, 17, 18, 41):
            flat[i] = np.nan
        inputs[dt + "-nan"] = a
        a.tofile(os.path.join(OUT, dt + "-nan.bin"))

    cases = []
    ops_all = ["sum", "prod", "mean", "var", "std", "min", "max", "argmin", "argmax", "all", "any", "count_nonzero"]
    # 1. every reduction x every dtype: axis 1 of the C array (kept dims 0 and 2, reduced in between)
    for op in ops_all:
        for dt in DTYPES:
            cases.append((op, dt, dt, "c", [1], False, 0))
    for op in ["nansum", "nanmax", "nanmin"]:
        for dt in DTYPES:
            cases.append((op, dt, dt, "c", [1], False, 0))
    # 2. layouts x axis choices x keepdims for a few dtypes
    for op in ["sum", "max", "argmax", "mean", "var"]:
        for dt in ["int32", "float64"]:   # every dtype is in part 1; this part is about layouts
            for lay in ["c", "t", "s"]:
                for axes, kd in [(None, False), ([0], False), ([-1], False), ([0, 2], True), ([2, 1], False)]:
                    if op == "argmax" and axes is not None and len(axes) > 1:
                        continue
                    cases.append((op, dt, dt, lay, axes, kd, 0))
    cases.append(("var", "float64", "float64", "c", [0, 2], False, 1))
    cases.append(("std", "float32", "float32", "s", None, False, 2))
    cases.append(("std", "complex128", "complex128", "t", [0], True, 1))
    # 3. NaN propagation and the nan-functions
    for dt in INEXACT:
        for op in ["max", "min", "argmax", "argmin", "nanmax", "nanmin", "nansum", "sum"]:
            for axes in (None, [2]):
                cases.append((op, dt, dt + "-nan", "c", axes, False, 0))
    # 4. scans
    for op in ["cumsum", "cumprod"]:
        for dt in ["bool", "int32", "float32", "float64", "complex64", "uint8", "uint16", "uint32", "uint64"]:
            for lay, axes in [("c", None), ("c", [1]), ("t", [0]), ("s", [-1])]:
                cases.append((op, dt, dt, lay, axes, False, 0))

    # 5. the wide unsigned dtypes along other axes and layouts: sums and products wrap around in uint64,
    # the order of values at and above 2^31 and 2^63 decides min, max, argmin and argmax
    for op in ["sum", "prod", "min", "max", "argmin", "argmax", "mean", "std", "count_nonzero", "all"]:
        for dt in ["uint32", "uint64"]:
            for lay, axes, kd in [("c", None, False), ("t", [0], False), ("s", [-1], False), ("c", [0, 2], True)]:
                if op.startswith("arg") and axes is not None and len(axes) > 1:
                    continue
                cases.append((op, dt, dt, lay, axes, kd, 0))

    with open(os.path.join(OUT, "cases.tsv"), "w") as f:
        for i, (op, dt, inp, lay, axes, kd, ddof) in enumerate(cases):
            a = layout(inputs[inp], lay)
            r = np.asarray(run(op, a, axes, kd, ddof))
            ax = "none" if axes is None else ",".join(map(str, axes))
            shape = ",".join(map(str, r.shape))
            f.write("\t".join([str(i), op, dt, inp, lay, ax, str(kd).lower(), str(ddof), str(r.dtype), shape, values(r)]) + "\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
