"""NumPy oracles for the ufunc conformance suite: every ufunc x every dtype it accepts (all inputs of
one dtype), inputs of shape (3, 4) drawn from the ufunc's domain, the expected result and the result
with the second input's first row broadcast. Also the promotion table (numpy.result_type) and NEP 50
weak-scalar results. The ufuncs added later (NEW_UNARY, NEW_BINARY) draw from a second generator after
clip, so the older rows stay as they were; their inputs carry edge values (signed zeros, infinities,
NaN, huge arguments, zero divisors). The unsigned dtypes uint16, uint32 and uint64 (every ufunc above
and clip) draw from a third generator into ufuncs-unsigned.tsv, rows of the same form: values above
2^31 and 2^63, the dtype's maximum, wrap-around, zero divisors, shifts by the width and more.
Run from the module root: python3 src/test/python/gen_ufunc_fixtures.py"""
import numpy as np

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]
UNARY = ["negative", "absolute", "sign", "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "square",
         "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "floor", "ceil", "rint",
         "trunc", "logical_not", "invert", "isnan", "isinf", "isfinite", "conjugate"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum", "minimum",
          "arctan2", "hypot", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]
COMPLEX_OK = {"negative", "absolute", "sign", "exp", "log", "sqrt", "square", "reciprocal", "conjugate", "isnan", "isinf",
              "isfinite", "logical_not", "add", "subtract", "multiply", "true_divide", "power", "equal", "not_equal",
              "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_xor", "maximum", "minimum"}
NEW_UNARY = ["arcsinh", "arccosh", "arctanh", "exp2", "deg2rad", "rad2deg", "signbit", "positive"]
NEW_BINARY = ["logaddexp", "logaddexp2", "fmod", "copysign", "fmax", "fmin", "heaviside", "nextafter", "float_power", "gcd", "lcm"]
COMPLEX_OK |= {"positive", "fmax", "fmin", "float_power"}
rng = np.random.default_rng(1234)
rng2 = np.random.default_rng(5678)
rng3 = np.random.default_rng(9012)
UNSIGNED = ["uint16", "uint32", "uint64"]
# integer ufuncs whose operands keep their bits: drawn over the whole range, not from small values
FULL_RANGE = {"add", "subtract", "multiply", "negative", "absolute", "sign", "square", "maximum", "minimum", "fmax", "fmin",
              "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or",
              "logical_xor", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "positive", "conjugate",
              "isnan", "isinf", "isfinite", "floor", "ceil", "trunc", "rint", "true_divide", "clip", "arctan2", "hypot"}
SHAPE = (3, 4)

def values(name, dt, arg):
    d = np.dtype(dt)
    n = 12
    if d.kind == "b":
        return rng.integers(0, 2, n).astype(d)
    if d.kind in "iu":
        bits = d.itemsize * 8
        if name in ("left_shift", "right_shift") and arg == 1:
            return rng.integers(0, min(bits + 2, 127), n).astype(d)
        if name == "power":
            return (rng.integers(0, 5, n) if arg == 1 or d.kind == "u" else rng.integers(-5, 6, n)).astype(d)
        lo = 0 if d.kind == "u" else -20
        v = rng.integers(lo, 40 if d.kind == "u" else 21, n)
        if name == "reciprocal":
            v[v == 0] = 1
        if name in ("floor_divide", "remainder") and arg == 1:
            v[0] = 0
        if name in ("add", "multiply", "square", "negative", "absolute") and d.itemsize < 8:
            v[1] = np.iinfo(d).max; v[2] = np.iinfo(d).min   # wrap-around as NumPy
        return v.astype(d)
    if d.kind == "f":
        lo, hi = -5, 5
        if name in ("log", "log2", "log10", "sqrt"): lo, hi = 0.1, 10
        if name == "log1p": lo, hi = -0.9, 5
        if name in ("arcsin", "arccos"): lo, hi = -0.99, 0.99
        if name == "power": lo, hi = (0.1, 3) if arg == 0 else (-2, 2)
        v = rng.uniform(lo, hi, n)
        if name in ("isnan", "isinf", "isfinite", "maximum", "minimum") :
            v[0] = np.nan; v[1] = np.inf; v[2] = -np.inf
        if name in ("floor_divide", "remainder") and arg == 1:
            v[0] = 0
        return v.astype(d)
    re = rng.uniform(-3, 3, n); im = rng.uniform(-3, 3, n)
    v = (re + 1j * im)
    if name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "maximum", "minimum") and arg == 1:
        v[0:3] = 0  # ties on the real part exercised below by equal values
    return v.astype(d)

def new_values(name, dt, arg):
    """Inputs of the NEW_ ufuncs: random in the ufunc's domain, then edge values in the first slots."""
    d = np.dtype(dt)
    n = 12
    nan, inf = np.nan, np.inf
    if d.kind == "b":
        return rng2.integers(0, 2, n).astype(d)
    if d.kind in "iu":
        info = np.iinfo(d)
        lo, hi = (0, 41) if d.kind == "u" else (-20, 21)
        if name == "fmod" and arg == 0: lo, hi = (0, 256) if d.kind == "u" else (-50, 51)
        v = rng2.integers(lo, hi, n)
        if name == "fmod" and arg == 1:
            v[v == 0] = 3; v[0] = 0
            if d.kind == "i": v[1] = -1
        if name == "fmod" and arg == 0 and d.kind == "i": v[1] = info.min   # INT_MIN % -1 is 0, no trap
        if name in ("gcd", "lcm"):
            v[0:3] = [[0, 0, 12], [0, 6 if d.kind == "u" else -6, 0]][arg]
        if name == "lcm" and arg == 0: v[3] = 13
        if name == "lcm" and arg == 1: v[3] = 11                      # overflows int8 as NumPy does
        return v.astype(d)
    if d.kind == "f":
        big = float(np.finfo(d).max) / 2
        tiny = float(np.finfo(d).smallest_subnormal)
        mn = float(np.finfo(d).tiny)
        doms = {"arcsinh": (-5, 5), "arccosh": (1, 10), "arctanh": (-0.99, 0.99), "exp2": (-10, 10), "deg2rad": (-400, 400),
                "rad2deg": (-7, 7), "logaddexp": (-50, 50), "logaddexp2": (-50, 50), "fmod": (-10, 10), "float_power": (0.1, 3)}
        lo, hi = doms.get(name, (-5, 5))
        if name == "fmod" and arg == 1: lo, hi = -5, 5
        if name == "float_power" and arg == 1: lo, hi = -2, 2
        v = rng2.uniform(lo, hi, n)
        edges = {
            "arcsinh": [0.0, -0.0, inf, -inf, nan, big, -big],
            "arccosh": [1.0, inf, nan, 0.5, big],
            "arctanh": [1.0, -1.0, -0.0, nan, 2.0],
            "exp2": [-inf, inf, nan, -0.0, 1100.0, -1100.0],
            "deg2rad": [inf, -inf, nan, -0.0, big],
            "rad2deg": [inf, -inf, nan, -0.0],
            "signbit": [-0.0, 0.0, nan, inf, -inf, -big],
            "positive": [-0.0, inf, -inf, nan],
            "logaddexp": [[-inf, -inf, inf, inf, nan, 1000.0, -inf], [-inf, 1.0, inf, -inf, 1.0, 1000.0, inf]][arg],
            "logaddexp2": [[-inf, -inf, inf, inf, nan, 1000.0, -inf], [-inf, 1.0, inf, -inf, 1.0, 1000.0, inf]][arg],
            "fmod": [[1.0, 3.5, inf, -0.0, nan, -4.0, -7.5], [0.0, inf, 2.0, 3.0, 2.0, 2.0, 2.0]][arg],
            "copysign": [[1.0, 2.0, inf, -0.0, nan, 0.0, -3.0], [-0.0, 0.0, -1.0, 1.0, -2.0, -inf, 5.0]][arg],
            "fmax": [[nan, 1.0, nan, inf, -inf, -2.0], [1.0, nan, nan, -inf, 3.0, -0.5]][arg],
            "fmin": [[nan, 1.0, nan, inf, -inf, -2.0], [1.0, nan, nan, -inf, 3.0, -0.5]][arg],
            "heaviside": [[0.0, -0.0, nan, inf, -inf, 0.0, -2.0, 3.0], [0.5, 0.25, 0.5, 0.5, 0.5, nan, 0.5, 0.5]][arg],
            "nextafter": [[0.0, 0.0, -0.0, 1.0, inf, float(np.finfo(d).max), nan, 1.0, -2.0, tiny, mn, 3.0],
                          [1.0, -1.0, 0.0, 1.0, 0.0, inf, 1.0, 0.0, -inf, 0.0, 0.0, nan]][arg],
            "float_power": [[-2.0, 0.0, 2.0, inf], [0.5, -1.0, 0.0, -1.0]][arg],
        }.get(name, [])
        v[:len(edges)] = edges
        return v.astype(d)
    re = rng2.uniform(-3, 3, n); im = rng2.uniform(-3, 3, n)
    v = re + 1j * im
    if name in ("fmax", "fmin"):
        if arg == 0: v[0] = complex(nan, 1.0); v[2] = complex(1.0, 2.0); v[3] = complex(nan, nan)
        else: v[1] = complex(0.5, nan); v[2] = complex(1.0, -1.0); v[3] = complex(nan, 0.0)
    if name == "float_power": v = np.abs(re) + 0.1 + 1j * im
    return v.astype(d)

def unsigned_values(name, dt, arg):
    """Inputs of an unsigned dtype: edge values first (the maximum, 2^(bits-1) and its neighbours, zero, one),
    the rest random over the full range or, for the ufuncs of floats, small; fixed pairs where two inputs meet."""
    d = np.dtype(dt)
    bits = d.itemsize * 8
    m, h = int(np.iinfo(d).max), 2 ** (bits - 1)
    full = [int(x) for x in rng3.integers(0, m, 12, dtype=d, endpoint=True)]
    small = [int(x) for x in rng3.integers(0, 41, 12)]
    if name in ("left_shift", "right_shift"):
        edges = [[m, h + 5, 1, m, h, 12345, m, 1, 3], [0, 1, bits - 1, bits, bits + 1, 2 * bits, m, 2 * bits - 1, h]][arg]
        v = edges + [int(x) % (bits + 3) for x in full][len(edges):] if arg == 1 else edges + full[len(edges):]
    elif name == "power":
        # (base, exponent): 0^0, wrap-around, an exponent of the dtype's maximum (squaring, not a loop that long)
        edges = [[0, 1, 3, m, 2, 2, h + 5, 7, 0], [0, m, m, 2, bits - 1, bits, 3, 0, 5]][arg]
        v = edges + small[len(edges):]
    elif name in ("floor_divide", "remainder", "fmod"):
        edges = [[7, m, m, h + 5, 0, m, h, 12, 0], [0, 1, m, h, 0, 3, h + 1, 5, 7]][arg]
        v = edges + [x if arg == 0 or x else 1 for x in full][len(edges):]
    elif name in ("gcd", "lcm"):
        edges = [[0, 0, 12, m, h, 2 ** (bits // 2) * 3, m - 1, 6, 13], [0, 6, 0, m - 1, h + 4, 2 ** (bits // 2) * 9, m, 4, 11]][arg]
        v = edges + small[len(edges):]
    elif name == "reciprocal":
        v = [1, m, h, 2] + [x or 1 for x in small][4:]
    elif name in FULL_RANGE:
        # the pairs m vs m - 1 and h vs h - 1 order wrongly when compared as signed numbers
        edges = [[m, h, h - 1, 0, 1, m, m - 1, 5], [m - 1, h - 1, h, 0, m, m, 5, 5]][min(arg, 1)]
        if name == "clip" and arg:
            edges = [[0, h - 1, 0, 1, 5, 0, 2, 0], [m, h, h, 3, m - 1, m, 3, 9]][arg - 1]
        v = edges + full[len(edges):]
    else:
        v = [0, 1, m, h] + small[4:]
    return np.array(v, dtype=object).astype(d)


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "c":
        return " ".join(repr(float(x.real)) + ":" + repr(float(x.imag)) for x in a)
    if a.dtype.kind == "b":
        return " ".join("1" if x else "0" for x in a)
    if a.dtype.kind in "iu":
        return " ".join(str(int(x)) for x in a)
    return " ".join(repr(float(x)) for x in a)

def main():
    rows = []
    with np.errstate(all="ignore"):
        for name in UNARY + BINARY:
            uf = getattr(np, name)
            for dt in DTYPES:
                if np.dtype(dt).kind == "c" and name not in COMPLEX_OK:
                    continue
                try:
                    uf.resolve_dtypes((np.dtype(dt),) * uf.nin + (None,))
                except Exception:
                    continue
                ins = [values(name, dt, k).reshape(SHAPE) for k in range(uf.nin)]
                if name in ("equal", "not_equal", "less_equal", "greater_equal") :
                    ins[1].ravel()[3:6] = ins[0].ravel()[3:6]
                exp = uf(*ins)
                bc = uf(ins[0], ins[1][0:1]) if uf.nin == 2 else exp
                rows.append("\t".join([name, dt, str(exp.dtype)] + [fmt(i) for i in ins] + [fmt(exp), fmt(bc)]))
        # clip and where
        for dt in DTYPES[:9]:
            a, lo, hi = values("clip", dt, 0).reshape(SHAPE), values("clip", dt, 1).reshape(SHAPE), values("clip", dt, 2).reshape(SHAPE)
            exp = np.clip(a, np.minimum(lo, hi), np.maximum(lo, hi))
            rows.append("\t".join(["clip", dt, str(exp.dtype), fmt(a), fmt(np.minimum(lo, hi)), fmt(np.maximum(lo, hi)), fmt(exp), fmt(exp)]))
        for name in NEW_UNARY + NEW_BINARY:
            uf = getattr(np, name)
            for dt in DTYPES:
                if np.dtype(dt).kind == "c" and name not in COMPLEX_OK:
                    continue
                try:
                    uf.resolve_dtypes((np.dtype(dt),) * uf.nin + (None,))
                except Exception:
                    continue
                ins = [new_values(name, dt, k).reshape(SHAPE) for k in range(uf.nin)]
                exp = uf(*ins)
                bc = uf(ins[0], ins[1][0:1]) if uf.nin == 2 else exp
                rows.append("\t".join([name, dt, str(exp.dtype)] + [fmt(i) for i in ins] + [fmt(exp), fmt(bc)]))
    with open("src/test/resources/fixtures/ufuncs/ufuncs.tsv", "w") as f:
        f.write("\n".join(rows) + "\n")
    urows = []
    with np.errstate(all="ignore"):
        for name in UNARY + BINARY + NEW_UNARY + NEW_BINARY + ["clip"]:
            uf = getattr(np, name)
            for dt in UNSIGNED:
                nin = 3 if name == "clip" else uf.nin
                if name != "clip":
                    try:
                        uf.resolve_dtypes((np.dtype(dt),) * nin + (None,))
                    except Exception:
                        continue
                ins = [unsigned_values(name, dt, k).reshape(SHAPE) for k in range(nin)]
                if name == "clip":
                    exp = np.clip(*ins)
                    bc = exp
                else:
                    exp = uf(*ins)
                    bc = uf(ins[0], ins[1][0:1]) if nin == 2 else exp
                urows.append("\t".join([name, dt, str(exp.dtype)] + [fmt(i) for i in ins] + [fmt(exp), fmt(bc)]))
    with open("src/test/resources/fixtures/ufuncs/ufuncs-unsigned.tsv", "w") as f:
        f.write("\n".join(urows) + "\n")
    # promotion: numpy.result_type of two arrays, and of an array with a Python int / float / bool (NEP 50), every dtype
    prom = []
    every = ["bool", "uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32", "float64",
             "complex64", "complex128"]
    for a in every:
        for b in every:
            prom.append("\t".join(["arrays", a, b, str(np.result_type(np.dtype(a), np.dtype(b)))]))
        for v in (3, 2.5, True, -1, 70000, 2 ** 32, 2 ** 63 - 1):
            try:
                with np.errstate(all="ignore"):
                    r = str((np.zeros(2, a) + v).dtype)
            except Exception:
                r = "error"
            prom.append("\t".join(["scalar", a, repr(v), r]))
    with open("src/test/resources/fixtures/ufuncs/promotion.tsv", "w") as f:
        f.write("\n".join(prom) + "\n")
    print(len(rows), "ufunc cases,", len(urows), "unsigned ufunc cases,", len(prom), "promotion cases")

main()
