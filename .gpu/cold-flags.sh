#!/bin/bash
# On the GPU host: ColdStartBench in fresh JVMs under several JIT settings (how soon the call path
# gets compiled code), with and without the AOT cache; then CuPy's fresh-process figures.
#   .gpu/cold-flags.sh      (DEV=cuda:0 by default)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
DEV=${DEV:-cuda:0}
AOT=$OUT/ndgpu-cold.aot
LOG=$OUT/cold-flags.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$LOG"
JAVA_OPTS="-Dndgpu.device=$DEV -XX:AOTCacheOutput=$AOT" "$D/run" org.ndgpu.examples.AotTraining > /dev/null 2>&1
for flags in "" "-XX:CompileThresholdScaling=0.1" "-XX:CompileThresholdScaling=0.02" "-XX:TieredStopAtLevel=1" \
             "-XX:AOTCache=$AOT" "-XX:AOTCache=$AOT -XX:CompileThresholdScaling=0.1" "-XX:AOTCache=$AOT -XX:CompileThresholdScaling=0.02"; do
  echo "=== ColdStartBench on $DEV, flags: ${flags:-none}" | tee -a "$LOG"
  JAVA_OPTS="-Dndgpu.device=$DEV $flags" "$D/run" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
done
echo "=== CuPy, fresh process" | tee -a "$LOG"
python3 "$(dirname "$0")/cupy_cold_anchors.py" 2>&1 | tee -a "$LOG"
