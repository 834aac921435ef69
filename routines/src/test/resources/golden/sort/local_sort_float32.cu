// <CUDA prelude>

ND_KERNEL void nd_sort_local_float32(ND_GLOBAL char* _b_keys, long _o_keys, long _P, long _total, long _kStart, long _kEnd) {
    ND_LOCAL float sk[512];
    ND_GLOBAL float* keys = (ND_GLOBAL float*)(_b_keys + _o_keys);
    long _base = (long)ND_GROUP_ID() * 512;
    int _tid = (int)ND_LOCAL_ID();
    for (int _e = _tid; _e < 512; _e += 256) {
        if (_base + _e < _total) {
            sk[_e] = (*((keys + _base + _e)));
        }
    }
    ND_SYNC();
    for (long _k = _kStart; _k <= _kEnd; _k <<= 1) {
        for (long _j = (_k >> 1) < 256 ? (_k >> 1) : 256; _j > 0; _j >>= 1) {
            int _lo = (int)(2 * _j * (_tid / _j) + _tid % _j), _hi = _lo + (int)_j;
            if (_base + _lo < _total) {
                int _up = (((_base + _lo) & (_P - 1)) & _k) == 0;
                float _a = sk[_lo], _b = sk[_hi];
                if (_up ? (_b < _a || (_a != _a && _b == _b)) : (_a < _b || (_b != _b && _a == _a))) { sk[_lo] = _b; sk[_hi] = _a; }
            }
            ND_SYNC();
        }
    }
    for (int _e = _tid; _e < 512; _e += 256) {
        if (_base + _e < _total) {
            *((keys + _base + _e)) = sk[_e];
        }
    }
}
