// <OPENCL prelude>


ND_KERNEL void fused_mul(ND_GLOBAL char* _b_in0, long _o_in0, long _s0_in0, long _s1_in0, ND_GLOBAL char* _b_in1, long _o_in1, long _s0_in1, long _s1_in1, ND_GLOBAL char* _b_out0, long _o_out0, long _s0_out0, long _s1_out0, ND_GLOBAL char* _b_out1, long _o_out1, long _s0_out1, long _s1_out1, long _n_arg, long _d0, long _d1) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_in0 = (ND_GLOBAL float*)(_b_in0 + _o_in0);
    ND_GLOBAL int* _p_in1 = (ND_GLOBAL int*)(_b_in1 + _o_in1);
    ND_GLOBAL double* _p_out0 = (ND_GLOBAL double*)(_b_out0 + _o_out0);
    ND_GLOBAL double* _p_out1 = (ND_GLOBAL double*)(_b_out1 + _o_out1);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        int _r = i, _q;
        int _x_in0 = 0;
        int _x_in1 = 0;
        int _x_out0 = 0;
        int _x_out1 = 0;
        _q = _r % (int)_d1; _r /= (int)_d1;
        _x_in0 += _q * (int)_s1_in0;
        _x_in1 += _q * (int)_s1_in1;
        _x_out0 += _q * (int)_s1_out0;
        _x_out1 += _q * (int)_s1_out1;
        _q = _r;
        _x_in0 += _q * (int)_s0_in0;
        _x_in1 += _q * (int)_s0_in1;
        _x_out0 += _q * (int)_s0_out0;
        _x_out1 += _q * (int)_s0_out1;
        ND_GLOBAL float* _a_in0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_in0 + _x_in0);
        float in0 = (*(_a_in0));
        ND_GLOBAL int* _a_in1 = (ND_GLOBAL int*)((ND_GLOBAL char*)_p_in1 + _x_in1);
        int in1 = (*(_a_in1));
        ND_GLOBAL double* _a_out0 = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_out0 + _x_out0);
        double out0;
        ND_GLOBAL double* _a_out1 = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_out1 + _x_out1);
        double out1;
        {
        const double t2 = ((double)(in0) * (double)(in1));
        const double t3 = sqrt(t2);
        out0 = t2;
        out1 = t3;
        }
        *(_a_out0) = out0;
        *(_a_out1) = out1;
    }
}
