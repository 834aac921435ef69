// <OPENCL prelude>

typedef struct This_s{
   __global float *ndOut;
   __global float *ndIn0;
   __global float *ndIn1;
   int passid;
}This;
float org_ndgpu_raw_TestKernels$Hypot__apply(This *this, float x, float y){
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
        out = org_ndgpu_raw_TestKernels$Hypot__apply(0, in0, in1);
        *(_a_out) = out;
    }
}
