// <CUDA prelude>

#define ND_OS_WARP
#ifdef ND_CUDA
#define ND_OS_ADD(p, v) atomicAdd((p), (v))
#define ND_OS_LOAD(p) (*(volatile uint*)(p))
#define ND_OS_PUBLISH(p, v) __stcg((p), (v))
#define ND_OS_UNROLL _Pragma("unroll")
#else
#define ND_OS_UNROLL
#define ND_OS_ADD(p, v) atomic_add((p), (v))
#define ND_OS_LOAD(p) atomic_or((p), 0u)
#define ND_OS_PUBLISH(p, v) atomic_xchg((p), (v))
#endif
#ifdef ND_OS_WARP
#ifdef ND_CUDA
#define ND_OS_WARP_SYNC() __syncwarp()
#define ND_OS_CLZ(x) __clz(x)
#define ND_OS_POPC(x) __popc(x)
#define ND_OS_LOCAL_ADD(p, v) atomicAdd((p), (v))
#define ND_OS_SHFL(v, src) __shfl_sync(0xffffffffu, (v), (src))
#define ND_OS_SHFL_UP(v, o) __shfl_up_sync(0xffffffffu, (v), (o))
#else
#undef ND_OS_UNROLL
#define ND_OS_UNROLL _Pragma("unroll")
#define ND_OS_WARP_SYNC() asm volatile("bar.warp.sync 0xffffffff;" ::: "memory")
#define ND_OS_CLZ(x) clz(x)
#define ND_OS_POPC(x) popcount(x)
#define ND_OS_LOCAL_ADD(p, v) atomic_add((p), (v))
ND_DEVICE_FN uint nd_os_shfl(uint v, int src) {
    uint r;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(src));
    return r;
}
ND_DEVICE_FN uint nd_os_shfl_up(uint v, int o) {
    uint r;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0x0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(o));
    return r;
}
#define ND_OS_SHFL(v, src) nd_os_shfl((v), (src))
#define ND_OS_SHFL_UP(v, o) nd_os_shfl_up((v), (o))
#undef ND_OS_LOAD
#undef ND_OS_PUBLISH
ND_DEVICE_FN uint nd_os_load(ND_GLOBAL uint* p) {
    uint r;
    asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(r) : "l"(p) : "memory");
    return r;
}
ND_DEVICE_FN void nd_os_publish(ND_GLOBAL uint* p, uint v) {
    asm volatile("st.global.cg.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
#define ND_OS_LOAD(p) nd_os_load(p)
#define ND_OS_PUBLISH(p, v) nd_os_publish((p), (v))
#endif
#endif
#define ND_OS_AGG 0x40000000u
#define ND_OS_PRE 0x80000000u
#define ND_OS_VAL 0x3FFFFFFFu
ND_DEVICE_FN ulong nd_okey_argsort_float64(ulong _u) { return (((ulong)_u & ~((ulong)1 << 63)) > 0x7FF0000000000000UL ? (ulong)0xFFFFFFFFFFFFFFFFUL : ((ulong)_u & ~((ulong)1 << 63)) == 0 ? ((ulong)1 << 63) : ((ulong)_u & ((ulong)1 << 63)) ? ~(ulong)_u : ((ulong)_u | ((ulong)1 << 63))); }
ND_DEVICE_FN ulong nd_fkey_argsort_float64(ulong _u) { return (((ulong)_u & ((ulong)1 << 63)) ? ~(ulong)_u : ((ulong)_u | ((ulong)1 << 63))); }
#define ND_OS_DIGIT_FULL(x) (int)((nd_okey_argsort_float64(x) >> _shift) & 255)
#define ND_OS_DIGIT_FAST(x) (int)((nd_fkey_argsort_float64(x) >> _shift) & 255)
ND_KERNEL void nd_os_upsweep_argsort_float64(ND_GLOBAL char* _bk, long _ok, long _n, long _groupsPerRow,
        ND_GLOBAL char* _bh, long _oh, ND_GLOBAL char* _bf, long _of) {
    ND_LOCAL uint _h[2048];
    ND_LOCAL uint _anySpecial;
    ND_GLOBAL ulong* _keys = (ND_GLOBAL ulong*)(_bk + _ok);
    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);
    int _t = (int)ND_LOCAL_ID();
    long _g = (long)ND_GROUP_ID(), _row = _g / _groupsPerRow, _begin = (_g - _row * _groupsPerRow) * 16384;
    long _end = _n - _begin < 16384 ? _n : _begin + 16384;
    ND_GLOBAL ulong* _rk = _keys + _row * _n;
    for (int _i = _t; _i < 2048; _i += 256) _h[_i] = 0;
    if (_t == 0) _anySpecial = 0;
    ND_SYNC();
    uint _special = 0;
    for (long _i = _begin + _t; _i < _end; _i += 256) {
        ulong _u = _rk[_i];
        ulong _c = nd_okey_argsort_float64(_u);
        _special |= (uint)((((ulong)_u & ~((ulong)1 << 63)) > 0x7FF0000000000000UL) | ((ulong)_u == ((ulong)1 << 63)));
        for (int _p = 0; _p < 8; _p++) ND_OS_ADD(&_h[_p * 256 + (int)((_c >> (8 * _p)) & 255)], 1u);
    }
    if (_special) _anySpecial = 1u;
    ND_SYNC();
    for (int _i = _t; _i < 2048; _i += 256) {
        uint _v = _h[_i];
        if (_v != 0) ND_OS_ADD(&_hist[_row * 2048 + _i], _v);
    }
    if (_t == 0 && _anySpecial != 0) ND_OS_ADD((ND_GLOBAL uint*)(_bf + _of) + _row, 1u);
}
ND_KERNEL void nd_os_scan_argsort_float64(ND_GLOBAL char* _bh, long _oh) {
    ND_LOCAL uint _s[256];
    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh) + (long)ND_GROUP_ID() * 256;
    int _t = (int)ND_LOCAL_ID();
    uint _own = _hist[_t];
    _s[_t] = _own;
    ND_SYNC();
    for (int _off = 1; _off < 256; _off <<= 1) {
        uint _v = _t >= _off ? _s[_t - _off] : 0;
        ND_SYNC();
        _s[_t] += _v;
        ND_SYNC();
    }
    _hist[_t] = _s[_t] - _own;
}
ND_KERNEL  void nd_os_pass_argsort_float64(ND_GLOBAL char* _bi, long _oi, ND_GLOBAL char* _bo, long _oo, ND_GLOBAL char* _bii, long _oii, ND_GLOBAL char* _bio, long _oio,
        long _n, long _tilesPerRow, int _pass, ND_GLOBAL char* _bs, long _os, ND_GLOBAL char* _bc, long _oc,
        ND_GLOBAL char* _bh, long _oh, ND_GLOBAL char* _bf, long _of) {
    ND_LOCAL ulong _tile[2048];
    ND_LOCAL uint _tidx[2048];
    ND_LOCAL uint _table[2048];
    ND_LOCAL uint _scan[256];
    ND_LOCAL uint _dst[256];
    ND_LOCAL uint _start[16];
    ND_LOCAL uint _id;
    ND_GLOBAL uint* _status = (ND_GLOBAL uint*)(_bs + _os);
    ND_GLOBAL uint* _counter = (ND_GLOBAL uint*)(_bc + _oc);
    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);
    int _t = (int)ND_LOCAL_ID(), _shift = 8 * _pass;
    if (_t == 0) _id = ND_OS_ADD(&_counter[_pass], 1u);
    ND_SYNC();
    long _g = (long)_id, _row = _g / _tilesPerRow, _j = _g - _row * _tilesPerRow, _base = _j * 2048;
    int _fast = ((ND_GLOBAL uint*)(_bf + _of))[_row] == 0;
    int _m = (int)(_n - _base < 2048 ? _n - _base : 2048);
    ND_GLOBAL ulong* _in = (ND_GLOBAL ulong*)(_bi + _oi) + _row * _n;
    ND_GLOBAL ulong* _out = (ND_GLOBAL ulong*)(_bo + _oo) + _row * _n;
    ND_GLOBAL uint* _iin = (ND_GLOBAL uint*)(_bii + _oii) + _row * _n;
    ND_GLOBAL uint* _iout = (ND_GLOBAL uint*)(_bio + _oio) + _row * _n;
    ND_GLOBAL long* _lout = (ND_GLOBAL long*)(_bio + _oio) + _row * _n;
#ifdef ND_OS_WARP
    uint _c, _own;
    ND_GLOBAL uint* _mine = _status + _g * 256 + _t;
    {
        int _lane = _t & 31, _w = _t >> 5;
        unsigned _upTo = 0xffffffffu >> (31 - _lane);
        for (int _q = 0; _q < 8; _q++) _table[_w * 256 + _q * 32 + _lane] = 0;
        ND_OS_WARP_SYNC();
        ulong _v[8];
        uint _rd[8];
        uint _iv[8];
        if (_m == 2048) {
            ND_OS_UNROLL
            for (int _e = 0; _e < 8; _e++) {
                int _p = _w * 256 + _e * 32 + _lane;
                _v[_e] = _in[_base + _p];
                _iv[_e] = _pass == 0 ? (uint)(_base + _p) : _iin[_base + _p];
            }
        } else {
            ND_OS_UNROLL
            for (int _e = 0; _e < 8; _e++) {
                int _p = _w * 256 + _e * 32 + _lane;
                _v[_e] = ((ulong)0x7FFFFFFFFFFFFFFFUL);
                if (_p < _m) {
                    _v[_e] = _in[_base + _p];
                    _iv[_e] = _pass == 0 ? (uint)(_base + _p) : _iin[_base + _p];
                }
            }
        }
        if (_fast) {
            ND_OS_UNROLL
            for (int _e = 0; _e < 8; _e++) _rd[_e] = (uint)ND_OS_DIGIT_FAST(_v[_e]);
        } else {
            ND_OS_UNROLL
            for (int _e = 0; _e < 8; _e++) _rd[_e] = (uint)ND_OS_DIGIT_FULL(_v[_e]);
        }
        ND_OS_UNROLL
        for (int _e = 0; _e < 8; _e++) {
            int _d = (int)_rd[_e];
            unsigned _peers = 0xffffffffu;
            ND_OS_UNROLL
            for (int _bit = 0; _bit < 8; _bit++) {
                unsigned _same;
                asm("{\n\t.reg .pred p;\n\tand.b32 %0, %1, %2;\n\tsetp.ne.u32 p, %0, 0;\n\t"
                    "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t@!p not.b32 %0, %0;\n\t}"
                    : "=r"(_same) : "r"(_d), "r"(1u << _bit));
                _peers &= _same;
            }
            int _leader = 31 - (int)ND_OS_CLZ(_peers);
            uint _r = (uint)ND_OS_POPC(_peers & _upTo), _b = 0;
            if (_lane == _leader) _b = ND_OS_LOCAL_ADD(&_table[_w * 256 + _d], _r);
            _rd[_e] = (ND_OS_SHFL(_b, _leader) + _r - 1u) | ((uint)_d << 16);
        }
        ND_SYNC();
        uint _run = 0;
        for (int _q = 0; _q < 8; _q++) {
            uint _x = _table[_q * 256 + _t];
            _table[_q * 256 + _t] = _run;
            _run += _x;
        }
        _c = _run;
        _own = _t == 255 ? _c - (uint)(2048 - _m) : _c;
        ND_OS_PUBLISH(_mine, (_j == 0 ? ND_OS_PRE : ND_OS_AGG) | _own);
        uint _x = _c;
        for (int _o = 1; _o < 32; _o <<= 1) {
            uint _y = ND_OS_SHFL_UP(_x, _o);
            if (_lane >= _o) _x += _y;
        }
        if (_lane == 31) _start[_w] = _x;
        ND_SYNC();
        for (int _q = 0; _q < _w; _q++) _x += _start[_q];
        _scan[_t] = _x;
        for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] += _x - _c;
        ND_SYNC();
        ND_OS_UNROLL
        for (int _e = 0; _e < 8; _e++) {
            uint _at = _table[_w * 256 + (int)(_rd[_e] >> 16)] + (_rd[_e] & 0xFFFFu);
            _tile[_at] = _v[_e];
            _tidx[_at] = _iv[_e];
        }
        ND_SYNC();
    }
#else
    ND_LOCAL uint _cnt[256];
    _cnt[_t] = 0;
    for (int _e = 0; _e < 8; _e++) {
        int _p = _e * 256 + _t;
        if (_p < _m) {
            _tile[_p] = _in[_base + _p];
            _tidx[_p] = _pass == 0 ? (uint)(_base + _p) : _iin[_base + _p];
        }
    }
    ND_SYNC();
    for (int _e = 0; _e < 8; _e++) {
        int _p = _t * 8 + _e;
        if (_p < _m) ND_OS_ADD(&_cnt[(int)((nd_okey_argsort_float64(_tile[_p]) >> _shift) & 255)], 1u);
    }
    ND_SYNC();
    uint _c = _cnt[_t], _own = _c;
    ND_GLOBAL uint* _mine = _status + _g * 256 + _t;
    ND_OS_PUBLISH(_mine, (_j == 0 ? ND_OS_PRE : ND_OS_AGG) | _own);
    _scan[_t] = _c;
    ND_SYNC();
    for (int _off = 1; _off < 256; _off <<= 1) {
        uint _sv = _t >= _off ? _scan[_t - _off] : 0;
        ND_SYNC();
        _scan[_t] += _sv;
        ND_SYNC();
    }
    for (int _half = 0; _half < 2; _half++) {
        int _sh = _shift + 4 * _half;
        for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] = 0;
        ND_SYNC();
        ulong _v[8];
        uint _iv[8];
        for (int _e = 0; _e < 8; _e++) {
            int _p = _t * 8 + _e;
            _v[_e] = _tile[_p];
            _iv[_e] = _tidx[_p];
            if (_p < _m) {
                int _d = (int)((nd_okey_argsort_float64(_v[_e]) >> _sh) & 15);
                _table[(_d >> 1) * 256 + _t] += 1u << ((_d & 1) * 16);
            }
        }
        ND_SYNC();
        uint _own[8];
        for (int _q = 0; _q < 8; _q++) _own[_q] = _table[_q * 256 + _t];
        for (int _off = 1; _off < 256; _off <<= 1) {
            uint _add[8];
            for (int _q = 0; _q < 8; _q++) _add[_q] = _t >= _off ? _table[_q * 256 + _t - _off] : 0;
            ND_SYNC();
            for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] += _add[_q];
            ND_SYNC();
        }
        for (int _q = 0; _q < 8; _q++) _own[_q] = _table[_q * 256 + _t] - _own[_q];
        if (_t == 0) {
            uint _s = 0;
            for (int _d = 0; _d < 16; _d++) {
                _start[_d] = _s;
                _s += (_table[(_d >> 1) * 256 + 255] >> ((_d & 1) * 16)) & 0xFFFFu;
            }
        }
        ND_SYNC();
        for (int _e = 0; _e < 8; _e++) {
            int _p = _t * 8 + _e;
            if (_p < _m) {
                int _d = (int)((nd_okey_argsort_float64(_v[_e]) >> _sh) & 15), _s16 = (_d & 1) * 16;
                uint _at = _start[_d] + ((_own[_d >> 1] >> _s16) & 0xFFFFu);
                _own[_d >> 1] += 1u << _s16;
                _tile[_at] = _v[_e];
                _tidx[_at] = _iv[_e];
            }
        }
        ND_SYNC();
    }
#endif
    uint _excl = 0;
    if (_j > 0) {
        ND_GLOBAL uint* _prev = _mine - 256;
        for (;;) {
            uint _s = ND_OS_LOAD(_prev);
            if ((_s & (ND_OS_AGG | ND_OS_PRE)) == 0) continue;
            _excl += _s & ND_OS_VAL;
            if ((_s & ND_OS_PRE) != 0) break;
            _prev -= 256;
        }
        ND_OS_PUBLISH(_mine, ND_OS_PRE | (_excl + _own));
    }
    _dst[_t] = _hist[(_row * 8 + _pass) * 256 + _t] + _excl - (_scan[_t] - _c);
    ND_SYNC();
#define ND_OS_WRITE(_p, DIGIT) do { \
        ulong _w = _tile[_p]; \
        uint _to = _dst[DIGIT(_w)] + (uint)(_p); \
        if (_pass != 7) _out[_to] = _w; \
        if (_pass == 7) _lout[_to] = (long)_tidx[_p]; else _iout[_to] = _tidx[_p]; \
    } while (0)
    if (_m == 2048 && _fast) {
        ND_OS_UNROLL
        for (int _e = 0; _e < 8; _e++) ND_OS_WRITE(_e * 256 + _t, ND_OS_DIGIT_FAST);
    } else if (_m == 2048) {
        ND_OS_UNROLL
        for (int _e = 0; _e < 8; _e++) ND_OS_WRITE(_e * 256 + _t, ND_OS_DIGIT_FULL);
    } else {
        ND_OS_UNROLL
        for (int _e = 0; _e < 8; _e++) {
            int _p = _e * 256 + _t;
            if (_p < _m) ND_OS_WRITE(_p, ND_OS_DIGIT_FULL);
        }
    }
#undef ND_OS_WRITE
}
