"""Writes ufunc-loops.tsv: for every ufunc ndgpu implements and every combination of ndgpu dtypes,
the loop NumPy's type resolution picks (ufunc.resolve_dtypes), or nothing when NumPy has none; then the same
for the scipy.special ufuncs of SPECIAL (their float32 and float64 loops).
Then writes the operation registry of module ndarray from that table: the enums Ufunc (each ufunc
of the table with its arity, plus REAL_FUNCTIONS; in the exported org.ndgpu.ndarray, beside DType, as users
name it in Nd.ufunc(Ufunc.ADD)), Reduction and Scan (in org.ndgpu.spi), the only place an operation is named.
Run from the module root: python3 src/test/python/gen_ufunc_table.py
(with --registry: only the Java enums, from the committed table, no NumPy needed)"""
import itertools
import os
import sys

DTYPES = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64", "complex64", "complex128"]
UNARY = ["negative", "absolute", "sign", "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "square",
         "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "floor", "ceil", "rint",
         "trunc", "logical_not", "invert", "isnan", "isinf", "isfinite", "conjugate", "arcsinh", "arccosh", "arctanh", "exp2",
         "deg2rad", "rad2deg", "signbit", "positive", "frexp", "modf", "fabs", "spacing", "bitwise_count"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum", "minimum",
          "arctan2", "hypot", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "logaddexp",
          "logaddexp2", "fmod", "copysign", "fmax", "fmin", "heaviside", "nextafter", "float_power", "gcd", "lcm", "ldexp", "divmod"]
# numpy.sinc is a Python function, not a ufunc: its rows are the dtype NumPy returns for each input dtype
FUNCTIONS = ["sinc", "i0"]
# numpy.isposinf and isneginf are Python functions too (isinf and signbit): bool rows, none for complex, which NumPy refuses
PREDICATES = ["isposinf", "isneginf"]
# scipy.special's ufuncs (Nd.special()), by their SciPy names (i0 is numpy.i0's, above); loops of other types than float32 and float64 are left out
SPECIAL = ["erf", "erfc", "erfcx", "erfinv", "erfcinv", "expit", "logit", "log_expit", "xlogy", "xlog1py", "entr", "rel_entr",
           "kl_div", "ndtr", "ndtri", "log_ndtr", "gamma", "gammaln", "loggamma", "digamma", "beta", "betaln", "i0e",
           "i1", "i1e", "j0", "j1", "y0", "y1", "k0", "k1", "zeta", "polygamma", "gammainc", "gammaincc",
           "gammaincinv", "cosm1", "exprel", "powm1", "boxcox", "boxcox1p", "inv_boxcox", "inv_boxcox1p", "betainc",
           "jv", "jn", "yv", "iv", "kv", "jve", "yve", "ive", "kve", "yn", "kn", "spherical_jn", "spherical_yn",
           "spherical_jn_d", "spherical_yn_d", "spherical_in", "spherical_in_d", "spherical_kn", "spherical_kn_d"]
# SciPy functions written in Python over a ufunc: zeta(x, q) is the ufunc _zeta; polygamma (over gamma, zeta and psi)
# has no ufunc, so its rows are the dtype SciPy returns for each pair of input dtypes
# the spherical Bessel functions are Python over the ufuncs _spherical_jn, ..., and _spherical_jn_d, ... (derivative=True)
SPECIAL_UFUNC_OF = {"zeta": "_zeta", **{n: "_" + n for n in ("spherical_jn", "spherical_yn", "spherical_jn_d", "spherical_yn_d",
                                                            "spherical_in", "spherical_in_d", "spherical_kn", "spherical_kn_d")}}
# the integer orders: SciPy's loops take n as int64 (yn and kn for integer n; spherical_jn and spherical_yn
# cast any real n to int64 first, in Python); ndgpu's loop takes n in the result's float type and truncates it
# in the device function, so each row's loop inputs are the result's dtype twice
INTEGER_ORDER = {"yn", "kn"} | {n for n in SPECIAL if n.startswith("spherical")}
# numpy.real and numpy.imag are functions, not ufuncs, so they have no loops in the table; ndgpu runs them as unary ufuncs
REAL_FUNCTIONS = ["real", "imag"]
# the reductions of ReductionRunner.reduce ("norm": the 2-norm sqrt(sum |x|^2) behind numpy.linalg.norm) and the scans of ReductionRunner.scan
REDUCTIONS = ["sum", "prod", "mean", "var", "std", "min", "max", "argmin", "argmax", "all", "any", "count_nonzero",
              "nansum", "nanmax", "nanmin", "norm"]
SCANS = ["cumsum", "cumprod"]

TSV = "src/main/resources/org/ndgpu/elementwise/ufunc-loops.tsv"
CORE = "../ndarray/src/main/java/org/ndgpu/"
# the package of each enum: Ufunc is a name users write (Nd.ufunc(Ufunc.ADD)), the other two are the SPI's
PACKAGE = {"Ufunc": "ndarray", "Reduction": "spi", "Scan": "spi"}


def write_table():
    import numpy as np
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
            rows.append("\t".join([name, ",".join(combo), ",".join(names[:uf.nin]), ",".join(names[uf.nin:])]))
    for name in FUNCTIONS:
        for d in DTYPES:
            if np.dtype(d).kind == "c":
                continue   # ndgpu's sin and cos take no complex input yet
            out = str(getattr(np, name)(np.ones(2, d)).dtype)
            rows.append("\t".join([name, d, out, out]))
    for name in PREDICATES:
        for d in DTYPES:
            if np.dtype(d).kind == "c":
                continue
            out = str(getattr(np, name)(np.ones(2, d)).dtype)
            rows.append("\t".join([name, d, d, out]))
    import scipy
    import scipy.special as sp
    for name in SPECIAL:
        if name == "polygamma":
            for combo in itertools.product([d for d in DTYPES if np.dtype(d).kind != "c"], repeat=2):
                with np.errstate(all="ignore"):
                    out = str(sp.polygamma(*(np.ones(1, d) for d in combo)).dtype)
                if out in ("float32", "float64"):
                    rows.append("\t".join([name, ",".join(combo), out + "," + out, out]))
            continue
        uf = getattr(sp._ufuncs, SPECIAL_UFUNC_OF[name]) if name in SPECIAL_UFUNC_OF else getattr(sp, name)
        if name in INTEGER_ORDER:
            for combo in itertools.product([d for d in DTYPES if np.dtype(d).kind != "c"], repeat=2):
                n = "int64" if name.startswith("spherical") else combo[0]
                try:
                    out = str(uf.resolve_dtypes((np.dtype(n), np.dtype(combo[1]), None))[2])
                except Exception:
                    continue
                if out in ("float32", "float64"):
                    rows.append("\t".join([name, ",".join(combo), out + "," + out, out]))
            continue
        for combo in itertools.product(DTYPES, repeat=uf.nin):
            try:
                res = uf.resolve_dtypes(tuple(np.dtype(d) for d in combo) + (None,) * uf.nout)
            except Exception:
                continue
            names = [str(r) for r in res]
            if any(n not in ("float32", "float64") for n in names):
                continue
            rows.append("\t".join([name, ",".join(combo), ",".join(names[:uf.nin]), ",".join(names[uf.nin:])]))
    with open(TSV, "w") as f:
        f.write("# ufunc\tinput dtypes\tloop input dtypes\tloop output dtypes   (numpy " + np.__version__
                + " resolve_dtypes; scipy.special " + scipy.__version__ + ")\n")
        f.write("\n".join(rows) + "\n")
    print(len(rows), "rows")


def ufuncs_of_table():
    """(name, nin, nout) of each ufunc of the table, in the table's order."""
    seen = {}
    with open(TSV) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            seen.setdefault(cols[0], (len(cols[1].split(",")), len(cols[3].split(","))))
    return [(n, a[0], a[1]) for n, a in seen.items()]


HEADER = """// GENERATED by kernels-elementwise/src/test/python/gen_ufunc_table.py from ufunc-loops.tsv: do not edit.
// Regenerate: cd kernels-elementwise && python3 src/test/python/gen_ufunc_table.py --registry
package org.ndgpu.%s;

import java.util.HashMap;
import java.util.Map;

"""


COMPARISON = """
    /** The six comparisons (equal, not_equal, less, less_equal, greater, greater_equal). */
    public boolean isComparison() {
        return switch (this) {
            case EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> true;
            default -> false;
        };
    }
"""


SPECIAL_METHOD = """
    /** The scipy.special ufuncs (Nd.special()), whose C is a call of special-functions.h's special_{name}. */
    public boolean isSpecial() {
        return special;
    }
"""


def enum_source(name, doc, example, constants, arity):
    special = name == "Ufunc"
    fields = "    private final String numpyName;\n" + ("    private final int nin;\n    private final int nout;\n" if arity else "") \
        + ("    private final boolean special;\n" if special else "")
    ctor_args = "String numpyName" + (", int nin, int nout" if arity else "") + (", boolean special" if special else "")
    ctor_body = "        this.numpyName = numpyName;\n" + ("        this.nin = nin;\n        this.nout = nout;\n" if arity else "") \
        + ("        this.special = special;\n" if special else "")
    # Ufunc's last argument says whether it is one of scipy.special's (the SPECIAL list above, written once)
    body = ",\n".join("    %s(\"%s\"%s%s)" % (c[0].upper(), c[0], ", %d, %d" % (c[1], c[2]) if arity else "",
                                                   (", true" if c[0] in SPECIAL else ", false") if special else "")
                       for c in constants) + ";\n"
    nin = ("\n    /** The number of inputs, as NumPy's {@code ufunc.nin}. */\n"
           "    public int nin() { return nin; }\n"
           "\n    /** The number of outputs, as NumPy's {@code ufunc.nout}: 2 for frexp, modf and divmod. */\n"
           "    public int nout() { return nout; }\n") if arity else ""
    return (HEADER % PACKAGE[name] + "/**\n * " + doc + "\n *\n * <pre>{@code\n * " + example + "\n * }</pre>\n */\n"
            + "public enum " + name + " {\n" + body + "\n" + fields
            + "    private static final Map<String, " + name + "> BY_NAME = new HashMap<>();\n\n"
            + "    static {\n        for (" + name + " op : values()) BY_NAME.put(op.numpyName, op);\n    }\n\n"
            + "    " + name + "(" + ctor_args + ") {\n" + ctor_body + "    }\n\n"
            + "    /** NumPy's name of this operation: for messages, kernel names and the loop table. */\n"
            + "    public String numpyName() { return numpyName; }\n" + nin
            + (COMPARISON + SPECIAL_METHOD if special else "")
            + "\n    /** The operation NumPy calls {@code numpyName}, or null when ndgpu has none of that name. */\n"
            + "    public static " + name + " of(String numpyName) { return BY_NAME.get(numpyName); }\n\n"
            + "    @Override\n    public String toString() { return numpyName; }\n}\n")


def write_registry():
    ufuncs = ufuncs_of_table() + [(n, 1, 1) for n in REAL_FUNCTIONS]
    files = {
        "Ufunc": enum_source("Ufunc", "NumPy's ufuncs ({@code numpy.add}, {@code numpy.sqrt}, ...) that ndgpu implements (those of ufunc-loops.tsv:\n"
                             " * NumPy's, numpy.sinc among them, and scipy.special's; then numpy.real and numpy.imag), with NumPy's names and\n"
                             " * arities. Users name one for its methods, {@code Nd.ufunc(op)}; NDArray and Fuse's tracer pass them to the ufunc\n"
                             " * library.",
                             "Nd.ufunc(Ufunc.ADD).reduce(a, 0);   // np.add.reduce(a, axis=0)", ufuncs, True),
        "Reduction": enum_source("Reduction", "The reductions ndgpu implements, with NumPy's names: what NDArray, Nd and Fuse's tracer\n"
                                 " * pass to {@link ReductionRunner#reduce}.",
                                 "Providers.reductions(a).reduce(Reduction.SUM, a, null, false, null, 0);   // a.sum()",
                                 [(n, 0, 0) for n in REDUCTIONS], False),
        "Scan": enum_source("Scan", "The scans ndgpu implements, with NumPy's names: what NDArray passes to {@link ReductionRunner#scan}.",
                            "Providers.reductions(a).scan(Scan.CUMSUM, a, null, null);   // a.cumsum()",
                            [(n, 0, 0) for n in SCANS], False),
    }
    for name, src in files.items():
        with open(CORE + PACKAGE[name] + "/" + name + ".java", "w") as f:
            f.write(src)
    print(len(ufuncs), "ufuncs,", len(REDUCTIONS), "reductions,", len(SCANS), "scans")


def main():
    if "--registry" not in sys.argv[1:]:
        write_table()
    write_registry()


main()
