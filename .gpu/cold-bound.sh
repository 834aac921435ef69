#!/bin/bash
# On the GPU host: how close can the first 300 calls come to the warm time on JDK 25? ColdStartBench
# with ./nd's flags, then with code compiled before the series as far as JDK 25 allows: a 1 s pause
# after the first result (the JIT's queue drains), -XX:+SkipTier2IfPossible (methods the training run
# compiled with C2 go straight to C2 with its profile), and a cache trained on ColdStartBench itself
# (its exact profile) instead of AotTraining. Then CuPy's figures.
#   RUNS=2 .gpu/cold-bound.sh        writes $OUT/cold-bound.log
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
LOG=$OUT/cold-bound.log
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime
JAVA=/tmp/pack-jre/jre/bin/java
cp="$(ls "$D"/lib/*.jar | grep -v test-classes | tr '\n' ':')"
BASE="--enable-native-access=ALL-UNNAMED -Dndgpu.device=cuda:0 -Djava.lang.invoke.MethodHandle.CUSTOMIZE_THRESHOLD=0"
$JAVA $BASE -XX:AOTCacheOutput="$OUT/std.aot" -cp "$cp" org.ndgpu.examples.AotTraining > /dev/null 2>&1
$JAVA $BASE -XX:AOTCacheOutput="$OUT/self.aot" -cp "$cp" org.ndgpu.benchmarks.ColdStartBench > /dev/null 2>&1
EAGER="-XX:+UnlockExperimentalVMOptions -XX:+AOTCompileEagerly -XX:CompileThresholdScaling=0.02 -XX:+UseTransparentHugePages"
SKIP="-XX:+UnlockDiagnosticVMOptions -XX:+SkipTier2IfPossible"
bench() { # CACHE LABEL FLAGS...
  local cache=$1 label=$2; shift 2
  echo "=== ColdStartBench $cache ($label) (run $run)" | tee -a "$LOG"
  # shellcheck disable=SC2086
  $JAVA $BASE -XX:AOTCache="$OUT/$cache.aot" $EAGER "$@" -cp "$cp" org.ndgpu.benchmarks.ColdStartBench 2>&1 | grep -v WARNING | tee -a "$LOG"
}
for run in $(seq "${RUNS:-2}"); do
  bench std "nd flags"
  bench std "pause 1000, SkipTier2IfPossible" -Dndgpu.cold.pauseMs=1000 $SKIP
  bench self "nd flags"
  bench self "pause 1000, SkipTier2IfPossible" -Dndgpu.cold.pauseMs=1000 $SKIP
done
echo "=== CuPy, fresh process" | tee -a "$LOG"
python3 "$(dirname "$0")/cupy_cold_anchors.py" 2>&1 | tee -a "$LOG"
echo "=== Summary (medians)" | tee -a "$LOG"
python3 "$(dirname "$0")/cold-summary.py" "$LOG" | tee -a "$LOG"
