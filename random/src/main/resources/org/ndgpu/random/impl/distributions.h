// ndgpu's Generator distributions, two shapes of kernel over one Philox4x32-10 counter layout:
// counter words c0 and the low 16 bits of c1 hold an index (48 bits), the high 16 bits of c1 count
// that index's blocks, c2 and c3 hold the call's offset; the key is the seed. A stream past 2^16 blocks
// (a multinomial row of many categories) carries its block count on into the high 16 bits of c3, zero
// while the offset is below 2^48, so a stream does not repeat within 2^32 blocks and its first 2^16
// blocks are what they were when the count had 16 bits.
// - Per element (integers, gamma, beta, chisquare, poisson, binomial, multinomial): element i reads
//   its own stream, index i, so a rejection loop takes as many numbers as it needs without touching
//   another element's. A thread draws four elements, their first blocks computed together.
// - Per block (random, uniform, standard_normal, exponential, lognormal, laplace, the keys of weighted
//   choice): block b, index b, round 0, turns its four words into elements 4b..4b+3 (float32) or 2b,
//   2b+1 (float64); the last block writes only the elements that exist. A thread computes four blocks.
// Either way every result depends only on (seed, offset, element index), whatever the device or the
// number of threads.
// spare: the second normal of nd_std_normal's last Box-Muller pair, while has_spare
typedef struct { uint c0, c1, c2, c3, k0, k1, w0, w1, w2, w3; int left; int has_spare; double spare; } nd_rng;

ND_DEVICE_FN void nd_rng_init(nd_rng* r, ulong i, ulong off, ulong seed) {
    r->c0 = (uint)i; r->c1 = (uint)(i >> 32) & 0xFFFFu; r->c2 = (uint)off; r->c3 = (uint)(off >> 32);
    r->k0 = (uint)seed; r->k1 = (uint)(seed >> 32); r->left = 0; r->has_spare = 0; r->spare = 0.0;
    r->w0 = 0; r->w1 = 0; r->w2 = 0; r->w3 = 0;
}

// both words of a 32x32-bit product: on CUDA one mul.wide, one instruction where __umulhi and a separate
// multiply are two (BENCHMARKS.md); a 64-bit product written in C instead let NVRTC carry the
// rounds in 64-bit registers (twice the xors and shifts). OpenCL: mul_hi and the low product
#ifdef ND_CUDA
#define ND_MULHILO(m, c, hi, lo) do { unsigned long long _p; \
        asm("mul.wide.u32 %0, %1, %2;" : "=l"(_p) : "r"(m), "r"(c)); \
        lo = (uint)_p; hi = (uint)(_p >> 32); } while (0)
#else
#define ND_MULHILO(m, c, hi, lo) do { hi = mul_hi((uint)(m), (uint)(c)); lo = (m) * (c); } while (0)
#endif

// one Philox4x32 round on the counter words c0..c3 under the round key k0, k1
#define ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1) do { \
        uint _h0, _l0, _h1, _l1; \
        ND_MULHILO(0xD2511F53u, c0, _h0, _l0); \
        ND_MULHILO(0xCD9E8D57u, c2, _h1, _l1); \
        c0 = _h1 ^ c1 ^ k0; c1 = _l1; c2 = _h0 ^ c3 ^ k1; c3 = _l0; \
    } while (0)

// the block count's low 16 bits in c1's high half, its carry in c3's high half
#define ND_RNG_NEXT_BLOCK(r) do { (r)->c1 += 0x10000u; if ((r)->c1 < 0x10000u) (r)->c3 += 0x10000u; } while (0)

// Philox4x32-10 (Salmon et al., SC'11), the same rounds as UniformNormalDraws' nd_philox
ND_DEVICE_FN void nd_rng_block(nd_rng* r) {
    uint c0 = r->c0, c1 = r->c1, c2 = r->c2, c3 = r->c3, k0 = r->k0, k1 = r->k1;
    for (int k = 0; k < 10; k++) {
        ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1);
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    r->w0 = c0; r->w1 = c1; r->w2 = c2; r->w3 = c3; r->left = 4;
    ND_RNG_NEXT_BLOCK(r);
}

// the next block of four streams of one key at once: the four chains of rounds are independent, so
// a GPU thread issues one chain's multiplies while another's wait (one chain alone leaves the
// multiplier idle between its dependent rounds)
ND_DEVICE_FN void nd_rng_block4(nd_rng* a, nd_rng* b, nd_rng* c, nd_rng* d) {
    uint a0 = a->c0, a1 = a->c1, a2 = a->c2, a3 = a->c3, b0 = b->c0, b1 = b->c1, b2 = b->c2, b3 = b->c3;
    uint c0 = c->c0, c1 = c->c1, c2 = c->c2, c3 = c->c3, d0 = d->c0, d1 = d->c1, d2 = d->c2, d3 = d->c3;
    uint k0 = a->k0, k1 = a->k1;
    for (int k = 0; k < 10; k++) {
        ND_PHILOX_ROUND(a0, a1, a2, a3, k0, k1);
        ND_PHILOX_ROUND(b0, b1, b2, b3, k0, k1);
        ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1);
        ND_PHILOX_ROUND(d0, d1, d2, d3, k0, k1);
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    a->w0 = a0; a->w1 = a1; a->w2 = a2; a->w3 = a3; a->left = 4; ND_RNG_NEXT_BLOCK(a);
    b->w0 = b0; b->w1 = b1; b->w2 = b2; b->w3 = b3; b->left = 4; ND_RNG_NEXT_BLOCK(b);
    c->w0 = c0; c->w1 = c1; c->w2 = c2; c->w3 = c3; c->left = 4; ND_RNG_NEXT_BLOCK(c);
    d->w0 = d0; d->w1 = d1; d->w2 = d2; d->w3 = d3; d->left = 4; ND_RNG_NEXT_BLOCK(d);
}

// the words of a block move down one register each draw: a dynamically indexed array would live in slow memory on GPUs
ND_DEVICE_FN uint nd_next32(nd_rng* r) {
    if (r->left == 0) nd_rng_block(r);
    uint x = r->w0;
    r->w0 = r->w1; r->w1 = r->w2; r->w2 = r->w3; r->left--;
    return x;
}

ND_DEVICE_FN ulong nd_next64(nd_rng* r) { ulong hi = nd_next32(r); return (hi << 32) | (ulong)nd_next32(r); }

// 53 random bits from two words: 27 of the first, 26 of the second, joined as one integer, so a
// uniform in [0, 1) is one conversion (exact, so the same value as converting the two halves; a
// conversion to double is a quarter-rate instruction on GPUs)
ND_DEVICE_FN ulong nd_f64_bits53(uint a, uint b) { return ((ulong)(a >> 5) << 26) | (ulong)(b >> 6); }

ND_DEVICE_FN ulong nd_next53(nd_rng* r) {
    uint a = nd_next32(r);
    return nd_f64_bits53(a, nd_next32(r));
}

ND_DEVICE_FN double nd_next_double(nd_rng* r) { return (double)nd_next53(r) * 1.1102230246251565e-16; }

// ---- float64 log and sine/cosine by tables (tools/random_tables.py makes them): a short polynomial
// around the nearest table point takes fewer float64 instructions than a full-range log or sincospi,
// and float64 instructions bound the float64 draws on GPUs. Both err by at most 2 ulp
// (RandomTablesTest). The draws use them on CUDA (nd_draw_log, nd_draw_sincos), which reads the
// tables through the read-only cache; NVIDIA's OpenCL serves __constant arrays from a cache that
// serializes a work-group's different addresses, so OpenCL draws with its builtins (BENCHMARKS.md).
#ifdef ND_CUDA
#define ND_TABLE __device__ const
#define ND_TABLE_READ(p) __ldg(p)
#define ND_AS_LONG(x) __double_as_longlong(x)
#define ND_AS_DOUBLE(b) __longlong_as_double(b)
#else
#define ND_TABLE __constant
#define ND_TABLE_READ(p) (*(p))
#define ND_AS_LONG(x) as_long(x)
#define ND_AS_DOUBLE(b) as_double(b)
#endif
#define ND_LOG_OFF 0x3fe7f00000000000UL
ND_TABLE double nd_log_invc[128] = {
    0x1.5555555555555p+0, 0x1.5390948f40febp+0, 0x1.51d07eae2f815p+0, 0x1.5015015015015p+0,
    0x1.4e5e0a72f0539p+0, 0x1.4cab88725af6ep+0, 0x1.4afd6a052bf5bp+0, 0x1.49539e3b2d067p+0,
    0x1.47ae147ae147bp+0, 0x1.460cbc7f5cf9ap+0, 0x1.446f86562d9fbp+0, 0x1.42d6625d51f87p+0,
    0x1.4141414141414p+0, 0x1.3fb013fb013fbp+0, 0x1.3e22cbce4a902p+0, 0x1.3c995a47babe7p+0,
    0x1.3b13b13b13b14p+0, 0x1.3991c2c187f63p+0, 0x1.3813813813814p+0, 0x1.3698df3de0748p+0,
    0x1.3521cfb2b78c1p+0, 0x1.33ae45b57bcb2p+0, 0x1.323e34a2b10bfp+0, 0x1.30d190130d190p+0,
    0x1.2f684bda12f68p+0, 0x1.2e025c04b8097p+0, 0x1.2c9fb4d812ca0p+0, 0x1.2b404ad012b40p+0,
    0x1.29e4129e4129ep+0, 0x1.288b01288b013p+0, 0x1.27350b8812735p+0, 0x1.25e22708092f1p+0,
    0x1.2492492492492p+0, 0x1.23456789abcdfp+0, 0x1.21fb78121fb78p+0, 0x1.20b470c67c0d9p+0,
    0x1.1f7047dc11f70p+0, 0x1.1e2ef3b3fb874p+0, 0x1.1cf06ada2811dp+0, 0x1.1bb4a4046ed29p+0,
    0x1.1a7b9611a7b96p+0, 0x1.19453808ca29cp+0, 0x1.1811811811812p+0, 0x1.16e0689427379p+0,
    0x1.15b1e5f75270dp+0, 0x1.1485f0e0acd3bp+0, 0x1.135c81135c811p+0, 0x1.12358e75d3033p+0,
    0x1.1111111111111p+0, 0x1.0fef010fef011p+0, 0x1.0ecf56be69c90p+0, 0x1.0db20a88f4696p+0,
    0x1.0c9714fbcda3bp+0, 0x1.0b7e6ec259dc8p+0, 0x1.0a6810a6810a7p+0, 0x1.0953f39010954p+0,
    0x1.0842108421084p+0, 0x1.073260a47f7c6p+0, 0x1.0624dd2f1a9fcp+0, 0x1.05197f7d73404p+0,
    0x1.0410410410410p+0, 0x1.03091b51f5e1ap+0, 0x1.0204081020408p+0, 0x1.0101010101010p+0,
    0x1.0000000000000p+0, 0x1.fc07f01fc07f0p-1, 0x1.f81f81f81f820p-1, 0x1.f44659e4a4271p-1,
    0x1.f07c1f07c1f08p-1, 0x1.ecc07b301ecc0p-1, 0x1.e9131abf0b767p-1, 0x1.e573ac901e574p-1,
    0x1.e1e1e1e1e1e1ep-1, 0x1.de5d6e3f8868ap-1, 0x1.dae6076b981dbp-1, 0x1.d77b654b82c34p-1,
    0x1.d41d41d41d41dp-1, 0x1.d0cb58f6ec074p-1, 0x1.cd85689039b0bp-1, 0x1.ca4b3055ee191p-1,
    0x1.c71c71c71c71cp-1, 0x1.c3f8f01c3f8f0p-1, 0x1.c0e070381c0e0p-1, 0x1.bdd2b899406f7p-1,
    0x1.bacf914c1bad0p-1, 0x1.b7d6c3dda338bp-1, 0x1.b4e81b4e81b4fp-1, 0x1.b2036406c80d9p-1,
    0x1.af286bca1af28p-1, 0x1.ac5701ac5701bp-1, 0x1.a98ef606a63bep-1, 0x1.a6d01a6d01a6dp-1,
    0x1.a41a41a41a41ap-1, 0x1.a16d3f97a4b02p-1, 0x1.9ec8e951033d9p-1, 0x1.9c2d14ee4a102p-1,
    0x1.999999999999ap-1, 0x1.970e4f80cb872p-1, 0x1.948b0fcd6e9e0p-1, 0x1.920fb49d0e229p-1,
    0x1.8f9c18f9c18fap-1, 0x1.8d3018d3018d3p-1, 0x1.8acb90f6bf3aap-1, 0x1.886e5f0abb04ap-1,
    0x1.8618618618618p-1, 0x1.83c977ab2beddp-1, 0x1.8181818181818p-1, 0x1.7f405fd017f40p-1,
    0x1.7d05f417d05f4p-1, 0x1.7ad2208e0ecc3p-1, 0x1.78a4c8178a4c8p-1, 0x1.767dce434a9b1p-1,
    0x1.745d1745d1746p-1, 0x1.724287f46debcp-1, 0x1.702e05c0b8170p-1, 0x1.6e1f76b4337c7p-1,
    0x1.6c16c16c16c17p-1, 0x1.6a13cd1537290p-1, 0x1.6816816816817p-1, 0x1.661ec6a5122f9p-1,
    0x1.642c8590b2164p-1, 0x1.623fa77016240p-1, 0x1.6058160581606p-1, 0x1.5e75bb8d015e7p-1,
    0x1.5c9882b931057p-1, 0x1.5ac056b015ac0p-1, 0x1.58ed2308158edp-1, 0x1.571ed3c506b3ap-1
};
ND_TABLE double nd_log_c[128] = {
    -0x1.269621134db91p-2, -0x1.214456d0eb8d5p-2, -0x1.1bf99635a6b95p-2, -0x1.16b5ccbacfb73p-2,
    -0x1.1178e8227e47ap-2, -0x1.0c42d676162e2p-2, -0x1.07138604d5864p-2, -0x1.01eae5626c691p-2,
    -0x1.f991c6cb3b37ap-3, -0x1.ef5ade4dcffe5p-3, -0x1.e530effe71013p-3, -0x1.db13db0d48941p-3,
    -0x1.d1037f2655e7bp-3, -0x1.c6ffbc6f00f71p-3, -0x1.bd087383bd8aap-3, -0x1.b31d8575bce3bp-3,
    -0x1.a93ed3c8ad9e5p-3, -0x1.9f6c407089663p-3, -0x1.95a5adcf70182p-3, -0x1.8beafeb38fe8fp-3,
    -0x1.823c16551a3c0p-3, -0x1.7898d85444c74p-3, -0x1.6f0128b756ab9p-3, -0x1.6574ebe8c1339p-3,
    -0x1.5bf406b543db0p-3, -0x1.527e5e4a1b58dp-3, -0x1.4913d8333b563p-3, -0x1.3fb45a59928cap-3,
    -0x1.365fcb0159014p-3, -0x1.2d1610c86813dp-3, -0x1.23d712a49c201p-3, -0x1.1aa2b7e23f729p-3,
    -0x1.1178e8227e47ap-3, -0x1.08598b59e3a07p-3, -0x1.fe89139dbd565p-4, -0x1.ec739830a1126p-4,
    -0x1.da7276384469ep-4, -0x1.c885801bc4b20p-4, -0x1.b6ac88dad5b1dp-4, -0x1.a4e7640b1bc38p-4,
    -0x1.9335e5d594988p-4, -0x1.8197e2f40e3f0p-4, -0x1.700d30aeac0e8p-4, -0x1.5e95a4d9791cdp-4,
    -0x1.4d3115d207eacp-4, -0x1.3bdf5a7d1ee5ep-4, -0x1.2aa04a44717a1p-4, -0x1.1973bd1465561p-4,
    -0x1.08598b59e3a06p-4, -0x1.eea31c006b87cp-5, -0x1.ccb73cdddb2d0p-5, -0x1.aaef2d0fb1108p-5,
    -0x1.894aa149fb34bp-5, -0x1.67c94f2d4bb65p-5, -0x1.466aed42de3f9p-5, -0x1.252f32f8d1840p-5,
    -0x1.0415d89e74440p-5, -0x1.c63d2ec14aad7p-6, -0x1.8492528c8cac5p-6, -0x1.432a925980cbcp-6,
    -0x1.0205658935837p-6, -0x1.82448a388a283p-7, -0x1.010157588de69p-7, -0x1.0080559588b25p-8,
    0x0.0p+0, 0x1.fe02a6b106799p-8, 0x1.fc0a8b0fc03c4p-7, 0x1.7b91b07d5b126p-6,
    0x1.f829b0e7832f8p-6, 0x1.39e87b9febd68p-5, 0x1.77458f632dcffp-5, 0x1.b42dd711971b9p-5,
    0x1.f0a30c01162a8p-5, 0x1.16536eea37ae3p-4, 0x1.341d7961bd1d0p-4, 0x1.51b073f06183cp-4,
    0x1.6f0d28ae56b4ep-4, 0x1.8c345d6319b23p-4, 0x1.a926d3a4ad562p-4, 0x1.c5e548f5bc743p-4,
    0x1.e27076e2af2eap-4, 0x1.fec9131dbeabcp-4, 0x1.0d77e7cd08e5bp-3, 0x1.1b72ad52f67a2p-3,
    0x1.29552f81ff521p-3, 0x1.371fc201e8f75p-3, 0x1.44d2b6ccb7d1cp-3, 0x1.526e5e3a1b438p-3,
    0x1.5ff3070a793d6p-3, 0x1.6d60fe719d21bp-3, 0x1.7ab890210d907p-3, 0x1.87fa06520c911p-3,
    0x1.9525a9cf456b6p-3, 0x1.a23bc1fe2b561p-3, 0x1.af3c94e80bff3p-3, 0x1.bc286742d8cd4p-3,
    0x1.c8ff7c79a9a20p-3, 0x1.d5c216b4fbb94p-3, 0x1.e27076e2af2e8p-3, 0x1.ef0adcbdc5935p-3,
    0x1.fb9186d5e3e29p-3, 0x1.0402594b4d041p-2, 0x1.0a324e27390e2p-2, 0x1.1058bf9ae4ad4p-2,
    0x1.1675cababa60fp-2, 0x1.1c898c16999fbp-2, 0x1.22941fbcf7966p-2, 0x1.2895a13de86a4p-2,
    0x1.2e8e2bae11d31p-2, 0x1.347dd9a987d56p-2, 0x1.3a64c556945eap-2, 0x1.404308686a7e4p-2,
    0x1.4618bc21c5ec2p-2, 0x1.4be5f957778a1p-2, 0x1.51aad872df82ep-2, 0x1.5767717455a6cp-2,
    0x1.5d1bdbf5809cap-2, 0x1.62c82f2b9c796p-2, 0x1.686c81e9b14adp-2, 0x1.6e08eaa2ba1e4p-2,
    0x1.739d7f6bbd007p-2, 0x1.792a55fdd47a1p-2, 0x1.7eaf83b82afc2p-2, 0x1.842d1da1e8b18p-2,
    0x1.89a3386c1425bp-2, 0x1.8f11e873662c8p-2, 0x1.947941c2116fbp-2, 0x1.99d958117e08ap-2
};
ND_TABLE double nd_sincos_cs[512] = {
    0x1.0000000000000p+0, 0x0.0p+0, 0x1.ffd886084cd0dp-1, 0x1.92155f7a3667ep-6,
    0x1.ff621e3796d7ep-1, 0x1.91f65f10dd814p-5, 0x1.fe9cdad01883ap-1, 0x1.2d52092ce19f6p-4,
    0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.fc26470e19fd3p-1, 0x1.f564e56a9730ep-4,
    0x1.fa7557f08a517p-1, 0x1.2c8106e8e613ap-3, 0x1.f8764fa714ba9p-1, 0x1.5e214448b3fc6p-3,
    0x1.f6297cff75cb0p-1, 0x1.8f8b83c69a60bp-3, 0x1.f38f3ac64e589p-1, 0x1.c0b826a7e4f63p-3,
    0x1.f0a7efb9230d7p-1, 0x1.f19f97b215f1bp-3, 0x1.ed740e7684963p-1, 0x1.111d262b1f677p-2,
    0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.e6288ec48e112p-1, 0x1.4135c94176601p-2,
    0x1.e212104f686e5p-1, 0x1.58f9a75ab1fddp-2, 0x1.ddb13b6ccc23cp-1, 0x1.7088530fa459fp-2,
    0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.d4134d14dc93ap-1, 0x1.9ef7943a8ed8ap-2,
    0x1.ced7af43cc773p-1, 0x1.b5d1009e15cc0p-2, 0x1.c954b213411f5p-1, 0x1.cc66e9931c45ep-2,
    0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, 0x1.bd7c0ac6f952ap-1, 0x1.f8ba4dbf89abap-2,
    0x1.b728345196e3ep-1, 0x1.073879922ffeep-1, 0x1.b090a58150200p-1, 0x1.11eb3541b4b23p-1,
    0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, 0x1.a29a7a0462782p-1, 0x1.26d054cdd12dfp-1,
    0x1.9b3e047f38741p-1, 0x1.30ff7fce17035p-1, 0x1.93a22499263fbp-1, 0x1.3affa292050b9p-1,
    0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, 0x1.83b0e0bff976ep-1, 0x1.4e6cabbe3e5e9p-1,
    0x1.7b5df226aafafp-1, 0x1.57d69348ceca0p-1, 0x1.72d0837efff96p-1, 0x1.610b7551d2cdfp-1,
    0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.610b7551d2cdfp-1, 0x1.72d0837efff96p-1,
    0x1.57d69348ceca0p-1, 0x1.7b5df226aafafp-1, 0x1.4e6cabbe3e5e9p-1, 0x1.83b0e0bff976ep-1,
    0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.3affa292050b9p-1, 0x1.93a22499263fbp-1,
    0x1.30ff7fce17035p-1, 0x1.9b3e047f38741p-1, 0x1.26d054cdd12dfp-1, 0x1.a29a7a0462782p-1,
    0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, 0x1.11eb3541b4b23p-1, 0x1.b090a58150200p-1,
    0x1.073879922ffeep-1, 0x1.b728345196e3ep-1, 0x1.f8ba4dbf89abap-2, 0x1.bd7c0ac6f952ap-1,
    0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.cc66e9931c45ep-2, 0x1.c954b213411f5p-1,
    0x1.b5d1009e15cc0p-2, 0x1.ced7af43cc773p-1, 0x1.9ef7943a8ed8ap-2, 0x1.d4134d14dc93ap-1,
    0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, 0x1.7088530fa459fp-2, 0x1.ddb13b6ccc23cp-1,
    0x1.58f9a75ab1fddp-2, 0x1.e212104f686e5p-1, 0x1.4135c94176601p-2, 0x1.e6288ec48e112p-1,
    0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, 0x1.111d262b1f677p-2, 0x1.ed740e7684963p-1,
    0x1.f19f97b215f1bp-3, 0x1.f0a7efb9230d7p-1, 0x1.c0b826a7e4f63p-3, 0x1.f38f3ac64e589p-1,
    0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cb0p-1, 0x1.5e214448b3fc6p-3, 0x1.f8764fa714ba9p-1,
    0x1.2c8106e8e613ap-3, 0x1.fa7557f08a517p-1, 0x1.f564e56a9730ep-4, 0x1.fc26470e19fd3p-1,
    0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.2d52092ce19f6p-4, 0x1.fe9cdad01883ap-1,
    0x1.91f65f10dd814p-5, 0x1.ff621e3796d7ep-1, 0x1.92155f7a3667ep-6, 0x1.ffd886084cd0dp-1,
    0x0.0p+0, 0x1.0000000000000p+0, -0x1.92155f7a3667ep-6, 0x1.ffd886084cd0dp-1,
    -0x1.91f65f10dd814p-5, 0x1.ff621e3796d7ep-1, -0x1.2d52092ce19f6p-4, 0x1.fe9cdad01883ap-1,
    -0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, -0x1.f564e56a9730ep-4, 0x1.fc26470e19fd3p-1,
    -0x1.2c8106e8e613ap-3, 0x1.fa7557f08a517p-1, -0x1.5e214448b3fc6p-3, 0x1.f8764fa714ba9p-1,
    -0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cb0p-1, -0x1.c0b826a7e4f63p-3, 0x1.f38f3ac64e589p-1,
    -0x1.f19f97b215f1bp-3, 0x1.f0a7efb9230d7p-1, -0x1.111d262b1f677p-2, 0x1.ed740e7684963p-1,
    -0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, -0x1.4135c94176601p-2, 0x1.e6288ec48e112p-1,
    -0x1.58f9a75ab1fddp-2, 0x1.e212104f686e5p-1, -0x1.7088530fa459fp-2, 0x1.ddb13b6ccc23cp-1,
    -0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, -0x1.9ef7943a8ed8ap-2, 0x1.d4134d14dc93ap-1,
    -0x1.b5d1009e15cc0p-2, 0x1.ced7af43cc773p-1, -0x1.cc66e9931c45ep-2, 0x1.c954b213411f5p-1,
    -0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, -0x1.f8ba4dbf89abap-2, 0x1.bd7c0ac6f952ap-1,
    -0x1.073879922ffeep-1, 0x1.b728345196e3ep-1, -0x1.11eb3541b4b23p-1, 0x1.b090a58150200p-1,
    -0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, -0x1.26d054cdd12dfp-1, 0x1.a29a7a0462782p-1,
    -0x1.30ff7fce17035p-1, 0x1.9b3e047f38741p-1, -0x1.3affa292050b9p-1, 0x1.93a22499263fbp-1,
    -0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, -0x1.4e6cabbe3e5e9p-1, 0x1.83b0e0bff976ep-1,
    -0x1.57d69348ceca0p-1, 0x1.7b5df226aafafp-1, -0x1.610b7551d2cdfp-1, 0x1.72d0837efff96p-1,
    -0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, -0x1.72d0837efff96p-1, 0x1.610b7551d2cdfp-1,
    -0x1.7b5df226aafafp-1, 0x1.57d69348ceca0p-1, -0x1.83b0e0bff976ep-1, 0x1.4e6cabbe3e5e9p-1,
    -0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, -0x1.93a22499263fbp-1, 0x1.3affa292050b9p-1,
    -0x1.9b3e047f38741p-1, 0x1.30ff7fce17035p-1, -0x1.a29a7a0462782p-1, 0x1.26d054cdd12dfp-1,
    -0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, -0x1.b090a58150200p-1, 0x1.11eb3541b4b23p-1,
    -0x1.b728345196e3ep-1, 0x1.073879922ffeep-1, -0x1.bd7c0ac6f952ap-1, 0x1.f8ba4dbf89abap-2,
    -0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, -0x1.c954b213411f5p-1, 0x1.cc66e9931c45ep-2,
    -0x1.ced7af43cc773p-1, 0x1.b5d1009e15cc0p-2, -0x1.d4134d14dc93ap-1, 0x1.9ef7943a8ed8ap-2,
    -0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, -0x1.ddb13b6ccc23cp-1, 0x1.7088530fa459fp-2,
    -0x1.e212104f686e5p-1, 0x1.58f9a75ab1fddp-2, -0x1.e6288ec48e112p-1, 0x1.4135c94176601p-2,
    -0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, -0x1.ed740e7684963p-1, 0x1.111d262b1f677p-2,
    -0x1.f0a7efb9230d7p-1, 0x1.f19f97b215f1bp-3, -0x1.f38f3ac64e589p-1, 0x1.c0b826a7e4f63p-3,
    -0x1.f6297cff75cb0p-1, 0x1.8f8b83c69a60bp-3, -0x1.f8764fa714ba9p-1, 0x1.5e214448b3fc6p-3,
    -0x1.fa7557f08a517p-1, 0x1.2c8106e8e613ap-3, -0x1.fc26470e19fd3p-1, 0x1.f564e56a9730ep-4,
    -0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, -0x1.fe9cdad01883ap-1, 0x1.2d52092ce19f6p-4,
    -0x1.ff621e3796d7ep-1, 0x1.91f65f10dd814p-5, -0x1.ffd886084cd0dp-1, 0x1.92155f7a3667ep-6,
    -0x1.0000000000000p+0, 0x0.0p+0, -0x1.ffd886084cd0dp-1, -0x1.92155f7a3667ep-6,
    -0x1.ff621e3796d7ep-1, -0x1.91f65f10dd814p-5, -0x1.fe9cdad01883ap-1, -0x1.2d52092ce19f6p-4,
    -0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.fc26470e19fd3p-1, -0x1.f564e56a9730ep-4,
    -0x1.fa7557f08a517p-1, -0x1.2c8106e8e613ap-3, -0x1.f8764fa714ba9p-1, -0x1.5e214448b3fc6p-3,
    -0x1.f6297cff75cb0p-1, -0x1.8f8b83c69a60bp-3, -0x1.f38f3ac64e589p-1, -0x1.c0b826a7e4f63p-3,
    -0x1.f0a7efb9230d7p-1, -0x1.f19f97b215f1bp-3, -0x1.ed740e7684963p-1, -0x1.111d262b1f677p-2,
    -0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.e6288ec48e112p-1, -0x1.4135c94176601p-2,
    -0x1.e212104f686e5p-1, -0x1.58f9a75ab1fddp-2, -0x1.ddb13b6ccc23cp-1, -0x1.7088530fa459fp-2,
    -0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.d4134d14dc93ap-1, -0x1.9ef7943a8ed8ap-2,
    -0x1.ced7af43cc773p-1, -0x1.b5d1009e15cc0p-2, -0x1.c954b213411f5p-1, -0x1.cc66e9931c45ep-2,
    -0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, -0x1.bd7c0ac6f952ap-1, -0x1.f8ba4dbf89abap-2,
    -0x1.b728345196e3ep-1, -0x1.073879922ffeep-1, -0x1.b090a58150200p-1, -0x1.11eb3541b4b23p-1,
    -0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, -0x1.a29a7a0462782p-1, -0x1.26d054cdd12dfp-1,
    -0x1.9b3e047f38741p-1, -0x1.30ff7fce17035p-1, -0x1.93a22499263fbp-1, -0x1.3affa292050b9p-1,
    -0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, -0x1.83b0e0bff976ep-1, -0x1.4e6cabbe3e5e9p-1,
    -0x1.7b5df226aafafp-1, -0x1.57d69348ceca0p-1, -0x1.72d0837efff96p-1, -0x1.610b7551d2cdfp-1,
    -0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.610b7551d2cdfp-1, -0x1.72d0837efff96p-1,
    -0x1.57d69348ceca0p-1, -0x1.7b5df226aafafp-1, -0x1.4e6cabbe3e5e9p-1, -0x1.83b0e0bff976ep-1,
    -0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.3affa292050b9p-1, -0x1.93a22499263fbp-1,
    -0x1.30ff7fce17035p-1, -0x1.9b3e047f38741p-1, -0x1.26d054cdd12dfp-1, -0x1.a29a7a0462782p-1,
    -0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, -0x1.11eb3541b4b23p-1, -0x1.b090a58150200p-1,
    -0x1.073879922ffeep-1, -0x1.b728345196e3ep-1, -0x1.f8ba4dbf89abap-2, -0x1.bd7c0ac6f952ap-1,
    -0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.cc66e9931c45ep-2, -0x1.c954b213411f5p-1,
    -0x1.b5d1009e15cc0p-2, -0x1.ced7af43cc773p-1, -0x1.9ef7943a8ed8ap-2, -0x1.d4134d14dc93ap-1,
    -0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, -0x1.7088530fa459fp-2, -0x1.ddb13b6ccc23cp-1,
    -0x1.58f9a75ab1fddp-2, -0x1.e212104f686e5p-1, -0x1.4135c94176601p-2, -0x1.e6288ec48e112p-1,
    -0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, -0x1.111d262b1f677p-2, -0x1.ed740e7684963p-1,
    -0x1.f19f97b215f1bp-3, -0x1.f0a7efb9230d7p-1, -0x1.c0b826a7e4f63p-3, -0x1.f38f3ac64e589p-1,
    -0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cb0p-1, -0x1.5e214448b3fc6p-3, -0x1.f8764fa714ba9p-1,
    -0x1.2c8106e8e613ap-3, -0x1.fa7557f08a517p-1, -0x1.f564e56a9730ep-4, -0x1.fc26470e19fd3p-1,
    -0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.2d52092ce19f6p-4, -0x1.fe9cdad01883ap-1,
    -0x1.91f65f10dd814p-5, -0x1.ff621e3796d7ep-1, -0x1.92155f7a3667ep-6, -0x1.ffd886084cd0dp-1,
    0x0.0p+0, -0x1.0000000000000p+0, 0x1.92155f7a3667ep-6, -0x1.ffd886084cd0dp-1,
    0x1.91f65f10dd814p-5, -0x1.ff621e3796d7ep-1, 0x1.2d52092ce19f6p-4, -0x1.fe9cdad01883ap-1,
    0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, 0x1.f564e56a9730ep-4, -0x1.fc26470e19fd3p-1,
    0x1.2c8106e8e613ap-3, -0x1.fa7557f08a517p-1, 0x1.5e214448b3fc6p-3, -0x1.f8764fa714ba9p-1,
    0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cb0p-1, 0x1.c0b826a7e4f63p-3, -0x1.f38f3ac64e589p-1,
    0x1.f19f97b215f1bp-3, -0x1.f0a7efb9230d7p-1, 0x1.111d262b1f677p-2, -0x1.ed740e7684963p-1,
    0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, 0x1.4135c94176601p-2, -0x1.e6288ec48e112p-1,
    0x1.58f9a75ab1fddp-2, -0x1.e212104f686e5p-1, 0x1.7088530fa459fp-2, -0x1.ddb13b6ccc23cp-1,
    0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, 0x1.9ef7943a8ed8ap-2, -0x1.d4134d14dc93ap-1,
    0x1.b5d1009e15cc0p-2, -0x1.ced7af43cc773p-1, 0x1.cc66e9931c45ep-2, -0x1.c954b213411f5p-1,
    0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, 0x1.f8ba4dbf89abap-2, -0x1.bd7c0ac6f952ap-1,
    0x1.073879922ffeep-1, -0x1.b728345196e3ep-1, 0x1.11eb3541b4b23p-1, -0x1.b090a58150200p-1,
    0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, 0x1.26d054cdd12dfp-1, -0x1.a29a7a0462782p-1,
    0x1.30ff7fce17035p-1, -0x1.9b3e047f38741p-1, 0x1.3affa292050b9p-1, -0x1.93a22499263fbp-1,
    0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, 0x1.4e6cabbe3e5e9p-1, -0x1.83b0e0bff976ep-1,
    0x1.57d69348ceca0p-1, -0x1.7b5df226aafafp-1, 0x1.610b7551d2cdfp-1, -0x1.72d0837efff96p-1,
    0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, 0x1.72d0837efff96p-1, -0x1.610b7551d2cdfp-1,
    0x1.7b5df226aafafp-1, -0x1.57d69348ceca0p-1, 0x1.83b0e0bff976ep-1, -0x1.4e6cabbe3e5e9p-1,
    0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, 0x1.93a22499263fbp-1, -0x1.3affa292050b9p-1,
    0x1.9b3e047f38741p-1, -0x1.30ff7fce17035p-1, 0x1.a29a7a0462782p-1, -0x1.26d054cdd12dfp-1,
    0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, 0x1.b090a58150200p-1, -0x1.11eb3541b4b23p-1,
    0x1.b728345196e3ep-1, -0x1.073879922ffeep-1, 0x1.bd7c0ac6f952ap-1, -0x1.f8ba4dbf89abap-2,
    0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, 0x1.c954b213411f5p-1, -0x1.cc66e9931c45ep-2,
    0x1.ced7af43cc773p-1, -0x1.b5d1009e15cc0p-2, 0x1.d4134d14dc93ap-1, -0x1.9ef7943a8ed8ap-2,
    0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, 0x1.ddb13b6ccc23cp-1, -0x1.7088530fa459fp-2,
    0x1.e212104f686e5p-1, -0x1.58f9a75ab1fddp-2, 0x1.e6288ec48e112p-1, -0x1.4135c94176601p-2,
    0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, 0x1.ed740e7684963p-1, -0x1.111d262b1f677p-2,
    0x1.f0a7efb9230d7p-1, -0x1.f19f97b215f1bp-3, 0x1.f38f3ac64e589p-1, -0x1.c0b826a7e4f63p-3,
    0x1.f6297cff75cb0p-1, -0x1.8f8b83c69a60bp-3, 0x1.f8764fa714ba9p-1, -0x1.5e214448b3fc6p-3,
    0x1.fa7557f08a517p-1, -0x1.2c8106e8e613ap-3, 0x1.fc26470e19fd3p-1, -0x1.f564e56a9730ep-4,
    0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, 0x1.fe9cdad01883ap-1, -0x1.2d52092ce19f6p-4,
    0x1.ff621e3796d7ep-1, -0x1.91f65f10dd814p-5, 0x1.ffd886084cd0dp-1, -0x1.92155f7a3667ep-6
};

// log x: for a positive normal x, x = 2^k z with z in [OFF, 2 OFF), and log x = k log 2 + logc +
// log1p(r) with r = z invc - 1 from z's cell, |r| < 2^-8, log1p to r^7; the device's log otherwise
// (zero, subnormal, negative, inf, NaN), which the draws' arguments never are
ND_DEVICE_FN double nd_log(double x) {
    ulong ix = (ulong)ND_AS_LONG(x);
    if (ix - 0x0010000000000000UL >= 0x7fe0000000000000UL) return log(x);
    ulong tmp = ix - ND_LOG_OFF;
    int i = (int)((tmp >> 45) & 127);
    long k = (long)tmp >> 52;
    double z = ND_AS_DOUBLE((long)(ix - (tmp & (0xfffUL << 52))));
    double r = fma(z, ND_TABLE_READ(&nd_log_invc[i]), -1.0), kd = (double)k;
    double w = fma(kd, 0x1.62e42fefa3800p-1, ND_TABLE_READ(&nd_log_c[i]));  // log 2's high part: k log2hi exact
    double hi = w + r, lo = (w - hi) + r;
    double p = fma(r, 1.0 / 7, -1.0 / 6);
    p = fma(r, p, 0.2);
    p = fma(r, p, -0.25);
    p = fma(r, p, 1.0 / 3);
    p = fma(r, p, -0.5);
    return hi + fma(r * r, p, fma(kd, 0x1.ef35793c76730p-45, lo));
}

// sin and cos of 2 pi k / 2^bits for k < 2^bits, bits from 9 to 60: the nearest of 256 table angles
// and the offset d from it, |d| <= pi / 256, by Taylor polynomials to d^7 and d^8
ND_DEVICE_FN void nd_sincos_turns(ulong k, int bits, double* s, double* c) {
    ulong hw = 1UL << (bits - 9), kc = k + hw;  // half a cell
    int j = (int)((kc >> (bits - 8)) & 255);
    double d = (double)((long)(kc & (2 * hw - 1)) - (long)hw) * (6.283185307179586 / (double)(1UL << bits));
    double d2 = d * d;
    double sd = fma(d * d2, fma(d2, fma(d2, -1.0 / 5040, 1.0 / 120), -1.0 / 6), d);
    double cm1 = d2 * fma(d2, fma(d2, fma(d2, 1.0 / 40320, -1.0 / 720), 1.0 / 24), -0.5);
    double ct = ND_TABLE_READ(&nd_sincos_cs[2 * j]), st = ND_TABLE_READ(&nd_sincos_cs[2 * j + 1]);
    *c = ct + fma(ct, cm1, -(st * sd));
    *s = st + fma(st, cm1, ct * sd);
}

#ifdef ND_CUDA
#define nd_draw_log(x) nd_log(x)
#define nd_draw_sincos(k, bits, s, c) nd_sincos_turns((k), (bits), (s), (c))
ND_DEVICE_FN double nd_draw_cos(ulong k, int bits) {
    double s, c;
    nd_sincos_turns(k, bits, &s, &c);
    return c;
}
#else
#define nd_draw_log(x) log(x)
// sin and cos of 2 pi k / 2^bits by sinpi and cospi of an exact argument (k below 2^53)
#define nd_draw_sincos(k, bits, s, c) \
    (*(s) = sinpi((double)(k) * (2.0 / (double)(1UL << (bits)))), *(c) = cospi((double)(k) * (2.0 / (double)(1UL << (bits)))))
#define nd_draw_cos(k, bits) cospi((double)(k) * (2.0 / (double)(1UL << (bits))))
#endif

// uniform in [0, range) exactly; range 0 stands for 2^64. Lemire's multiply-shift with rejection
// (no modulo bias) up to 2^32, masked rejection above
ND_DEVICE_FN ulong nd_bounded(nd_rng* r, ulong range) {
    if (range == 0) return nd_next64(r);
    if (range == 0x100000000UL) return nd_next32(r);
    if (range < 0x100000000UL) {
        uint s = (uint)range;
        ulong m = (ulong)nd_next32(r) * s;
        uint l = (uint)m;
        if (l < s) {
            uint t = (0u - s) % s;
            while (l < t) { m = (ulong)nd_next32(r) * s; l = (uint)m; }
        }
        return m >> 32;
    }
    ulong mask = range - 1;
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
    ulong x;
    do { x = nd_next64(r) & mask; } while (x >= range);
    return x;
}

ND_DEVICE_FN double nd_std_exp(nd_rng* r) { return -nd_draw_log(1.0 - nd_next_double(r)); }

#ifdef ND_CUDA
#define nd_make_float4(a, b, c, d) make_float4((a), (b), (c), (d))
#define nd_make_double2(a, b) make_double2((a), (b))
#else
#define nd_make_float4(a, b, c, d) ((float4)((a), (b), (c), (d)))
#define nd_make_double2(a, b) ((double2)((a), (b)))
#endif

// Box-Muller by pairs: the cosine now, the sine kept for the stream's next normal (as curand's and
// NumPy's legacy gauss do), so gamma's rejection loop, standard_t, beta and the noncentral laws take
// two words a normal instead of four; the angle 2 pi u from u's 53 bits exactly (nd_sincos_turns)
ND_DEVICE_FN double nd_std_normal(nd_rng* r) {
    if (r->has_spare) {
        r->has_spare = 0;
        return r->spare;
    }
    double u1 = 1.0 - nd_next_double(r);
    ulong k2 = nd_next53(r);
    double rad = sqrt(-2.0 * nd_draw_log(u1)), s, c;
    nd_draw_sincos(k2, 53, &s, &c);
    r->spare = rad * s;
    r->has_spare = 1;
    return rad * c;
}

// NumPy's random_standard_gamma: Marsaglia and Tsang for k > 1, a rejection from the exponential below
ND_DEVICE_FN double nd_std_gamma(nd_rng* r, double k) {
    if (k == 1.0) return nd_std_exp(r);
    if (k == 0.0) return 0.0;
    if (k < 1.0) {
        for (;;) {
            double u = nd_next_double(r), v = nd_std_exp(r);
            if (u <= 1.0 - k) {
                double x = pow(u, 1.0 / k);
                if (x <= v) return x;
            } else {
                double y = -log((1.0 - u) / k);
                double x = pow(1.0 - k + k * y, 1.0 / k);
                if (x <= v + y) return x;
            }
        }
    }
    double b = k - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * b);
    for (;;) {
        double x, v;
        do { x = nd_std_normal(r); v = 1.0 + c * x; } while (v <= 0.0);
        v = v * v * v;
        double u = nd_next_double(r);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
        if (log(u) < 0.5 * x * x + b * (1.0 - v + log(v))) return b * v;
    }
}

// NumPy's random_beta: Johnk's algorithm when both parameters are at most 1, else a ratio of gammas
ND_DEVICE_FN double nd_beta(nd_rng* r, double a, double b) {
    if (a <= 1.0 && b <= 1.0) {
        for (;;) {
            double u = nd_next_double(r), v = nd_next_double(r);
            double x = pow(u, 1.0 / a), y = pow(v, 1.0 / b), xy = x + y;
            if (xy <= 1.0 && u + v > 0.0) {
                if (xy > 0) return x / xy;
                double lx = log(u) / a, ly = log(v) / b, lm = lx > ly ? lx : ly;
                lx -= lm; ly -= lm;
                return exp(lx - log(exp(lx) + exp(ly)));
            }
        }
    }
    double ga = nd_std_gamma(r, a), gb = nd_std_gamma(r, b);
    return ga / (ga + gb);
}

// Poisson: inversion below 10, Hormann's PTRS above (NumPy's random_poisson, whose multiplication of uniforms below
// 10 takes lam + 1 uniforms a value where the search from 0 takes one and about lam + 1 multiply-divides). A
// uniform past lam + 10 sqrt(lam) + 10 (the rounded sum may stop short of 1) is drawn again, as in NumPy's binomial
// inversion: the values cut off have probability below 1e-17.
ND_DEVICE_FN long nd_poisson(nd_rng* r, double lam) {
    if (lam == 0) return 0;
    if (lam < 10) {
        double enlam = exp(-lam), bound = lam + 10 * sqrt(lam) + 10;
        double u = nd_next_double(r), px = enlam, cdf = enlam;
        long x = 0;
        while (u >= cdf) {
            x++;
            if ((double)x > bound) { x = 0; px = enlam; cdf = enlam; u = nd_next_double(r); }
            else { px *= lam / (double)x; cdf += px; }
        }
        return x;
    }
    double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2), linvalpha = log(invalpha);
    for (;;) {
        double u = nd_next_double(r) - 0.5, v = nd_next_double(r), us = 0.5 - fabs(u);
        long k = (long)floor((2 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr) return k;
        if (k < 0 || (us < 0.013 && v > us)) continue;
        if (log(v) + linvalpha - log(a / (us * us) + b) <= -lam + (double)k * loglam - lgamma((double)k + 1)) return k;
    }
}

// log(k!) - Stirling's approximation of it, for BTRS: a table to 9, the series above
ND_DEVICE_FN double nd_stirling_tail(double k) {
    if (k <= 9) {
        int i = (int)k;
        return i == 0 ? 0.0810614667953272 : i == 1 ? 0.0413406959554092 : i == 2 ? 0.0276779256849983
             : i == 3 ? 0.02079067210376509 : i == 4 ? 0.0166446911898211 : i == 5 ? 0.0138761288230707
             : i == 6 ? 0.0118967099458917 : i == 7 ? 0.0104112652619720 : i == 8 ? 0.00925546218271273 : 0.00833056343336287;
    }
    double kp1sq = (k + 1) * (k + 1);
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

// binomial with p <= 0.5: inversion (NumPy's random_binomial_inversion) while n p <= 30, as NumPy's and CuPy's,
// else Hormann's BTRS transformed rejection (NumPy's BTPE's role)
ND_DEVICE_FN long nd_binomial_low(nd_rng* r, long n, double p) {
    if (n == 0 || p == 0) return 0;
    double dn = (double)n;
    if (dn * p <= 30) {
        double q = 1 - p, qn = exp(dn * log1p(-p)), np = dn * p;
        double bound = fmin(dn, np + 10 * sqrt(np * q + 1));
        long x = 0;
        double px = qn, u = nd_next_double(r);
        while (u > px) {
            x++;
            if ((double)x > bound) { x = 0; px = qn; u = nd_next_double(r); }
            else { u -= px; px = ((dn - (double)x + 1) * p * px) / ((double)x * q); }
        }
        return x;
    }
    double sd = sqrt(dn * p * (1 - p)), b = 1.15 + 2.53 * sd, a = -0.0873 + 0.0248 * b + 0.01 * p, c = dn * p + 0.5;
    double vr = 0.92 - 4.2 / b, rr = p / (1 - p), alpha = (2.83 + 5.1 / b) * sd, m = floor((dn + 1) * p);
    // the bound's terms in m alone, computed once: a warp runs the slow test at nearly every attempt (some lane
    // needs it)
    double lm = log((m + 1) / (rr * (dn - m + 1))), sm = nd_stirling_tail(m), snm = nd_stirling_tail(dn - m);
    for (;;) {
        double u = nd_next_double(r) - 0.5, v = nd_next_double(r), us = 0.5 - fabs(u);
        double k = floor((2 * a / us + b) * u + c);
        if (us >= 0.07 && v <= vr) return (long)k;
        if (k < 0 || k > dn) continue;
        v = log(v * alpha / (a / (us * us) + b));
        // Hormann's bound, (m + 1/2) lm + (n + 1) log((n - m + 1) / (n - k + 1)) + (k + 1/2) log(rr (n - k + 1) / (k + 1))
        // + the tails, written in k - m (exact): each log of a ratio near 1 as a log1p, so that no log's rounding
        // is multiplied by n (past n ~ 1e16 that error outgrew the bound and skewed the draws)
        double d = m - k;
        double ub = d * lm + (k + 0.5) * (log1p(d / (dn - m + 1)) + log1p(d / (k + 1))) + (dn + 1) * log1p(-d / (dn - k + 1))
                + sm + snm - nd_stirling_tail(k) - nd_stirling_tail(dn - k);
        if (v <= ub) return (long)k;
    }
}

ND_DEVICE_FN long nd_binomial(nd_rng* r, long n, double p) {
    return p <= 0.5 ? nd_binomial_low(r, n, p) : n - nd_binomial_low(r, n, 1 - p);
}

// ---- NumPy's other Generator samplers (distributions.c), per element, in double

ND_DEVICE_FN double nd_chisq(nd_rng* r, double df) { return 2.0 * nd_std_gamma(r, df / 2.0); }

ND_DEVICE_FN double nd_std_t(nd_rng* r, double df) {
    double num = nd_std_normal(r), denom = nd_std_gamma(r, df / 2);
    return sqrt(df / 2) * num / sqrt(denom);
}

ND_DEVICE_FN double nd_logistic(nd_rng* r, double loc, double scale) {
    double u = nd_next_double(r);
    while (u <= 0.0) u = nd_next_double(r);
    return loc + scale * log(u / (1.0 - u));
}

ND_DEVICE_FN double nd_gumbel(nd_rng* r, double loc, double scale) {
    for (;;) {
        double u = 1.0 - nd_next_double(r);
        if (u < 1.0) return loc - scale * log(-log(u));
    }
}

ND_DEVICE_FN double nd_wald(nd_rng* r, double mean, double scale) {
    double mu_2l = mean / (2 * scale), y = nd_std_normal(r);
    y = mean * y * y;
    double x = mean + mu_2l * (y - sqrt(4 * scale * y + y * y));
    double u = nd_next_double(r);
    return u <= mean / (mean + x) ? x : mean * mean / x;
}

ND_DEVICE_FN double nd_vonmises(nd_rng* r, double mu, double kappa) {
    const double pi = 3.141592653589793;
    if (isnan(kappa)) return kappa;
    if (kappa < 1e-8) return pi * (2 * nd_next_double(r) - 1);
    double s;
    if (kappa < 1e-5) {
        s = 1.0 / kappa + kappa;
    } else if (kappa <= 1e6) {
        double rr = 1 + sqrt(1 + 4 * kappa * kappa), rho = (rr - sqrt(2 * rr)) / (2 * kappa);
        s = (1 + rho * rho) / (2 * rho);
    } else {
        double res = mu + sqrt(1.0 / kappa) * nd_std_normal(r);
        if (res < -pi) res += 2 * pi;
        if (res > pi) res -= 2 * pi;
        return res;
    }
    // NumPy's sign from a fresh uniform (u < 0.5) is here a bit the accepted angle's uniform leaves
    // unused (the low five of its first word, which nd_next53 drops): independent of the values the
    // loop accepted, so the same law, without a Philox block more for one bit
    double w;
    uint sign;
    for (;;) {
        uint ua = nd_next32(r), ub = nd_next32(r);
        double z = nd_draw_cos(nd_f64_bits53(ua, ub), 54);  // cos(pi u), u = k / 2^53
        w = (1 + s * z) / (s + z);
        double y = kappa * (s - w), v = nd_next_double(r);
        sign = ua & 1u;
        if (y * (2 - y) - v >= 0 || nd_draw_log(y / v) + 1 - y >= 0) break;
    }
    double res = acos(w);
    if (sign == 0) res = -res;
    res += mu;
    // fmod(t, 2 pi) is t itself below 2 pi, the common case when mu is in [-pi, pi]: GPUs compute fmod by a loop
    int neg = res < 0;
    double t = fabs(res) + pi, mod = (t < 2 * pi ? t : fmod(t, 2 * pi)) - pi;
    return neg ? -mod : mod;
}

ND_DEVICE_FN double nd_triangular(nd_rng* r, double left, double mode, double right) {
    double base = right - left, leftbase = mode - left, ratio = leftbase / base;
    double leftprod = leftbase * base, rightprod = (right - mode) * base, u = nd_next_double(r);
    return u <= ratio ? left + sqrt(u * leftprod) : right - sqrt((1.0 - u) * rightprod);
}

ND_DEVICE_FN double nd_noncentral_chisq(nd_rng* r, double df, double nonc) {
    if (isnan(nonc)) return nonc;
    if (nonc == 0) return nd_chisq(r, df);
    if (1 < df) {
        double chi2 = nd_chisq(r, df - 1), n = nd_std_normal(r) + sqrt(nonc);
        return chi2 + n * n;
    }
    long i = nd_poisson(r, nonc / 2.0);
    return nd_chisq(r, df + 2 * (double)i);
}

ND_DEVICE_FN double nd_noncentral_f(nd_rng* r, double dfnum, double dfden, double nonc) {
    double t = nd_noncentral_chisq(r, dfnum, nonc) * dfden;
    return t / (nd_chisq(r, dfden) * dfnum);
}

ND_DEVICE_FN double nd_f(nd_rng* r, double dfnum, double dfden) {
    return (nd_chisq(r, dfnum) * dfden) / (nd_chisq(r, dfden) * dfnum);
}

// ---- the per-block distributions (the second kernel shape above)

// [0, 1) with 24 random bits
ND_DEVICE_FN float nd_f32_u01(uint x) { return (float)(x >> 8) * 5.9604644775390625e-8f; }

// (0, 1] from all 32 bits, for a logarithm: the smallest value, 2^-33, keeps the far tails (a
// 24-bit uniform would end the normal at 5.8 sigma); the rounding of large x only nudges values near 1
ND_DEVICE_FN float nd_f32_upos(uint x) { return ((float)x + 0.5f) * 2.3283064365386963e-10f; }

// [0, 1) with 53 random bits: 27 of a, 26 of b
ND_DEVICE_FN double nd_f64_u01(uint a, uint b) { return (double)nd_f64_bits53(a, b) * 1.1102230246251565e-16; }

// Exponential(1); 0 - log rather than -log, so u = 1 gives +0, never -0
ND_DEVICE_FN float nd_f32_exp(uint x) { return 0.0f - log(nd_f32_upos(x)); }
ND_DEVICE_FN double nd_f64_exp(uint a, uint b) { return 0.0 - nd_draw_log(1.0 - nd_f64_u01(a, b)); }


// Box-Muller, both normals of a pair: radius from a, angle from b, uniform in [-pi, pi), where the
// hardware's cosine and sine (cuRAND's __sincosf; OpenCL's native_) err by at most 2^-21.4: a few
// float32 ulps of the normal, far below what the law can show, for a third of the pair's arithmetic
// (the angle of 2 pi u shifted by pi flips both signs, which leaves the law as it is)
ND_DEVICE_FN void nd_f32_normal2(uint a, uint b, float* z0, float* z1) {
    float r = sqrt(-2.0f * log(nd_f32_upos(a)));
    float t = ((float)(b >> 8) * 1.1920928955078125e-7f - 1.0f) * M_PI_F;
    *z0 = r * native_cos(t);
    *z1 = r * native_sin(t);
}

ND_DEVICE_FN void nd_f64_normal2(uint a0, uint a1, uint b0, uint b1, double* z0, double* z1) {
    double r = sqrt(-2.0 * nd_draw_log(1.0 - nd_f64_u01(a0, a1)));
    double s, c;
    nd_draw_sincos(nd_f64_bits53(b0, b1), 53, &s, &c);
    *z0 = r * c;
    *z1 = r * s;
}

// Laplace as loc +- scale * Exponential(1), the sign from a bit the exponential does not use: the
// same law as NumPy's inverse CDF, without its redraw of u = 0 (a loop would need more words)
ND_DEVICE_FN float nd_f32_laplace(uint x, float loc, float scale) {
    float e = 0.0f - log(((float)(x >> 1) + 0.5f) * 4.656612873077393e-10f);
    return (x & 1u) ? loc + scale * e : loc - scale * e;
}

ND_DEVICE_FN double nd_f64_laplace(uint a, uint b, double loc, double scale) {
    double e = nd_f64_exp(a, b);
    return (b & 1u) ? loc + scale * e : loc - scale * e;
}

// elements 4b..4b+3 (float32) or 2b, 2b+1 (float64) of y: one 16-byte store where all exist and y
// is 16-byte aligned, else one at a time up to n
ND_DEVICE_FN void nd_store4f(ND_GLOBAL float* y, ulong b, ulong n, int wide, float v0, float v1, float v2, float v3) {
    ulong e = b * 4;
    if (wide && e + 4 <= n) {
        ((ND_GLOBAL float4*)y)[b] = nd_make_float4(v0, v1, v2, v3);
        return;
    }
    y[e] = v0;
    if (e + 1 < n) y[e + 1] = v1;
    if (e + 2 < n) y[e + 2] = v2;
    if (e + 3 < n) y[e + 3] = v3;
}

ND_DEVICE_FN void nd_store2d(ND_GLOBAL double* y, ulong b, ulong n, int wide, double v0, double v1) {
    ulong e = b * 2;
    if (wide && e + 2 <= n) {
        ((ND_GLOBAL double2*)y)[b] = nd_make_double2(v0, v1);
        return;
    }
    y[e] = v0;
    if (e + 1 < n) y[e + 1] = v1;
}

// ---- NumPy's discrete samplers (distributions.c), per element

ND_DEVICE_FN long nd_geometric(nd_rng* r, double p) {
    if (p >= 0.333333333333333333333333) {
        long x = 1;
        double sum = p, prod = p, q = 1.0 - p, u = nd_next_double(r);
        while (u > sum) { prod *= q; sum += prod; x++; }
        return x;
    }
    // log1p(-p) of a subnormal p is -p; a device's log1p may flush it to 0, which gave -inf and a negative count
    double l = log1p(-p);
    double z = ceil(-nd_std_exp(r) / (l == 0 ? -p : l));
    return z >= 9.223372036854776e18 ? 0x7FFFFFFFFFFFFFFFL : (long)z;
}

ND_DEVICE_FN long nd_negative_binomial(nd_rng* r, double n, double p) {
    double y = nd_std_gamma(r, n) * ((1 - p) / p);
    return nd_poisson(r, y);
}

ND_DEVICE_FN long nd_logseries(nd_rng* r, double p) {
    double lr = log1p(-p);
    for (;;) {
        double v = nd_next_double(r);
        if (v >= p) return 1;
        double u = nd_next_double(r), q = -expm1(lr * u);
        if (v <= q * q) {
            double res = floor(1 + log(v) / log(q));
            if (res < 1 || v == 0.0) continue;
            return (long)res;
        }
        return v >= q ? 1 : 2;
    }
}

// NumPy's random_zipf, its pow(2, s), pow(2^63, -s), pow(u, -1 / s) and pow(1 + 1 / x, s) written as exp2, exp and
// log (a GPU's pow is several times their cost, as it carries extra precision through its logarithm)
ND_DEVICE_FN long nd_zipf(nd_rng* r, double a) {
    if (a >= 1025) return 1;
    double am1 = a - 1.0, b = exp2(am1), umin = exp2(-63.0 * am1), inv = -1.0 / am1;
    for (;;) {
        double u01 = nd_next_double(r), u = u01 * umin + (1 - u01), v = nd_next_double(r);
        double x = floor(exp(inv * log(u)));
        if (x > 9.223372036854775807e18 || x < 1.0) continue;
        double t = exp(am1 * log1p(1.0 / x));
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (long)x;
    }
}

// NumPy's hypergeometric_sample: draws one by one from the smaller side of the sample
ND_DEVICE_FN long nd_hypergeometric_sample(nd_rng* r, long good, long bad, long sample) {
    long total = good + bad, computed = sample > total / 2 ? total - sample : sample;
    long rtotal = total, rgood = good;
    while (computed > 0 && rgood > 0 && rtotal > rgood) {
        --rtotal;
        if ((long)nd_bounded(r, (ulong)rtotal + 1) < rgood) --rgood;
        --computed;
    }
    if (rtotal == rgood) rgood -= computed;
    return sample > total / 2 ? rgood : good - rgood;
}

ND_DEVICE_FN double nd_logfact(long k) { return lgamma((double)k + 1.0); }

// NumPy's hypergeometric_hrua: Stadlober's ratio of uniforms
ND_DEVICE_FN long nd_hypergeometric_hrua(nd_rng* r, long good, long bad, long sample) {
    long popsize = good + bad, computed = sample < popsize - sample ? sample : popsize - sample;
    long mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good;
    double p = (double)mingb / (double)popsize, q = (double)maxgb / (double)popsize;
    double mu = (double)computed * p, a = mu + 0.5;
    double var = (double)(popsize - computed) * (double)computed * p * q / (double)(popsize - 1);
    double c = sqrt(var + 0.5), h = 1.7155277699214135 * c + 0.8989161620588988;
    long m = (long)floor((double)(computed + 1) * (double)(mingb + 1) / (double)(popsize + 2));
    double g = nd_logfact(m) + nd_logfact(mingb - m) + nd_logfact(computed - m) + nd_logfact(maxgb - computed + m);
    double lim = (double)(computed < mingb ? computed : mingb) + 1, b = fmin(lim, floor(a + 16 * c));
    long k;
    for (;;) {
        double u = nd_next_double(r), v = nd_next_double(r), x = a + h * (v - 0.5) / u;
        if (x < 0.0 || x >= b) continue;
        k = (long)floor(x);
        double t = g - (nd_logfact(k) + nd_logfact(mingb - k) + nd_logfact(computed - k) + nd_logfact(maxgb - computed + k));
        if (u * (4.0 - u) - 3.0 <= t) break;
        if (u * (u - t) >= 1) continue;
        if (2.0 * log(u) <= t) break;
    }
    if (good > bad) k = computed - k;
    if (computed < sample) k = good - k;
    return k;
}

ND_DEVICE_FN long nd_hypergeometric(nd_rng* r, long good, long bad, long sample) {
    return sample >= 10 && sample <= good + bad - 10 ? nd_hypergeometric_hrua(r, good, bad, sample)
                                                     : nd_hypergeometric_sample(r, good, bad, sample);
}
