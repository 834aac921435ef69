#!/usr/bin/env python3
"""Writes repr.txt: arrays with NumPy's repr and str of each, for ArrayPrinterTest (NumPy 2.x).

Run:  python3 routines/src/test/python/make_repr_fixtures.py
Output: routines/src/test/resources/fixtures/repr/repr.txt, records of the form

    ### NAME
    dtype float32
    shape 2 2            (nothing after "shape" for a 0-d array)
    data BASE64          (the elements, little-endian, C order)
    repr
    ...lines of repr(a)...
    str
    ...lines of str(a)...
    end

The file is committed, so the Java test never needs Python.
"""
import base64
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "fixtures", "repr", "repr.txt")
rng = np.random.default_rng(20261121)
cases = []


def case(name, a, dtype=None):
    a = np.asarray(a) if dtype is None else np.asarray(a, dtype=dtype)
    cases.append((name, a))


def build():
    # the brief's own examples
    case("f32_2x2", [[1, 2], [3, 4]], np.float32)
    case("i64_arange3", np.arange(3))
    case("i32_pair", [1, 2], np.int32)
    case("bool_pair", [True, False])
    case("f64_pair", [1.5, 2.25])
    case("zerod_f64", np.array(3.5))
    case("zerod_f64_big", np.array(1e20))
    case("zerod_f64_small", np.array(1.5e-7))
    case("zerod_f32", np.array(0.1, dtype=np.float32))
    case("zerod_f16", np.array(0.1, dtype=np.float16))
    case("zerod_i64", np.array(-42))
    case("zerod_u8", np.array(200, dtype=np.uint8))
    case("zerod_bool_t", np.array(True))
    case("zerod_bool_f", np.array(False))
    case("zerod_c128", np.array(1 + 2j))
    case("zerod_c128_imag", np.array(2j))
    case("zerod_c128_negzero", np.array(complex(-0.0, -1.0)))
    case("zerod_c64", np.array(1.5 - 2.25j, dtype=np.complex64))
    case("zerod_c128_nan", np.array(complex(np.nan, np.inf)))
    case("zerod_c128_big", np.array(1e20 + 1e-7j))
    case("zerod_nan", np.array(np.nan))
    case("zerod_neginf", np.array(-np.inf))
    case("zerod_negzero", np.array(-0.0))
    case("zerod_f64_1e16", np.array(1e16))
    case("zerod_f64_1e-4", np.array(1e-4))
    case("zerod_f32_1e-4", np.array(1e-4, dtype=np.float32))
    case("zerod_f64_int", np.array(100.0))
    case("zerod_f64_1e15", np.array(1e15))
    case("zerod_f32_1e6", np.array(1e6, dtype=np.float32))
    case("zerod_f32_999999", np.array(999999, dtype=np.float32))
    case("zerod_f16_1000", np.array(1000, dtype=np.float16))
    case("zerod_f16_999", np.array(999, dtype=np.float16))
    case("zerod_c64_1e6", np.array(1e6 - 1j, dtype=np.complex64))
    case("zerod_c128_1e15", np.array(1e15 + 1e-5j))
    # empty arrays
    case("empty_f32_0x3", np.zeros((0, 3), np.float32))
    case("empty_f64_0", np.zeros((0,)))
    case("empty_i64_0", np.zeros((0,), np.int64))
    case("empty_i32_2x0", np.zeros((2, 0), np.int32))
    case("empty_bool_0", np.zeros((0,), bool))
    case("empty_c128_0x2x2", np.zeros((0, 2, 2), np.complex128))
    # every dtype, small shapes
    for dt in ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
               "complex64", "complex128", "uint16", "uint32", "uint64"]:
        base = np.arange(12).reshape(3, 4)
        if dt == "bool":
            v = base % 3 == 0
        elif dt.startswith("complex"):
            v = base - 5 + 1j * (base * 0.5 - 2)
        elif dt.startswith("uint"):
            v = base * 20
        else:
            v = base - 5
        case(f"{dt}_3x4", np.asarray(v).astype(dt))
        case(f"{dt}_1d", np.asarray(v).astype(dt).ravel()[:7])
        case(f"{dt}_2x3x2", np.asarray(v).astype(dt).reshape(2, 3, 2))
    # integer extremes and widths
    case("i64_extremes", [np.iinfo(np.int64).min, 0, np.iinfo(np.int64).max])
    case("i8_extremes", [-128, 0, 127], np.int8)
    case("u8_extremes", [0, 7, 255], np.uint8)
    case("i16_mixed_width", [[1, -1000], [32767, 5]], np.int16)
    case("i32_negative", [-1, -22, -333], np.int32)
    # floats: notation choice, precision, padding
    for dt in ["float16", "float32", "float64"]:
        case(f"{dt}_thirds", np.array([1 / 3, 2 / 3, 1.0]).astype(dt))
        case(f"{dt}_pi_e", np.array([np.pi, np.e, -np.sqrt(2)]).astype(dt))
        case(f"{dt}_tenths", np.array([0.1, 0.2, 0.3, 0.1 + 0.2]).astype(dt))
        case(f"{dt}_tiny", np.array([1e-5, 2e-5, 3.5e-5]).astype(dt))
        case(f"{dt}_ratio", np.array([1.0, 1000.0, 1001.0]).astype(dt))
        case(f"{dt}_ratio_ok", np.array([1.0, 999.0]).astype(dt))
        case(f"{dt}_nan_inf", np.array([np.nan, 1.5, -np.inf, np.inf]).astype(dt))
        case(f"{dt}_only_nan", np.array([np.nan, np.nan]).astype(dt))
        case(f"{dt}_only_inf", np.array([np.inf, -np.inf]).astype(dt))
        case(f"{dt}_negzero", np.array([-0.0, 0.0, 1.0]).astype(dt))
        case(f"{dt}_zeros", np.zeros(4, dt))
        case(f"{dt}_1e-4_edge", np.array([1e-4, 0.5]).astype(dt))
        case(f"{dt}_mixed_sign", np.array([[-1.5, 2.25], [100.125, -0.001]]).astype(dt))
        case(f"{dt}_random", rng.standard_normal(10).astype(dt))
        case(f"{dt}_random_scaled", (rng.standard_normal((3, 4)) * 1e3).astype(dt))
        case(f"{dt}_ints", np.array([1.0, 2.0, 300.0]).astype(dt))
    case("float16_cutoff", np.array([999.0, 1000.0]).astype(np.float16))
    case("float16_below_cutoff", np.array([999.0, 1.5]).astype(np.float16))
    case("float16_subnormal", np.array([6e-8, 1e-5, 65504]).astype(np.float16))
    case("float32_cutoff", np.array([999999.0, 1e6]).astype(np.float32))
    case("float32_below_cutoff", np.array([999999.0, 123.5]).astype(np.float32))
    case("float32_huge", np.array([3.4028235e38, 1e-45, 1.0], np.float32))
    case("float32_digits", np.array([16777217.0, 0.3, 1.1], np.float32))
    case("float32_exact_digits", np.array([1.1, 1.2345678e-5], np.float32))
    case("float64_cutoff", [99999999.0, 1e8])
    case("float64_below_cutoff", [99999999.0, 0.5])
    case("float64_huge", [1e300, -1e-300, 5e-324])
    case("float64_min_denorm", [5e-324, 1e-320])
    case("float64_1e16", [1e16, 1.0])
    case("float64_long_digits", [0.1 + 0.2, 1 / 3, 2 / 3, 123456.789012345])
    case("float64_round_at_8", [0.123456785, 0.123456775, 1.000000005])
    case("float64_sci_mixed", [1e-10, 1.0, -3.5e7, 12345.6789])
    case("float64_sci_padding", [[1e-10, 1.0], [np.nan, -np.inf]])
    case("float64_big_exp", [1e-100, 1e100, 1.0])
    case("float64_powers_of_2", [2.0 ** -20, 2.0 ** 30, 0.75])
    case("float64_9999", [9.9999999999, 0.99999999999])
    case("float64_halfway", [0.5, 1.5, 2.5, 0.125])
    # complex
    case("c64_pair", [1 + 2j, 3 - 1j], np.complex64)
    case("c128_pair", [1 + 2j, 3 - 1j])
    case("c128_nan_inf", [complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, np.nan)])
    case("c128_imag_only", [1j, -2j, 0j])
    case("c128_negzero", [complex(-0.0, -0.0), complex(0.0, 0.0)])
    case("c128_mixed_scale", [1e-7 + 1j, 1e5 - 1e-3j])
    case("c128_tenths", [0.1 + 0.2j, 0.3 - 0.4j])
    case("c64_random", (rng.standard_normal(6) + 1j * rng.standard_normal(6)).astype(np.complex64))
    case("c128_2x2", [[1 + 1j, -2.5 - 0.5j], [1e3j, 7]])
    # wrapping rows
    case("f64_wrap", np.arange(30) / 7)
    case("i64_wrap", np.arange(100) * 1000)
    case("i32_wrap_2d", (np.arange(60).reshape(3, 20) * 37).astype(np.int32))
    case("f32_wrap_2d", (np.arange(50).reshape(5, 10) / 3).astype(np.float32))
    case("bool_wrap", np.arange(40) % 3 == 0)
    case("c128_wrap", np.arange(12) * (1 + 0.5j))
    case("f64_wrap_sci", np.logspace(-10, 10, 25))
    case("f64_wrap_nan", np.where(np.arange(26) % 5 == 0, np.nan, np.arange(26) * 1.25))
    case("u8_wrap", (np.arange(80) * 3 % 256).astype(np.uint8))
    case("i64_exact_width", np.arange(22) + 10 ** 5)
    case("i64_long_line_dtype", (np.arange(24) * 1000).astype(np.int32))
    case("f32_dtype_newline", np.linspace(0, 1, 9).astype(np.float32))
    case("f32_dtype_newline2", np.linspace(0, 1, 11).astype(np.float32))
    # n-d
    case("i64_2x3x4", np.arange(24).reshape(2, 3, 4))
    case("f64_2x2x2x2", np.arange(16).reshape(2, 2, 2, 2) / 4)
    case("bool_2x2x3", (np.arange(12) % 2 == 0).reshape(2, 2, 3))
    case("f32_1x1x1", np.ones((1, 1, 1), np.float32))
    case("f64_3x1", np.arange(3.0).reshape(3, 1))
    case("c64_2x1x2", (np.arange(4) + 1j).reshape(2, 1, 2).astype(np.complex64))
    case("i16_4x5x6", (np.arange(120) - 60).reshape(4, 5, 6).astype(np.int16))
    case("f64_3d_wrap", np.arange(60).reshape(2, 2, 15) / 7)
    # summarized (> 1000 elements)
    case("i64_2000", np.arange(2000))
    case("i64_1001", np.arange(1001))
    case("i64_1000", np.arange(1000))
    case("f64_2000", np.arange(2000) / 3)
    case("f32_1500_random", rng.standard_normal(1500).astype(np.float32))
    case("f64_40x50", np.arange(2000).reshape(40, 50) * 0.5)
    case("i32_10x10x20", np.arange(2000).reshape(10, 10, 20).astype(np.int32))
    case("bool_2000", np.arange(2000) % 7 == 0)
    case("c128_1001", np.arange(1001) * (1 - 1j))
    case("f64_3x1000", np.arange(3000).reshape(3, 1000) * 1.5)
    case("f64_1000x3", np.arange(3000).reshape(1000, 3) * 1.5)
    case("f64_2000x1", np.arange(2000.0).reshape(2000, 1))
    case("f16_1200", (np.arange(1200) % 100).astype(np.float16))
    case("u8_1100", (np.arange(1100) % 256).astype(np.uint8))
    case("f64_summary_hidden_outlier", np.concatenate([[1.0], np.full(1000, 1e20), [2.0]]))
    case("f64_summary_sci", np.logspace(-20, 20, 1200))
    case("i8_5x5x50", (np.arange(1250) % 200 - 100).reshape(5, 5, 50).astype(np.int8))
    case("f32_7x7x7x7", np.arange(2401, dtype=np.float32).reshape(7, 7, 7, 7))
    # the wide unsigned dtypes: values past the signed range of their width (2^31, 2^63, 2^64 - 1)
    u64max = np.iinfo(np.uint64).max
    case("u64_max_pair", [0, u64max], np.uint64)
    case("u64_extremes", [0, 2 ** 63, u64max, 2 ** 63 - 1, 1], np.uint64)
    case("u32_extremes", [0, 2 ** 31, 2 ** 32 - 1, 7], np.uint32)
    case("u16_extremes", [0, 2 ** 15, 65535, 7], np.uint16)
    case("u64_2x2_mixed_width", [[1, u64max], [2 ** 63, 42]], np.uint64)
    case("zerod_u64_max", np.array(u64max, dtype=np.uint64))
    case("zerod_u64_2p63", np.array(2 ** 63, dtype=np.uint64))
    case("zerod_u32_max", np.array(2 ** 32 - 1, dtype=np.uint32))
    case("zerod_u16", np.array(40000, dtype=np.uint16))
    case("empty_u64_0", np.zeros((0,), np.uint64))
    case("empty_u32_2x0", np.zeros((2, 0), np.uint32))
    case("u64_wrap", (np.arange(30, dtype=np.uint64) * np.uint64(614889782588491410)))
    case("u32_wrap_2d", (np.arange(60, dtype=np.uint32).reshape(3, 20) * np.uint32(71582788)))
    case("u64_1100", np.arange(1100, dtype=np.uint64) * np.uint64(16769767339735956))
    case("u32_1001", (np.arange(1001, dtype=np.uint64) * 4290000).astype(np.uint32))
    case("u16_40x50", (np.arange(2000) * 33).astype(np.uint16).reshape(40, 50))
    case("u64_summary_hidden_max", np.concatenate([np.array([1], np.uint64), np.full(1000, u64max, np.uint64), np.array([2], np.uint64)]))


def main():
    build()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    names = set()
    with open(OUT, "w") as f:
        f.write("# NumPy %s repr/str fixtures, made by make_repr_fixtures.py (%d cases)\n" % (np.__version__, len(cases)))
        for name, a in cases:
            assert name not in names, name
            names.add(name)
            c = np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"))
            f.write(f"### {name}\n")
            f.write(f"dtype {a.dtype.name}\n")
            f.write("shape" + "".join(f" {d}" for d in a.shape) + "\n")
            f.write("data " + base64.b64encode(c.tobytes()).decode() + "\n")
            f.write("repr\n" + repr(a) + "\nstr\n" + str(a) + "\nend\n")
    print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
