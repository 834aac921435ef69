"""NumPy oracles for the ufunc conformance suite: every ufunc x every dtype it accepts (all inputs of
one dtype), inputs of shape (3, 4) drawn from the ufunc's domain, the expected result and the result
with the second input's first row broadcast. Also the promotion table (numpy.result_type) and NEP 50
weak-scalar results. Run from the module root: python3 src/test/python/gen_ufunc_fixtures.py"""
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
rng = np.random.default_rng(1234)
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
    with open("src/test/resources/fixtures/ufuncs/ufuncs.tsv", "w") as f:
        f.write("\n".join(rows) + "\n")
    # promotion: numpy.result_type of two arrays, and of an array with a Python int / float (NEP 50)
    prom = []
    for a in DTYPES:
        for b in DTYPES:
            prom.append("\t".join(["arrays", a, b, str(np.result_type(np.dtype(a), np.dtype(b)))]))
        for v in (3, 2.5, True):
            try:
                r = str((np.zeros(2, a) + v).dtype)
            except Exception:
                r = "error"
            prom.append("\t".join(["scalar", a, repr(v), r]))
    with open("src/test/resources/fixtures/ufuncs/promotion.tsv", "w") as f:
        f.write("\n".join(prom) + "\n")
    print(len(rows), "ufunc cases,", len(prom), "promotion cases")

main()
