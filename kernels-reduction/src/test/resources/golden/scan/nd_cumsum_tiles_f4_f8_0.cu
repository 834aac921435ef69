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

ND_KERNEL void nd_cumsum_tiles_f4_f8_0(ND_GLOBAL char* _b_x, long _o_x, long _as_x, ND_GLOBAL char* _b_y, long _o_y, long _as_y, ND_GLOBAL double* _sums, int _mode, long _L, long _N, long _T) {
    ND_LOCAL double _sh[256];
    ND_LOCAL double _st[1088];
    const int _t = (int)ND_LOCAL_ID();
    for (long _tile = ND_GROUP_ID(); _tile < _L * _T; _tile += ND_NUM_GROUPS()) {
        const long _l = _tile / _T, _ti = _tile % _T;
        long _ko_x = 0;
        long _ko_y = 0;
        const long _tp = _ti * 1024;
        for (int _q = _t; _q < 1024; _q += 256) {
            const long _p = _tp + _q;
            if (_p < _N) _st[_q + (_q >> 4)] = (double)((*((ND_GLOBAL float*)(_b_x + _o_x + _ko_x + _p * _as_x))));
        }
        ND_SYNC();
        const long _p0 = _tp + (long)_t * 4;
        double _v[4];
        double _run = (-0.0);
        for (int _i = 0; _i < 4; _i++) {
            const int _q = _t * 4 + _i;
            if (_p0 + _i < _N) _run = (_run + _st[_q + (_q >> 4)]);
            _v[_i] = _run;
        }
        _sh[_t] = _run;
        ND_SYNC();
        for (int _s = 1; _s < 256; _s <<= 1) {
            double _o = _t >= _s ? _sh[_t - _s] : (-0.0);
            ND_SYNC();
            if (_t >= _s) _sh[_t] = (_o + _sh[_t]);
            ND_SYNC();
        }
        const double _pre = _t > 0 ? _sh[_t - 1] : (-0.0);
        if (_mode & 1) {
            if ((_mode & 4) && _ti > 0) {
                const double _c = _sums[_tile - 1];
                for (int _i = 0; _i < 4; _i++) {
                    const int _q = _t * 4 + _i;
                    _st[_q + (_q >> 4)] = (_c + (_pre + _v[_i]));
                }
            } else {
                for (int _i = 0; _i < 4; _i++) {
                    const int _q = _t * 4 + _i;
                    _st[_q + (_q >> 4)] = (_pre + _v[_i]);
                }
            }
            ND_SYNC();
            for (int _q = _t; _q < 1024; _q += 256) {
                const long _p = _tp + _q;
                if (_p < _N) *((ND_GLOBAL double*)(_b_y + _o_y + _ko_y + _p * _as_y)) = _st[_q + (_q >> 4)];
            }
        }
        if ((_mode & 2) && _t == 255) _sums[_tile] = _sh[_t];
        ND_SYNC();
    }
}
