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
