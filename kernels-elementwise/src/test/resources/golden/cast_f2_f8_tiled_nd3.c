

ND_KERNEL void golden_tiled(ND_GLOBAL char* _b_x, long _o_x, long _s0_x, long _s1_x, long _s2_x, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _s1_y, long _s2_y, long _n_arg, long _d0, long _d1, long _d2) {
    const long _n = (long)_n_arg;
    ND_GLOBAL nd_half* _p_x = (ND_GLOBAL nd_half*)(_b_x + _o_x);
    ND_GLOBAL double* _p_y = (ND_GLOBAL double*)(_b_y + _o_y);
    ND_LOCAL float _tile_x[32][33];
    const long _dA = (long)_d1, _dB = (long)_d2;
    const long _nA = (_dA + 31) / 32, _nB = (_dB + 31) / 32;
    const long _tiles = _n / (_dA * _dB) * _nA * _nB;
    const int _lx = (int)(ND_LOCAL_ID() % 32), _ly = (int)(ND_LOCAL_ID() / 32);
    const long _c2 = 1;
    const long _c1 = _c2 * (long)_d2;
    const long _c0 = _c1 * (long)_d1;
    for (long _t = (long)ND_GROUP_ID(); _t < _tiles; _t += (long)ND_NUM_GROUPS()) {
        const long _tB0 = (_t % _nB) * 32;
        long _r = _t / _nB;
        const long _tA0 = (_r % _nA) * 32;
        _r /= _nA;
        long _x_x = 0;
        long _x_y = 0;
        long _i0 = 0;
        long _q;
        _q = _r;
        _x_x += _q * (long)_s0_x;
        _x_y += _q * (long)_s0_y;
        _i0 += _q * _c0;
        for (int _kk = 0; _kk < 4; _kk++) {
            const int _k = _ly + _kk * 8;
            const long _ja = _tA0 + _lx, _jb = _tB0 + _k;
            if (_ja < _dA && _jb < _dB) {
                _tile_x[_k][_lx] = ND_HALF_TO_FLOAT((ND_GLOBAL nd_half*)((ND_GLOBAL char*)_p_x + _x_x + _ja * (long)_s1_x + _jb * (long)_s2_x));
            }
        }
        ND_SYNC();
        for (int _kk = 0; _kk < 4; _kk++) {
            const int _k = _ly + _kk * 8;
            const long _ja = _tA0 + _k, _jb = _tB0 + _lx;
            if (_ja < _dA && _jb < _dB) {
                const long i = _i0 + _ja * _c1 + _jb * _c2;
                float x = _tile_x[_lx][_k];
                ND_GLOBAL double* _a_y = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_y + _x_y + _ja * (long)_s1_y + _jb * (long)_s2_y);
                double y;
                {
                y = x + i;
                }
                *(_a_y) = y;
            }
        }
        ND_SYNC();
    }
}
