"""NumPy oracles for the math, statistics, linalg and type functions of issue 39 (ndgpu's
MathFixtures reads them). Run from the module root: python3 src/test/python/make_math_fixtures.py
Each group is one .npz under src/test/resources/fixtures/math/: a case "name|dtype" has its inputs
"name|dtype|x" (and "|y" for a second operand) and NumPy's result "name|dtype|r". Random inputs
(not only integers), with NaN, infinities and signed zeros mixed into the float ones."""
import os
import numpy as np

rng = np.random.default_rng(39)
OUT = "src/test/resources/fixtures/math/"
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0]


def floats(dtype, n=24, scale=3.0, special=True):
    v = rng.standard_normal(n) * scale
    if special:
        v[:len(SPECIAL)] = SPECIAL
        rng.shuffle(v)
    return v.astype(dtype)


def ints(dtype, n=24):
    info = np.iinfo(dtype)
    v = rng.integers(max(info.min, -1000), min(info.max, 1000), n, endpoint=True).astype(dtype)
    v[:2] = [info.min, info.max]
    return v


def complexes(dtype, n=12):
    v = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    v[:4] = [complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, np.nan), 2 + 0j]
    return v.astype(dtype)


def save(group, cases):
    os.makedirs(OUT, exist_ok=True)
    with open(OUT + group + ".npz", "wb") as f:
        np.savez(f, **cases)
    print(group, len(cases), "arrays")


def ufuncs():
    cases = {}

    def case(name, dtype, fn, x, y=None):
        with np.errstate(all="ignore"):
            r = fn(x) if y is None else fn(x, y)
        key = name + "|" + dtype
        cases[key + "|x"] = x
        if y is not None:
            cases[key + "|y"] = y
        cases[key + "|r"] = np.asarray(r)

    real = ["float32", "float64"]
    for d in real:
        for name, fn, scale in [("acos", np.acos, 1.2), ("asin", np.asin, 1.2), ("atan", np.atan, 3), ("acosh", np.acosh, 4),
                                ("asinh", np.asinh, 4), ("atanh", np.atanh, 1.2), ("degrees", np.degrees, 4),
                                ("radians", np.radians, 400), ("fabs", np.fabs, 5), ("fix", np.fix, 5),
                                ("spacing", np.spacing, 1e3), ("isposinf", np.isposinf, 3), ("isneginf", np.isneginf, 3),
                                ("i0", np.i0, 6), ("angle", np.angle, 3), ("angle_deg", lambda x: np.angle(x, deg=True), 3),
                                ("iscomplex", np.iscomplex, 1), ("isreal", np.isreal, 1), ("real_if_close", np.real_if_close, 1),
                                ("nan_to_num", np.nan_to_num, 3),
                                ("nan_to_num_args", lambda x: np.nan_to_num(x, nan=-1.5, posinf=1e4, neginf=-2e4), 3)]:
            case(name, d, fn, floats(d, scale=scale))
        case("atan2", d, np.atan2, floats(d), floats(d))
        case("spacing_tiny", d, np.spacing, np.array([0, -0.0, 1e-30, np.finfo(d).max, -np.finfo(d).tiny], d))
        case("i0_wide", d, np.i0, floats(d, 40, scale=20, special=False))
    for d in ["int8", "uint8", "int16", "int32", "int64", "uint64"]:
        for name, fn in [("fabs", np.fabs), ("fix", np.fix), ("bitwise_invert", np.bitwise_invert), ("bitwise_count", np.bitwise_count),
                         ("degrees", np.degrees), ("isposinf", np.isposinf), ("angle", np.angle), ("i0", np.i0),
                         ("nan_to_num", np.nan_to_num), ("isreal", np.isreal)]:
            case(name, d, fn, ints(d))
        sh = rng.integers(0, np.iinfo(d).bits, 24).astype(d)
        case("bitwise_left_shift", d, np.bitwise_left_shift, ints(d), sh)
        case("bitwise_right_shift", d, np.bitwise_right_shift, ints(d), sh)
    b = rng.random(10) < 0.5
    for name, fn in [("bitwise_invert", np.bitwise_invert), ("bitwise_count", np.bitwise_count), ("fabs", np.fabs), ("angle", np.angle),
                     ("fix", np.fix)]:
        case(name, "bool", fn, b)
    case("fabs", "float16", np.fabs, floats("float16"))
    case("spacing", "float16", np.spacing, floats("float16", scale=100))
    for d in ["complex64", "complex128"]:
        for name, fn in [("angle", np.angle), ("angle_deg", lambda x: np.angle(x, deg=True)), ("iscomplex", np.iscomplex),
                         ("isreal", np.isreal), ("nan_to_num", np.nan_to_num),
                         ("nan_to_num_args", lambda x: np.nan_to_num(x, nan=7.0, posinf=1e4, neginf=-2e4)),
                         ("acos", np.acos), ("asinh", np.asinh)]:
            if name in ("acos", "asinh"):
                continue  # ndgpu's inverse trigonometric ufuncs take no complex input yet
            case(name, d, fn, complexes(d))
        z = complexes(d)
        z[:] = z.real + 1j * (z.real * np.finfo(d).eps * 10)
        z = z[np.isfinite(z)]
        case("real_if_close", d, np.real_if_close, z)
        case("real_if_close_far", d, np.real_if_close, complexes(d))
    save("ufuncs", cases)


def generic_case(cases, name, fn, *xs):
    """A case of up to two operands, x and y, under "name|dtype of x"."""
    with np.errstate(all="ignore"):
        r = fn(*xs)
    key = name + "|" + str(xs[0].dtype)
    for part, x in zip("xy", xs):
        cases[key + "|" + part] = x
    cases[key + "|r"] = np.asarray(r)


def linalg():
    cases = {}
    la = np.linalg
    for d in ["float64", "float32"]:
        x = rng.standard_normal((3, 4, 5)).astype(d)
        generic_case(cases, "vector_norm", la.vector_norm, x)
        generic_case(cases, "vector_norm_1_ax02", lambda a: la.vector_norm(a, ord=1, axis=(0, 2)), x)
        generic_case(cases, "vector_norm_inf_last_keep", lambda a: la.vector_norm(a, ord=np.inf, axis=-1, keepdims=True), x)
        generic_case(cases, "vector_norm_half_ax1", lambda a: la.vector_norm(a, ord=0.5, axis=1), x)
        generic_case(cases, "vector_norm_neginf_all", lambda a: la.vector_norm(a, ord=-np.inf), x)
        generic_case(cases, "vector_norm_3_ax20_keep", lambda a: la.vector_norm(a, ord=3, axis=(2, 0), keepdims=True), x)
        generic_case(cases, "vector_norm_0_all_keep", lambda a: la.vector_norm(a, ord=0, keepdims=True), x)
        m = rng.standard_normal((2, 4, 3)).astype(d)
        for o, tag in [("fro", "fro"), ("nuc", "nuc"), (1, "1"), (-1, "-1"), (2, "2"), (-2, "-2"), (np.inf, "inf"), (-np.inf, "-inf")]:
            generic_case(cases, "matrix_norm_" + tag, lambda a, o=o: la.matrix_norm(a, ord=o), m)
        generic_case(cases, "matrix_norm_fro_keep", lambda a: la.matrix_norm(a, keepdims=True), m)
        generic_case(cases, "svdvals", la.svdvals, rng.standard_normal((3, 5, 4)).astype(d))
        generic_case(cases, "svdvals_square", la.svdvals, rng.standard_normal((4, 4)).astype(d))
        generic_case(cases, "vecdot", la.vecdot, rng.standard_normal((3, 4)).astype(d), rng.standard_normal(4).astype(d))
        generic_case(cases, "vecdot_axis0", lambda a, b: np.vecdot(a, b, axis=0),
                     rng.standard_normal((4, 3)).astype(d), rng.standard_normal((4, 3)).astype(d))
        generic_case(cases, "matrix_transpose", la.matrix_transpose, rng.standard_normal((2, 3, 4)).astype(d))
        generic_case(cases, "tensorinv", lambda a: la.tensorinv(a, ind=2), rng.standard_normal((4, 6, 8, 3)).astype(d))
        generic_case(cases, "tensorinv_ind1", lambda a: la.tensorinv(a, ind=1), rng.standard_normal((24, 2, 3, 4)).astype(d))
        a0 = rng.standard_normal((6, 4, 2, 3, 4)).astype(d)
        b0 = rng.standard_normal((6, 4)).astype(d)
        generic_case(cases, "tensorsolve", la.tensorsolve, a0, b0)
        a1 = np.moveaxis(a0, 2, 0).copy()
        generic_case(cases, "tensorsolve_axes0", lambda a, b: la.tensorsolve(a, b, axes=(0,)), a1, b0)
        generic_case(cases, "matvec", np.matvec, rng.standard_normal((2, 3, 4)).astype(d), rng.standard_normal(4).astype(d))
        generic_case(cases, "matvec_broadcast", np.matvec, rng.standard_normal((3, 4)).astype(d), rng.standard_normal((5, 4)).astype(d))
        generic_case(cases, "vecmat", np.vecmat, rng.standard_normal(4).astype(d), rng.standard_normal((2, 4, 3)).astype(d))
    ints = rng.integers(-5, 6, (3, 4))
    generic_case(cases, "vector_norm", la.vector_norm, ints)
    generic_case(cases, "matrix_norm_1", lambda a: la.matrix_norm(a, ord=1), ints)
    generic_case(cases, "vecdot", la.vecdot, ints, rng.integers(-5, 6, 4))
    generic_case(cases, "matvec", np.matvec, ints, rng.integers(-5, 6, 4))
    for d in ["complex128", "complex64"]:
        z1 = (rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))).astype(d)
        z2 = (rng.standard_normal(4) + 1j * rng.standard_normal(4)).astype(d)
        generic_case(cases, "vecdot", la.vecdot, z1, z2)
        generic_case(cases, "matvec", np.matvec, z1, z2)
        generic_case(cases, "vecmat", np.vecmat, z2, z1.T.copy())
        generic_case(cases, "vector_norm", la.vector_norm, z1)
    save("linalg", cases)


ufuncs()
linalg()
