

ND_KERNEL void nd_add_f4_f4_to_f4(ND_GLOBAL char* _b_a0, long _o_a0, long _s0_a0, long _s1_a0, ND_GLOBAL char* _b_a1, long _o_a1, long _s0_a1, long _s1_a1, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _s1_y, long _n_arg, long _d0, long _d1) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_a0 = (ND_GLOBAL float*)(_b_a0 + _o_a0);
    ND_GLOBAL float* _p_a1 = (ND_GLOBAL float*)(_b_a1 + _o_a1);
    ND_GLOBAL float* _p_y = (ND_GLOBAL float*)(_b_y + _o_y);
    ND_LOCAL float _tile_a0[32][33];
    const int _dA = (int)_d0, _dB = (int)_d1;
    const int _nA = (_dA + 31) / 32, _nB = (_dB + 31) / 32;
    const int _tiles = _n / (_dA * _dB) * _nA * _nB;
    const int _lx = (int)(ND_LOCAL_ID() % 32), _ly = (int)(ND_LOCAL_ID() / 32);
    for (int _t = (int)ND_GROUP_ID(); _t < _tiles; _t += (int)ND_NUM_GROUPS()) {
        const int _tB0 = (_t % _nB) * 32;
        int _r = _t / _nB;
        const int _tA0 = (_r % _nA) * 32;
        _r /= _nA;
        int _x_a0 = 0;
        int _x_a1 = 0;
        int _x_y = 0;
        for (int _kk = 0; _kk < 4; _kk++) {
            const int _k = _ly + _kk * 8;
            const int _ja = _tA0 + _lx, _jb = _tB0 + _k;
            if (_ja < _dA && _jb < _dB) {
                _tile_a0[_k][_lx] = (*((ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + _ja * (int)_s0_a0 + _jb * (int)_s1_a0)));
            }
        }
        ND_SYNC();
        for (int _kk = 0; _kk < 4; _kk++) {
            const int _k = _ly + _kk * 8;
            const int _ja = _tA0 + _k, _jb = _tB0 + _lx;
            if (_ja < _dA && _jb < _dB) {
                float a0 = _tile_a0[_lx][_k];
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + _ja * (int)_s0_a1 + _jb * (int)_s1_a1);
                float a1 = (*(_a_a1));
                ND_GLOBAL float* _a_y = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_y + _x_y + _ja * (int)_s0_y + _jb * (int)_s1_y);
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                *(_a_y) = y;
            }
        }
        ND_SYNC();
    }
}
