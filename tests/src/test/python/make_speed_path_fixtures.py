"""NumPy oracles for the one-kernel paths of add.at, delete, put_along_axis, round and ediff1d
(issue 39's speed rows): random inputs with repeated, negative and unsorted indices, every dtype
add.at's atomic kernel takes, several axes, ties for round, to_begin/to_end for ediff1d. Writes
.npy files under fixtures/speedpaths and cases.tsv in make_indexing_fixtures.py's layout
(function, case, parameter, comma-separated array names, the expected result last).
Run from anywhere: python3 make_speed_path_fixtures.py"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "speedpaths")
os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    os.remove(os.path.join(OUT, f))
rng = np.random.default_rng(3939)
cases = []


def save(name, a):
    a = np.array(a, order="C")
    np.save(os.path.join(OUT, name + ".npy"), a.astype(a.dtype.newbyteorder("<")))
    return name


def case(func, name, param, *arrays):
    names = [save(f"{name}_{k}", a) for k, a in enumerate(arrays)]
    cases.append(f"{func}\t{name}\t{param}\t{','.join(names)}")


def rand(shape, dtype=np.float64):
    dt = np.dtype(dtype)
    if dt.kind == "u":
        return rng.integers(0, 1 << (dt.itemsize * 8 - 2), shape, dtype=dt)
    if dt.kind == "i":
        return rng.integers(-(1 << (dt.itemsize * 8 - 3)), 1 << (dt.itemsize * 8 - 3), shape, dtype=dt)
    return (rng.standard_normal(shape) * 10).astype(dtype)


# add.at: every dtype of the atomic kernel, 1-d and 2-d targets, repeated and negative indices of several
# integer dtypes and shapes (0-d too), b an array (broadcast over rows too) or a 0-d array
def add_at(name, a, idx, b):
    r = a.copy()
    np.add.at(r, idx, b)
    case("add.at", name, "", a, idx, b, r)


for dt in (np.float32, np.float64, np.int32, np.uint32, np.int64, np.uint64):
    n = np.dtype(dt).name
    a = rand((37,), dt)
    idx = rng.integers(-37, 37, 500)
    add_at(f"at_{n}_1d", a, idx, rand((500,), dt))
    a = rand((11, 3), dt)
    idx = rng.integers(-11, 11, (20, 9)).astype(np.int32)
    add_at(f"at_{n}_2d", a, idx, rand((20, 9, 3), dt))
    add_at(f"at_{n}_row_bcast", a, idx, rand((3,), dt))
    add_at(f"at_{n}_scalar", a, idx, np.array(rand((), dt)))
a = rand((5, 4))
add_at("at_0d_index", a, np.array(-2, dtype=np.int16), rand((4,)))
add_at("at_uint8_index", rand((9,), np.float32), rng.integers(0, 9, 300).astype(np.uint8), rand((300,), np.float32))
add_at("at_empty_index", rand((4,)), np.zeros(0, np.int64), np.zeros(0))
add_at("at_one_bin", rand((1,), np.float32), np.zeros(4000, np.int64), rand((4000,), np.float32))
add_at("at_f32_f64_b", rand((6,), np.float32), rng.integers(0, 6, 50), rand((50,)))  # float64 loop: the folds

# delete: integer indices (repeated, negative, unsorted), boolean masks, each axis, axis None
a = rand((6, 40), np.float32)
for name, obj, ax in (("none_rand", rng.integers(-240, 240, 100), None), ("ax1_rand", rng.integers(-40, 40, 25), 1),
                      ("ax0_dup", np.array([5, -1, 0, 0, 2]), 0), ("ax_m1_int32", rng.integers(0, 40, 7).astype(np.int32), -1),
                      ("none_scalar", np.array(17), None), ("none_empty", np.zeros(0, np.int64), None),
                      ("ax0_all", np.arange(6), 0), ("mask_none", rng.random(240) < 0.3, None),
                      ("mask_ax1", rng.random(40) < 0.5, 1)):
    case("delete", f"delete_{name}", "" if ax is None else ax, a, obj, np.delete(a, obj, axis=ax))
b = rand((3, 4, 5), np.int64)
case("delete", "delete_3d_ax1", 1, b, np.array([3, -4]), np.delete(b, [3, -4], axis=1))
case("delete", "delete_3d_ax2", 2, b, np.array([0, 4, 2, 2]), np.delete(b, [0, 4, 2, 2], axis=2))

# put_along_axis: random indices with repeats on every line (the last one wins), negative ones, values
# an array, a broadcast row or a 0-d array, each axis and axis None
for dt in (np.float32, np.float64, np.int32):
    n = np.dtype(dt).name
    a = rand((7, 50), dt)
    for ax in (0, 1, -1):
        L = a.shape[ax]
        shape = (40, 50) if ax == 0 else (7, 60)
        idx = rng.integers(-L, L, shape)
        v = rand(shape, dt)
        r = a.copy()
        np.put_along_axis(r, idx, v, ax)
        case("put_along_axis", f"pal_{n}_{ax}".replace("-", "m"), ax, a, idx, v, r)
    idx = rng.integers(0, 50, (7, 30)).astype(np.int32)
    v = rand((1, 30), dt)
    r = a.copy()
    np.put_along_axis(r, idx, v, 1)
    case("put_along_axis", f"pal_{n}_bcast", 1, a, idx, v, r)
a = rand((4, 5, 6))
idx = rng.integers(-5, 5, (4, 9, 6))
r = a.copy()
np.put_along_axis(r, idx, np.array(2.5), 1)
case("put_along_axis", "pal_3d_scalar", 1, a, idx, np.array(2.5), r)
idx = rng.integers(-120, 120, 300)
v = rand((300,))
r = a.copy()
np.put_along_axis(r, idx, v, None)
case("put_along_axis", "pal_none", "", a, idx, v, r)
idx = np.argsort(rng.random((4, 5, 6)), axis=2)[:, :, :1]  # one index per line: the plain kernel
v = rand((4, 5, 1))
r = a.copy()
np.put_along_axis(r, idx, v, 2)
case("put_along_axis", "pal_one_per_line", 2, a, idx, v, r)

# round: random values at several scales and exact ties, each decimals, float32 and float64
for dt in (np.float32, np.float64):
    n = np.dtype(dt).name
    x = np.concatenate([rng.standard_normal(600) * 10.0 ** rng.integers(-3, 5, 600),
                        np.arange(-40, 40) * 0.125, np.arange(-40, 40) * 0.5 + 0.005,
                        [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e30, -1e30]]).astype(dt)
    for d in (-3, -1, 0, 1, 2, 3, 7):
        case("round", f"round_{n}_{d}".replace("-", "m"), d, x, np.round(x, d))

# ediff1d: random float32 and int32, 2-d (flattened), with to_begin and to_end, one element, empty
for dt in (np.float32, np.float64, np.int32):
    n = np.dtype(dt).name
    x = rand((9, 31), dt)
    case("ediff1d", f"ediff_{n}", "", x, np.ediff1d(x))
    tb, te = rand((3,), dt), rand((2, 2), dt)
    case("ediff1d", f"ediff_{n}_both", "both", x, te, tb, np.ediff1d(x, to_end=te, to_begin=tb))
    case("ediff1d", f"ediff_{n}_end", "end", x, te, np.ediff1d(x, to_end=te))
    case("ediff1d", f"ediff_{n}_begin", "begin", x, tb, np.ediff1d(x, to_begin=tb))
case("ediff1d", "ediff_one", "", np.array([2.5]), np.ediff1d(np.array([2.5])))
case("ediff1d", "ediff_empty", "", np.zeros(0, np.float32), np.ediff1d(np.zeros(0, np.float32)))
case("ediff1d", "ediff_0d", "", np.array(3.0), np.ediff1d(np.array(3.0)))
case("ediff1d", "ediff_empty_begin", "begin", np.zeros(0), np.array([1.5, 2.0]), np.ediff1d(np.zeros(0), to_begin=[1.5, 2.0]))

with open(os.path.join(OUT, "cases.tsv"), "w") as f:
    f.write("\n".join(cases) + "\n")
