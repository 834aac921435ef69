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

ND_KERNEL void nd_cumsum_sequential_f4_f4_0(ND_GLOBAL char* _b_x, long _o_x, long _as_x, ND_GLOBAL char* _b_y, long _o_y, long _as_y, long _L, long _N, long _T) {
    for (long _l = ND_GLOBAL_ID(); _l < _L; _l += ND_GLOBAL_SIZE()) {
        long _ko_x = 0;
        long _ko_y = 0;
        double _acc = (-0.0);
        for (long _p = 0; _p < _N; _p++) {
            _acc = (_acc + (double)((*((ND_GLOBAL float*)(_b_x + _o_x + _ko_x + _p * _as_x)))));
            *((ND_GLOBAL float*)(_b_y + _o_y + _ko_y + _p * _as_y)) = (float)(_acc);
        }
    }
}
