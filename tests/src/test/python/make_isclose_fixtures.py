"""NumPy oracles for Nd.isclose / Nd.allclose / Nd.arrayEqual: pairs of arrays with NaN, +-inf, signed
zeros, values at the tolerance's edge, ints and floats of both widths, broadcast shapes; NumPy's results.
Run from the module root: python3 src/test/python/make_isclose_fixtures.py
Each line (tab-separated): name, x dtype, x shape, x values, y dtype, y shape, y values, rtol, atol,
equal_nan, isclose result (0/1, C order), allclose, array_equal."""
import numpy as np

rng = np.random.default_rng(2026)
OUT = "src/test/resources/fixtures/isclose/isclose.tsv"


def fmt(v):
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(int(v))


def shape_str(s):
    return ",".join(str(d) for d in s)


rows = []


def case(name, x, y, rtol=1e-5, atol=1e-8, equal_nan=False):
    x = np.asarray(x); y = np.asarray(y)
    r = np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    ac = np.allclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    ae = np.array_equal(x, y)
    rows.append("\t".join([name, str(x.dtype), shape_str(x.shape), " ".join(fmt(v) for v in x.ravel()),
                           str(y.dtype), shape_str(y.shape), " ".join(fmt(v) for v in y.ravel()),
                           repr(rtol), repr(atol), "1" if equal_nan else "0",
                           " ".join("1" if b else "0" for b in np.atleast_1d(r).ravel()),
                           "1" if ac else "0", "1" if ae else "0"]))


specials = np.array([0.0, -0.0, 1.0, -1.0, np.nan, np.inf, -np.inf, 1e-8, 1e300, 1.00001, 0.99999])
xs, ys = np.meshgrid(specials, specials)
for eq in (False, True):
    case("specials_f64_equal_nan" if eq else "specials_f64", xs, ys, equal_nan=eq)
    case("specials_f32_equal_nan" if eq else "specials_f32", xs.astype(np.float32), ys.astype(np.float32), equal_nan=eq)
base = rng.standard_normal(40)
noise = base * (1 + rng.choice([0, 5e-6, 2e-5, -9e-6, 1e-4], 40)) + rng.choice([0, 5e-9, 2e-8], 40)
case("near_f64", base, noise)
case("near_f64_loose", base, noise, rtol=1e-4, atol=1e-6)
case("near_f32", base.astype(np.float32), noise.astype(np.float32))
case("near_f64_vs_f32", base, noise.astype(np.float32), rtol=1e-6, atol=0.0)
case("atol_only", base, base + rng.choice([0, 0.05, 0.2], 40), rtol=0.0, atol=0.1)
case("ints", rng.integers(-5, 5, (4, 5)), rng.integers(-5, 5, (4, 5)))
case("ints_rtol", np.arange(20).reshape(4, 5) * 1000, np.arange(20).reshape(4, 5) * 1000 + 1, rtol=1e-3)
case("int_vs_float", np.arange(12).reshape(3, 4), np.arange(12).reshape(3, 4) + rng.choice([0.0, 1e-9, 0.5], (3, 4)))
case("bool_vs_int", np.array([True, False, True]), np.array([1, 0, 0]))
case("broadcast_row", rng.standard_normal((3, 4)), np.array([0.1, -0.2, 0.3, 1e-9]), atol=2.0)
case("broadcast_col", rng.standard_normal((3, 1)), rng.standard_normal((1, 4)), atol=1.0)
case("equal_arrays", np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(2, 3))
case("nan_arrays", np.array([1.0, np.nan]), np.array([1.0, np.nan]), equal_nan=True)
case("inf_same_sign", np.array([np.inf, -np.inf]), np.array([np.inf, -np.inf]))

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
