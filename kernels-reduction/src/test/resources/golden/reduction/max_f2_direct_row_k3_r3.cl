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

ND_KERNEL void nd_max_f16_f16_f32(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _ks1_x, long _ks2_x, long _rs0_x, long _rs1_x, long _rs2_x, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _ks1_y, long _ks2_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _kd1, long _kd2, long _rd0, long _rd1, long _rd2) {
    ND_LOCAL float _sdata[256];
    const long _K = (long)_K_arg, _R = (long)_R_arg, _chunk = (long)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const long _g = (long)ND_GROUP_ID() / _gridK;
    const long _jbeg = _g * _chunk;
    const long _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (long _kb = (long)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const long _k = _kb * _TX + _tx;
        float _acc = (-ND_INF);
        if (_k < _K) {
            long _ko_x = 0;
            {
                long _rem = _k, _q;
                _q = _rem % (long)_kd2; _rem /= (long)_kd2;
                _ko_x += _q * (long)_ks2_x;
                _q = _rem % (long)_kd1; _rem /= (long)_kd1;
                _ko_x += _q * (long)_ks1_x;
                _q = _rem;
                _ko_x += _q * (long)_ks0_x;
            }
            long _jl = _jbeg + _ty;
            for (; _jl < _jend; _jl += _TY) {
                const long _j = _jl;
                long _ro_x = 0;
                {
                    long _rem = _j, _q;
                    _q = _rem % (long)_rd2; _rem /= (long)_rd2;
                    _ro_x += _q * (long)_rs2_x;
                    _q = _rem % (long)_rd1; _rem /= (long)_rd1;
                    _ro_x += _q * (long)_rs1_x;
                    _q = _rem;
                    _ro_x += _q * (long)_rs0_x;
                }
                const float x = ND_HALF_TO_FLOAT((ND_GLOBAL nd_half*)(_p_x + _ko_x + _ro_x));
                const float _m = x;
                { float a = _acc; float b = _m; _acc = ((isnan(a) || (a > b)) ? a : b); }
            }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                float a = _sdata[_t];
                float b = _sdata[_t + _s * _tys];
                _sdata[_t] = ((isnan(a) || (a > b)) ? a : b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            float a = _sdata[_t];
            long _ko_y = 0;
            {
                long _rem = _k, _q;
                _q = _rem % (long)_kd2; _rem /= (long)_kd2;
                _ko_y += _q * (long)_ks2_y;
                _q = _rem % (long)_kd1; _rem /= (long)_kd1;
                _ko_y += _q * (long)_ks1_y;
                _q = _rem;
                _ko_y += _q * (long)_ks0_y;
            }
            float y;
            y = a;
            ND_STORE_HALF((ND_GLOBAL nd_half*)(_p_y + _ko_y), y);
        }
        ND_SYNC();
    }
}
