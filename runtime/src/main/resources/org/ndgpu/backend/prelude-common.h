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
ND_DEVICE_FN C nd_##P##_exp(C a) { \
    R e = exp(a.x); \
    if (a.y == 0) return nd_##P(e, a.y); \
    /* e^x past the type's range with a part of the product inside it (exp(710 + 0.5j)): e^(x/2) twice */ \
    if (isinf(e) && !isinf(a.x)) { R h = exp(a.x / 2); return nd_##P(cos(a.y) * h * h, sin(a.y) * h * h); } \
    return nd_##P(e * cos(a.y), e * sin(a.y)); \
} \
ND_DEVICE_FN C nd_##P##_log(C a) { \
    R h = hypot(a.x, a.y); \
    /* |z| past the type's range with finite parts: log of the larger part and of the ratio's hypotenuse */ \
    if (isinf(h) && !isinf(a.x) && !isinf(a.y)) { \
        R mx = fmax(fabs(a.x), fabs(a.y)), q = fmin(fabs(a.x), fabs(a.y)) / mx; \
        return nd_##P(log(mx) + log1p(q * q) / 2, atan2(a.y, a.x)); \
    } \
    return nd_##P(log(h), atan2(a.y, a.x)); \
} \
ND_DEVICE_FN C nd_##P##_sqrt(C a) { \
    if (a.x == 0 && a.y == 0) return nd_##P(0, a.y); \
    if (isinf(a.y)) return nd_##P(INFINITY, a.y); \
    R r = hypot(a.x, a.y); \
    /* near the type's largest value r + |x| overflows: sqrt(z) = 2 sqrt(z / 4), exact scalings */ \
    if (isinf(r + fabs(a.x)) && !isinf(a.x)) { \
        a.x *= (R)0.25; \
        a.y *= (R)0.25; \
        r = hypot(a.x, a.y); \
        if (a.x >= 0) { R t = sqrt((r + a.x) / 2); return nd_##P(2 * t, a.y / t); } \
        R t = sqrt((r - a.x) / 2); \
        return nd_##P(fabs(a.y) / t, copysign(2 * t, a.y)); \
    } \
    if (a.x >= 0) { R t = sqrt((r + a.x) / 2); return nd_##P(t, a.y / (2 * t)); } \
    R t = sqrt((r - a.x) / 2); \
    return nd_##P(fabs(a.y) / (2 * t), copysign(t, a.y)); \
} \
ND_DEVICE_FN C nd_##P##_square(C a) { return nd_##P##_mul(a, a); } \
ND_DEVICE_FN C nd_##P##_reciprocal(C a) { \
    /* NumPy's own Smith loop (its signs of zero; 1 / 0 is nan+nanj) */ \
    if (fabs(a.x) >= fabs(a.y)) { R r = a.y / a.x, d = a.x + a.y * r; return nd_##P(1 / d, -r / d); } \
    R r = a.x / a.y, d = a.x * r + a.y; \
    return nd_##P(r / d, -1 / d); \
} \
ND_DEVICE_FN C nd_##P##_pow(C a, C b) { \
    if (b.x == 0 && b.y == 0) return nd_##P(1, 0); \
    /* NumPy's nc_pow: a zero base first, 0 for an exponent with a positive real part, else NaN */ \
    if (a.x == 0 && a.y == 0) return b.x > 0 ? nd_##P(0, 0) : nd_##P(NAN, NAN); \
    /* NumPy's nc_pow: a small integer exponent by repeated squaring (1j**2 is exactly -1), a negative one \
       through the reciprocal; -1 is the reciprocal itself, as NumPy's array ** -1 */ \
    if (b.y == 0 && b.x == floor(b.x) && fabs(b.x) < 100) { \
        int n = (int)b.x; \
        if (n == 1) return a; \
        if (n == -1) return nd_##P##_reciprocal(a); \
        if (n == 2) return nd_##P##_mul(a, a); \
        if (n == 3) return nd_##P##_mul(nd_##P##_mul(a, a), a); \
        int m = n < 0 ? -n : n; \
        C r = nd_##P(1, 0), p = a; \
        while (m > 0) { if (m & 1) r = nd_##P##_mul(r, p); m >>= 1; if (m > 0) p = nd_##P##_mul(p, p); } \
        return n < 0 ? nd_##P##_div(nd_##P(1, 0), r) : r; \
    } \
    return nd_##P##_exp(nd_##P##_mul(b, nd_##P##_log(a))); \
} \
ND_DEVICE_FN C nd_##P##_sign(C a) { \
    /* NumPy 2: z / |z|, and 0 for 0; one infinite part gives its unit, two give NaN */ \
    if (isinf(a.x) != isinf(a.y)) \
        return isinf(a.x) ? nd_##P(copysign((R)1, a.x), 0) : nd_##P(0, copysign((R)1, a.y)); \
    R r = hypot(a.x, a.y); \
    return r == 0 ? nd_##P(0, 0) : nd_##P(a.x / r, a.y / r); \
} \
ND_DEVICE_FN nd_bool nd_##P##_eq(C a, C b) { return a.x == b.x && a.y == b.y; } \
ND_DEVICE_FN nd_bool nd_##P##_isnan(C a) { return isnan(a.x) || isnan(a.y); } \
ND_DEVICE_FN nd_bool nd_##P##_isinf(C a) { return isinf(a.x) || isinf(a.y); } \
ND_DEVICE_FN nd_bool nd_##P##_isfinite(C a) { return isfinite(a.x) && isfinite(a.y); }
ND_COMPLEX_OPS(complex64, float, c64)
ND_COMPLEX_OPS(complex128, double, c128)
// the complex exponentials, logarithms, trigonometric and hyperbolic functions and their inverses: only in the
// kernels that call one (Dialect.preludeFor defines ND_COMPLEX_MATH there), since every kernel compiled with
// them pays for them, a CPU device's compiler most
#ifdef ND_COMPLEX_MATH
#define ND_COMPLEX_MATH_OPS(C, R, P) \
ND_DEVICE_FN C nd_##P##_log2(C a) { C l = nd_##P##_log(a); return nd_##P(l.x * (R)1.4426950408889634, l.y * (R)1.4426950408889634); } \
ND_DEVICE_FN C nd_##P##_log10(C a) { C l = nd_##P##_log(a); return nd_##P(l.x * (R)0.4342944819032518, l.y * (R)0.4342944819032518); } \
ND_DEVICE_FN C nd_##P##_exp2(C a) { return nd_##P##_exp(nd_##P(a.x * (R)0.6931471805599453, a.y * (R)0.6931471805599453)); } \
/* NumPy's nc_expm1 and nc_log1p */ \
ND_DEVICE_FN C nd_##P##_expm1(C a) { R h = sin(a.y / 2); return nd_##P(expm1(a.x) * cos(a.y) - 2 * h * h, exp(a.x) * sin(a.y)); } \
ND_DEVICE_FN C nd_##P##_log1p(C a) { return nd_##P(log(hypot(a.x + 1, a.y)), atan2(a.y, a.x + 1)); } \
/* (f cosh t, g sinh t) without the overflow of cosh t where the products are in range (sin(1e-8 + 100j) in \
   complex64): past it, cosh t and |sinh t| are e^|t| / 2, taken as e^(|t|/2) twice */ \
ND_DEVICE_FN C nd_##P##_chsh(R f, R g, R t) { \
    R c = cosh(t); \
    if (!isinf(c) || isinf(t)) return nd_##P(f * c, g * sinh(t)); \
    R h = exp(fabs(t) / 2); \
    return nd_##P(f * (R)0.5 * h * h, copysign((R)1, t) * g * (R)0.5 * h * h); \
} \
/* a zero part gives C99's exact zeros (sin(1e300j) is 0+infj, not 0 inf = nan) */ \
ND_DEVICE_FN C nd_##P##_sin(C a) { \
    if (a.y == 0) return nd_##P(sin(a.x), cos(a.x) * a.y); \
    if (a.x == 0) return nd_##P(a.x, sinh(a.y)); \
    return nd_##P##_chsh(sin(a.x), cos(a.x), a.y); \
} \
ND_DEVICE_FN C nd_##P##_cos(C a) { \
    if (a.y == 0) return nd_##P(cos(a.x), -a.y * sin(a.x)); \
    if (a.x == 0) return nd_##P(cosh(a.y), -a.x * copysign((R)1, a.y)); \
    return nd_##P##_chsh(cos(a.x), -sin(a.x), a.y); \
} \
ND_DEVICE_FN C nd_##P##_sinh(C a) { \
    if (a.y == 0) return nd_##P(sinh(a.x), a.y); \
    C w = nd_##P##_chsh(sin(a.y), cos(a.y), a.x); \
    return nd_##P(w.y, w.x); \
} \
ND_DEVICE_FN C nd_##P##_cosh(C a) { \
    if (a.y == 0) return nd_##P(cosh(a.x), signbit(a.x) ? -a.y : a.y); \
    return nd_##P##_chsh(cos(a.y), sin(a.y), a.x); \
} \
ND_DEVICE_FN C nd_##P##_tanh(C a) { \
    /* FreeBSD's ctanh (Kahan): no overflow for large |x| */ \
    if (a.y == 0) return nd_##P(tanh(a.x), a.y); \
    if (fabs(a.x) >= (R)22) { R e = exp(-fabs(a.x)); return nd_##P(copysign((R)1, a.x), 4 * sin(a.y) * cos(a.y) * e * e); } \
    R t = tan(a.y), beta = 1 + t * t, s = sinh(a.x), rho = sqrt(1 + s * s), den = 1 + beta * s * s; \
    return nd_##P(beta * rho * s / den, t / den); \
} \
ND_DEVICE_FN C nd_##P##_tan(C a) { C t = nd_##P##_tanh(nd_##P(-a.y, a.x)); return nd_##P(t.y, -t.x); } \
/* the inverse functions on C99's principal branches, by the logarithm: asinh(z) = log(z + sqrt(z^2 + 1)) on the \
   right half plane (mirrored through asinh(-z) = -asinh(z)), log(2z) where z^2 would overflow; acosh by Kahan's \
   sqrt(z + 1) sqrt(z - 1); atanh as half the difference of log1p(z) and log1p(-z); asin, acos and atan from these */ \
/* asinh and atanh of |z| < 0.03 by their series to z^9 (the next term under 1e-16 of the sum): the logarithm's \
   rounding near 1 is eps / |z| of a small result */ \
ND_DEVICE_FN C nd_##P##_odd(C z, R c3, R c5, R c7, R c9) { \
    C z2 = nd_##P##_mul(z, z), p = nd_##P(c9 * z2.x + c7, c9 * z2.y); \
    p = nd_##P##_mul(p, z2); p.x += c5; \
    p = nd_##P##_mul(p, z2); p.x += c3; \
    p = nd_##P##_mul(p, z2); \
    return nd_##P##_add(z, nd_##P##_mul(z, p)); \
} \
ND_DEVICE_FN C nd_##P##_asinh(C a) { \
    /* on the imaginary axis inside the cut, C99's exact value: a real part of the sign of x's zero */ \
    if (a.x == 0 && fabs(a.y) <= 1) return nd_##P(a.x, asin(a.y)); \
    if (a.y == 0) return nd_##P(asinh(a.x), a.y); \
    if (hypot(a.x, a.y) < (R)0.03) \
        return nd_##P##_odd(a, (R)(-1.0 / 6), (R)(3.0 / 40), (R)(-5.0 / 112), (R)(35.0 / 1152)); \
    C z = signbit(a.x) ? nd_##P(-a.x, -a.y) : a, w; \
    if (hypot(z.x, z.y) > (R)1e15) { w = nd_##P##_log(z); w.x += (R)0.6931471805599453; } \
    else w = nd_##P##_log(nd_##P##_add(z, nd_##P##_sqrt(nd_##P(z.x * z.x - z.y * z.y + 1, 2 * z.x * z.y)))); \
    return signbit(a.x) ? nd_##P(-w.x, -w.y) : w; \
} \
ND_DEVICE_FN C nd_##P##_asin(C a) { C w = nd_##P##_asinh(nd_##P(-a.y, a.x)); return nd_##P(w.y, -w.x); } \
ND_DEVICE_FN C nd_##P##_acos(C a) { C w = nd_##P##_asin(a); return nd_##P((R)1.5707963267948966 - w.x, -w.y); } \
ND_DEVICE_FN C nd_##P##_acosh(C a) { \
    if (a.y == 0 && a.x >= 1) return nd_##P(acosh(a.x), a.y); \
    if (a.y == 0 && fabs(a.x) <= 1) return nd_##P(0, copysign(acos(a.x), a.y)); \
    if (hypot(a.x, a.y) > (R)1e15) { C w = nd_##P##_log(a); w.x += (R)0.6931471805599453; return w; } \
    C p = nd_##P##_mul(nd_##P##_sqrt(nd_##P(a.x + 1, a.y)), nd_##P##_sqrt(nd_##P(a.x - 1, a.y))); \
    return nd_##P##_log(nd_##P##_add(a, p)); \
} \
ND_DEVICE_FN C nd_##P##_atanh(C a) { \
    if (a.y == 0 && fabs(a.x) < 1) return nd_##P(atanh(a.x), a.y); \
    if (a.x == 0) return nd_##P(a.x, atan(a.y)); \
    if (hypot(a.x, a.y) < (R)0.03) return nd_##P##_odd(a, (R)(1.0 / 3), (R)(1.0 / 5), (R)(1.0 / 7), (R)(1.0 / 9)); \
    if (isinf(a.x) || isinf(a.y)) return nd_##P(copysign((R)0, a.x), copysign((R)1.5707963267948966, a.y)); \
    C u = nd_##P##_log1p(a), v = nd_##P##_log1p(nd_##P(-a.x, -a.y)); \
    /* the real part has the sign of x: also where it underflows to zero */ \
    return nd_##P(copysign(fabs(u.x - v.x) / 2, a.x), (u.y - v.y) / 2); \
} \
ND_DEVICE_FN C nd_##P##_atan(C a) { C w = nd_##P##_atanh(nd_##P(-a.y, a.x)); return nd_##P(w.y, -w.x); }
ND_COMPLEX_MATH_OPS(complex64, float, c64)
ND_COMPLEX_MATH_OPS(complex128, double, c128)
#endif
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
ND_UINT_FLOORDIV(uchar) ND_UINT_MOD(uchar) ND_UINT_FLOORDIV(ushort) ND_UINT_MOD(ushort)
ND_UINT_FLOORDIV(uint) ND_UINT_MOD(uint) ND_UINT_FLOORDIV(ulong) ND_UINT_MOD(ulong)
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
#define ND_UINT_POW(T) ND_DEVICE_FN T nd_pow_##T(T a, T b) { \
    T r = 1; while (b) { if (b & 1) r = (T)(r * a); a = (T)(a * a); b >>= 1; } return r; }
ND_INT_POW(char) ND_INT_POW(short) ND_INT_POW(int) ND_INT_POW(long)
ND_UINT_POW(uchar) ND_UINT_POW(ushort) ND_UINT_POW(uint) ND_UINT_POW(ulong)
// shifts as NumPy: a shift by the width or more gives 0 (or -1 for a negative value shifted right)
#define ND_SHIFTS(T, BITS) \
ND_DEVICE_FN T nd_lshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)0 : (T)(a << b); } \
ND_DEVICE_FN T nd_rshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)(a < 0 ? -1 : 0) : (T)(a >> b); }
#define ND_USHIFTS(T, BITS) \
ND_DEVICE_FN T nd_lshift_##T(T a, T b) { return b >= BITS ? (T)0 : (T)(a << b); } \
ND_DEVICE_FN T nd_rshift_##T(T a, T b) { return b >= BITS ? (T)0 : (T)(a >> b); }
ND_SHIFTS(char, 8) ND_SHIFTS(short, 16) ND_SHIFTS(int, 32) ND_SHIFTS(long, 64)
ND_USHIFTS(uchar, 8) ND_USHIFTS(ushort, 16) ND_USHIFTS(uint, 32) ND_USHIFTS(ulong, 64)
// a float cast to uint64 as NumPy's x86 loop: exact below 2^64, a negative value wraps through int64, 2^64 and beyond give 0,
// NaN gives 2^63 (x86's "integer indefinite", which a GPU's conversion does not give by itself)
ND_DEVICE_FN ulong nd_float_to_ulong(double x) {
    if (x != x) return 0x8000000000000000UL;
    if (x >= 9223372036854775808.0) return x >= 18446744073709551616.0 ? (ulong)0 : ((ulong)(long)(x - 9223372036854775808.0)) ^ 0x8000000000000000UL;
    return (ulong)(long)x; }
