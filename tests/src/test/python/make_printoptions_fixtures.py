"""NumPy oracles for Nd.setPrintoptions / Nd.printoptions (issue 39): repr and str of arrays under
precision, threshold, edgeitems, linewidth and suppress. Run from the module root:
python3 src/test/python/make_printoptions_fixtures.py
Each line (tab-separated): name, precision, threshold, edgeitems, linewidth, suppress, dtype, shape,
values, repr, str (newlines in repr and str written as \\n)."""
import numpy as np

rng = np.random.default_rng(7)
OUT = "src/test/resources/fixtures/printoptions/printoptions.tsv"
rows = []


def case(name, a, precision=8, threshold=1000, edgeitems=3, linewidth=75, suppress=False):
    a = np.asarray(a)
    with np.printoptions(precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth,
                         suppress=suppress):
        r, s = repr(a), str(a)
    vals = " ".join(repr(float(v)) for v in a.ravel())
    rows.append("\t".join([name, str(precision), str(threshold), str(edgeitems), str(linewidth),
                           "1" if suppress else "0", str(a.dtype), ",".join(map(str, a.shape)), vals,
                           r.replace("\n", "\\n"), s.replace("\n", "\\n")]))


x = rng.standard_normal(7)
case("defaults", x)
case("precision3", x, precision=3)
case("precision0", x * 100, precision=0)
case("precision3_f32", x.astype(np.float32), precision=3)
case("threshold10_edge2", np.arange(20.0), threshold=10, edgeitems=2)
case("threshold10_int", np.arange(20), threshold=10)
case("edge1_2d", rng.standard_normal((6, 7)), threshold=5, edgeitems=1, precision=4)
case("linewidth30", np.arange(20.0) / 7, linewidth=30, precision=3)
case("linewidth120", np.arange(40.0), linewidth=120)
case("suppress", np.array([1e-10, 1.5, 3.0]), suppress=True)
case("no_suppress", np.array([1e-10, 1.5, 3.0]))
case("suppress_ratio", np.array([0.001, 2000.0, 5.5]), suppress=True, precision=4)
case("suppress_big", np.array([1e9, 1.0]), suppress=True)
case("threshold0_small", np.arange(7.0), threshold=0, edgeitems=2)

with open(OUT, "w") as fh:
    fh.write("\n".join(rows) + "\n")
print(len(rows), "rows ->", OUT)
