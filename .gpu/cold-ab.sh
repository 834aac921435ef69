#!/bin/bash
# On the GPU host: ColdStartBench on this tree's build and on an earlier one (.device/lib-old, as for
# bench_ab.sh), each with its own AOT cache from AotTraining and ./nd's JVM flags (the cache, eager
# compilation of its methods, CompileThresholdScaling=0.02); then CuPy's figures.
#   RUNS=3 .gpu/cold-ab.sh          writes $OUT/cold-ab.log, and each variant's runs and medians (cold-summary.py)
# VARIANTS: one "build|extra JVM flags" per line, run in turn in each of the RUNS rounds (default: the
# old build and the new, no extra flags), e.g.
#   VARIANTS=$'old|\nnew|\nnew|-Dndgpu.cold.pauseMs=500' .gpu/cold-ab.sh
# TRAIN_FLAGS, OLD_TRAIN_FLAGS: extra JVM flags of the new build's training run and of the old one's
# (e.g. a -D property the variants also set; ./nd's CUSTOMIZE_THRESHOLD=0 for the new).
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
LOG=$OUT/cold-ab.log
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime
JAVA=/tmp/pack-jre/jre/bin/java
shared=$(ls "$D"/lib/*.jar | grep -v '/zz-' | tr '\n' ':')
new=$(ls "$D"/lib/zz-*-classes.jar | grep -v test-classes | tr '\n' ':')
old=$(ls "$D"/lib-old/zz-*-classes.jar 2>/dev/null | tr '\n' ':')
VARIANTS=${VARIANTS:-$'old|\nnew|'}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$LOG"
for which in old new; do
  [[ $which == old && -z $old ]] && continue
  cp=$([[ $which == old ]] && echo "$old$shared" || echo "$new$shared")
  $JAVA --enable-native-access=ALL-UNNAMED -Dndgpu.device=cuda:0 -XX:AOTCacheOutput=$OUT/$which.aot $([[ $which == old ]] && echo "${OLD_TRAIN_FLAGS:-}" || echo "${TRAIN_FLAGS:-}") -cp "$cp" org.ndgpu.examples.AotTraining > /dev/null 2>&1
done
for run in $(seq ${RUNS:-3}); do
  while IFS='|' read -r which extra; do
    [[ -z $which ]] && continue
    cp=$([[ $which == old ]] && echo "$old$shared" || echo "$new$shared")
    echo "=== ColdStartBench $which ${extra:+($extra) }(run $run)" | tee -a "$LOG"
    # shellcheck disable=SC2086
    $JAVA --enable-native-access=ALL-UNNAMED -Dndgpu.device=cuda:0 -XX:AOTCache=$OUT/$which.aot -XX:+UnlockExperimentalVMOptions \
      -XX:+AOTCompileEagerly -XX:CompileThresholdScaling=0.02 $extra -cp "$cp" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
  done <<< "$VARIANTS"
done
echo "=== CuPy, fresh process" | tee -a "$LOG"
python3 "$(dirname "$0")/cupy_cold_anchors.py" 2>&1 | tee -a "$LOG"
echo "=== Summary (medians)" | tee -a "$LOG"
python3 "$(dirname "$0")/cold-summary.py" "$LOG" | tee "$OUT/cold-summary.txt"
