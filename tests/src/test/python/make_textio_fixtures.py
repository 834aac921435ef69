"""NumPy oracles for Nd.loadtxt, Nd.genfromtxt and Nd.savetxt (issue 39). Run from the module root:
python3 src/test/python/make_textio_fixtures.py
Writes the input texts (fixtures/textio/*.txt) and cases.tsv, one line per case (tab-separated): name,
function, input file, dtype, delimiter ('' for whitespace), comments ('' for none), skiprows, usecols,
filling value ('' for NumPy's default), result dtype, shape, values. savetxt.tsv: name, fmt, delimiter,
dtype, shape, values (exact repr), NumPy's text (newlines as \\n)."""
import io
import numpy as np

rng = np.random.default_rng(3939)
DIR = "src/test/resources/fixtures/textio/"
cases = []


def fmt(v):
    v = float(v)
    return "nan" if np.isnan(v) else ("inf" if v == np.inf else "-inf" if v == -np.inf else repr(v))


def write(name, text):
    with open(DIR + name, "w") as fh:
        fh.write(text)


def case(name, fn, file, dtype="float64", delimiter=None, comments="#", skiprows=0, usecols=None, filling=None):
    kw = dict(dtype=dtype, delimiter=delimiter, comments=comments)
    if fn == "loadtxt":
        r = np.loadtxt(DIR + file, skiprows=skiprows, usecols=usecols, **kw)
    else:
        r = np.genfromtxt(DIR + file, skip_header=skiprows, usecols=usecols,
                          filling_values=filling, **kw)
    cases.append("\t".join([name, fn, file, dtype, delimiter or "", comments or "", str(skiprows),
                            ",".join(map(str, usecols or ())), "" if filling is None else str(filling),
                            str(r.dtype), ",".join(map(str, r.shape)), " ".join(fmt(v) for v in r.ravel())]))


m = rng.standard_normal((5, 4))
write("plain.txt", "\n".join(" ".join(repr(float(v)) for v in row) for row in m) + "\n")
write("header.csv", "a,b,c\n# a comment line\n" + "\n".join(",".join(f"{v:.6g}" for v in row) for row in m[:, :3])
      + "  # trailing\n")
write("ints.txt", "1 -2 3\n40 5 -60\n7 8 9\n")
write("column.txt", "1.5\n2.5\n-3.25\n")
write("one.txt", "42\n")
write("specials.txt", "1e3 inf nan -Inf\n-0.0 1E-5 +2 .5\n")
write("missing.csv", "1,,3\n4,abc,6\n,8,9\n")
write("semicolon.txt", "% header\n1;2;3\n4;5;6\n")
case("plain", "loadtxt", "plain.txt")
case("plain_f32", "loadtxt", "plain.txt", dtype="float32")
case("plain_usecols", "loadtxt", "plain.txt", usecols=[3, 0, -2])
case("plain_skip", "loadtxt", "plain.txt", skiprows=2)
case("header_csv", "loadtxt", "header.csv", delimiter=",", skiprows=1)
case("ints", "loadtxt", "ints.txt", dtype="int64")
case("ints32", "loadtxt", "ints.txt", dtype="int32", usecols=[1])
case("column", "loadtxt", "column.txt")
case("one", "loadtxt", "one.txt")
case("specials", "loadtxt", "specials.txt")
case("semicolon", "loadtxt", "semicolon.txt", delimiter=";", comments="%")
case("gen_missing", "genfromtxt", "missing.csv", delimiter=",")
case("gen_missing_fill", "genfromtxt", "missing.csv", delimiter=",", filling=0)
case("gen_missing_int", "genfromtxt", "missing.csv", delimiter=",", dtype="int64")
case("gen_plain", "genfromtxt", "plain.txt")
case("gen_header", "genfromtxt", "header.csv", delimiter=",", skiprows=1, usecols=[0, 2])
with open(DIR + "cases.tsv", "w") as fh:
    fh.write("\n".join(cases) + "\n")

saves = []


def save(name, a, fmt_="%.18e", delimiter=" "):
    buf = io.StringIO()
    np.savetxt(buf, a, fmt=fmt_, delimiter=delimiter)
    saves.append("\t".join([name, fmt_, delimiter, str(a.dtype), ",".join(map(str, a.shape)),
                            " ".join(fmt(v) for v in a.ravel()), buf.getvalue().replace("\n", "\\n")]))


x = rng.standard_normal((3, 4)) * 10.0 ** rng.integers(-8, 8, (3, 4))
save("default", x)
save("f3_comma", x, "%.3f", ",")
save("e5", x, "%.5e", ";")
save("g", x, "%g")
save("g10", x, "%.10g")
save("width", x[0], "%12.4f")
save("ints_d", np.arange(-3, 9).reshape(3, 4), "%d", ",")
save("ints_default", np.arange(-3, 3))
save("specials", np.array([np.nan, np.inf, -np.inf, -0.0, 0.5, 2.5]), "%.1f")
save("f32", rng.standard_normal(5).astype(np.float32))
with open(DIR + "savetxt.tsv", "w") as fh:
    fh.write("\n".join(saves) + "\n")
print(len(cases), "load cases,", len(saves), "save cases")
