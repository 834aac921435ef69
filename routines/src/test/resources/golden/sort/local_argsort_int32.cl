// <OPENCL prelude>

ND_KERNEL void nd_argsort_local_int32(ND_GLOBAL char* _b_keys, long _o_keys, ND_GLOBAL char* _b_idx, long _o_idx, long _P, long _total, long _kStart, long _kEnd) {
    ND_LOCAL int sk[512];
    ND_LOCAL long si[512];
    ND_GLOBAL int* keys = (ND_GLOBAL int*)(_b_keys + _o_keys);
    ND_GLOBAL long* idx = (ND_GLOBAL long*)(_b_idx + _o_idx);
    long _base = (long)ND_GROUP_ID() * 512;
    int _tid = (int)ND_LOCAL_ID();
    for (int _e = _tid; _e < 512; _e += 256) {
        if (_base + _e < _total) {
            sk[_e] = (*((keys + _base + _e)));
            si[_e] = idx[_base + _e];
        }
    }
    ND_SYNC();
    for (long _k = _kStart; _k <= _kEnd; _k <<= 1) {
        for (long _j = (_k >> 1) < 256 ? (_k >> 1) : 256; _j > 0; _j >>= 1) {
            int _lo = (int)(2 * _j * (_tid / _j) + _tid % _j), _hi = _lo + (int)_j;
            if (_base + _lo < _total) {
                int _up = (((_base + _lo) & (_P - 1)) & _k) == 0;
                int _a = sk[_lo], _b = sk[_hi];
                long _ia = si[_lo], _ib = si[_hi];
                int _bFirst = (_b < _a) || (!(_a < _b) && _ib < _ia);
                if (_up ? _bFirst : !_bFirst) { sk[_lo] = _b; sk[_hi] = _a; si[_lo] = _ib; si[_hi] = _ia; }
            }
            ND_SYNC();
        }
    }
    for (int _e = _tid; _e < 512; _e += 256) {
        if (_base + _e < _total) {
            *((keys + _base + _e)) = sk[_e];
            idx[_base + _e] = si[_e];
        }
    }
}
