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

ND_KERNEL void nd_sum_f32_f32_f64_part(ND_GLOBAL char* _b_x, long _o_x, long _rs0_x, long _rs1_x, ND_GLOBAL double* _part, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _rd0, long _rd1) {
    ND_LOCAL double _sdata[256];
    const int _K = (int)_K_arg, _R = (int)_R_arg, _chunk = (int)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const int _g = (int)ND_GROUP_ID() / _gridK;
    const int _jbeg = _g * _chunk;
    const int _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (int _kb = (int)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const int _k = _kb * _TX + _tx;
        double _acc = 0;
        if (_k < _K) {
            int _ko_x = 0;
            int _jl = _jbeg + _ty;
            for (; _jl + (int)3 * _TY < _jend; _jl += (int)4 * _TY) {
                const int _j0 = _jl + (int)0 * _TY;
                int _ro0_x = 0;
                {
                    int _rem = _j0, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro0_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro0_x += _q * (int)_rs0_x;
                }
                const float _x0_x = (*((ND_GLOBAL float*)(_p_x + _ko_x + _ro0_x)));
                const int _j1 = _jl + (int)1 * _TY;
                int _ro1_x = 0;
                {
                    int _rem = _j1, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro1_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro1_x += _q * (int)_rs0_x;
                }
                const float _x1_x = (*((ND_GLOBAL float*)(_p_x + _ko_x + _ro1_x)));
                const int _j2 = _jl + (int)2 * _TY;
                int _ro2_x = 0;
                {
                    int _rem = _j2, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro2_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro2_x += _q * (int)_rs0_x;
                }
                const float _x2_x = (*((ND_GLOBAL float*)(_p_x + _ko_x + _ro2_x)));
                const int _j3 = _jl + (int)3 * _TY;
                int _ro3_x = 0;
                {
                    int _rem = _j3, _q;
                    _q = _rem % (int)_rd1; _rem /= (int)_rd1;
                    _ro3_x += _q * (int)_rs1_x;
                    _q = _rem;
                    _ro3_x += _q * (int)_rs0_x;
                }
                const float _x3_x = (*((ND_GLOBAL float*)(_p_x + _ko_x + _ro3_x)));
                {
                    const int _j = _j0;
                    const float x = _x0_x;
                    const double _m = (double)(x);
                    { double a = _acc; double b = _m; _acc = (a + b); }
                }
                {
                    const int _j = _j1;
                    const float x = _x1_x;
                    const double _m = (double)(x);
                    { double a = _acc; double b = _m; _acc = (a + b); }
                }
                {
                    const int _j = _j2;
                    const float x = _x2_x;
                    const double _m = (double)(x);
                    { double a = _acc; double b = _m; _acc = (a + b); }
                }
                {
                    const int _j = _j3;
                    const float x = _x3_x;
                    const double _m = (double)(x);
                    { double a = _acc; double b = _m; _acc = (a + b); }
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
            _part[_g * _K + _k] = a;
        }
        ND_SYNC();
    }
}
