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

ND_KERNEL void nd_sum_f32_f32_f64(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _ks1_x, long _rs0_x, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _ks1_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _kd1, long _rd0) {
    ND_LOCAL double _sdata[256];
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
        double _acc = 0;
        if (_k < _K) {
            int _ko_x = 0;
            {
                int _rem = _k, _q;
                _q = _rem % (int)_kd1; _rem /= (int)_kd1;
                _ko_x += _q * (int)_ks1_x;
                _q = _rem;
                _ko_x += _q * (int)_ks0_x;
            }
            int _jl = _jbeg + _ty;
            for (; _jl < _jend; _jl += _TY) {
                const int _j = _jl;
                int _ro_x = 0;
                _ro_x = _j * (int)_rs0_x;
                const float x = (*((ND_GLOBAL float*)(_p_x + _ko_x + _ro_x)));
                const double _m = (double)(x);
                { double a = _acc; double b = _m; _acc = (a + b); }
            }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                double a = _sdata[_t];
                double b = _sdata[_t + _s * _tys];
                _sdata[_t] = (a + b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            double a = _sdata[_t];
            int _ko_y = 0;
            {
                int _rem = _k, _q;
                _q = _rem % (int)_kd1; _rem /= (int)_kd1;
                _ko_y += _q * (int)_ks1_y;
                _q = _rem;
                _ko_y += _q * (int)_ks0_y;
            }
            float y;
            y = (float)(a);
            *((ND_GLOBAL float*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
