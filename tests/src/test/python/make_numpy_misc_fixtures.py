"""NumPy oracles for the small names of issue 39: format_float_positional, format_float_scientific,
base_repr, binary_repr (text.tsv: function, arguments, NumPy's text) and apply_along_axis /
apply_over_axes (apply.tsv: name, function, axis or axes, dtype, shape, values, result shape, values).
Run from the module root: python3 src/test/python/make_numpy_misc_fixtures.py"""
import numpy as np

rng = np.random.default_rng(3900)
DIR = "src/test/resources/fixtures/numpymisc/"
text = []
for x in [1.0, 0.1, 123456.789, 1e-20, -2.5, 1e300, 0.0, -0.0, 5e-324, 1 / 3, float("nan"), float("inf"),
          -float("inf")] + [float(v) for v in rng.standard_normal(6) * 10.0 ** rng.integers(-30, 30, 6)]:
    text.append(f"format_float_positional\t{x!r}\t{np.format_float_positional(x)}")
    text.append(f"format_float_scientific\t{x!r}\t{np.format_float_scientific(x)}")
for n, b, p in [(255, 16, 0), (-255, 16, 3), (5, 2, 4), (0, 5, 0), (35, 36, 0), (123456789, 7, 2)]:
    text.append(f"base_repr\t{n},{b},{p}\t{np.base_repr(n, b, p)}")
for n, w in [(5, 0), (-5, 0), (-5, 8), (5, 8), (0, 0), (-1, 3), (-128, 8), (1 << 40, 0)]:
    text.append(f"binary_repr\t{n},{w}\t{np.binary_repr(n, width=None if w == 0 else w)}")
with open(DIR + "text.tsv", "w") as fh:
    fh.write("\n".join(text) + "\n")


def fmt(v):
    return repr(float(v))


apply = []


def row(name, fn, axis, a, r):
    apply.append("\t".join([name, fn, ",".join(map(str, np.atleast_1d(axis))), str(a.dtype),
                            ",".join(map(str, a.shape)), " ".join(fmt(v) for v in a.ravel()),
                            ",".join(map(str, r.shape)), " ".join(fmt(v) for v in r.ravel())]))


a = rng.standard_normal((3, 4, 5))
for ax in (0, 1, 2, -1):
    row(f"sort_ax{ax}", "sort", ax, a, np.apply_along_axis(np.sort, ax, a))
    row(f"sum_ax{ax}", "sum", ax, a, np.apply_along_axis(np.sum, ax, a))
    row(f"outer_ax{ax}", "outer", ax, a[:, :2, :3], np.apply_along_axis(lambda v: np.multiply.outer(v, v), ax, a[:, :2, :3]))
row("over_sum_02", "over_sum", (0, 2), a, np.apply_over_axes(np.sum, a, [0, 2]))
row("over_max_1", "over_max", (1,), a, np.apply_over_axes(np.max, a, [1]))
row("over_sum_neg", "over_sum", (-1, 0), a, np.apply_over_axes(np.sum, a, [-1, 0]))
with open(DIR + "apply.tsv", "w") as fh:
    fh.write("\n".join(apply) + "\n")
print(len(text), "text rows,", len(apply), "apply rows")
