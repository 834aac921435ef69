"""Prints the complex matrices of LinalgComplexTest and numpy.linalg's answers for them (NumPy 2.4).

    python3 ndgpu/src/test/python/complex_cases.py
"""
import numpy as np, warnings
warnings.simplefilter("ignore")
L=np.linalg
A=np.array([[1+2j, 2-1j, 0.5j],[3, 1+1j, -2+0.5j],[0.5-1j, 2j, 4-1j]])
H=A@A.conj().T+np.eye(3)

S=np.array([[1+1j, 2+2j], [1, 2]])  # exactly singular
W=np.array([[1+1j, 2, 0],[0, 1j, 3-1j]])  # 2x3
def j(x):
    x=np.asarray(x)
    if np.iscomplexobj(x):
        v=np.stack([x.real,x.imag],-1).ravel()
    else: v=x.ravel()
    return "{" + ", ".join(repr(float(t)) for t in v) + "}"
print("A", j(A)); print("H", j(H)); print("S", j(S)); print("W", j(W))
print("detA", j(L.det(A))); sl=L.slogdet(A); print("slogdetA", j(sl[0]), j(sl[1]))
print("invA", j(L.inv(A)))
print("solveA", j(L.solve(A, np.array([1, 1j, 2]))))
print("eigvalsA", j(np.sort_complex(L.eigvals(A))))
print("eigvalshH", j(L.eigvalsh(H)))
print("svdA", j(L.svd(A, compute_uv=False)))
print("svdW", j(L.svd(W, compute_uv=False)))
print("pinvW", j(L.pinv(W)))
print("pinvS", j(L.pinv(S)))
print("condA", j(L.cond(A)), j(L.cond(A,'fro')), j(L.cond(A,1)))
print("rankS", L.matrix_rank(S), "rankA", L.matrix_rank(A))
print("normA", j(L.norm(A)), j(L.norm(A,2)), j(L.norm(A,'nuc')))
x,res,rk,sv=L.lstsq(W.T, np.array([1, 1j, 2]))
print("lstsqWT", j(x), j(res), rk, j(sv))
print("cholH", j(L.cholesky(H)))
print("detS", j(L.det(S)), L.slogdet(S))
try: L.inv(S)
except Exception as e: print("invS", e)
q,r=L.qr(A); print("qrA r diag", j(np.diag(r)))
print("mp-1", j(L.matrix_power(A,-1)[0]))
