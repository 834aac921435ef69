#!/usr/bin/env python3
"""Generates the NumPy oracle fixtures of the NDArray core conformance suite.

    python3 ndgpu/src/test/python/make_core_fixtures.py

writes ndgpu/src/test/resources/fixtures/core/{views,set,astype,creation}.txt (astype and creation
also for uint16, uint32, uint64, after the first dtypes' cases). Run it again only
when a case is added; the output is deterministic (fixed seed) and committed, so the Java tests
need no Python.

Format: plain text, one case per block, blocks separated by a blank line; each line is
"key value...". A case has a name, a base array (dtype, shape, input values in C order), a chain
of "op" lines applied in order, and the expected result:
  out_dtype, out_shape, out_strides (bytes, NumPy's), out_offset (bytes from the base's first
  element, only when out_shares is 1), out_c / out_f (contiguity flags), out_shares (whether the
  result shares memory with the base: np.shares_memory), out_values (C order).
For "set" cases the result is the base itself after the assignment; the value is either
"value_scalar" or an array "value_dtype/value_shape/value_values".
Floats are written with repr (exact), nan/inf as nan, inf, -inf; bools as 0/1.
"""
import os
import numpy as np

SEED = 20261121
rng = np.random.default_rng(SEED)
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "core")
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64"]
# added later: their cases follow the others in each file, so adding them changed no earlier case
UNSIGNED = ["uint16", "uint32", "uint64"]


def fmt_values(a):
    a = np.asarray(a)
    out = []
    for x in a.ravel(order="C").tolist():
        if isinstance(x, bool):
            out.append("1" if x else "0")
        elif isinstance(x, int):
            out.append(str(x))
        else:
            out.append(repr(float(x)))
    return " ".join(out)


def ints(xs):
    return " ".join(str(int(x)) for x in xs)


def block(lines):
    return "\n".join(k if v is None else f"{k} {v}".rstrip() for k, v in lines)


def addr(a):
    return a.__array_interface__["data"][0]


def describe_result(base, r):
    """The out_* lines of result r of ops on base."""
    shares = bool(np.shares_memory(base, r)) if r.size and base.size else (r.base is not None and _root(r) is _root(base))
    lines = [("out_dtype", str(r.dtype)), ("out_shape", ints(r.shape)), ("out_strides", ints(r.strides)),
             ("out_c", "1" if r.flags.c_contiguous else "0"), ("out_f", "1" if r.flags.f_contiguous else "0"),
             ("out_shares", "1" if shares else "0")]
    if shares:
        lines.append(("out_offset", str(addr(r) - addr(base))))
    lines.append(("out_values", fmt_values(r)))
    return lines


def _root(a):
    while isinstance(a, np.ndarray) and a.base is not None:
        a = a.base
    return a


def make_base(dtype, shape, kind="arange"):
    n = int(np.prod(shape)) if len(shape) else 1
    if dtype == "bool":
        vals = rng.integers(0, 2, n).astype(bool)
    elif kind == "arange":
        vals = (np.arange(n) % 120 + 1).astype(dtype)   # distinct-ish, nonzero, fits int8
    else:
        vals = rng.integers(-100, 100, n).astype(dtype)
    return vals.reshape(shape).copy()


def base_lines(name, base):
    return [("name", name), ("dtype", str(base.dtype)), ("shape", ints(base.shape)), ("input", fmt_values(base))]


def rand_shape(min_nd=0, max_nd=5, allow_zero=True):
    nd = int(rng.integers(min_nd, max_nd + 1))
    dims = []
    for _ in range(nd):
        r = rng.random()
        if r < 0.08 and allow_zero:
            dims.append(0)
        elif r < 0.25:
            dims.append(1)
        else:
            dims.append(int(rng.integers(2, 6 if nd <= 3 else 4)))
    return tuple(dims)


def rand_slice(size):
    def bound():
        r = rng.random()
        if r < 0.3:
            return None
        if r < 0.45:   # out of range
            return int(rng.choice([-1, 1]) * (size + int(rng.integers(1, 4))))
        return int(rng.integers(-size - 1, size + 2)) if size else int(rng.integers(-2, 3))
    start, stop = bound(), bound()
    r = rng.random()
    step = None if r < 0.4 else int(rng.choice([-3, -2, -1, 1, 2, 3]))
    return slice(start, stop, step)


def slice_text(s):
    t = ("" if s.start is None else str(s.start)) + ":" + ("" if s.stop is None else str(s.stop))
    if s.step is not None:
        t += ":" + str(s.step)
    elif rng.random() < 0.15:
        t += ":"
    return t


def rand_index(shape):
    """A random basic index for shape: (python tuple, index string)."""
    nd = len(shape)
    use_ellipsis = rng.random() < 0.3
    n_consume = int(rng.integers(1 if nd and rng.random() < 0.85 else 0, nd + 1))
    items = []
    dim = 0
    ellipsis_at = int(rng.integers(0, n_consume + 1)) if use_ellipsis else -1
    for k in range(n_consume + 1):
        if k == ellipsis_at:
            items.append(Ellipsis)
            dim = nd - (n_consume - k)
        if k == n_consume:
            break
        while rng.random() < 0.15:
            items.append(None)
        size = shape[dim]
        if size > 0 and rng.random() < 0.35:
            items.append(int(rng.integers(-size, size)))
        else:
            items.append(rand_slice(size))
        dim += 1
    if rng.random() < 0.15:
        items.append(None)
    parts = []
    for it in items:
        if it is None:
            parts.append("None")
        elif it is Ellipsis:
            parts.append("...")
        elif isinstance(it, slice):
            parts.append(slice_text(it))
        else:
            parts.append(str(it))
    text = ", ".join(parts) if rng.random() < 0.7 else ",".join(parts)
    if parts and rng.random() < 0.15:
        text += ","
    return tuple(items), text


def view_cases():
    cases = []
    # --- get: random basic indexes, sometimes a view of a view
    while len(cases) < 130:
        shape = rand_shape()
        dtype = str(rng.choice(["int64", "int32", "float32", "float64", "int16", "uint8"]))
        base = make_base(dtype, shape)
        idx, text = rand_index(shape)
        try:
            r = base[idx]
        except IndexError:
            continue
        if not isinstance(r, np.ndarray):
            r = base[idx + (Ellipsis,)] if Ellipsis not in idx else base[idx]
        ops = [("op", "get " + text)]
        if rng.random() < 0.3 and r.ndim > 0:
            idx2, text2 = rand_index(r.shape)
            try:
                r2 = r[idx2]
            except IndexError:
                r2 = None
            if isinstance(r2, np.ndarray):
                r, ops = r2, ops + [("op", "get " + text2)]
        cases.append(base_lines(f"get{len(cases)}", base) + ops + describe_result(base, r))
    # integer get a.get(0, -1): a 0-d or lower view
    for k in range(10):
        shape = rand_shape(1, 4, allow_zero=False)
        base = make_base("int64", shape)
        n = int(rng.integers(1, len(shape) + 1))
        idx = tuple(int(rng.integers(-shape[i], shape[i])) for i in range(n))
        r = base[idx + (Ellipsis,)]
        cases.append(base_lines(f"geti{k}", base) + [("op", "geti " + ints(idx))] + describe_result(base, r))
    # --- reshape, views and copies, after an optional view that breaks contiguity
    def pre(base):
        r = rng.random()
        if base.ndim >= 2 and r < 0.3:
            return base.T, [("op", "transpose")]
        if base.ndim >= 1 and r < 0.55:
            idx, text = rand_index(base.shape)
            v = base[idx]
            if isinstance(v, np.ndarray):
                return v, [("op", "get " + text)]
        return base, []
    k = 0
    while k < 45:
        shape = rand_shape(0, 4)
        base = make_base("float64" if k % 2 else "int32", shape)
        v, ops = pre(base)
        n = v.size
        # a random factorization of n, maybe with -1
        dims = []
        rest = n
        for _ in range(int(rng.integers(0, 4))):
            divs = [d for d in range(1, rest + 1) if rest % d == 0] if rest else [0, 1, 2]
            d = int(rng.choice(divs))
            dims.append(d)
            rest = rest // d if d else rest
        if n:
            dims.append(rest)
        elif not dims or 0 not in dims:
            dims.append(0)
        rng.shuffle(dims)
        req = list(dims)
        if req and n and rng.random() < 0.4:
            req[int(rng.integers(0, len(req)))] = -1
        order = "F" if rng.random() < 0.3 else "C"
        try:
            r = v.reshape(req, order=order)
        except ValueError:
            continue
        cases.append(base_lines(f"reshape{k}", base) + ops + [("op", f"reshape {order} " + ints(req))] + describe_result(base, r))
        k += 1
    # --- transpose, swapaxes
    for k in range(20):
        shape = rand_shape(1, 5)
        base = make_base("int64", shape)
        perm = [int(x) for x in rng.permutation(len(shape))]
        if rng.random() < 0.3:
            perm = [p - len(shape) if rng.random() < 0.5 else p for p in perm]
        r = base.transpose(perm)
        cases.append(base_lines(f"transpose{k}", base) + [("op", "transpose " + ints(perm))] + describe_result(base, r))
    for k in range(10):
        shape = rand_shape(1, 5)
        base = make_base("float32", shape)
        a, b = int(rng.integers(-len(shape), len(shape))), int(rng.integers(-len(shape), len(shape)))
        r = np.swapaxes(base, a, b)
        cases.append(base_lines(f"swapaxes{k}", base) + [("op", f"swapaxes {a} {b}")] + describe_result(base, r))
    # --- squeeze, expand_dims
    for k in range(12):
        shape = tuple(1 if rng.random() < 0.5 else d for d in rand_shape(0, 5, allow_zero=False))
        base = make_base("int16", shape)
        ones = [i for i, d in enumerate(shape) if d == 1]
        if ones and rng.random() < 0.5:
            axes = [int(x) for x in rng.choice(ones, size=int(rng.integers(1, len(ones) + 1)), replace=False)]
            r = base.squeeze(tuple(axes))
            op = "squeeze " + ints(axes)
        else:
            r = base.squeeze()
            op = "squeeze"
        cases.append(base_lines(f"squeeze{k}", base) + [("op", op)] + describe_result(base, r))
    for k in range(12):
        shape = rand_shape(0, 4)
        base = make_base("int64", shape)
        v, ops = pre(base)
        ax = int(rng.integers(-v.ndim - 1, v.ndim + 1))
        r = np.expand_dims(v, ax)
        cases.append(base_lines(f"expand_dims{k}", base) + ops + [("op", f"expand_dims {ax}")] + describe_result(base, r))
    # --- broadcast_to
    for k in range(15):
        shape = rand_shape(0, 3, allow_zero=False)
        base = make_base("float64", shape)
        target = [int(rng.integers(1, 4)) if d == 1 and rng.random() < 0.7 else d for d in shape]
        target = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3)))] + target
        r = np.broadcast_to(base, tuple(target))
        cases.append(base_lines(f"broadcast_to{k}", base) + [("op", "broadcast_to " + ints(target))] + describe_result(base, r))
    # --- ravel, copy in every order, ascontiguousarray / asfortranarray
    for k in range(12):
        base = make_base("int32", rand_shape(0, 4))
        v, ops = pre(base)
        cases.append(base_lines(f"ravel{k}", base) + ops + [("op", "ravel")] + describe_result(base, v.ravel()))
    for k in range(24):
        base = make_base("float32", rand_shape(1, 4))
        v, ops = pre(base)
        if rng.random() < 0.4 and v.ndim >= 2:
            perm = [int(x) for x in rng.permutation(v.ndim)]
            v, ops = v.transpose(perm), ops + [("op", "transpose " + ints(perm))]
        order = "CFAK"[k % 4]
        cases.append(base_lines(f"copy{k}", base) + ops + [("op", "copy " + order)] + describe_result(base, v.copy(order=order)))
    # ravel copies whatever is not C-contiguous, even a 1-d strided view
    for k, (shape, idx, tr) in enumerate([((10,), "::2", False), ((3, 4), "", True), ((3, 4), "::-1", False), ((2, 1, 3), ":, :, ::-1", False)]):
        base = make_base("float64", shape)
        v = base.T if tr else base
        ops = [("op", "transpose")] if tr else []
        if idx:
            v, ops = v[eval(f"np.s_[{idx}]")], ops + [("op", "get " + idx)]
        cases.append(base_lines(f"ravel_strided{k}", base) + ops + [("op", "ravel")] + describe_result(base, v.ravel()))
    # order K keeps the source's stride order (NumPy's PyArray_CreateSortedStridePerm), also through a cast
    for k, (perm, idx) in enumerate([((1, 0, 2), ""), ((2, 0, 1), ""), ((0, 2, 1), "::-1"), ((1, 2, 0), ":, ::2"),
                                     ((2, 1, 0), "::-1, :, ::-2"), ((0, 1, 2), ":, ::-1")]):
        base = make_base("int32", (2, 3, 4))
        v = base.transpose(perm)[eval(f"np.s_[{idx}]") if idx else ()]
        ops = [("op", "transpose " + ints(perm)), ("op", "get " + idx)]
        cases.append(base_lines(f"copyK{k}", base) + ops + [("op", "copy K")] + describe_result(base, v.copy(order="K")))
        cases.append(base_lines(f"astypeK{k}", base) + ops + [("op", "astype float64")] + describe_result(base, v.astype("float64")))
        cases.append(base_lines(f"copyA{k}", base) + ops + [("op", "copy A")] + describe_result(base, v.copy(order="A")))
    for k in range(12):
        base = make_base("int64", rand_shape(0, 3))
        v, ops = pre(base)
        if k % 2:
            r, op = np.asfortranarray(v), "asfortranarray"
        else:
            r, op = np.ascontiguousarray(v), "ascontiguousarray"
        cases.append(base_lines(f"{op}{k}", base) + ops + [("op", op)] + describe_result(base, r))
    return cases


def flip_moveaxis_cases():
    """flip and moveaxis, on fresh bases or a transposed / reversed view; appended to views.txt after the
    other files are made, so adding them changed no earlier case."""
    cases = []
    for k in range(16):
        shape = rand_shape(1, 5)          # numpy.flip of a 0-d array returns a scalar, not a view
        base = make_base(str(rng.choice(["int64", "float32", "int8"])), shape)
        v, ops = base, []
        if base.ndim >= 2 and rng.random() < 0.3:
            v, ops = base.T, [("op", "transpose")]
        elif base.ndim >= 1 and rng.random() < 0.3:
            v, ops = base[::-2], [("op", "get ::-2")]
        if rng.random() < 0.3:
            r, op = np.flip(v), "flip"
        else:
            n = int(rng.integers(1, v.ndim + 1))
            axes = [int(a) - (v.ndim if rng.random() < 0.3 else 0) for a in rng.choice(v.ndim, size=n, replace=False)]
            r, op = np.flip(v, tuple(axes)), "flip " + ints(axes)
        cases.append(base_lines(f"flip{k}", base) + ops + [("op", op)] + describe_result(base, r))
    for k in range(16):
        shape = rand_shape(1, 5, allow_zero=k % 4 != 0)
        base = make_base("float64", shape)
        nd = base.ndim
        n = int(rng.integers(1, nd + 1))
        src = [int(a) for a in rng.choice(nd, size=n, replace=False)]
        dst = [int(a) for a in rng.choice(nd, size=n, replace=False)]
        src = [a - nd if rng.random() < 0.3 else a for a in src]
        r = np.moveaxis(base, src, dst)
        cases.append(base_lines(f"moveaxis{k}", base) + [("op", "moveaxis " + ints(src) + " ; " + ints(dst))] + describe_result(base, r))
    return cases


def set_cases():
    cases = []
    while len(cases) < 60:
        shape = rand_shape(1, 4)
        dtype = str(rng.choice(["int64", "int32", "float32", "float64", "uint8", "int8", "bool", "float16"]))
        base = make_base(dtype, shape)
        idx, text = rand_index(shape)
        try:
            target = base[idx]
        except IndexError:
            continue
        lines = base_lines(f"set{len(cases)}", base)
        before = base.copy()
        if len(cases) % 3 == 0:
            # a scalar: int for int targets (in range), a float elsewhere (truncated into ints, as NumPy)
            if dtype == "bool":
                val = bool(rng.integers(0, 2))
                lines.append(("value_scalar", "true" if val else "false"))
            elif dtype in ("uint8",):
                val = int(rng.integers(0, 256))
                lines.append(("value_scalar", str(val)))
            elif rng.random() < 0.5 or dtype.startswith("float"):
                val = float(np.round(rng.uniform(-100, 100), 2))
                if dtype.startswith("int"):
                    val = abs(val)
                lines.append(("value_scalar", repr(val)))
            else:
                val = int(rng.integers(-100, 100))
                lines.append(("value_scalar", str(val)))
            base[idx] = val
        else:
            tshape = np.shape(target)
            vshape = [1 if rng.random() < 0.3 else d for d in tshape]
            vshape = vshape[int(rng.integers(0, len(vshape) + 1)):] if vshape else []
            vdtype = dtype if rng.random() < 0.6 else str(rng.choice(["int32", "float64", "int8"]))
            if dtype in ("uint8", "bool") or (dtype.startswith("int") and vdtype.startswith("float")):
                vdtype = dtype if dtype in ("uint8", "bool") else vdtype
            value = (rng.integers(0, 2, size=vshape).astype(bool) if vdtype == "bool"
                     else rng.integers(0 if dtype == "uint8" else -100, 100, size=vshape).astype(vdtype))
            if vdtype.startswith("float"):
                value = value + np.asarray(0.25, dtype=vdtype)
                if dtype.startswith("int"):
                    value = np.abs(value)
            lines += [("value_dtype", str(value.dtype)), ("value_shape", ints(value.shape)), ("value_values", fmt_values(value))]
            base[idx] = value
        lines.append(("op", "set " + text))
        lines += [("out_dtype", str(base.dtype)), ("out_shape", ints(base.shape)), ("out_values", fmt_values(base))]
        lines.append(("changed", "1" if not np.array_equal(before, base) else "0"))
        cases.append(lines)
    return cases


def cast_values(src, dst):
    """Values of dtype src whose cast to dst is defined in C (no out-of-range float -> int)."""
    v = {
        "bool": [True, False, True, True, False],
        "int8": [-128, -5, 0, 7, 127],
        "int16": [-32768, -300, -1, 0, 255, 256, 32767],
        "int32": [-2147483648, -70000, -129, 0, 65504, 70000, 2147483647],
        "int64": [-(2 ** 62), -2 ** 40, -1, 0, 300, 2 ** 31, 2 ** 53 + 1],
        "uint8": [0, 1, 127, 128, 255],
        "uint16": [0, 1, 255, 256, 32767, 32768, 65535],
        "uint32": [0, 1, 65535, 65536, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1],
        "uint64": [0, 1, 2 ** 32, 2 ** 53 + 1, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1],
        "float16": [-65504.0, -2.5, -0.0, 0.0, 0.5, 1.5, 100.25, 6.0e-8, float("inf"), float("nan")],
        "float32": [-3.4e38, -1e20, -2.75, 0.0, 1e-40, 0.1, 7.5, 65520.0, 1e10, float("inf"), float("nan")],
        "float64": [-1e300, -123456.789, -0.5, 0.0, 1e-310, 0.1, 2.5, 65519.0, 3.4028235e38 * 2, float("-inf"), float("nan"),
                    # just above a float16 tie, and a float32 tie itself: rounding through float32 first lands on the tie
                    1 + 2.0 ** -11 + 2.0 ** -30, 1 + 2.0 ** -24 + 2.0 ** -60],
    }[src]
    a = np.array(v, dtype=src)
    if src.startswith("float") and dst != "bool" and not dst.startswith("float"):
        info = np.iinfo(dst)
        lo = 0 if dst.startswith("uint") else info.min
        with np.errstate(invalid="ignore", over="ignore"):
            ok = np.isfinite(a) & (a >= lo) & (a < info.max)
        a = a[ok]
        extra = {"uint8": [0.0, 0.9, 200.5, 254.99], "int8": [-128.0, -1.5, 126.9], "int16": [-32768.0, -1.5, 32000.75],
                 "uint16": [0.0, 0.9, 200.5, 1000.75], "uint32": [0.0, 0.9, 200.5, 1000.75], "uint64": [0.0, 0.9, 200.5, 1000.75]}
        a = np.concatenate([a, np.array(extra.get(dst, [-1.5, 3.99, -1000.25]), dtype=src)])
    return a


def astype_cases():
    pairs = [(s, d) for s in DTYPES for d in DTYPES]
    pairs += [(s, d) for s in DTYPES + UNSIGNED for d in DTYPES + UNSIGNED if s in UNSIGNED or d in UNSIGNED]
    cases = []
    for s, d in pairs:
        a = cast_values(s, d)
        # half of them strided: a reversed view, so the cast runs through the strided path
        base = np.concatenate([a, a[::-1]]) if len(cases) % 2 else a
        lines = base_lines(f"astype_{s}_{d}", base)
        if len(cases) % 2:
            lines.append(("op", "get ::-2"))
            src = base[::-2]
        else:
            src = base
        with np.errstate(over="ignore", invalid="ignore"):
            r = src.astype(d)
        lines.append(("op", "astype " + d))
        cases.append(lines + describe_result(base, r))
    return cases


def creation_cases():
    cases = []

    def add(name, op, r):
        cases.append([("name", name), ("op", op)] + [(k, v) for k, v in describe_result(r, r) if k not in ("out_shares", "out_offset")])

    for i, (a, b, c) in enumerate([(0, 10, 1), (3, 17, 4), (10, 0, -3), (-5, 5, 2), (5, 5, 1), (5, 0, 1), (0, -7, -1), (-3, 100, 7)]):
        add(f"arange_int{i}", f"arange_int {a} {b} {c}", np.arange(a, b, c))
    for i, (a, b, c) in enumerate([(0.0, 1.0, 0.1), (0.1, 1.0, 0.3), (1.0, -1.0, -0.25), (-2.5, 2.5, 0.7), (0.0, 0.0, 1.0),
                                   (1e-3, 2e-3, 1e-4), (5.0, 1.0, 0.5), (0.0, 10.0, 3.0)]):
        add(f"arange_float{i}", f"arange_float {a!r} {b!r} {c!r} float64", np.arange(a, b, c))
    add("arange_float32", "arange_float 0.0 2.0 0.3 float32", np.arange(0.0, 2.0, 0.3, dtype=np.float32))
    for i, (a, b, n, e, dt) in enumerate([(0.0, 1.0, 5, True, "float64"), (0.0, 1.0, 5, False, "float64"), (2.0, 3.0, 0, True, "float64"),
                                          (2.0, 3.0, 1, True, "float64"), (2.0, 3.0, 1, False, "float64"), (-1.0, 1.0, 50, True, "float64"),
                                          (1.0, -1.0, 7, False, "float32"), (0.0, 1.0, 10, True, "float32"), (-3.0, 2.0, 7, True, "int64"),
                                          (0.0, 10.0, 4, False, "int32"), (5.0, 5.0, 3, True, "float64")]):
        add(f"linspace{i}", f"linspace {a!r} {b!r} {n} {int(e)} {dt}", np.linspace(a, b, n, endpoint=e, dtype=dt))
    for i, (n, m, k, dt) in enumerate([(3, 3, 0, "float64"), (3, 5, 1, "float32"), (5, 3, -2, "int32"), (4, 4, 4, "float64"),
                                       (4, 4, -3, "int64"), (1, 1, 0, "bool"), (0, 3, 0, "float64"), (2, 6, -1, "uint8"), (6, 2, 1, "int8")]):
        add(f"eye{i}", f"eye {n} {m} {k} {dt}", np.eye(n, m, k, dtype=dt))
    for dt in DTYPES:
        shape = (2, 3) if dt != "int8" else (4,)
        add(f"zeros_{dt}", f"zeros {dt} " + ints(shape), np.zeros(shape, dt))
        add(f"ones_{dt}", f"ones {dt} " + ints(shape), np.ones(shape, dt))
        val = {"bool": "true", "uint8": "200", "int8": "-7"}.get(dt, "-3" if dt.startswith("int") else "2.5")
        pyval = True if val == "true" else (float(val) if "." in val else int(val))
        add(f"full_{dt}", f"full {val} {dt} 3 2", np.full((3, 2), pyval, dtype=dt))
    add("full_scalar_shape", "full 4.5 float64", np.full((), 4.5))
    add("zeros_empty", "zeros float32 0 3", np.zeros((0, 3), np.float32))
    for dt in UNSIGNED:
        add(f"zeros_{dt}", f"zeros {dt} 2 3", np.zeros((2, 3), dt))
        add(f"ones_{dt}", f"ones {dt} 2 3", np.ones((2, 3), dt))
        top = int(np.iinfo(dt).max) if dt != "uint64" else 2 ** 63 - 1   # a Java long holds no more
        add(f"full_{dt}", f"full {top} {dt} 3 2", np.full((3, 2), top, dtype=dt))
        add(f"full_float_{dt}", f"full 2.75 {dt} 2", np.full(2, 2.75, dtype=dt))
        add(f"eye_{dt}", f"eye 3 4 1 {dt}", np.eye(3, 4, 1, dtype=dt))
        add(f"arange_{dt}", f"arange_float 0.0 10.0 3.0 {dt}", np.arange(0.0, 10.0, 3.0, dtype=dt))
        add(f"linspace_{dt}", f"linspace 0.0 10.0 4 1 {dt}", np.linspace(0.0, 10.0, 4, dtype=dt))
    return cases


def write(name, cases):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write(f"# generated by make_core_fixtures.py (numpy {np.__version__}, seed {SEED}); do not edit\n\n")
        f.write("\n\n".join(block(c) for c in cases) + "\n")
    print(f"{path}: {len(cases)} cases")


if __name__ == "__main__":
    views = view_cases()
    write("set.txt", set_cases())
    write("astype.txt", astype_cases())
    write("creation.txt", creation_cases())
    write("views.txt", views + flip_moveaxis_cases())
