"""NumPy oracles for the ufuncs of issue 22 that the main fixtures do not cover: ldexp (float x integer
exponent, NumPy's mixed loops), frexp, modf and divmod (two outputs) and numpy.sinc, for every
input dtype NumPy accepts. Inputs of shape (3, 4): random in the domain, then edge values in the
first slots (signed zeros, infinities, NaN, subnormals, huge exponents, zero divisors, integer
overflow). Row: name, input dtypes, output dtypes, each input, each expected output.
Run from the module root: python3 src/test/python/gen_ufunc_more_fixtures.py"""
import itertools
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
    if a.dtype.kind == "b":
        return " ".join("1" if x else "0" for x in a)
    if a.dtype.kind in "iu":
        return " ".join(str(int(x)) for x in a)
    return " ".join(repr(float(x)) for x in a)


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
    print(len(rows), "cases")


main()
