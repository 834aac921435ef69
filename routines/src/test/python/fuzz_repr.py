#!/usr/bin/env python3
"""Random repr/str cases for a deeper check of ArrayPrinter than the committed repr.txt.

Not run by the build. Usage (from the repository root):
    python3 routines/src/test/python/fuzz_repr.py random /tmp/fuzz.txt SEED COUNT   # mixed arrays
    python3 routines/src/test/python/fuzz_repr.py nd     /tmp/fuzz.txt SEED COUNT   # n-d, often summarized
    python3 routines/src/test/python/fuzz_repr.py bits   /tmp/fuzz.txt              # every float16, random float32/64 bits, powers of 2 and 10
    mvn -pl ndarray test -Dtest='ArrayPrinterTest#summary' -Dndgpu.reprFixtures=/tmp/fuzz.txt
The summary line says how many cases match; the first mismatches are printed in full.
"""
import base64
import sys

import numpy as np

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
          "complex64", "complex128"]
out = None
count = 0


def emit(a):
    global count
    out.write(f"### fuzz{count}\ndtype {a.dtype.name}\nshape" + "".join(f" {d}" for d in a.shape)
              + "\ndata " + base64.b64encode(np.ascontiguousarray(a).tobytes()).decode()
              + "\nrepr\n" + repr(a) + "\nstr\n" + str(a) + "\nend\n")
    count += 1


def values(rng, n):
    kind = rng.integers(0, 8)
    if kind == 0: x = rng.standard_normal(n) * 10.0 ** rng.integers(-12, 22)
    elif kind == 1: x = np.round(rng.standard_normal(n) * 100, rng.integers(0, 6))
    elif kind == 2: x = rng.integers(-1000, 1000, n) * 10.0 ** rng.integers(-6, 6)
    elif kind == 3: x = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    elif kind == 4: x = rng.choice([0.0, -0.0, 1.0, 0.5, np.nan, np.inf, -np.inf, 1e-4, 1e8, 1e16, 0.1, 1e3, 1e6], n)
    elif kind == 5: x = rng.uniform(0, 1, n)
    elif kind == 6: x = rng.integers(0, 10, n) / rng.integers(1, 12, n)
    else: x = np.exp(rng.uniform(-40, 40, n))
    if rng.integers(0, 4) == 0:
        x = x.copy()
        x[rng.integers(0, n)] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0])
    return x


def random_arrays(rng, n_cases, nd_mode):
    for _ in range(n_cases):
        dt = rng.choice(DTYPES)
        nd = rng.integers(1, 5) if nd_mode else rng.integers(0, 4)
        hi = (30 if nd < 3 else 12) if nd_mode else (9 if nd > 1 else 40)
        shape = tuple(int(s) for s in rng.integers(1, hi, nd))
        if rng.integers(0, 8 if nd_mode else 25) == 0:
            shape = (int(rng.integers(1001, 1400)),)
        n = int(np.prod(shape))
        if dt.startswith("complex"):
            a = (values(rng, n) + 1j * values(rng, n)).astype(dt)
        elif dt == "bool":
            a = rng.integers(0, 2, n).astype(bool)
        elif dt.startswith("float"):
            a = values(rng, n).astype(dt)
        elif rng.integers(0, 2):
            info = np.iinfo(dt)
            a = rng.integers(info.min, int(info.max) + 1, n, dtype=dt)
        else:
            a = rng.integers(-5, 50, n).astype(dt)
        emit(a.reshape(shape))


def bit_patterns(rng):
    for b in range(65536):
        emit(np.array(np.uint16(b).view(np.float16)))
    for b in rng.integers(0, 2**32, 20000, dtype=np.uint64).astype(np.uint32):
        emit(np.array(b.view(np.float32)))
    for b in rng.integers(0, 2**64 - 1, 20000, dtype=np.uint64, endpoint=True):
        emit(np.array(np.uint64(b).view(np.float64)))
    for e in range(-1074, 1024):
        emit(np.array([2.0 ** e]))
    for e in range(-149, 128):
        emit(np.array(np.float32(2.0) ** e, dtype=np.float32))
    for k in range(-320, 309):      # one- and two-digit shortest forms
        for d in (1, 2, 5, 9):
            emit(np.array(d * 10.0 ** k))
    for k in range(-45, 39):
        for d in (1, 3, 7, 9):
            emit(np.array(np.float32(d * 10.0 ** k)))


def main():
    global out
    mode, path = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    rng = np.random.default_rng(seed)
    with open(path, "w") as out, np.errstate(all="ignore"):
        if mode == "bits":
            bit_patterns(rng)
        else:
            random_arrays(rng, int(sys.argv[4]), mode == "nd")
    print(f"wrote {count} cases to {path}")


if __name__ == "__main__":
    main()
