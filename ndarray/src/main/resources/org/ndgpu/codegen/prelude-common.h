// ndgpu prelude, the part both dialects share word for word: it follows prelude-opencl.h or prelude-cuda.h,
// whose ND_* names and types it is written against.
// the complex helpers, once for each width: C the type, R its real type, P the name part (c64, c128)
#define ND_COMPLEX_OPS(C, R, P) \
ND_DEVICE_FN C nd_##P##_add(C a, C b) { return nd_##P(a.x + b.x, a.y + b.y); } \
ND_DEVICE_FN C nd_##P##_sub(C a, C b) { return nd_##P(a.x - b.x, a.y - b.y); } \
ND_DEVICE_FN C nd_##P##_mul(C a, C b) { return nd_##P(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); } \
ND_DEVICE_FN C nd_##P##_div(C a, C b) { \
    /* Smith's algorithm: no overflow for large |b| */ \
    if (fabs(b.x) >= fabs(b.y)) { \
        if (b.x == 0 && b.y == 0) return nd_##P(a.x / fabs(b.x), a.y / fabs(b.y)); \
        R r = b.y / b.x, d = b.x + b.y * r; \
        return nd_##P((a.x + a.y * r) / d, (a.y - a.x * r) / d); \
    } \
    R r = b.x / b.y, d = b.y + b.x * r; \
    return nd_##P((a.x * r + a.y) / d, (a.y * r - a.x) / d); \
} \
ND_DEVICE_FN C nd_##P##_neg(C a) { return nd_##P(-a.x, -a.y); } \
ND_DEVICE_FN C nd_##P##_conj(C a) { return nd_##P(a.x, -a.y); } \
ND_DEVICE_FN R nd_##P##_abs(C a) { return hypot(a.x, a.y); } \
ND_DEVICE_FN C nd_##P##_exp(C a) { R e = exp(a.x); return a.y == 0 ? nd_##P(e, a.y) : nd_##P(e * cos(a.y), e * sin(a.y)); } \
ND_DEVICE_FN C nd_##P##_log(C a) { return nd_##P(log(hypot(a.x, a.y)), atan2(a.y, a.x)); } \
ND_DEVICE_FN C nd_##P##_sqrt(C a) { \
    if (a.x == 0 && a.y == 0) return nd_##P(0, a.y); \
    if (isinf(a.y)) return nd_##P(INFINITY, a.y); \
    R r = hypot(a.x, a.y); \
    if (a.x >= 0) { R t = sqrt((r + a.x) / 2); return nd_##P(t, a.y / (2 * t)); } \
    R t = sqrt((r - a.x) / 2); \
    return nd_##P(fabs(a.y) / (2 * t), copysign(t, a.y)); \
} \
ND_DEVICE_FN C nd_##P##_square(C a) { return nd_##P##_mul(a, a); } \
ND_DEVICE_FN C nd_##P##_reciprocal(C a) { return nd_##P##_div(nd_##P(1, 0), a); } \
ND_DEVICE_FN C nd_##P##_pow(C a, C b) { \
    if (b.x == 0 && b.y == 0) return nd_##P(1, 0); \
    if (a.x == 0 && a.y == 0) return (b.y == 0 && b.x > 0) ? nd_##P(0, 0) : nd_##P(NAN, NAN); \
    return nd_##P##_exp(nd_##P##_mul(b, nd_##P##_log(a))); \
} \
ND_DEVICE_FN C nd_##P##_sign(C a) { \
    /* NumPy 2: z / |z|, and 0 for 0 */ \
    R r = hypot(a.x, a.y); \
    return r == 0 ? nd_##P(0, 0) : nd_##P(a.x / r, a.y / r); \
} \
ND_DEVICE_FN nd_bool nd_##P##_eq(C a, C b) { return a.x == b.x && a.y == b.y; } \
ND_DEVICE_FN nd_bool nd_##P##_isnan(C a) { return isnan(a.x) || isnan(a.y); } \
ND_DEVICE_FN nd_bool nd_##P##_isinf(C a) { return isinf(a.x) || isinf(a.y); } \
ND_DEVICE_FN nd_bool nd_##P##_isfinite(C a) { return isfinite(a.x) && isfinite(a.y); }
ND_COMPLEX_OPS(complex64, float, c64)
ND_COMPLEX_OPS(complex128, double, c128)
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
// logaddexp and logaddexp2 as NumPy's npy_logaddexp: equal values (infinities too) add log(2), NaN propagates
#define ND_FLOAT_LOGADDEXP(T) \
ND_DEVICE_FN T nd_logaddexp_##T(T a, T b) { \
    if (a == b) return a + (T)0.693147180559945309417232121458176568; \
    T d = a - b; \
    return d > 0 ? a + log1p(exp(-d)) : (d <= 0 ? b + log1p(exp(d)) : d); } \
ND_DEVICE_FN T nd_logaddexp2_##T(T a, T b) { \
    if (a == b) return a + (T)1; \
    T d = a - b; \
    return d > 0 ? a + (T)1.442695040888963407359924681001892137 * log1p(exp2(-d)) \
        : (d <= 0 ? b + (T)1.442695040888963407359924681001892137 * log1p(exp2(d)) : d); }
ND_FLOAT_LOGADDEXP(float) ND_FLOAT_LOGADDEXP(double)
// nextafter of float16, on the float that holds the half value: a step of one half ulp (2^-24 below the normals);
// as NumPy's npy_half_nextafter, equal values give x (nextafter(-0.0, 0.0) is -0.0, unlike C's)
ND_DEVICE_FN float nd_nextafter_half(float x, float y) {
    if (isnan(x) || isnan(y)) return x + y;
    if (x == y) return x;
    if (x == 0) return copysign(5.9604644775390625e-08f, y);
    if (isinf(x)) return copysign(65504.0f, x);
    int k = ilogb(x);
    float ulp = ldexp(1.0f, k - 10 < -24 ? -24 : k - 10);
    int away = (y > x) == (x > 0);
    if (!away && k > -14 && fabs(x) == ldexp(1.0f, k)) ulp *= 0.5f;
    return x + (away == (x > 0) ? ulp : -ulp); }
// integer fmod as NumPy's: C's truncated remainder (sign of the dividend), and 0 for a zero divisor
#define ND_INT_FMOD(T) ND_DEVICE_FN T nd_fmod_##T(T a, T b) { return (b == 0 || b == (T)-1) ? (T)0 : (T)(a % b); }
ND_INT_FMOD(char) ND_INT_FMOD(short) ND_INT_FMOD(int) ND_INT_FMOD(long)
ND_DEVICE_FN uchar nd_fmod_uchar(uchar a, uchar b) { return b == 0 ? (uchar)0 : (uchar)(a % b); }
// gcd and lcm as NumPy's npy_gcd/npy_lcm: Euclid on the magnitudes; lcm is |a / gcd * b| taken in C's promoted type
// (int for int8/int16), then cast to the type: NumPy's lcm(int8 13, int8 11) is -113
#define ND_INT_GCD(T) \
ND_DEVICE_FN T nd_gcd_##T(T a, T b) { \
    T x = a < 0 ? (T)(0 - a) : a, y = b < 0 ? (T)(0 - b) : b; \
    while (y != 0) { T r = (T)(x % y); x = y; y = r; } return x; } \
ND_DEVICE_FN T nd_lcm_##T(T a, T b) { \
    T g = nd_gcd_##T(a, b); if (g == 0) return (T)0; \
    return (T)((a / g * b) < 0 ? 0 - (a / g * b) : (a / g * b)); }
ND_INT_GCD(char) ND_INT_GCD(short) ND_INT_GCD(int) ND_INT_GCD(long)
ND_DEVICE_FN uchar nd_gcd_uchar(uchar a, uchar b) { while (b != 0) { uchar r = (uchar)(a % b); a = b; b = r; } return a; }
ND_DEVICE_FN uchar nd_lcm_uchar(uchar a, uchar b) { uchar g = nd_gcd_uchar(a, b); return g == 0 ? (uchar)0 : (uchar)(a / g * b); }
