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


def calculus():
    cases = {}
    for d in ["float64", "float32"]:
        f1 = np.cumsum(rng.standard_normal(9)).astype(d)
        f2 = rng.standard_normal((5, 6)).astype(d)
        x1 = np.cumsum(rng.random(9) + 0.1)
        generic_case(cases, "gradient", np.gradient, f1)
        generic_case(cases, "gradient_h_e2", lambda f: np.gradient(f, 0.5, edge_order=2), f1)
        generic_case(cases, "gradient_ax0", lambda f: np.gradient(f, 0.25, axis=0), f2)
        generic_case(cases, "gradient_ax1_e2", lambda f: np.gradient(f, 2.0, axis=-1, edge_order=2), f2)
        generic_case(cases, "gradient_x", lambda f, x: np.gradient(f, x), f1, x1)
        generic_case(cases, "gradient_x_e2", lambda f, x: np.gradient(f, x, edge_order=2), f1, x1)
        generic_case(cases, "gradient_x_ax0_e2", lambda f, x: np.gradient(f, x, axis=0, edge_order=2), f2, np.array([0, 0.5, 1.5, 1.75, 3.0]))
        generic_case(cases, "gradient_all_0", lambda f: np.gradient(f, 0.5, 0.25)[0], f2)
        generic_case(cases, "gradient_all_1", lambda f: np.gradient(f, 0.5, 0.25)[1], f2)
        generic_case(cases, "gradient_two", np.gradient, f1[:2].copy())
        generic_case(cases, "gradient_three_e2", lambda f: np.gradient(f, 0.5, edge_order=2), f1[:3].copy())
        generic_case(cases, "trapezoid", np.trapezoid, f2)
        generic_case(cases, "trapezoid_dx_ax0", lambda y: np.trapezoid(y, dx=0.1, axis=0), f2)
        generic_case(cases, "trapezoid_x", lambda y, x: np.trapezoid(y, x), f1, x1)
        generic_case(cases, "trapezoid_x_ax0", lambda y, x: np.trapezoid(y, x, axis=0), f2, np.array([0, 0.5, 1.5, 1.75, 3.0]))
        generic_case(cases, "ediff1d", np.ediff1d, f2)
        generic_case(cases, "ediff1d_ends", lambda a, e: np.ediff1d(a, to_end=e, to_begin=e[:1]), f1, np.array([7.5, -1], d))
        ph = np.cumsum(rng.standard_normal((3, 8)) * 2.5, axis=1).astype(d)
        generic_case(cases, "unwrap", np.unwrap, np.mod(ph, 2 * np.pi))
        generic_case(cases, "unwrap_ax0_period", lambda p: np.unwrap(p, axis=0, period=6.0), np.mod(ph.T.copy(), 6.0))
        generic_case(cases, "unwrap_discont", lambda p: np.unwrap(p, discont=4.0), np.mod(ph, 2 * np.pi))
        generic_case(cases, "cumulative_sum", np.cumulative_sum, f1)
        generic_case(cases, "cumulative_sum_ax1_init", lambda a: np.cumulative_sum(a, axis=1, include_initial=True), f2)
        generic_case(cases, "cumulative_prod_ax0_init", lambda a: np.cumulative_prod(a, axis=0, include_initial=True), f2)
        generic_case(cases, "cumulative_prod", np.cumulative_prod, f1)
        fn = rng.standard_normal((4, 7)).astype(d)
        fn[rng.random((4, 7)) < 0.3] = np.nan
        fn[2, :] = np.nan
        generic_case(cases, "nancumprod", np.nancumprod, fn)
        generic_case(cases, "nancumprod_ax1", lambda a: np.nancumprod(a, axis=1), fn)
        generic_case(cases, "nanmedian", np.nanmedian, fn)
        generic_case(cases, "nanmedian_ax1", lambda a: np.nanmedian(a, axis=1), fn)
        generic_case(cases, "nanmedian_ax0_keep", lambda a: np.nanmedian(a, axis=0, keepdims=True), fn)
        generic_case(cases, "nanquantile_03", lambda a: np.nanquantile(a, 0.3), fn)
        generic_case(cases, "nanquantile_ax1_07", lambda a: np.nanquantile(a, 0.7, axis=1), fn)
        generic_case(cases, "nanquantile_several_ax1", lambda a: np.nanquantile(a, [0.0, 0.25, 0.5, 0.9, 1.0], axis=1), fn)
        generic_case(cases, "nanquantile_several_keep", lambda a: np.nanquantile(a, [0.1, 0.6], axis=0, keepdims=True), fn)
        generic_case(cases, "nanpercentile_ax1_90", lambda a: np.nanpercentile(a, 90, axis=1), fn)
        generic_case(cases, "nanpercentile_several", lambda a: np.nanpercentile(a, [5, 50, 95]), fn)
    ints = rng.integers(-20, 20, (4, 6))
    generic_case(cases, "gradient_ax1_e2", lambda f: np.gradient(f, 2.0, axis=-1, edge_order=2), ints)
    generic_case(cases, "trapezoid", np.trapezoid, ints)
    generic_case(cases, "ediff1d", np.ediff1d, ints)
    generic_case(cases, "unwrap", np.unwrap, ints)
    generic_case(cases, "cumulative_sum_ax1_init", lambda a: np.cumulative_sum(a, axis=1, include_initial=True), ints)
    generic_case(cases, "nanmedian_ax1", lambda a: np.nanmedian(a, axis=1), ints)
    generic_case(cases, "nanquantile_several_ax1", lambda a: np.nanquantile(a, [0.0, 0.25, 0.5, 0.9, 1.0], axis=1), ints)
    save("calculus", cases)


def polynomials():
    cases = {}
    for m in [0, 1, 2, 7, 16]:
        for name in ["bartlett", "blackman", "hamming", "hanning"]:
            cases[f"{name}_{m}|float64|x"] = np.array([m])
            cases[f"{name}_{m}|float64|r"] = getattr(np, name)(m)
        cases[f"kaiser_{m}|float64|x"] = np.array([m])
        cases[f"kaiser_{m}|float64|r"] = np.kaiser(m, 8.6)
    for d in ["float64", "float32"]:
        p = rng.standard_normal(5).astype(d)
        q = rng.standard_normal(3).astype(d)
        generic_case(cases, "polyadd", np.polyadd, p, q)
        generic_case(cases, "polysub", np.polysub, q, p)
        generic_case(cases, "polymul", np.polymul, p, q)
        generic_case(cases, "polydiv_q", lambda a, b: np.polydiv(a, b)[0], p, q)
        generic_case(cases, "polydiv_r", lambda a, b: np.polydiv(a, b)[1], p, q)
        generic_case(cases, "polyder", np.polyder, p)
        generic_case(cases, "polyder_2", lambda a: np.polyder(a, 2), p)
        generic_case(cases, "polyint", np.polyint, p)
        generic_case(cases, "polyint_2_k", lambda a: np.polyint(a, 2, 1.5), p)
        generic_case(cases, "poly", np.poly, rng.standard_normal(4).astype(d))
        generic_case(cases, "roots", lambda a: np.sort_complex(np.roots(a)), np.poly(np.array([3.0, -1.5, 0.5, 2.25])).astype(d))
        generic_case(cases, "sort_complex", np.sort_complex, rng.standard_normal((2, 6)).astype(d))
    ip = rng.integers(-5, 6, 4)
    generic_case(cases, "polyadd", np.polyadd, ip, rng.integers(-5, 6, 6))
    generic_case(cases, "polymul", np.polymul, ip, rng.integers(-5, 6, 3))
    generic_case(cases, "polyder", np.polyder, ip)
    generic_case(cases, "polyint", np.polyint, ip)
    generic_case(cases, "poly", np.poly, np.array([1, -2, 3]))
    generic_case(cases, "roots", lambda a: np.sort_complex(np.roots(a)), np.array([0, 0, 1, -6, 11, -6, 0]))
    generic_case(cases, "roots_complex", lambda a: np.sort_complex(np.roots(a)), np.array([1.0, 0, 4]))
    generic_case(cases, "polydiv_q", lambda a, b: np.polydiv(a, b)[0], np.array([1.0, -3, 2]), np.array([1.0, -1]))
    generic_case(cases, "polydiv_r", lambda a, b: np.polydiv(a, b)[1], np.array([1.0, -3, 2]), np.array([1.0, -1]))
    generic_case(cases, "sort_complex", np.sort_complex, rng.integers(-9, 9, 7).astype(np.int16))
    z = rng.integers(-2, 3, 8) + 1j * rng.integers(-2, 3, 8)
    generic_case(cases, "sort_complex", np.sort_complex, z)
    generic_case(cases, "poly_conjugate", np.poly, np.array([1 + 2j, 1 - 2j, 3 + 0j]))
    generic_case(cases, "poly_matrix", np.poly, np.array([[2.0, 1], [1, 3]]))
    save("polynomials", cases)


def types():
    """Host-side type routines as a TSV: function, arguments (comma-separated), NumPy's answer."""
    names = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32",
             "float64", "complex64", "complex128"]
    rows = []
    for a in names:
        for b in names:
            rows.append(["promote_types", a + "," + b, str(np.promote_types(a, b))])
            for c in ["no", "equiv", "safe", "same_kind", "unsafe"]:
                rows.append(["can_cast", a + "," + b + "," + c, str(bool(np.can_cast(a, b, casting=c)))])
    for v in [0, 1, 255, 256, -1, -128, -129, 65535, 65536, -32769, 2**32, -2**31 - 1, 2**40, -2**40]:
        rows.append(["min_scalar_type", "int:" + str(v), str(np.min_scalar_type(v))])
    for v in [0.5, 65504.0, 70000.0, 3e38, 1e39, -1e300, float("inf"), float("nan")]:
        rows.append(["min_scalar_type", "float:" + repr(v), str(np.min_scalar_type(v))])
    rows.append(["min_scalar_type", "bool:True", str(np.min_scalar_type(True))])
    for d in names:
        for w, val in [("int", 2), ("float", 2.5), ("bool", True)]:
            rows.append(["result_type", d + "," + w + ":" + str(val), str(np.result_type(np.dtype(d), val))])
    rows.append(["result_type", "int8,uint8,float16", str(np.result_type(np.int8, np.uint8, np.float16))])
    rows.append(["result_type", "int:1,float:2.0", str(np.result_type(1, 2.0))])
    rows.append(["result_type", "int:1", str(np.result_type(1))])
    for combo in [("int32",), ("float16",), ("float32", "int8"), ("float16", "complex64"), ("float32", "complex128"),
                  ("int64", "complex64"), ("float16", "float32")]:
        rows.append(["common_type", ",".join(combo), np.dtype(np.common_type(*[np.ones(1, c) for c in combo])).name])
    with open(OUT + "types.tsv", "w") as f:
        f.write("\n".join("\t".join(r) for r in rows) + "\n")
    print("types", len(rows), "rows")


ufuncs()
linalg()
calculus()
polynomials()
types()
