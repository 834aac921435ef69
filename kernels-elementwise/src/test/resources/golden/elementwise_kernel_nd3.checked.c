
// ndgpu checked mode (ndgpu.debug): each x[j] of a checked array in user code became
// (*nd_checked_T(x, size, record, param, j)). A bad j claims the record once per launch (its first
// int: the parameter's number + 1), stores the index and the size there, and yields the record's
// spare slot instead of x + j, so nothing outside the array is read or written.
// The dialect preludes stay untouched (unchecked kernels are byte for byte what they were), so the
// one dialect difference, the compare-and-swap, is chosen here.
#ifndef ND_DEVICE_FN
// Aparapi's OpenCL C (JavaKernel), which has no ndgpu prelude; on CUDA it goes through opencl-on-cuda.h
#define ND_DEVICE_FN inline
#define ND_GLOBAL __global
#endif
#ifdef ND_CUDA
#define ND_CHECK_CLAIM(rec, v) atomicCAS((int*)(rec), 0, (v))
#else
#define ND_CHECK_CLAIM(rec, v) atomic_cmpxchg((volatile ND_GLOBAL int*)(rec), 0, (v))
#endif
ND_DEVICE_FN int nd_check_index(ND_GLOBAL long* rec, int param, long j, long n) {
    if (j >= 0 && j < n) return 1;
    if (ND_CHECK_CLAIM(rec, param + 1) == 0) {
        rec[1] = j;
        rec[2] = n;
    }
    return 0;
}
#define ND_CHECKED_ACCESS(T) \
    ND_DEVICE_FN ND_GLOBAL T* nd_checked_##T(ND_GLOBAL T* p, long n, ND_GLOBAL long* rec, int param, long j) { \
        return nd_check_index(rec, param, j, n) ? p + j : (ND_GLOBAL T*)(rec + 4); \
    }
ND_CHECKED_ACCESS(double)
typedef double T;

ND_KERNEL void golden_k(ND_GLOBAL char* _b_x, long _o_x, long _s0_x, long _s1_x, long _s2_x, ND_GLOBAL char* _b_r, long _o_r, ND_GLOBAL char* _b__v_s, long _o__v_s, long _s0__v_s, long _s1__v_s, long _s2__v_s, ND_GLOBAL char* _b_z, long _o_z, long _s0_z, long _s1_z, long _s2_z, long _nd_len_r, ND_GLOBAL char* _b__nd_check, long _o__nd_check, long _n_arg, long _d0, long _d1, long _d2) {
    const int _n = (int)_n_arg;
    ND_GLOBAL double* _p_x = (ND_GLOBAL double*)(_b_x + _o_x);
    ND_GLOBAL double* r = (ND_GLOBAL double*)(_b_r + _o_r);
    ND_GLOBAL int* _p__v_s = (ND_GLOBAL int*)(_b__v_s + _o__v_s);
    ND_GLOBAL double* _p_z = (ND_GLOBAL double*)(_b_z + _o_z);
    ND_GLOBAL long* _nd_check = (ND_GLOBAL long*)(_b__nd_check + _o__nd_check);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        int _r = i, _q;
        int _x_x = 0;
        int _x__v_s = 0;
        int _x_z = 0;
        _q = _r % (int)_d2; _r /= (int)_d2;
        _x_x += _q * (int)_s2_x;
        _x__v_s += _q * (int)_s2__v_s;
        _x_z += _q * (int)_s2_z;
        _q = _r % (int)_d1; _r /= (int)_d1;
        _x_x += _q * (int)_s1_x;
        _x__v_s += _q * (int)_s1__v_s;
        _x_z += _q * (int)_s1_z;
        _q = _r;
        _x_x += _q * (int)_s0_x;
        _x__v_s += _q * (int)_s0__v_s;
        _x_z += _q * (int)_s0_z;
        ND_GLOBAL double* _a_x = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_x + _x_x);
        double x = (*(_a_x));
        ND_GLOBAL int* _a__v_s = (ND_GLOBAL int*)((ND_GLOBAL char*)_p__v_s + _x__v_s);
        int _v_s = (*(_a__v_s));
        ND_GLOBAL double* _a_z = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_z + _x_z);
        double z;
        {
        const float s = (float)(_v_s);
        z = x + (*nd_checked_double(r, _nd_len_r, _nd_check, 0, (long)(_n - i - 1))) * s;
        }
        *(_a_z) = z;
    }
}
