// <opencl-on-cuda.h>
#line 1


__constant float COEFFS[4] = {0.5f, -1.25f, 2.0f, 0.75f};

__kernel void saxpy(__global const float* x, __global float* y, float a, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = mad(a, x[i], y[i]);
}


__kernel void group_sum(__global const float* x, __global double* sums,unsigned long long nd_offset_scratch, int n) { float *scratch = (float *)(nd_dynamic_shared + nd_offset_scratch);
    int l = get_local_id(0);
    int i = get_global_id(0);
    scratch[l] = i < n ? x[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) sums[get_group_id(0)] = scratch[0];
}


__kernel void transpose(__global const float* in, __global float* out, int rows, int cols) {
    __shared__ float tile[16][17];
    int c = get_group_id(0) * 16 + get_local_id(0), r = get_group_id(1) * 16 + get_local_id(1);
    if (r < rows && c < cols) tile[get_local_id(1)][get_local_id(0)] = in[r * cols + c];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tc = get_group_id(1) * 16 + get_local_id(0), tr = get_group_id(0) * 16 + get_local_id(1);
    if (tr < cols && tc < rows) out[tr * rows + tc] = tile[get_local_id(0)][get_local_id(1)];
}

void count_local( int* counts, int bin) { atomic_inc(counts + bin); }

__kernel void histogram(__global const int* x, volatile __global int* counts, int n) {
    __shared__ int privat[16];
    int l = get_local_id(0);
    if (l < 16) privat[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i < n) count_local(privat, x[i] & 15);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16) atomic_add(&counts[l], privat[l]);
}

__kernel void builtins(__global const float* x, __global float* y, __global int* bits, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    float v = x[i];
    float p = ((COEFFS[3] * v + COEFFS[2]) * v + COEFFS[1]) * v + COEFFS[0];
    y[4 * i] = clamp(p, -1.0f, 1.0f);
    y[4 * i + 1] = mix(v, p, 0.25f);
    y[4 * i + 2] = sign(v) * degrees(v);
    y[4 * i + 3] = radians(fabs(v));
    bits[i] = as_int(v);
}
