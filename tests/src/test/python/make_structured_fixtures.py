"""NumPy oracles for structured arrays in .npy files (issue 39, item 4). Run from the module root:
python3 src/test/python/make_structured_fixtures.py
Writes fixtures/structured/, for each case NAME:
- NAME.npy: np.save of the structured array as NumPy makes it (aligned, big-endian, Fortran order, ...).
- NAME.c.npy: np.save of the same values in C order, little-endian fields, padding bytes 0: the bytes
  ndgpu's save must write for it.
- NAME.f.K.npy: field K's values (K counts from 0) as a plain array (np.save of a C-contiguous
  little-endian copy); by index, so that file names stay ASCII.
- NAME.repr.txt and NAME.str.txt: repr and str of np.load(NAME.c.npy).
and manifest.tsv: name, field names joined by ',', shape ('2,3'; '' for 0-d), str of np.load(NAME.c.npy).dtype
(a loaded dtype is never aligned: the .npy descr does not keep the flag, only the padding)."""
import numpy as np

DIR = "src/test/resources/fixtures/structured/"
rng = np.random.default_rng(394)


def filled(dt, shape):
    a = np.zeros(shape, dt)
    for name in dt.names:
        f = a[name]
        k = f.dtype.kind
        if k == "b":
            v = rng.integers(0, 2, f.shape).astype(bool)
        elif k in "iu":
            info = np.iinfo(f.dtype)
            v = rng.integers(max(info.min, -1000), min(info.max, 1000), f.shape, endpoint=True)
        elif k == "f":
            v = np.round(rng.normal(0, 10, f.shape), 3)
        elif k == "c":
            v = np.round(rng.normal(0, 3, f.shape), 2) + 1j * np.round(rng.normal(0, 3, f.shape), 2)
        elif k == "M":
            v = rng.integers(0, 2 * 10**9, f.shape)
        else:
            raise ValueError(k)
        a[name] = v
    return a


def little(dt):
    """The dtype with every field little-endian, offsets and itemsize kept."""
    return dt.newbyteorder("<")


manifest = []


def case(name, a):
    np.save(DIR + name + ".npy", a)
    dt = a.dtype
    c = np.zeros(a.shape, little(dt))
    for f in dt.names:
        c[f] = a[f]
    np.save(DIR + name + ".c.npy", c)
    for k, f in enumerate(dt.names):
        v = np.array(a[f], order="C")  # ascontiguousarray would make a 0-d field 1-d
        np.save(DIR + name + ".f." + str(k) + ".npy", v.astype(v.dtype.newbyteorder("<")))
    loaded = np.load(DIR + name + ".c.npy")
    with open(DIR + name + ".repr.txt", "w", encoding="utf-8") as fh:
        fh.write(repr(loaded))
    with open(DIR + name + ".str.txt", "w", encoding="utf-8") as fh:
        fh.write(str(loaded))
    manifest.append("\t".join([name, ",".join(dt.names), ",".join(str(d) for d in a.shape), str(loaded.dtype)]))


case("packed", filled(np.dtype([("x", "<f4"), ("y", "<i8"), ("name", "<f8", (3,))]), (4,)))
case("aligned", filled(np.dtype([("a", "<f4"), ("b", "<f8"), ("c", "?"), ("d", "i1")], align=True), (3,)))
case("aligned_tail", filled(np.dtype([("x", "<f4"), ("y", "<i2")], align=True), (2,)))
case("bigendian", filled(np.dtype([("x", ">i4"), ("y", ">f8"), ("z", ">c8"), ("w", "<u2")]), (5,)))
case("subarray2d", filled(np.dtype([("m", "<f4", (2, 3)), ("k", "u1")]), (2,)))
case("zerod", filled(np.dtype([("x", "<f8"), ("y", "<i8")]), ()))
case("zerod_sub", filled(np.dtype([("v", "<f4", (3,)), ("b", "?")]), ()))
case("empty", filled(np.dtype([("x", "<f8"), ("y", "<i2")]), (0,)))
case("empty2d", filled(np.dtype([("x", "<f8"), ("y", "<i2")]), (0, 3)))
two = filled(np.dtype([("x", "<f8"), ("flag", "?"), ("c", "<c16")]), (2, 3))
case("twod", two)
fort = np.asfortranarray(filled(np.dtype([("x", "<f8"), ("i", "<i4"), ("p", "<f4", (2,))]), (3, 4)))
assert fort.flags.f_contiguous and not fort.flags.c_contiguous
case("fortran", fort)
case("offsets", filled(np.dtype({"names": ["a", "b"], "formats": ["<i4", "<f8"], "offsets": [4, 16],
                                 "itemsize": 32}), (3,)))
case("single", filled(np.dtype([("v", "<f2")]), (3,)))
case("ints", filled(np.dtype([("i1", "i1"), ("u1", "u1"), ("i2", "<i2"), ("u4", "<u4"), ("u8", "<u8"),
                              ("when", "<M8[s]")]), (3,)))
case("unicode", filled(np.dtype([("\u00e9t\u00e9", "<f4"), ("\u2603", "<i4")]), (2,)))
case("wide", filled(np.dtype([("alpha", "<f8"), ("beta", "<f8"), ("gamma", "<i8")]), (6,)))
case("zerod_mixed", filled(np.dtype([("b", "?"), ("c", "<c8"), ("h", "<f2"), ("i", "<i2")]), ()))
case("bigsub", filled(np.dtype([("i", "i1"), ("z", ">c16", (2,)), ("s", ">i2", (2, 2))], align=True), (3,)))
case("big", filled(np.dtype([("x", "<f4"), ("n", "<i4")]), (1500,)))

with open(DIR + "manifest.tsv", "w", encoding="utf-8") as fh:
    fh.write("\n".join(manifest) + "\n")
print(len(manifest), "cases")

# .npz archives with structured members (np.savez / np.savez_compressed), each member also saved
# alone above as a case, so the tests compare the archive's members with those cases' field files:
# npz_mixed.npz and npz_mixed_c.npz hold a=plain float32 (4,), r=case 'packed', z=case 'zerod',
# e=case 'empty', b=plain int64 (2, 3), in that order.
plain_a = np.arange(4, dtype="<f4") * 1.5
plain_b = np.arange(6, dtype="<i8").reshape(2, 3) - 2
np.save(DIR + "npz_plain_a.npy", plain_a)
np.save(DIR + "npz_plain_b.npy", plain_b)
members = dict(a=plain_a, r=np.load(DIR + "packed.npy"), z=np.load(DIR + "zerod.npy"),
               e=np.load(DIR + "empty.npy"), b=plain_b)
np.savez(DIR + "npz_mixed.npz", **members)
np.savez_compressed(DIR + "npz_mixed_c.npz", **members)
# big-endian and Fortran-order structured members, deflated
np.savez_compressed(DIR + "npz_layouts.npz", big=np.load(DIR + "bigendian.npy"), fort=np.load(DIR + "fortran.npy"))
