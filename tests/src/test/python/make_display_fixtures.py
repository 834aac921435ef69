"""Fixtures for org.ndgpu.display.HtmlTest: arrays and the element texts of NumPy's str of each.

Run with NumPy 2.4: python3 tests/src/test/python/make_display_fixtures.py
Writes tests/src/test/resources/fixtures/display/cells.txt. Each case: its dtype, shape and raw
little-endian data (base64), then the texts NumPy prints, one a line, in print order: every
element shown and every "..." of a summarized axis. The HTML table must show exactly these.
"""
import base64
import pathlib

import numpy as np

rng = np.random.default_rng(43)


def cells(a):
    out, word = [], ""
    complex_ = a.dtype.kind == "c"
    for ch in str(a):
        if ch in "[]" or ch.isspace():
            if ch.isspace() and complex_ and word and word != "..." and not word.endswith("j"):
                continue  # a complex element's padding between its parts
            if word:
                out.append(word)
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out


cases = {
    "f64_3x4": rng.standard_normal((3, 4)),
    "f32_5": rng.standard_normal(5).astype(np.float32),
    "i32_2x3x4": rng.integers(-50, 50, (2, 3, 4)).astype(np.int32),
    "bool_4": np.array([True, False, False, True]),
    "c128_3": np.array([1 + 2j, -3.5 - 10.25j, 0.125 + 0j]) * rng.standard_normal(3),
    "c64_2x2": (rng.standard_normal((2, 2)) + 1j * rng.standard_normal((2, 2))).astype(np.complex64),
    "f32_1200_summarized": (rng.standard_normal(1200) * 100).astype(np.float32),
    "f32_50x40_summarized": rng.standard_normal((50, 40)).astype(np.float32),
    "f64_2x300x3_summarized": rng.uniform(-1, 1, (2, 300, 3)),
    "i8_10x10": rng.integers(-128, 127, (10, 10)).astype(np.int8),
    "f64_nan_inf": np.array([np.nan, np.inf, -np.inf, 1.5, -2.25]),
    "f64_scientific": rng.standard_normal(6) * 1e12,
    "u16_7": rng.integers(0, 60000, 7).astype(np.uint16),
}

lines = [f"# NumPy {np.__version__} element texts of str, made by make_display_fixtures.py"]
for name, a in cases.items():
    a = np.ascontiguousarray(a)
    lines += [f"### {name}", f"dtype {a.dtype.name}", "shape " + " ".join(map(str, a.shape)),
              "data " + base64.b64encode(a.astype(a.dtype.newbyteorder("<")).tobytes()).decode(), "cells"]
    lines += cells(a)
    lines.append("end")
out = pathlib.Path(__file__).parents[1] / "resources/fixtures/display/cells.txt"
out.write_text("\n".join(lines) + "\n")
print(out, len(cases), "cases")
