// <CUDA prelude>

ND_KERNEL void nd_radix_scan_local(ND_GLOBAL char* _ba, long _oa, long _m, ND_GLOBAL char* _bs, long _os) {
    ND_LOCAL uint _s[2048];
    ND_LOCAL uint _part[256];
    ND_GLOBAL uint* _a = (ND_GLOBAL uint*)(_ba + _oa);
    ND_GLOBAL uint* _sums = (ND_GLOBAL uint*)(_bs + _os);
    int _t = (int)ND_LOCAL_ID();
    long _base = (long)ND_GROUP_ID() * 2048;
    for (int _e = 0; _e < 8; _e++) {
        long _i = _base + _e * 256 + _t;
        _s[_e * 256 + _t] = _i < _m ? _a[_i] : 0;
    }
    ND_SYNC();
    uint _tot = 0;
    for (int _e = 0; _e < 8; _e++) _tot += _s[_t * 8 + _e];
    _part[_t] = _tot;
    ND_SYNC();
    for (int _off = 1; _off < 256; _off <<= 1) {
        uint _v = _t >= _off ? _part[_t - _off] : 0;
        ND_SYNC();
        _part[_t] += _v;
        ND_SYNC();
    }
    uint _run = _part[_t] - _tot;
    for (int _e = 0; _e < 8; _e++) { uint _v = _s[_t * 8 + _e]; _s[_t * 8 + _e] = _run; _run += _v; }
    ND_SYNC();
    for (int _e = 0; _e < 8; _e++) {
        long _i = _base + _e * 256 + _t;
        if (_i < _m) _a[_i] = _s[_e * 256 + _t];
    }
    if (_t == 255) _sums[ND_GROUP_ID()] = _part[255];
}
ND_KERNEL void nd_radix_scan_add(ND_GLOBAL char* _ba, long _oa, long _m, ND_GLOBAL char* _bs, long _os) {
    ND_GLOBAL uint* _a = (ND_GLOBAL uint*)(_ba + _oa);
    ND_GLOBAL uint* _sums = (ND_GLOBAL uint*)(_bs + _os);
    long _i = (long)ND_GLOBAL_ID();
    if (_i < _m) _a[_i] += _sums[_i / 2048];
}
