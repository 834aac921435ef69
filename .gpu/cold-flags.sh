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
EAGER="-XX:+UnlockExperimentalVMOptions -XX:+AOTCompileEagerly"
# FLAGS: the JVM settings to compare, one per line, an empty line for none (default: none, the JIT thresholds, the AOT cache, and the
# cache's eager compilation of the methods the training run compiled); in FLAGS given from outside,
# AOT_CACHE stands for the cache made here and EAGER for the eager-compilation flags
FLAGS=${FLAGS:-"
-XX:CompileThresholdScaling=0.02
-XX:AOTCache=$AOT
-XX:AOTCache=$AOT -XX:CompileThresholdScaling=0.02
-XX:AOTCache=$AOT $EAGER
-XX:AOTCache=$AOT $EAGER -XX:CompileThresholdScaling=0.02"}
while IFS= read -r flags; do
  flags=${flags//AOT_CACHE/$AOT}; flags=${flags//EAGER/$EAGER}
  echo "=== ColdStartBench on $DEV, flags: ${flags:-none}" | tee -a "$LOG"
  for run in $(seq ${RUNS:-1}); do
    JAVA_OPTS="-Dndgpu.device=$DEV $flags" "$D/run" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
  done
done <<< "$FLAGS"
echo "=== CuPy, fresh process" | tee -a "$LOG"
python3 "$(dirname "$0")/cupy_cold_anchors.py" 2>&1 | tee -a "$LOG"
