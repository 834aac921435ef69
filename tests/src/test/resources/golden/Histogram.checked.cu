// <opencl-on-cuda.h>

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
ND_CHECKED_ACCESS(int)
#define atomicGet(p) (*p)
#define atomicSet(p, val) (*p=val)
int atomicAdd(__global int *_arr, int _index, int _delta){
   return atomic_add(&_arr[_index], _delta);
}
typedef struct This_s{
   __global int *values;
   __global int *bins;
   int nbins;
   int passid;
   long _nd_len_values;
   long _nd_len_bins;
   __global long *_nd_check;
}This;
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
__kernel void run(
   int *values, 
   int *bins, 
   int nbins, 
   int passid, 
   long _nd_len_values, 
   long _nd_len_bins, 
   long *_nd_check
){
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->_nd_len_values = _nd_len_values;
   nd_this->_nd_len_bins = _nd_len_bins;
   nd_this->_nd_check = _nd_check;
   nd_this->values = values;
   nd_this->bins = bins;
   nd_this->nbins = nbins;
   nd_this->passid = passid;
   {
      int v = (*nd_checked_int(nd_this->values, nd_this->_nd_len_values, nd_this->_nd_check, 0, (long)(get_global_id(0))));
      atomicAdd(&(*nd_checked_int(nd_this->bins, nd_this->_nd_len_bins, nd_this->_nd_check, 1, (long)( (v % nd_this->nbins)))), 0, 1);
      return;
   }
}
