#!/usr/bin/env python3
"""Writes the .npy/.npz fixtures that NpyTest and NpzTest read (NumPy 2.x).

Run from anywhere:  python3 routines/src/test/python/make_npy_fixtures.py
Output: routines/src/test/resources/fixtures/npy/
  NAME.npy     what np.save (or np.lib.format.write_array) wrote
  NAME.bin     the same elements as raw little-endian bytes in C order (the expectation)
  manifest.txt one line per NAME.npy: name dtype shape order byteorder version
  *.npz        archives, with manifest lines "npz NAME.npz entry=member,..."

The files are committed, so the Java tests never need Python.
"""
import os
import shutil

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "fixtures", "npy")
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64",
          "float16", "float32", "float64", "complex64", "complex128",
          "uint16", "uint32", "uint64"]

manifest = []


def values(dtype, shape):
    """Known, distinct values per dtype: negatives for signed types, fractions for floats."""
    n = int(np.prod(shape))
    k = np.arange(n)
    dt = np.dtype(dtype)
    if dt.kind == "b":
        v = (k % 3) == 0
    elif dt.kind == "u" and dt.itemsize == 1:
        v = (k * 7) % 256
    elif dt.kind == "u":
        # past the signed range of the width: the maximum downwards, and 2^(w-1) upwards
        top = int(np.iinfo(dt).max)
        v = np.array([top - 3 * i if i % 2 == 0 else (top // 2 + 1) + i for i in range(n)], dtype=dt)
    elif dt.kind == "i":
        v = (k - n // 2) * (3 if dt.itemsize > 1 else 1)
    elif dt.kind == "f":
        v = (k - 5) * 0.75
    else:
        v = (k - 5) * 0.75 + 1j * (k * 0.5 - 1)
    return np.asarray(v).astype(dtype).reshape(shape)


def shape_str(shape):
    return ",".join(str(d) for d in shape) if shape else "-"


def save(name, a, *, order, byteorder="<", version=None):
    path = os.path.join(OUT, name + ".npy")
    if version is None:
        np.save(path, a)
    else:
        with open(path, "wb") as f:
            np.lib.format.write_array(f, a, version=version)
    expected = np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"))
    with open(os.path.join(OUT, name + ".bin"), "wb") as f:
        f.write(expected.tobytes(order="C"))
    v = "%d.%d" % (version or (1, 0))
    # what the file's fortran_order says: np.save marks only F- but not C-contiguous arrays
    assert order == ("F" if a.flags.f_contiguous and not a.flags.c_contiguous else "C"), name
    manifest.append(f"{name} {a.dtype.newbyteorder('<').name} {shape_str(a.shape)} {order} {byteorder} {v}")


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    for dt in DTYPES:
        for shape in [(2, 3), (2, 3, 4)]:
            a = values(dt, shape)
            tag = "x".join(map(str, shape))
            save(f"{dt}_{tag}_C", a, order="C")
            save(f"{dt}_{tag}_F", np.asfortranarray(a), order="F")
    # big-endian files: read and converted to little-endian
    for dt in ["int16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128",
               "uint16", "uint32", "uint64"]:
        a = values(dt, (2, 3)).astype(np.dtype(dt).newbyteorder(">"))
        save(f"be_{dt}_2x3_C", a, order="C", byteorder=">")
    save("be_float64_3x4_F", np.asfortranarray(values("float64", (3, 4)).astype(">f8")), order="F", byteorder=">")
    # 0-d, 1-d, empty
    save("zerod_float64", np.array(3.5), order="C")
    save("zerod_int32", np.array(-7, dtype=np.int32), order="C")
    save("zerod_bool", np.array(True), order="C")
    save("zerod_complex64", np.array(1.5 - 2j, dtype=np.complex64), order="C")
    save("onedim_int64", np.arange(5, dtype=np.int64) - 2, order="C")
    save("zerod_uint64", np.array(2 ** 64 - 1, dtype=np.uint64), order="C")
    save("be_zerod_uint32", np.array(2 ** 32 - 2, dtype=">u4"), order="C", byteorder=">")
    save("empty_float32_0x3", np.zeros((0, 3), dtype=np.float32), order="C")
    save("empty_float64_0", np.zeros((0,), dtype=np.float64), order="C")
    save("empty_int16_2x0x3", np.asfortranarray(np.zeros((2, 0, 3), dtype=np.int16)), order="C")
    # shapes that are both C- and F-contiguous: np.save writes fortran_order False
    save("both_float32_1x4", np.asfortranarray(values("float32", (1, 4))), order="C")
    # other format versions
    save("v2_float32_2x3", values("float32", (2, 3)), order="C", version=(2, 0))
    save("v3_int64_2x3_F", np.asfortranarray(values("int64", (2, 3))), order="F", version=(3, 0))
    # archives: np.savez (stored) and np.savez_compressed (deflated), with a positional arr_0
    x, y, z = values("float32", (2, 3)), values("int64", (4,)), values("complex128", (2, 2))
    np.savez(os.path.join(OUT, "stored.npz"), x, y=y, z=np.asfortranarray(z))
    np.savez_compressed(os.path.join(OUT, "deflated.npz"), x, y=y, z=np.asfortranarray(z))
    for name, arr in [("npz_arr_0", x), ("npz_y", y), ("npz_z", z)]:
        save(name, arr, order="C")
    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("# name dtype shape(- for 0-d) order byteorder version; made by make_npy_fixtures.py, NumPy "
                + np.__version__ + "\n")
        f.write("\n".join(manifest) + "\n")
    print(f"wrote {len(manifest)} .npy fixtures and 2 .npz to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
