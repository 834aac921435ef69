#!/bin/bash
# On the GPU host (issue 41): CLBlast's GEMM parameters swept on NVIDIA OpenCL (GemmTuneBench: every
# candidate's TFLOP/s, the choice, then float32 and float64 matmuls of 8192 with it), then cuBLAS on
# the same card for the same matmuls (GemmProbe on cuda:0), so the ratio comes from one call. The
# choice is saved under $OUT/gemm (ndgpu.gemm.dir); log in $OUT/gemm-tune.log.
#   .gpu/gemm-tune.sh [sweep size float32=4096] [sweep size float64=2048] [n=8192] [repeats=3]
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT/gemm"
s32=${1:-4096}; s64=${2:-2048}; n=${3:-8192}; reps=${4:-3}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gemm-tune.log"
JAVA_OPTS="-Dndgpu.device=opencl:gpu -Dndgpu.gemm.dir=$OUT/gemm -Xmx16g" timeout ${TUNE_TIMEOUT:-400} \
  "$D/run" org.ndgpu.benchmarks.GemmTuneBench - "$s32" "$s64" "$n" "$reps" 2>&1 | grep -v WARNING | tee -a "$OUT/gemm-tune.log"
for dt in float32 float64; do
  JAVA_OPTS="-Dndgpu.device=cuda:0" "$D/run" org.ndgpu.benchmarks.GemmProbe "$dt" "$n" 5 2>&1 | grep GemmProbe | tee -a "$OUT/gemm-tune.log"
done
