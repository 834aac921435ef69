"""NumPy oracles for datetime64 and timedelta64 (issue 39). Run from the module root:
python3 src/test/python/make_datetime_fixtures.py
Writes fixtures/datetime/:
- ops.tsv, one line per case (tab-separated): name, operation, dtype a, values a, dtype b, values b
  ('' for a unary operation or a Java integer b written as 'int:V', a float b as 'float:V'), result dtype
  ('error' when NumPy raises), result values. Datetime and timedelta values are their int64 counts
  (NaT is -9223372036854775808), bools 0/1, floats Python reprs ('nan').
- text.tsv: name, dtype, values, repr, str, datetime_as_string joined by '|'.
- parse.tsv: ISO text, unit ('' for numpy.datetime64's own), resulting dtype, count.
- *.npy written by np.save, with the dtype and values in npy.tsv (name, dtype, values)."""
import numpy as np

rng = np.random.default_rng(3940)
DIR = "src/test/resources/fixtures/datetime/"
NAT = np.iinfo(np.int64).min
UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns"]
# about 1780 to 2160 in each unit, so that dates before 1970 and across centuries come up
SPAN = {"Y": 190, "M": 190 * 12, "W": 190 * 52, "D": 190 * 365, "h": 190 * 8766, "m": 190 * 525960,
        "s": 190 * 31557600, "ms": 190 * 31557600 * 10**3, "us": 190 * 31557600 * 10**6,
        "ns": 290 * 31557600 * 10**6}


def vals(a):
    a = np.asarray(a)
    if a.dtype.kind in "mM":
        return ",".join(str(v) for v in a.view(np.int64).ravel())
    if a.dtype.kind == "b":
        return ",".join("1" if v else "0" for v in a.ravel())
    if a.dtype.kind == "f":
        return ",".join(repr(float(v)) for v in a.ravel())
    return ",".join(str(int(v)) for v in a.ravel())


def rand(kind, unit, n=8, nat=2, span=None):
    s = span or SPAN[unit]
    v = rng.integers(-s, s, n) if kind == "M" else rng.integers(-s // 40, s // 40, n)
    v[rng.choice(n, nat, replace=False)] = NAT
    return v.astype(f"{kind}8[{unit}]")


ops = []


def operand(x):
    if isinstance(x, (bool, int, np.integer)) and not isinstance(x, np.ndarray):
        return "", f"int:{int(x)}"
    if isinstance(x, float):
        return "", f"float:{x!r}"
    return x.dtype.str[1:] if x.dtype.kind in "mM" else str(x.dtype), vals(x)


def case(name, op, a, b=None, fn=None):
    da, va = operand(a)
    db, vb = ("", "") if b is None else operand(b)
    try:
        r = fn(a) if b is None else fn(a, b)
        r = np.asarray(r)
        rd = r.dtype.str[1:] if r.dtype.kind in "mM" else str(r.dtype)
        ops.append("\t".join([name, op, da, va, db, vb, rd, vals(r)]))
    except (TypeError, ValueError, OverflowError) as e:
        ops.append("\t".join([name, op, da, va, db, vb, "error", type(e).__name__]))


BIN = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "true_divide": np.true_divide,
       "floor_divide": np.floor_divide, "remainder": np.remainder, "equal": np.equal,
       "not_equal": np.not_equal, "less": np.less, "less_equal": np.less_equal, "greater": np.greater,
       "greater_equal": np.greater_equal, "maximum": np.maximum, "minimum": np.minimum,
       "fmax": np.fmax, "fmin": np.fmin}

with np.errstate(all="ignore"):
    for u in UNITS:
        for v in ["s", "D", "ms", "M"]:
            a, b = rand("M", u), rand("M", v)
            ta, tb = rand("m", u), rand("m", v)
            case(f"M{u}-M{v}", "subtract", a, b, BIN["subtract"])
            case(f"M{u}+m{v}", "add", a, tb, BIN["add"])
            case(f"m{v}+M{u}", "add", tb, a, BIN["add"])
            case(f"M{u}-m{v}", "subtract", a, tb, BIN["subtract"])
            case(f"m{u}+m{v}", "add", ta, tb, BIN["add"])
            for c in ["less", "not_equal"] if v in ("s", "M") else ["equal", "greater_equal"]:
                case(f"M{u} {c} M{v}", c, a, b, BIN[c])
                case(f"m{u} {c} m{v}", c, ta, tb, BIN[c])
            for c in ["maximum", "fmin"] if v in ("s", "M") else ["minimum", "fmax"]:
                case(f"M{u} {c} M{v}", c, a, b, BIN[c])
        t = rand("m", u)
        t2 = rand("m", u, nat=1)
        t2[t2.view(np.int64) == 0] = np.timedelta64(3, u)
        case(f"m{u}*3", "multiply", t, 3, BIN["multiply"])
        case(f"m{u}*-2.5", "multiply", t, -2.5, BIN["multiply"])
        case(f"m{u}*int32", "multiply", t, rng.integers(-5, 5, 8).astype(np.int32), BIN["multiply"])
        case(f"m{u}*f64", "multiply", t, rng.standard_normal(8) * 3, BIN["multiply"])
        case(f"m{u}/7", "true_divide", t, 7, BIN["true_divide"])
        case(f"m{u}/0", "true_divide", t, 0, BIN["true_divide"])
        case(f"m{u}/1.5", "true_divide", t, 1.5, BIN["true_divide"])
        case(f"m{u}//7", "floor_divide", t, 7, BIN["floor_divide"])
        case(f"m{u}/m{u}", "true_divide", t, t2, BIN["true_divide"])
        case(f"m{u}//m{u}", "floor_divide", t, t2, BIN["floor_divide"])
        case(f"m{u}%m{u}", "remainder", t, t2, BIN["remainder"])
        case(f"m{u}+5", "add", t, 5, BIN["add"])
        case(f"M{u}+5", "add", rand("M", u), 5, BIN["add"])
        case(f"m{u} less 4", "less", t, 4, BIN["less"])
        case(f"-m{u}", "negative", t, fn=np.negative)
        case(f"abs m{u}", "absolute", t, fn=np.absolute)
        case(f"isnat M{u}", "isnat", rand("M", u), fn=np.isnat)
        for red in ["min", "max", "argmin", "argmax"]:
            case(f"{red} M{u}", red, rand("M", u), fn=getattr(np, red))
            case(f"{red} M{u} no NaT", red, rand("M", u, nat=0), fn=getattr(np, red))
        case(f"sum m{u}", "sum", rand("m", u, nat=0), fn=np.sum)
        case(f"sum m{u} NaT", "sum", t, fn=np.sum)
        case(f"mean m{u}", "mean", rand("m", u, nat=0), fn=np.mean)
        case(f"sort M{u}", "sort", rand("M", u, n=40, nat=5), fn=np.sort)
        case(f"argsort m{u}", "argsort", rand("m", u, n=40, nat=5), fn=lambda x: np.argsort(x, kind="stable"))
        case(f"unique M{u}", "unique", np.concatenate([rand("M", u, n=10, nat=3)] * 2), fn=np.unique)
        for v in UNITS:
            for k in "Mm":
                x = rand(k, u)
                case(f"astype {k}{u}->{k}{v}", "astype", x, np.zeros(0, f"{k}8[{v}]"),
                     lambda p, q: p.astype(q.dtype))
        case(f"astype M{u}->int64", "astype", rand("M", u), np.zeros(0, np.int64), lambda p, q: p.astype(q.dtype))
        case(f"astype M{u}->float64", "astype", rand("M", u), np.zeros(0, np.float64), lambda p, q: p.astype(q.dtype))
        case(f"astype int32->m{u}", "astype", rng.integers(-1000, 1000, 8).astype(np.int32),
             np.zeros(0, f"m8[{u}]"), lambda p, q: p.astype(q.dtype))
        case(f"astype float64->m{u}", "astype", np.r_[rng.standard_normal(6) * 1000, np.nan, np.inf],
             np.zeros(0, f"m8[{u}]"), lambda p, q: p.astype(q.dtype))
    # what NumPy refuses
    a, t = rand("M", "s"), rand("m", "s")
    case("M+M", "add", a, a, BIN["add"])
    case("M*2", "multiply", a, 2, BIN["multiply"])
    case("m+1.5", "add", t, 1.5, BIN["add"])
    case("int-M", "subtract", 1, a, lambda p, q: np.subtract(np.int64(p), q))
    case("m%3", "remainder", t, 3, BIN["remainder"])
    case("M-m[Y]", "subtract", a, rand("m", "Y"), BIN["subtract"])
    case("m[M]+m[D]", "add", rand("m", "M"), rand("m", "D"), BIN["add"])
    case("M less m", "less", a, t, BIN["less"])
    case("sin M", "sin", a, fn=np.sin)
    case("sqrt m", "sqrt", t, fn=np.sqrt)
    case("sum M", "sum", a, fn=np.sum)
    case("prod m", "prod", t, fn=np.prod)
    case("negative M", "negative", a, fn=np.negative)

with open(DIR + "ops.tsv", "w") as fh:
    fh.write("\n".join(ops) + "\n")

texts = []
for u in UNITS + ["ps", "fs", "as"]:
    for k in "Mm":
        x = rand(k, u, n=6, nat=1, span=SPAN.get(u, 10**18))
        das = "|".join(np.datetime_as_string(x)) if k == "M" else ""
        texts.append("\t".join([f"{k}{u}", x.dtype.str[1:], vals(x), repr(x).replace("\n", "\\n"),
                                str(x).replace("\n", "\\n"), das]))
    x = rand("M", u, n=4, nat=1, span=SPAN.get(u, 10**18)).reshape(2, 2)
    texts.append("\t".join([f"M{u} 2-d", x.dtype.str[1:], vals(x), repr(x).replace("\n", "\\n"),
                            str(x).replace("\n", "\\n"), "|".join(np.datetime_as_string(x).ravel())]))
for s, d in [("2024-01-01T10:30", "M8[m]"), ("NaT", "M8[s]"), ("1969-12-31T23:59:59.999", "M8[ms]")]:
    x = np.array(np.datetime64(s), d)
    texts.append("\t".join([f"0-d {s}", x.dtype.str[1:], vals(x), repr(x), str(x), np.datetime_as_string(x)]))
x = np.array(7, "m8[ms]")
texts.append("\t".join(["0-d 7 ms", x.dtype.str[1:], vals(x), repr(x), str(x), ""]))
x = np.zeros(0, "M8[D]")
texts.append("\t".join(["empty", x.dtype.str[1:], vals(x), repr(x), str(x), ""]))
x = np.arange(0, 30, dtype="M8[D]")
texts.append("\t".join(["wrapped", x.dtype.str[1:], vals(x), repr(x).replace("\n", "\\n"),
                        str(x).replace("\n", "\\n"), "|".join(np.datetime_as_string(x))]))
with open(DIR + "text.tsv", "w") as fh:
    fh.write("\n".join(texts) + "\n")

parses = []
for s in ["2024", "2024-02", "2024-02-29", "1969-07-20T20:17", "1969-07-20T20:17:40", "1900-01-01T00:00:00.5",
          "1601-03-04T05:06:07.123456", "2262-04-11T23:47:16.854775807", "0001-01-01", "NaT", "1970-01-01T00"]:
    x = np.datetime64(s)
    parses.append("\t".join([s, "", x.dtype.str[1:], str(x.astype(np.int64))]))
    for u in ["D", "s", "ms", "M", "h"]:
        try:
            y = np.datetime64(s, u)
        except (ValueError, TypeError):
            continue
        parses.append("\t".join([s, u, y.dtype.str[1:], str(y.astype(np.int64))]))
with open(DIR + "parse.tsv", "w") as fh:
    fh.write("\n".join(parses) + "\n")

npys = []
for name, x in [("dt_s", rand("M", "s", n=7)), ("td_ms", rand("m", "ms", n=7)), ("dt_D_2d", rand("M", "D", n=12).reshape(3, 4)),
                ("dt_Y", rand("M", "Y", n=5)), ("td_generic", np.array([1, 2, 3], "m8"))]:
    np.save(DIR + name + ".npy", x)
    npys.append("\t".join([name, x.dtype.str[1:], ",".join(map(str, x.shape)), vals(x)]))
with open(DIR + "npy.tsv", "w") as fh:
    fh.write("\n".join(npys) + "\n")
print(len(ops), "ops,", len(texts), "texts,", len(parses), "parses")

# business days: busday.tsv, name, function, dates (day counts), end dates (busday_count), weekmask,
# holidays (day counts), result
bus = []
for name, mask, hol in [("default", "1111100", []), ("six days", "1111110", []),
                        ("holidays", "1111100", ["2024-01-01", "2024-01-15", "2024-01-15", "2024-01-13", "NaT", "1969-12-25"]),
                        ("named", "Mon Wed Fri", ["2024-02-05"])]:
    h = np.array(hol, "M8[D]")
    d = np.r_[rng.integers(-20000, 25000, 20), 19723, 19728, 19737, -7].astype("M8[D]")
    e = np.r_[rng.integers(-20000, 25000, 20), 19737, 19723, 19723, 3].astype("M8[D]")
    dn = d.copy()
    dn[3] = np.datetime64("NaT")
    bus.append("\t".join([name, "is_busday", vals(dn), "", mask, vals(h), vals(np.is_busday(dn, weekmask=mask, holidays=h))]))
    bus.append("\t".join([name, "busday_count", vals(d), vals(e), mask, vals(h),
                          vals(np.busday_count(d, e, weekmask=mask, holidays=h))]))
with open(DIR + "busday.tsv", "w") as fh:
    fh.write("\n".join(bus) + "\n")

# datetimes in routines (a second generator, so the files above stay as they were): routines.tsv, name,
# operation, then three operands as ops.tsv writes them ('' '' for none), result dtype ('error' when NumPy
# raises), result values. clip(a, b, c), searchsorted(a, b) left and right, cumsum(a), diff(a, n=b).
rng = np.random.default_rng(3941)
more = []


def case3(name, op, fn, *xs):
    cols = []
    for x in list(xs) + [None] * (3 - len(xs)):
        cols += ["", ""] if x is None else list(operand(x))
    try:
        r = np.asarray(fn(*xs))
        rd = r.dtype.str[1:] if r.dtype.kind in "mM" else str(r.dtype)
        more.append("\t".join([name, op] + cols + [rd, vals(r)]))
    except (TypeError, ValueError, OverflowError) as e:
        more.append("\t".join([name, op] + cols + ["error", type(e).__name__]))


with np.errstate(all="ignore"):
    for u in ["D", "s", "M", "ms"]:
        a = rand("M", u, n=12, nat=2)
        lo, hi = np.sort(rand("M", u, n=2, nat=0))
        case3(f"clip M{u}", "clip", np.clip, a, np.array(lo), np.array(hi))
        case3(f"clip M{u} M[h] bounds", "clip", np.clip, a, np.array(lo).astype("M8[h]"), np.array(hi))
        case3(f"clip M{u} NaT bound", "clip", np.clip, a, np.array("NaT", f"M8[{u}]"), np.array(hi))
        case3(f"clip M{u} array bounds", "clip", np.clip, a, rand("M", u, n=12, nat=1), np.array(hi))
        case3(f"clip M{u} int", "clip", np.clip, a, 0, 100)
        t = rand("m", u, n=12, nat=2)
        case3(f"clip m{u}", "clip", np.clip, t, np.array(-3, f"m8[{u}]"), np.array(4000, f"m8[{u}]"))
        case3(f"clip m{u} ints", "clip", np.clip, t, -300, 250)
        case3(f"clip m{u} float", "clip", np.clip, t, 0.5, 250)
        case3(f"clip int m{u}", "clip", np.clip, rng.integers(-500, 500, 12), np.array(-3, f"m8[{u}]"), 40)
        case3(f"clip m{u} with M", "clip", np.clip, t, np.array(lo), np.array(hi))
        s = np.sort(rand("M", u, n=30, nat=4))
        q = np.concatenate([rand("M", u, n=10, nat=2), s[[0, 5, 29]]])
        case3(f"searchsorted M{u}", "searchsorted", np.searchsorted, s, q)
        case3(f"searchsorted M{u} right", "searchsorted_right", lambda p, v: np.searchsorted(p, v, side="right"), s, q)
        case3(f"searchsorted M{u} in h", "searchsorted", np.searchsorted, s, q.astype("M8[h]"))
        case3(f"searchsorted M{u} int", "searchsorted", np.searchsorted, s, np.arange(3))
        case3(f"searchsorted M{u} m", "searchsorted", np.searchsorted, s, np.arange(3).astype(f"m8[{u}]"))
        ts = np.sort(rand("m", u, n=30, nat=4))
        case3(f"searchsorted m{u}", "searchsorted", np.searchsorted, ts, np.concatenate([rand("m", u, n=10, nat=2), ts[[2, 29]]]))
        case3(f"searchsorted m{u} int", "searchsorted", np.searchsorted, ts, rng.integers(-10**6, 10**6, 6))
        case3(f"cumsum m{u}", "cumsum", np.cumsum, rand("m", u, n=12, nat=0))
        case3(f"cumsum m{u} NaT", "cumsum", np.cumsum, rand("m", u, n=12, nat=2))
        case3(f"nancumsum m{u} NaT", "nancumsum", np.nancumsum, rand("m", u, n=12, nat=2))
        case3(f"cumsum M{u}", "cumsum", np.cumsum, rand("M", u, n=12, nat=2))
        case3(f"cumprod m{u}", "cumprod", np.cumprod, rand("m", u, n=12, nat=0))
        case3(f"diff M{u}", "diff", lambda p, n: np.diff(p, n=n), rand("M", u, n=12, nat=2), 1)
        case3(f"diff M{u} n=2", "diff", lambda p, n: np.diff(p, n=n), rand("M", u, n=12, nat=1), 2)
        case3(f"diff m{u} n=3", "diff", lambda p, n: np.diff(p, n=n), rand("m", u, n=12, nat=1), 3)
        case3(f"equal M{u} m{u}", "equal", np.equal, rand("M", u), rand("m", u))
        case3(f"not_equal M{u} m{u}", "not_equal", np.not_equal, rand("M", u), rand("m", u))
        for f in ["maximum", "minimum", "fmax", "fmin"]:
            case3(f"{f} m{u} int", f, getattr(np, f), rand("m", u), rng.integers(-300, 300, 8))
            case3(f"{f} int m{u}", f, getattr(np, f), rng.integers(-300, 300, 8), rand("m", u))
            case3(f"{f} M{u} int", f, getattr(np, f), rand("M", u), 7)
with open(DIR + "routines.tsv", "w") as fh:
    fh.write("\n".join(more) + "\n")

# busday_offset.tsv: name, dates (day counts), offsets, roll, weekmask, holidays (day counts), result
# (day counts, or 'error')
offs = []
HOL = ["2024-01-01", "2024-01-15", "2024-02-19", "2024-05-27", "2024-07-04", "2024-07-04", "NaT", "2024-01-13",
       "1969-12-25", "2000-02-29"]
for name, mask, hol in [("default", "1111100", []), ("six days", "1111110", []), ("holidays", "1111100", HOL),
                        ("named", "Mon Wed Fri", ["2024-02-05", "2024-02-09"]), ("one day", "0000010", HOL),
                        ("packed", "SatSun", ["2024-01-13"])]:
    h = np.array(hol, "M8[D]")
    d = np.r_[rng.integers(-20000, 25000, 30), rng.integers(19700, 19900, 30), 19723, 19728, 19737, -7, 19812,
              19813, 19783, 19874].astype("M8[D]")
    d[[3, 40]] = np.datetime64("NaT")
    o = np.r_[rng.integers(-40, 40, 40), rng.integers(-5000, 5000, 18), 0, 0, 1, -1, 10**5, -10**5, 7, -7, 0, 0]
    for roll in ["nat", "forward", "following", "backward", "preceding", "modifiedfollowing", "modifiedpreceding", "raise"]:
        try:
            r = vals(np.busday_offset(d, o, roll=roll, weekmask=mask, holidays=h))
        except ValueError:
            r = "error"
        offs.append("\t".join([name, vals(d), ",".join(map(str, o)), roll, mask, vals(h), r]))
        if roll == "raise":
            ok = np.is_busday(d, weekmask=mask, holidays=h)
            offs.append("\t".join([name + " valid days", vals(d[ok]), ",".join(map(str, o[ok])), roll, mask, vals(h),
                                   vals(np.busday_offset(d[ok], o[ok], roll=roll, weekmask=mask, holidays=h))]))
with open(DIR + "busday_offset.tsv", "w") as fh:
    fh.write("\n".join(offs) + "\n")
