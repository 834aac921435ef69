"""Writes ufunc-loops.tsv: for every ufunc ndgpu implements and every combination of ndgpu dtypes,
the loop NumPy's type resolution picks (ufunc.resolve_dtypes), or nothing when NumPy has none.
Run from the module root: python3 src/test/python/gen_ufunc_table.py"""
import itertools
import numpy as np

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]
UNARY = ["negative", "absolute", "sign", "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "square",
         "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "floor", "ceil", "rint",
         "trunc", "logical_not", "invert", "isnan", "isinf", "isfinite", "conjugate"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum", "minimum",
          "arctan2", "hypot", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]

def main():
    rows = []
    for name in UNARY + BINARY + ["clip"]:
        uf = np._core.umath.clip if name == "clip" else getattr(np, name)
        for combo in itertools.product(DTYPES, repeat=uf.nin):
            try:
                res = uf.resolve_dtypes(tuple(np.dtype(d) for d in combo) + (None,) * uf.nout)
            except Exception:
                continue
            names = [str(r) for r in res]
            if any(n not in DTYPES for n in names):
                continue
            rows.append("\t".join([name, ",".join(combo), ",".join(names[:uf.nin]), names[-1]]))
    with open("src/main/resources/org/ndgpu/elementwise/ufunc-loops.tsv", "w") as f:
        f.write("# ufunc\tinput dtypes\tloop input dtypes\tloop output dtype   (numpy " + np.__version__ + " resolve_dtypes)\n")
        f.write("\n".join(rows) + "\n")
    print(len(rows), "rows")

main()
