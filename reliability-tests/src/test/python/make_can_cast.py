"""numpy.can_cast(from, to, casting) for every pair of ndgpu's dtypes and every casting rule:
the oracle of CastingProperties. Run: python3 reliability-tests/src/test/python/make_can_cast.py"""
import numpy as np
dtypes = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64", "complex64", "complex128"]
rules = ["no", "equiv", "safe", "same_kind", "unsafe"]
with open("reliability-tests/src/test/resources/fixtures/can_cast.tsv", "w") as f:
    f.write("# numpy %s: from\tto\t%s\n" % (np.__version__, "\t".join(rules)))
    for a in dtypes:
        for b in dtypes:
            f.write("%s\t%s\t%s\n" % (a, b, "\t".join("1" if np.can_cast(a, b, r) else "0" for r in rules)))
