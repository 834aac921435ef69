#!/bin/bash
# On the GPU host: square matmuls in ndgpu (cuda:0) and CuPy taken in turns, each run in its own
# process right after the other's, so both meet the GPU in the same thermal and power state.
# A GEMM at the power limit slows as the card heats (8192 float64: 17.8 ms in the first runs, 19.5
# after a few hundred ms), so a figure taken at another moment of a call is not comparable.
#   .gpu/gemm_ab.sh [dtype=float64] [n=8192] [reps=20] [rounds=3]
D=$(cd "$(dirname "$0")/../.device" && pwd)
dt=${1:-float64}; n=${2:-8192}; reps=${3:-20}; rounds=${4:-3}
cupy() { python3 "$(dirname "$0")/gemm_probe.py" "$dt" "$n" "$reps"; }
ndgpu() { JAVA_OPTS="-Dndgpu.device=cuda:0" "$D/run" org.ndgpu.benchmarks.GemmProbe "$dt" "$n" "$reps" 2>&1 | grep GemmProbe; }
for r in $(seq "$rounds"); do
  if (( r % 2 )); then cupy; ndgpu; else ndgpu; cupy; fi   # who goes first alternates
done | tee /tmp/gemm_ab.log
python3 - "$dt" "$n" <<'PY'
import re, sys
c, g = [], []
for line in open("/tmp/gemm_ab.log"):
    m = re.search(r"median ([0-9.]+) ms", line)
    if m: (c if line.startswith("CuPy") else g).append(float(m.group(1)))
if c and g:
    c.sort(); g.sort()
    mc, mg = c[len(c) // 2], g[len(g) // 2]
    n = int(sys.argv[2])
    print(f"{sys.argv[1]} {n}: ndgpu {mg:.3f} ms ({2 * n**3 / mg / 1e9:.2f} TFLOP/s), CuPy {mc:.3f} ms "
          f"({2 * n**3 / mc / 1e9:.2f}), ndgpu/CuPy rate {mc / mg * 100:.1f}% (medians of {len(g)} and {len(c)} runs in turns)")
PY
