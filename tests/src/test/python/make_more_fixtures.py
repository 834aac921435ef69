"""Generates the NumPy fixtures of pinv, matrix_rank, matrix_power, multi_dot, cond, eig/eigvals and
einsum of three or more operands (MoreLinalgTest): raw little-endian .bin files plus manifest.tsv, as
make_fixtures.py, under fixtures/linalg2, and cases.tsv (one case a line: kind, arguments, fixture
names). Run from anywhere: python3 make_more_fixtures.py"""
import os
import numpy as np
from numpy.linalg._linalg import _multi_dot_matrix_chain_order

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "linalg2")
os.makedirs(OUT, exist_ok=True)
rng = np.random.default_rng(20261125)
manifest, cases = [], []


def put(name, a):
    a = np.array(a, order="C")
    a.astype(a.dtype.newbyteorder("<")).tofile(os.path.join(OUT, name + ".bin"))
    manifest.append(f"{name}\t{a.dtype.name}\t{','.join(map(str, a.shape))}")
    return name


def normal(shape, dtype=np.float64):
    return rng.standard_normal(shape).astype(dtype)


def low_rank(m, n, r):
    return normal((m, r)) @ normal((r, n))


# pinv: NumPy's default rcond (1e-15) and a given one; stacks, wide, tall, float32, int, rank-deficient
pinv_inputs = dict(p_stack=normal((2, 5, 3)), p_wide=normal((3, 6)), p_f32=normal((4, 6), np.float32),
                   p_int=rng.integers(-4, 5, (3, 3)).astype(np.int64), p_rank=low_rank(5, 4, 2))
for nm, a in pinv_inputs.items():
    put(nm, a)
    cases.append(f"pinv\t{nm}\t\t{put(nm + '_r', np.linalg.pinv(a))}")
sv = np.diag([3.0, 1.0, 0.05]) @ np.linalg.qr(normal((3, 3)))[0]
put("p_small", sv)
cases.append(f"pinv\tp_small\t0.1\t{put('p_small_r', np.linalg.pinv(sv, rcond=0.1))}")

# matrix_rank: default tolerance, a given tol, float32, a vector, zeros
mr = np.stack([low_rank(6, 5, 5), low_rank(6, 5, 3), low_rank(6, 5, 1)])
put("r_stack", mr)
cases.append(f"rank\tr_stack\t\t{put('r_stack_r', np.linalg.matrix_rank(mr))}")
put("r_f32", mr[1].astype(np.float32))
cases.append(f"rank\tr_f32\t\t{put('r_f32_r', np.asarray(np.linalg.matrix_rank(mr[1].astype(np.float32))))}")
put("r_small", sv)
cases.append(f"rank\tr_small\t0.1\t{put('r_small_r', np.asarray(np.linalg.matrix_rank(sv, tol=0.1)))}")
put("r_vec", normal((4,)))
cases.append(f"rank\tr_vec\t\t{put('r_vec_r', np.asarray(np.linalg.matrix_rank(normal((4,)))))}")
put("r_zero", np.zeros((3, 4)))
cases.append(f"rank\tr_zero\t\t{put('r_zero_r', np.asarray(np.linalg.matrix_rank(np.zeros((3, 4)))))}")

# matrix_power: n = 0, 1, 2, 3, 5, 13, -1, -3; an integer matrix; a stack
mp = normal((4, 4)) / 2
put("m_a", mp)
for n in [0, 1, 2, 3, 5, 13, -1, -3]:
    cases.append(f"power\tm_a\t{n}\t{put(f'm_a_{n}'.replace('-', 'neg'), np.linalg.matrix_power(mp, n))}")
mi = rng.integers(-3, 4, (3, 3)).astype(np.int64)
put("m_int", mi)
for n in [0, 5, 6]:
    cases.append(f"power\tm_int\t{n}\t{put(f'm_int_{n}', np.linalg.matrix_power(mi, n))}")
ms = normal((2, 3, 3), np.float32) / 2
put("m_f32", ms)
cases.append(f"power\tm_f32\t6\t{put('m_f32_6', np.linalg.matrix_power(ms, 6))}")

# multi_dot: chains whose best order differs from left to right; 1-d ends
chains = {"d3": [(10, 30), (30, 5), (5, 60)], "d4": [(3, 40), (40, 2), (2, 50), (50, 4)],
          "d6": [(7, 3), (3, 9), (9, 2), (2, 8), (8, 5), (5, 4)]}
for nm, shapes in chains.items():
    arrs = [put(f"{nm}_{i}", normal(s)) for i, s in enumerate(shapes)]
    cases.append(f"multidot\t{','.join(arrs)}\t\t{put(nm + '_r', np.linalg.multi_dot([np.fromfile(os.path.join(OUT, a + '.bin')).reshape(s) for a, s in zip(arrs, shapes)]))}")
v1, mid1, mid2, v2 = normal((6,)), normal((6, 4)), normal((4, 5)), normal((5,))
put("dv_first", v1); put("dv_m1", mid1); put("dv_m2", mid2); put("dv_last", v2)
cases.append(f"multidot\tdv_first,dv_m1,dv_m2\t\t{put('dv_fr', np.linalg.multi_dot([v1, mid1, mid2]))}")
cases.append(f"multidot\tdv_m1,dv_m2,dv_last\t\t{put('dv_lr', np.linalg.multi_dot([mid1, mid2, v2]))}")
cases.append(f"multidot\tdv_first,dv_m1,dv_m2,dv_last\t\t{put('dv_both', np.asarray(np.linalg.multi_dot([v1, mid1, mid2, v2])))}")
# the parenthesization NumPy's matrix-chain order picks, for dims p (matrix i is p[i] x p[i+1])


def paren(s, i, j):
    return f"A{i}" if i == j else "(" + paren(s, i, s[i, j]) + paren(s, s[i, j] + 1, j) + ")"


for p in [[10, 100, 5, 50], [30, 35, 15, 5, 10, 20, 25], [2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2],
          [5, 5, 5, 5, 5], [40, 20, 30, 10, 30], [1, 50, 1, 50, 1, 50]]:
    s = _multi_dot_matrix_chain_order([np.empty((p[i], p[i + 1])) for i in range(len(p) - 1)])
    cases.append(f"chain\t{','.join(map(str, p))}\t\t{paren(s, 0, len(p) - 2)}")

# cond: every p on one matrix, a stack with a singular matrix, float32, an integer matrix
ca = normal((4, 4))
put("c_a", ca)
for p in ["None", "2", "-2", "fro", "nuc", "1", "-1", "inf", "-inf"]:
    pv = None if p == "None" else p if p in ("fro", "nuc") else float(p)
    cases.append(f"cond\tc_a\t{p}\t{put('c_a_' + p.replace('-', 'neg'), np.asarray(np.linalg.cond(ca, pv)))}")
cs = normal((3, 3, 3))
cs[1] = [[1, 2, 3], [2, 4, 6], [0, 1, 1]]
put("c_stack", cs)
for p in ["1", "inf", "fro"]:
    pv = p if p == "fro" else float(p)
    cases.append(f"cond\tc_stack\t{p}\t{put('c_stack_' + p, np.linalg.cond(cs, pv))}")
put("c_f32", ca.astype(np.float32))
cases.append(f"cond\tc_f32\t1\t{put('c_f32_1', np.asarray(np.linalg.cond(ca.astype(np.float32), 1)))}")
cases.append(f"cond\tc_f32\tNone\t{put('c_f32_None', np.asarray(np.linalg.cond(ca.astype(np.float32))))}")
put("c_int", mi)
cases.append(f"cond\tc_int\t-inf\t{put('c_int_neginf', np.asarray(np.linalg.cond(mi, -np.inf)))}")

# eig/eigvals: complex pairs, all real (symmetric, triangular, integer), float32, a stack
sym = normal((5, 5)); sym = sym + sym.T
eig_inputs = dict(e_gen=normal((5, 5)), e_sym=sym, e_tri=np.triu(normal((4, 4))), e_int=np.array([[2, 1], [1, 3]], np.int64),
                  e_rot=np.array([[0.0, -1.0], [1.0, 0.0]]), e_f32=normal((4, 4), np.float32), e_stack=normal((3, 4, 4)),
                  e_f32real=np.triu(normal((3, 3), np.float32)), e_big=normal((12, 12)))
for nm, a in eig_inputs.items():
    put(nm, a)
    w, v = np.linalg.eig(a)
    cases.append(f"eig\t{nm}\t\t{put(nm + '_w', w)}")
    assert np.linalg.eigvals(a).dtype == w.dtype

# einsum of three or more operands: the result and numpy.einsum_path's greedy path
E = {"x": (3, 4), "y": (4, 5), "z": (5, 6), "w": (6, 2), "v": (4,), "u": (5,), "s": (4, 4),
     "b1": (2, 3, 4), "b2": (2, 4, 5), "b3": (2, 5, 3), "t": (3, 4, 5), "one": (1, 5)}
ops = {k: put("es_" + k, normal(s)) for k, s in E.items()}
EIN = [("ij,jk,kl->il", "x y z"), ("ij,jk,kl", "x y z"), ("ij,jk,kl,lm->im", "x y z w"), ("i,ij,j->", "v y u"),
       ("bij,bjk,bkl->bil", "b1 b2 b3"), ("...ij,...jk,...kl->...il", "b1 b2 b3"), ("ijk,jk,k->i", "t y u"),
       ("ii,ij,j->i", "s y u"), ("ij,jk,kl->li", "x y z"), ("ij,jk,k->ij", "x y u"), ("ij,j,jk,k->", "x v y u")]
EIN.append(("ij,xk,jk->ix", "x one y"))   # a size-1 label broadcast: 'x' sized 1, 'k' 5
EIN.append(("ia,ib,ic->abc", "x x x"))     # no shared label beyond i: outer products once i is summed
for i, (sub, names) in enumerate(EIN):
    arrs = [np.fromfile(os.path.join(OUT, "es_" + n + ".bin")).reshape(E[n]) for n in names.split()]
    r = np.einsum(sub, *arrs)
    path = np.einsum_path(sub, *arrs, optimize="greedy")[0][1:]
    cases.append(f"einsum\t{sub}\t{names}\t{put(f'es_r{i}', np.asarray(r))}\t{';'.join(','.join(map(str, p)) for p in path)}")

with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
    f.write("\n".join(manifest) + "\n")
with open(os.path.join(OUT, "cases.tsv"), "w") as f:
    f.write("\n".join(cases) + "\n")
print(len(manifest), "arrays,", len(cases), "cases,", sum(os.path.getsize(os.path.join(OUT, p)) for p in os.listdir(OUT)), "bytes")
