// <CUDA prelude>

// ndgpu: OpenCL C built-ins as CUDA device code, so Aparapi's OpenCL output compiles with NVRTC.
// Compiled with -default-device: functions without a qualifier (Aparapi's helpers) are __device__.
#define __kernel extern "C" __global__
#define __global
#define __local
#define __constant
#define __private
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define barrier(flags) __syncthreads()
#define mem_fence(flags) __threadfence()
static_assert(sizeof(long) == 8, "ndgpu needs an LP64 platform");
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
__device__ __forceinline__ size_t get_global_id(uint d) {
    return d == 0 ? (size_t)blockIdx.x * blockDim.x + threadIdx.x
         : d == 1 ? (size_t)blockIdx.y * blockDim.y + threadIdx.y : (size_t)blockIdx.z * blockDim.z + threadIdx.z;
}
__device__ __forceinline__ size_t get_local_id(uint d) { return d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : threadIdx.z; }
__device__ __forceinline__ size_t get_group_id(uint d) { return d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : blockIdx.z; }
__device__ __forceinline__ size_t get_local_size(uint d) { return d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z; }
__device__ __forceinline__ size_t get_num_groups(uint d) { return d == 0 ? gridDim.x : d == 1 ? gridDim.y : gridDim.z; }
__device__ __forceinline__ size_t get_global_size(uint d) { return get_num_groups(d) * get_local_size(d); }
__device__ __forceinline__ uint get_work_dim() { return gridDim.z * blockDim.z > 1 ? 3 : gridDim.y * blockDim.y > 1 ? 2 : 1; }
// OpenCL math names that CUDA spells otherwise or lacks
__device__ __forceinline__ float mad(float a, float b, float c) { return a * b + c; }
__device__ __forceinline__ double mad(double a, double b, double c) { return a * b + c; }
__device__ __forceinline__ int mad24(int a, int b, int c) { return __mul24(a, b) + c; }
__device__ __forceinline__ int popcount(int x) { return __popc(x); }
__device__ __forceinline__ long popcount(long x) { return __popcll(x); }
__device__ __forceinline__ int clz(int x) { return __clz(x); }
__device__ __forceinline__ long clz(long x) { return __clzll(x); }
__device__ __forceinline__ float acospi(float x) { return acosf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double acospi(double x) { return acos(x) * 0.318309886183790671538; }
__device__ __forceinline__ float asinpi(float x) { return asinf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double asinpi(double x) { return asin(x) * 0.318309886183790671538; }
__device__ __forceinline__ float atanpi(float x) { return atanf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double atanpi(double x) { return atan(x) * 0.318309886183790671538; }
__device__ __forceinline__ float atan2pi(float y, float x) { return atan2f(y, x) * 0.318309886183790671538f; }
__device__ __forceinline__ double atan2pi(double y, double x) { return atan2(y, x) * 0.318309886183790671538; }
__device__ __forceinline__ float tanpi(float x) { return tanf(x * 3.14159265358979323846f); }
__device__ __forceinline__ double tanpi(double x) { return tan(x * 3.14159265358979323846); }
__device__ __forceinline__ float native_sqrt(float x) { return sqrtf(x); }
// OpenCL 1.x atomics on 32-bit ints
__device__ __forceinline__ int atomic_add(int* p, int v) { return atomicAdd(p, v); }
__device__ __forceinline__ int atomic_sub(int* p, int v) { return atomicSub(p, v); }
__device__ __forceinline__ int atomic_xchg(int* p, int v) { return atomicExch(p, v); }
__device__ __forceinline__ int atomic_inc(int* p) { return atomicAdd(p, 1); }
__device__ __forceinline__ int atomic_dec(int* p) { return atomicSub(p, 1); }
__device__ __forceinline__ int atomic_cmpxchg(int* p, int cmp, int v) { return atomicCAS(p, cmp, v); }
__device__ __forceinline__ int atomic_min(int* p, int v) { return atomicMin(p, v); }
__device__ __forceinline__ int atomic_max(int* p, int v) { return atomicMax(p, v); }
__device__ __forceinline__ int atomic_and(int* p, int v) { return atomicAnd(p, v); }
__device__ __forceinline__ int atomic_or(int* p, int v) { return atomicOr(p, v); }
__device__ __forceinline__ int atomic_xor(int* p, int v) { return atomicXor(p, v); }
__device__ __forceinline__ long atom_add(long* p, long v) {
    return (long)atomicAdd((unsigned long long*)p, (unsigned long long)v);
}
// dynamic shared memory, carved into Aparapi's @Local arrays at offsets passed as arguments
extern __shared__ __align__(16) char nd_dynamic_shared[];

typedef struct This_s{
   __global float *ndOut;
   __global float *ndIn0;
   __global float *ndIn1;
   int passid;
}This;
float org_ndgpu_raw_TestKernels_Hypot__apply(This *nd_this, float x, float y){
   return(sqrt(((x * x) + (y * y))));
}

ND_KERNEL void nd_vectorize_Hypot_fadfd57c(ND_GLOBAL char* _b_in0, long _o_in0, ND_GLOBAL char* _b_in1, long _o_in1, ND_GLOBAL char* _b_out, long _o_out, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_in0 = (ND_GLOBAL float*)(_b_in0 + _o_in0);
    ND_GLOBAL float* _p_in1 = (ND_GLOBAL float*)(_b_in1 + _o_in1);
    ND_GLOBAL float* _p_out = (ND_GLOBAL float*)(_b_out + _o_out);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL float* _a_in0 = _p_in0 + i;
        float in0 = (*(_a_in0));
        ND_GLOBAL float* _a_in1 = _p_in1 + i;
        float in1 = (*(_a_in1));
        ND_GLOBAL float* _a_out = _p_out + i;
        float out;
        out = org_ndgpu_raw_TestKernels_Hypot__apply(0, in0, in1);
        *(_a_out) = out;
    }
}
