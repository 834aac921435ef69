"""NumPy oracles for Nd.linalg().norm(x, ord, axis, keepdims): vector orders (None, inf, -inf, 0, 1, -1, 2, 3,
0.5) along an axis, matrix orders (None, 'fro', 'nuc', 1, -1, 2, -2, inf, -inf) over two axes, stacks,
keepdims, int and float32 inputs. Run from the module root: python3 src/test/python/make_norm_fixtures.py
Each line (tab-separated): name, dtype, shape, values, ord, axis ('' for None), keepdims, result dtype,
result shape, result values."""
import numpy as np

rng = np.random.default_rng(11)
OUT = "src/test/resources/fixtures/norm/norm.tsv"
rows = []


def fmt(v):
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def ords(o):
    if o is None:
        return "None"
    if isinstance(o, str):
        return o
    if o == np.inf:
        return "inf"
    if o == -np.inf:
        return "-inf"
    return repr(o)


def case(name, x, ord=None, axis=None, keepdims=False):
    r = np.asarray(np.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims))
    ax = "" if axis is None else ",".join(str(a) for a in (axis if isinstance(axis, tuple) else (axis,)))
    rows.append("\t".join([name, str(x.dtype), ",".join(map(str, x.shape)), " ".join(fmt(v) for v in x.ravel()), ords(ord), ax,
                           "1" if keepdims else "0", str(r.dtype), ",".join(map(str, r.shape)), " ".join(fmt(v) for v in r.ravel())]))


v = rng.standard_normal(7)
for o in [None, np.inf, -np.inf, 0, 1, -1, 2, 3, 0.5]:
    case(f"vec_{ords(o)}", v, o)
m = rng.standard_normal((4, 5))
m[1, 2] = 0
for o in [None, np.inf, -np.inf, 0, 1, 2]:
    case(f"rows_{ords(o)}", m, o, axis=1)
    case(f"cols_keep_{ords(o)}", m, o, axis=0, keepdims=True)
for o in [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]:
    case(f"mat_{ords(o)}", m, o)
    case(f"mat_T_{ords(o)}", m, o, axis=(1, 0))
s = rng.standard_normal((3, 4, 2))
for o in [None, "fro", "nuc", 1, -np.inf, 2]:
    case(f"stack_{ords(o)}", s, o, axis=(0, 2))
    case(f"stack_keep_{ords(o)}", s, o, axis=(2, 1), keepdims=True)
case("all_3d", s)
case("all_3d_keep", s, keepdims=True)
case("ints", np.arange(-6, 6).reshape(3, 4))
case("ints_axis", np.arange(-6, 6).reshape(3, 4), 1, axis=-1)
case("f32", rng.standard_normal(9).astype(np.float32))
case("f32_rows", rng.standard_normal((3, 5)).astype(np.float32), np.inf, axis=1)
case("f32_mat1", rng.standard_normal((3, 5)).astype(np.float32), 1)

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
