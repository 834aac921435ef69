#!/bin/bash
# On the GPU host: the cold-start series (ColdStartBench: first 300 add/sum of 1024 float32 in a
# fresh JVM, warm per-call time, JVM start to first result) without and with a JDK AOT cache, then
# CuPy's figures for the same work in a fresh python process.
#   .gpu/cold.sh            (DEV=cuda:0 by default; DEV=opencl:gpu for NVIDIA OpenCL)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
DEV=${DEV:-cuda:0}
AOT=$OUT/ndgpu-cold.aot
LOG=$OUT/cold.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$LOG"
echo "=== ColdStartBench on $DEV, no AOT cache" | tee -a "$LOG"
JAVA_OPTS="-Dndgpu.device=$DEV" "$D/run" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
echo "=== AOT training run (org.ndgpu.examples.AotTraining)" | tee -a "$LOG"
rm -f "$AOT"
t0=$(date +%s.%N)
JAVA_OPTS="-Dndgpu.device=$DEV -XX:AOTCacheOutput=$AOT" "$D/run" org.ndgpu.examples.AotTraining 2>&1 | grep -v WARNING | tail -3 | tee -a "$LOG"
echo "training + cache assembly: $(echo "$(date +%s.%N) - $t0" | bc) s, $(du -h "$AOT" | cut -f1)" | tee -a "$LOG"
for i in 1 2; do
  echo "=== ColdStartBench on $DEV, with the AOT cache (run $i)" | tee -a "$LOG"
  JAVA_OPTS="-Dndgpu.device=$DEV -XX:AOTCache=$AOT" "$D/run" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
done
echo "=== CuPy, fresh process" | tee -a "$LOG"
python3 "$(dirname "$0")/cupy_cold_anchors.py" 2>&1 | tee -a "$LOG"
