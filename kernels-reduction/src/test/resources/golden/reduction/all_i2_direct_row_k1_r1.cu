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

ND_KERNEL void nd_all_i16_b1_i64(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _rs0_x, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _rd0) {
    ND_LOCAL int _sdata[64];
    const int _K = (int)_K_arg, _R = (int)_R_arg, _chunk = (int)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const int _g = (int)ND_GROUP_ID() / _gridK;
    const int _jbeg = _g * _chunk;
    const int _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (int _kb = (int)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const int _k = _kb * _TX + _tx;
        int _acc = 1;
        if (_k < _K) {
            int _ko_x = 0;
            _ko_x = _k * (int)_ks0_x;
            int _jl = _jbeg + _ty;
            for (; _jl < _jend; _jl += _TY) {
                const int _j = _jl;
                int _ro_x = 0;
                _ro_x = _j * (int)_rs0_x;
                const short x = (*((ND_GLOBAL short*)(_p_x + _ko_x + _ro_x)));
                const int _m = (int)(x != 0);
                { int a = _acc; int b = _m; _acc = (a && b); }
            }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                int a = _sdata[_t];
                int b = _sdata[_t + _s * _tys];
                _sdata[_t] = (a && b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            int a = _sdata[_t];
            int _ko_y = 0;
            _ko_y = _k * (int)_ks0_y;
            nd_bool y;
            y = (nd_bool)((a) != 0);
            *((ND_GLOBAL nd_bool*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
