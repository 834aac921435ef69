// <OPENCL prelude>

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

ND_KERNEL void nd_mean_c64_c64_c128(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _rs0_x, long _rs1_x, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _rd0, long _rd1) {
    ND_LOCAL complex128 _sdata[512];
    const int _K = (int)_K_arg, _R = (int)_R_arg, _chunk = (int)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t % _TX, _ty = _t / _TX, _tys = _TX;
    const int _g = (int)ND_GROUP_ID() / _gridK;
    const int _jbeg = _g * _chunk;
    const int _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (int _kb = (int)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const int _k = _kb * _TX + _tx;
        complex128 _acc = nd_c128(0, 0);
        if (_k < _K) {
            int _ko_x = 0;
            _ko_x = _k * (int)_ks0_x;
            int _jl = _jbeg + _ty;
            for (; _jl + (int)1 * _TY < _jend; _jl += (int)2 * _TY) {
                const int _j0 = _jl + (int)0 * _TY;
                int _ro0_x = 0;
                {
                    int _rem = _j0, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro0_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro0_x += _q * (int)_rs0_x;
                }
                const complex64 _x0_x = (*((ND_GLOBAL complex64*)(_p_x + _ko_x + _ro0_x)));
                const int _j1 = _jl + (int)1 * _TY;
                int _ro1_x = 0;
                {
                    int _rem = _j1, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro1_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro1_x += _q * (int)_rs0_x;
                }
                const complex64 _x1_x = (*((ND_GLOBAL complex64*)(_p_x + _ko_x + _ro1_x)));
                {
                    const int _j = _j0;
                    const complex64 x = _x0_x;
                    const complex128 _m = nd_c128((double)(x).x, (double)(x).y);
                    { complex128 a = _acc; complex128 b = _m; _acc = nd_c128_add(a, b); }
                }
                {
                    const int _j = _j1;
                    const complex64 x = _x1_x;
                    const complex128 _m = nd_c128((double)(x).x, (double)(x).y);
                    { complex128 a = _acc; complex128 b = _m; _acc = nd_c128_add(a, b); }
                }
            }
            for (; _jl < _jend; _jl += _TY) {
                const int _j = _jl;
                int _ro_x = 0;
                {
                    int _rem = _j, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro_x += _q * (int)_rs0_x;
                }
                const complex64 x = (*((ND_GLOBAL complex64*)(_p_x + _ko_x + _ro_x)));
                const complex128 _m = nd_c128((double)(x).x, (double)(x).y);
                { complex128 a = _acc; complex128 b = _m; _acc = nd_c128_add(a, b); }
            }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                complex128 a = _sdata[_t];
                complex128 b = _sdata[_t + _s * _tys];
                _sdata[_t] = nd_c128_add(a, b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            complex128 a = _sdata[_t];
            int _ko_y = 0;
            _ko_y = _k * (int)_ks0_y;
            complex64 y;
            y = nd_c64((float)(nd_c128(a.x / (double)_r, a.y / (double)_r)).x, (float)(nd_c128(a.x / (double)_r, a.y / (double)_r)).y);
            *((ND_GLOBAL complex64*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
