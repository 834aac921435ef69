// ndgpu prelude, the part both dialects share word for word: it follows prelude-opencl.h or prelude-cuda.h,
// whose ND_* names and types it is written against.
ND_DEVICE_FN complex64 nd_c64_add(complex64 a, complex64 b) { return nd_c64(a.x + b.x, a.y + b.y); }
ND_DEVICE_FN complex64 nd_c64_sub(complex64 a, complex64 b) { return nd_c64(a.x - b.x, a.y - b.y); }
ND_DEVICE_FN complex64 nd_c64_mul(complex64 a, complex64 b) { return nd_c64(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
ND_DEVICE_FN complex64 nd_c64_div(complex64 a, complex64 b) {
    // Smith's algorithm: no overflow for large |b|
    if (fabs(b.x) >= fabs(b.y)) {
        if (b.x == 0 && b.y == 0) return nd_c64(a.x / fabs(b.x), a.y / fabs(b.y));
        float r = b.y / b.x, d = b.x + b.y * r;
        return nd_c64((a.x + a.y * r) / d, (a.y - a.x * r) / d);
    }
    float r = b.x / b.y, d = b.y + b.x * r;
    return nd_c64((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
ND_DEVICE_FN complex64 nd_c64_neg(complex64 a) { return nd_c64(-a.x, -a.y); }
ND_DEVICE_FN complex64 nd_c64_conj(complex64 a) { return nd_c64(a.x, -a.y); }
ND_DEVICE_FN float nd_c64_abs(complex64 a) { return hypot(a.x, a.y); }
ND_DEVICE_FN complex64 nd_c64_exp(complex64 a) { float e = exp(a.x); return a.y == 0 ? nd_c64(e, a.y) : nd_c64(e * cos(a.y), e * sin(a.y)); }
ND_DEVICE_FN complex64 nd_c64_log(complex64 a) { return nd_c64(log(hypot(a.x, a.y)), atan2(a.y, a.x)); }
ND_DEVICE_FN complex64 nd_c64_sqrt(complex64 a) {
    if (a.x == 0 && a.y == 0) return nd_c64(0, a.y);
    if (isinf(a.y)) return nd_c64(INFINITY, a.y);
    float r = hypot(a.x, a.y);
    if (a.x >= 0) { float t = sqrt((r + a.x) / 2); return nd_c64(t, a.y / (2 * t)); }
    float t = sqrt((r - a.x) / 2);
    return nd_c64(fabs(a.y) / (2 * t), copysign(t, a.y));
}
ND_DEVICE_FN complex64 nd_c64_square(complex64 a) { return nd_c64_mul(a, a); }
ND_DEVICE_FN complex64 nd_c64_reciprocal(complex64 a) { return nd_c64_div(nd_c64(1, 0), a); }
ND_DEVICE_FN complex64 nd_c64_pow(complex64 a, complex64 b) {
    if (b.x == 0 && b.y == 0) return nd_c64(1, 0);
    if (a.x == 0 && a.y == 0) return (b.y == 0 && b.x > 0) ? nd_c64(0, 0) : nd_c64(NAN, NAN);
    return nd_c64_exp(nd_c64_mul(b, nd_c64_log(a)));
}
ND_DEVICE_FN complex64 nd_c64_sign(complex64 a) {
    // NumPy 2: z / |z|, and 0 for 0
    float r = hypot(a.x, a.y);
    return r == 0 ? nd_c64(0, 0) : nd_c64(a.x / r, a.y / r);
}
ND_DEVICE_FN nd_bool nd_c64_eq(complex64 a, complex64 b) { return a.x == b.x && a.y == b.y; }
ND_DEVICE_FN nd_bool nd_c64_isnan(complex64 a) { return isnan(a.x) || isnan(a.y); }
ND_DEVICE_FN nd_bool nd_c64_isinf(complex64 a) { return isinf(a.x) || isinf(a.y); }
ND_DEVICE_FN nd_bool nd_c64_isfinite(complex64 a) { return isfinite(a.x) && isfinite(a.y); }
ND_DEVICE_FN complex128 nd_c128_add(complex128 a, complex128 b) { return nd_c128(a.x + b.x, a.y + b.y); }
ND_DEVICE_FN complex128 nd_c128_sub(complex128 a, complex128 b) { return nd_c128(a.x - b.x, a.y - b.y); }
ND_DEVICE_FN complex128 nd_c128_mul(complex128 a, complex128 b) { return nd_c128(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
ND_DEVICE_FN complex128 nd_c128_div(complex128 a, complex128 b) {
    // Smith's algorithm: no overflow for large |b|
    if (fabs(b.x) >= fabs(b.y)) {
        if (b.x == 0 && b.y == 0) return nd_c128(a.x / fabs(b.x), a.y / fabs(b.y));
        double r = b.y / b.x, d = b.x + b.y * r;
        return nd_c128((a.x + a.y * r) / d, (a.y - a.x * r) / d);
    }
    double r = b.x / b.y, d = b.y + b.x * r;
    return nd_c128((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
ND_DEVICE_FN complex128 nd_c128_neg(complex128 a) { return nd_c128(-a.x, -a.y); }
ND_DEVICE_FN complex128 nd_c128_conj(complex128 a) { return nd_c128(a.x, -a.y); }
ND_DEVICE_FN double nd_c128_abs(complex128 a) { return hypot(a.x, a.y); }
ND_DEVICE_FN complex128 nd_c128_exp(complex128 a) { double e = exp(a.x); return a.y == 0 ? nd_c128(e, a.y) : nd_c128(e * cos(a.y), e * sin(a.y)); }
ND_DEVICE_FN complex128 nd_c128_log(complex128 a) { return nd_c128(log(hypot(a.x, a.y)), atan2(a.y, a.x)); }
ND_DEVICE_FN complex128 nd_c128_sqrt(complex128 a) {
    if (a.x == 0 && a.y == 0) return nd_c128(0, a.y);
    if (isinf(a.y)) return nd_c128(INFINITY, a.y);
    double r = hypot(a.x, a.y);
    if (a.x >= 0) { double t = sqrt((r + a.x) / 2); return nd_c128(t, a.y / (2 * t)); }
    double t = sqrt((r - a.x) / 2);
    return nd_c128(fabs(a.y) / (2 * t), copysign(t, a.y));
}
ND_DEVICE_FN complex128 nd_c128_square(complex128 a) { return nd_c128_mul(a, a); }
ND_DEVICE_FN complex128 nd_c128_reciprocal(complex128 a) { return nd_c128_div(nd_c128(1, 0), a); }
ND_DEVICE_FN complex128 nd_c128_pow(complex128 a, complex128 b) {
    if (b.x == 0 && b.y == 0) return nd_c128(1, 0);
    if (a.x == 0 && a.y == 0) return (b.y == 0 && b.x > 0) ? nd_c128(0, 0) : nd_c128(NAN, NAN);
    return nd_c128_exp(nd_c128_mul(b, nd_c128_log(a)));
}
ND_DEVICE_FN complex128 nd_c128_sign(complex128 a) {
    // NumPy 2: z / |z|, and 0 for 0
    double r = hypot(a.x, a.y);
    return r == 0 ? nd_c128(0, 0) : nd_c128(a.x / r, a.y / r);
}
ND_DEVICE_FN nd_bool nd_c128_eq(complex128 a, complex128 b) { return a.x == b.x && a.y == b.y; }
ND_DEVICE_FN nd_bool nd_c128_isnan(complex128 a) { return isnan(a.x) || isnan(a.y); }
ND_DEVICE_FN nd_bool nd_c128_isinf(complex128 a) { return isinf(a.x) || isinf(a.y); }
ND_DEVICE_FN nd_bool nd_c128_isfinite(complex128 a) { return isfinite(a.x) && isfinite(a.y); }
// integer division and modulo as NumPy: floor semantics, and 0 (no trap) for a zero divisor
#define ND_INT_FLOORDIV(T) ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { \
    if (b == 0) return 0; \
    if (b == (T)-1) return (T)(0 - a); \
    T q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q; }
#define ND_INT_MOD(T) ND_DEVICE_FN T nd_mod_##T(T a, T b) { \
    if (b == 0 || b == (T)-1) return 0; \
    T r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r; }
#define ND_UINT_FLOORDIV(T) ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { return b == 0 ? 0 : a / b; }
#define ND_UINT_MOD(T) ND_DEVICE_FN T nd_mod_##T(T a, T b) { return b == 0 ? 0 : a % b; }
ND_INT_FLOORDIV(char) ND_INT_FLOORDIV(short) ND_INT_FLOORDIV(int) ND_INT_FLOORDIV(long)
ND_INT_MOD(char) ND_INT_MOD(short) ND_INT_MOD(int) ND_INT_MOD(long)
ND_UINT_FLOORDIV(uchar) ND_UINT_MOD(uchar)
// float floor division and remainder as NumPy's npy_divmod (Python's sign rules)
#define ND_FLOAT_DIVMOD(T) \
ND_DEVICE_FN T nd_mod_##T(T a, T b) { \
    if (b == 0) return fmod(a, b); \
    T m = fmod(a, b); \
    if (m != 0) { if ((b < 0) != (m < 0)) m += b; } else m = copysign((T)0, b); \
    return m; } \
ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { \
    if (b == 0) return a / b; \
    T m = fmod(a, b); T d = (a - m) / b; \
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1; \
    if (d != 0) { T f = floor(d); if (d - f > (T)0.5) f += 1; d = f; } else d = copysign((T)0, a / b); \
    return d; }
ND_FLOAT_DIVMOD(float) ND_FLOAT_DIVMOD(double)
// integer power by squaring; a negative exponent gives 0 except for bases 1 and -1 (NumPy raises; a kernel cannot)
#define ND_INT_POW(T) ND_DEVICE_FN T nd_pow_##T(T a, T b) { \
    if (b < 0) return a == 1 ? (T)1 : (a == (T)-1 ? ((b & 1) ? (T)-1 : (T)1) : (T)0); \
    T r = 1; while (b) { if (b & 1) r = (T)(r * a); a = (T)(a * a); b >>= 1; } return r; }
ND_INT_POW(char) ND_INT_POW(short) ND_INT_POW(int) ND_INT_POW(long) ND_INT_POW(uchar)
// shifts as NumPy: a shift by the width or more gives 0 (or -1 for a negative value shifted right)
#define ND_SHIFTS(T, BITS) \
ND_DEVICE_FN T nd_lshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)0 : (T)(a << b); } \
ND_DEVICE_FN T nd_rshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)(a < 0 ? -1 : 0) : (T)(a >> b); }
ND_SHIFTS(char, 8) ND_SHIFTS(short, 16) ND_SHIFTS(int, 32) ND_SHIFTS(long, 64) ND_SHIFTS(uchar, 8)
