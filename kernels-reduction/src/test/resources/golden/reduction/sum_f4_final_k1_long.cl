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

ND_KERNEL void nd_sum_f32_f32_f64_final(ND_GLOBAL double* _part, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0) {
    ND_LOCAL double _sdata[256];
    const long _K = (long)_K_arg, _R = (long)_R_arg, _chunk = (long)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t % _TX, _ty = _t / _TX, _tys = _TX;
    const long _g = (long)ND_GROUP_ID() / _gridK;
    const long _jbeg = _g * _chunk;
    const long _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (long _kb = (long)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const long _k = _kb * _TX + _tx;
        double _acc = 0;
        if (_k < _K) {
            for (long _j = _jbeg + _ty; _j < _jend; _j += _TY) {
                double b = _part[_j * _K + _k];
                double a = _acc;
                _acc = (a + b);
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
            long _ko_y = 0;
            _ko_y = _k * (long)_ks0_y;
            float y;
            y = (float)(a);
            *((ND_GLOBAL float*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
