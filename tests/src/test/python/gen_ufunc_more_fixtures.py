"""NumPy oracles for the ufuncs of issue 22 that the main fixtures do not cover: ldexp (float x integer
exponent, NumPy's mixed loops), frexp, modf and divmod (two outputs) and numpy.sinc, for every
input dtype NumPy accepts. Inputs of shape (3, 4): random in the domain, then edge values in the
first slots (signed zeros, infinities, NaN, subnormals, huge exponents, zero divisors, integer
overflow). Row: name, input dtypes, output dtypes, each input, each expected output.

The unsigned dtypes uint16, uint32 and uint64 go to ufuncs-more-unsigned.tsv from a second generator
(so the rows above stay as they were), rows of the same form:
- ldexp, frexp, modf, divmod and sinc of unsigned inputs (ldexp's uint64 exponent has no loop: "error");
- binary ufuncs of mixed signed/unsigned operands (every one for uint32 with int32 and uint64 with int64,
  the arithmetic ones and the comparisons for the other pairs), edge values placed so that equal bits
  meet (uint64 2^64-1 beside int64 -1, 2^63 beside -2^63); output "error" where NumPy has no loop;
- astype between every dtype and each unsigned one (name "astype", input dtype, output dtype): in
  both directions, floats near 2^63 and 2^64 into uint64, negative floats (which wrap through int64);
  floats out of range or NaN only into uint64, whose x86 result NumPy's loops keep the same everywhere;
- Java numbers beside unsigned arrays (NEP 50 weak scalars): an input dtype "pyint", "pyfloat" or "pybool"
  is a Java long, double or boolean whose literal is the input's column; "error" where NumPy raises
  OverflowError (the Java side: DTypeException).
Run from the module root: python3 src/test/python/gen_ufunc_more_fixtures.py"""
import itertools
import warnings
import numpy as np

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]
rng = np.random.default_rng(2222)
N = 12
nan, inf = np.nan, np.inf


def floats(d, lo, hi, edges):
    v = rng.uniform(lo, hi, N)
    v[:len(edges)] = edges
    return v.astype(d)


def ints(d, lo, hi, edges=()):
    info = np.iinfo(d) if np.dtype(d).kind in "iu" else None
    v = rng.integers(max(lo, info.min) if info else 0, min(hi, info.max + 1) if info else 2, N)
    v = v.astype(object)
    for k, e in enumerate(edges):
        v[k] = e
    return np.array([int(x) for x in v]).astype(d) if d != "bool" else v.astype(bool)


def float_edges(d):
    fi = np.finfo(d)
    return [0.0, -0.0, inf, -inf, nan, float(fi.smallest_subnormal), -float(fi.smallest_subnormal), float(fi.tiny), float(fi.max)]


def inputs(name, combo):
    d0 = np.dtype(combo[0])
    if name == "ldexp":
        d1 = np.dtype(combo[1])
        x = floats(d0, -10, 10, float_edges(d0)) if d0.kind == "f" else ints(combo[0], -20, 21, [0, 1])
        big = [2 ** 40, -(2 ** 40), np.iinfo(np.int64).max, np.iinfo(np.int64).min] if d1 == np.int64 else \
              [np.iinfo(d1).max, np.iinfo(d1).min] if d1.kind in "iu" else []
        e = ints(combo[1], -30, 31, [1, 2, 3, -1, -2, 100] + big) if d1.kind != "b" else ints("bool", 0, 2)
        if d0.kind == "f":
            e[0:5] = [3, 3, 5, 5, 1]        # the edges of x with small exponents; big ones later
        return [x, e]
    if name == "divmod":
        if d0.kind == "f":
            return [floats(d0, -10, 10, [5.0, -5.0, 7.5, -0.0, inf, nan, 1.0, -7.0, 0.0]),
                    floats(d0, -4, 4, [0.0, 3.0, -2.0, 2.0, 3.0, 1.0, inf, inf, -3.0])]
        if d0.kind == "b":
            return [ints("bool", 0, 2), np.ones(N, bool)]
        info = np.iinfo(d0)
        a = ints(combo[0], -50, 51, [7, -7, 7, -7, info.min, info.max, 0] if d0.kind == "i" else [7, 255 if d0.itemsize == 1 else 7, 0])
        b = ints(combo[1], -6, 7, [2, 2, -2, -2, -1, 0, 3] if d0.kind == "i" else [2, 0, 3])
        b[7:][b[7:] == 0] = 1 if d0.kind == "u" else -3
        return [a, b]
    if name in ("frexp", "modf", "sinc"):
        if d0.kind == "f":
            extra = [1.0, -2.5, 0.75, 3.0] if name != "sinc" else [1.0, -2.0, 0.5, 1e-30]
            e = float_edges(d0)[:N - len(extra)]
            return [floats(d0, -100, 100, e + extra) if name != "sinc" else floats(d0, -4, 4, e + extra)]
        return [ints(combo[0], -20, 21, [0, 1]) if d0.kind != "b" else ints("bool", 0, 2)]
    raise ValueError(name)


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "c":
        return " ".join(repr(float(x.real)) + ":" + repr(float(x.imag)) for x in a)
    if a.dtype.kind == "b":
        return " ".join("1" if x else "0" for x in a)
    if a.dtype.kind in "iu":
        return " ".join(str(int(x)) for x in a)
    return " ".join(repr(float(x)) for x in a)


UNSIGNED = ["uint16", "uint32", "uint64"]
ALL14 = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64",
         "complex64", "complex128"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum", "minimum",
          "arctan2", "hypot", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
          "logaddexp", "logaddexp2", "fmod", "copysign", "fmax", "fmin", "heaviside", "nextafter", "float_power", "gcd", "lcm"]
CORE = ["add", "subtract", "multiply", "true_divide", "floor_divide", "maximum", "less", "equal"]
COMPARE = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]
MIXED = [(("uint32", "int32"), BINARY), (("uint64", "int64"), BINARY), (("uint8", "int8"), CORE + ["remainder", "left_shift"]),
         (("int64", "uint64"), COMPARE + ["add", "maximum"]), (("uint64", "int8"), COMPARE + ["add", "floor_divide"]),
         (("int8", "uint64"), COMPARE + ["subtract"]), (("uint16", "int16"), CORE), (("uint64", "uint32"), CORE),
         (("uint32", "uint8"), CORE), (("uint16", "float16"), CORE), (("uint64", "float32"), CORE), (("bool", "uint64"), CORE)]


def wrap(v, d):
    """Python int v as a value of integer dtype d (two's complement wrap-around, as astype)."""
    d = np.dtype(d)
    bits = d.itemsize * 8
    x = int(v) % (1 << bits)
    return x - (1 << bits) if d.kind == "i" and x >= 1 << (bits - 1) else x


def int_edges(d):
    """Edge values of an integer dtype, aligned by slot across dtypes so that equal bits meet equal bits."""
    d = np.dtype(d)
    bits = d.itemsize * 8
    if d.kind == "b":
        return [1, 0, 1, 0, 1, 1, 0, 1]
    if d.kind == "u":
        m, h = (1 << bits) - 1, 1 << (bits - 1)
        return [m, h, 5, 0, 1, h + 5, 7, 3]
    info = np.iinfo(d)
    return [-1, int(info.min), 5, 0, -1, int(info.max), 7, 3]


def mixed_values(name, d, arg):
    d = np.dtype(d)
    if d.kind == "f":
        v = [2.0 ** 64, 2.0 ** 63, 5.0, nan, 1.0, -1.0, 7.5, 3.0] + list(rng.uniform(-50, 50, N - 8))
        return np.array(v).astype(d)
    if name == "power":    # no negative exponents (NumPy refuses them in integer loops)
        v = [[0, 1, 2, 3, 7, 10, 2, 5], [0, 5, 63, 2, 3, 1, 64, 0]][arg] + [int(x) for x in rng.integers(0, 8, N - 8)]
        return np.array([wrap(x, d) for x in v], dtype=object).astype(d)
    if d.kind == "b":
        return np.array(int_edges(d) + [int(x) for x in rng.integers(0, 2, N - 8)]).astype(bool)
    info = np.iinfo(d)
    rest = [int(x) for x in rng.integers(int(info.min), int(info.max), N - 8, dtype=d, endpoint=True)]
    return np.array(int_edges(d) + rest, dtype=object).astype(d)


def cast_values(src, dst):
    """Inputs of astype(src -> dst): integer edges of src, or floats in dst's range (uint64: its edges and out of range too)."""
    s = np.dtype(src)
    if s.kind in "biu":
        bits = s.itemsize * 8
        if s.kind == "b":
            return np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1]).astype(bool)
        v = [0, 1, -1, 1 << (bits - 1), (1 << (bits - 1)) - 1, (1 << (bits - 1)) + 5, 255, 256, 65535, 65536, (1 << 31) + 7, -2]
        return np.array([wrap(x, s) for x in v], dtype=object).astype(s)
    real = np.dtype("float32") if s == np.complex64 else np.dtype("float64") if s == np.complex128 else s
    if real == np.float16:
        v = [0.0, 1.5, 65504.0, -1.0, -2.5, 255.9, 256.0, 3.25, 1000.0, 0.5, 42.7, 7.0]
        if dst == "uint8":
            v[2], v[5], v[6] = 255.0, 254.9, 128.0
        if dst == "uint64":
            v[8:11] = [nan, inf, -inf]      # x86: NaN and -inf give 2^63, inf 0
    elif dst == "uint64":
        ulp = 2048.0 if real == np.float64 else 2.0 ** 40      # the spacing of floats in [2^63, 2^64)
        v = [0.0, 1.5, -1.0, -2.5, 2.0 ** 63, 2.0 ** 64 - ulp, 2.0 ** 63 + ulp, 2.0 ** 64, 1e19, nan, inf, -inf]
    else:
        big = {"uint32": [2.0 ** 31, 4294967295.0 if real == np.float64 else 4294967040.0, 1e9, 2.0 ** 31 + 0.5, 123456.7, 65536.0],
               "uint16": [65535.9 if real == np.float64 else 65535.0, 32768.0, 1000.5, 256.0, 42.7, 65534.5],
               "uint8": [255.9, 128.0, 254.5, 100.5, 42.7, 7.0]}[dst]
        v = [0.0, 1.5, -1.0, -2.5, 3.99, 0.5] + big
    out = np.array(v).astype(real)
    return out + 0.5j if s.kind == "c" else out


def scalar_rows():
    """Java numbers beside unsigned arrays: (ufunc, scalar literal, the scalar first?)."""
    cases = [("add", 5), ("add", -1), ("subtract", 1), ("multiply", 70000), ("add", 2 ** 31), ("add", 2 ** 32),
             ("add", 2 ** 63 - 1), ("add", 2.5), ("multiply", True), ("true_divide", 2), ("floor_divide", 0),
             ("maximum", 7), ("right_shift", 3), ("power", 2), ("less", 3), ("subtract", 5, "first"),
             # comparisons take an integer out of the dtype's range by value (NumPy 2), where arithmetic raises
             ("less", -1), ("not_equal", -1), ("greater_equal", 2 ** 32), ("greater", -1, "first"), ("equal", 2 ** 63 - 1)]
    rows = []
    for dt in ["uint8"] + UNSIGNED:
        d = np.dtype(dt)
        m, h = int(np.iinfo(d).max), 1 << (d.itemsize * 8 - 1)
        a = np.array([0, 1, 2, m, m - 1, h, h - 1, 5, 7, 3, 100 % m, 12], dtype=object).astype(d).reshape(3, 4)
        for c in cases:
            name, v = c[0], c[1]
            first = len(c) > 2
            kind = "pybool" if isinstance(v, bool) else "pyfloat" if isinstance(v, float) else "pyint"
            lit = "1" if v is True else repr(v)
            try:
                got = getattr(np, name)(v, a) if first else getattr(np, name)(a, v)
                res, out = str(got.dtype), fmt(got)
            except OverflowError:
                res, out = "error", ""
            types = [kind, dt] if first else [dt, kind]
            ins = [lit, fmt(a)] if first else [fmt(a), lit]
            rows.append("\t".join([name, ",".join(types), res] + ins + ([out] if out else [])))
    return rows


def unsigned_rows():
    global rng
    rng = np.random.default_rng(3333)
    rows = []

    def emit(name, combo, ins):
        try:
            got = np.sinc(ins[0]) if name == "sinc" else getattr(np, name)(*ins)
        except TypeError:       # no loop: the Java side raises DTypeException
            rows.append("\t".join([name, ",".join(combo), "error"] + [fmt(i) for i in ins]))
            return
        got = got if isinstance(got, tuple) else (got,)
        rows.append("\t".join([name, ",".join(combo), ",".join(str(g.dtype) for g in got)] + [fmt(i) for i in ins]
                              + [fmt(g) for g in got]))

    for u in UNSIGNED:
        for name in ["frexp", "modf", "sinc"]:
            emit(name, (u,), [unsigned_ints(u).reshape(3, 4)])
        a, b = unsigned_ints(u), unsigned_ints(u)
        a[:6] = [7, wrap(-1, u), 0, wrap(-1, u), 1 << (np.dtype(u).itemsize * 8 - 1), 5]
        b[:6] = [2, 0, 3, 1 << (np.dtype(u).itemsize * 8 - 1), wrap(-1, u), 0]
        b[6:][b[6:] == 0] = 1
        emit("divmod", (u, u), [a.reshape(3, 4), b.reshape(3, 4)])
    for combo in [("float16", "uint16"), ("float32", "uint32"), ("float64", "uint32"), ("float64", "uint64"), ("uint16", "int32"),
                  ("uint32", "int64"), ("uint64", "int32"), ("uint64", "uint16")]:
        emit("ldexp", combo, [x.reshape(3, 4) for x in inputs("ldexp", combo)])
    for pair, names in MIXED:
        for name in names:
            emit(name, pair, [mixed_values(name, pair[k], k).reshape(3, 4) for k in range(2)])
    seen = set()
    for src in ALL14:
        for dst in ["uint8"] + UNSIGNED:
            for a, b in ((src, dst), (dst, src)):
                if a == b or (a, b) in seen:
                    continue
                seen.add((a, b))
                x = cast_values(a, b).reshape(3, 4)
                rows.append("\t".join(["astype", a, b, fmt(x), fmt(x.astype(b))]))
    return rows + scalar_rows()


def unsigned_ints(u):
    d = np.dtype(u)
    m, h = int(np.iinfo(d).max), 1 << (d.itemsize * 8 - 1)
    rest = [int(x) for x in rng.integers(0, 41, N - 4)]
    return np.array([0, 1, m, h] + rest, dtype=object).astype(d)


def main():
    rows = []
    with np.errstate(all="ignore"):
        for name in ["ldexp", "frexp", "modf", "divmod", "sinc"]:
            nin = 1 if name in ("frexp", "modf", "sinc") else 2
            for combo in itertools.product(DTYPES, repeat=nin):
                if name == "sinc":
                    outs = (np.sinc(np.ones(2, combo[0])).dtype,)
                else:
                    uf = getattr(np, name)
                    try:
                        res = uf.resolve_dtypes(tuple(np.dtype(d) for d in combo) + (None,) * uf.nout)
                    except Exception:
                        continue
                    outs = res[nin:]
                if name == "divmod" and combo[0] != combo[1]:
                    continue                    # the loop table covers the mixed pairs; values need one dtype here
                ins = [x.reshape(3, 4) for x in inputs(name, combo)]
                got = np.sinc(ins[0]) if name == "sinc" else getattr(np, name)(*ins)
                got = got if isinstance(got, tuple) else (got,)
                assert tuple(str(g.dtype) for g in got) == tuple(str(o) for o in outs), (name, combo, got)
                rows.append("\t".join([name, ",".join(combo), ",".join(str(o) for o in outs)] + [fmt(i) for i in ins]
                                      + [fmt(g) for g in got]))
    with open("src/test/resources/fixtures/ufuncs/ufuncs-more.tsv", "w") as f:
        f.write("\n".join(rows) + "\n")
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")         # complex to unsigned: NumPy warns that it drops the imaginary part
        urows = unsigned_rows()
    with open("src/test/resources/fixtures/ufuncs/ufuncs-more-unsigned.tsv", "w") as f:
        f.write("\n".join(urows) + "\n")
    print(len(rows), "cases,", len(urows), "unsigned cases")


main()
