// <CUDA prelude>

#ifdef ND_CUDA
#define ND_INF __int_as_float(0x7f800000)
#define ND_NAN __int_as_float(0x7fc00000)
#else
#define ND_INF INFINITY
#define ND_NAN NAN
#endif
ND_DEVICE_FN float nd_abs2_c64(complex64 v) { return v.x * v.x + v.y * v.y; }
ND_DEVICE_FN float nd_sq_f32(float v) { return v * v; }
#if defined(ND_CUDA) || defined(cl_khr_fp64)
ND_DEVICE_FN double nd_abs2_c128(complex128 v) { return v.x * v.x + v.y * v.y; }
ND_DEVICE_FN double nd_sq_f64(double v) { return v * v; }
#endif

ND_DEVICE_FN complex64 nd_c64_scanmul(complex64 a, complex64 b) {
    return (a.x == 1 && a.y == 0) ? b : (b.x == 1 && b.y == 0) ? a : nd_c64_mul(a, b);
}
#if defined(ND_CUDA) || defined(cl_khr_fp64)
ND_DEVICE_FN complex128 nd_c128_scanmul(complex128 a, complex128 b) {
    return (a.x == 1 && a.y == 0) ? b : (b.x == 1 && b.y == 0) ? a : nd_c128_mul(a, b);
}
#endif
ND_KERNEL void nd_cumprod_carry_c8_c8_3(ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _ks1_y, long _ks2_y, long _as_y, ND_GLOBAL complex128* _sums, long _L, long _N, long _T, long _kd0, long _kd1, long _kd2) {
    const int _t = (int)ND_LOCAL_ID();
    for (long _tile = ND_GROUP_ID(); _tile < _L * _T; _tile += ND_NUM_GROUPS()) {
        const long _l = _tile / _T, _ti = _tile % _T;
        if (_ti == 0) continue;
        const complex128 _c = _sums[_tile - 1];
        long _ko_y = 0;
        {
            long _rem = _l, _q;
            _q = _rem % (long)_kd2; _rem /= (long)_kd2;
            _ko_y += _q * (long)_ks2_y;
            _q = _rem % (long)_kd1; _rem /= (long)_kd1;
            _ko_y += _q * (long)_ks1_y;
            _q = _rem;
            _ko_y += _q * (long)_ks0_y;
        }
        for (int _i = 0; _i < 4; _i++) {
            const long _p = _ti * 1024 + (long)_i * 256 + _t;
            if (_p < _N) *((ND_GLOBAL complex64*)(_b_y + _o_y + _ko_y + _p * _as_y)) = nd_c64((float)(nd_c128_scanmul(_c, nd_c128((double)((*((ND_GLOBAL complex64*)(_b_y + _o_y + _ko_y + _p * _as_y)))).x, (double)((*((ND_GLOBAL complex64*)(_b_y + _o_y + _ko_y + _p * _as_y)))).y))).x, (float)(nd_c128_scanmul(_c, nd_c128((double)((*((ND_GLOBAL complex64*)(_b_y + _o_y + _ko_y + _p * _as_y)))).x, (double)((*((ND_GLOBAL complex64*)(_b_y + _o_y + _ko_y + _p * _as_y)))).y))).y);
        }
    }
}
