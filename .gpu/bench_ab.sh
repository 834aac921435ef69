#!/bin/bash
# On the GPU host: the same benchmarks, in one call, on this tree's build and on an earlier build,
# alternating, so a change's cost is measured against its parent on the same warm machine.
#   [DEVICE=opencl:gpu] .gpu/bench_ab.sh BenchClass ...      needs .device (this tree) and .device/lib-old (the earlier
#                                        build's own zz-*-classes.jar files; third-party jars are shared)
# Make lib-old here: build the earlier commit in a worktree (mvn -DskipTests package) and jar each
# module's target/classes into .device/lib-old/zz-<module>-classes.jar.
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime
shared=$(ls "$D"/lib/*.jar | grep -v '/zz-' | tr '\n' ':')
new=$(ls "$D"/lib/zz-*-classes.jar | grep -v test-classes | tr '\n' ':')
old=$(ls "$D"/lib-old/zz-*-classes.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
for b in "$@"; do
  for round in $(seq 1 ${ROUNDS:-2}); do
    for which in old new; do
      cp=$([[ $which == old ]] && echo "$old$shared" || echo "$new$shared")
      echo "=== $b $which (round $round)" | tee -a "$OUT/bench_ab.log"
      timeout ${BENCH_TIMEOUT:-200} /tmp/pack-jre/jre/bin/java --enable-native-access=ALL-UNNAMED -Dndgpu.device=${DEVICE:-cuda:0} -Xmx64g \
        -cp "$cp" "org.ndgpu.benchmarks.$b" 2>&1 | grep -v WARNING | tee -a "$OUT/bench_ab.log" | tail -12
    done
  done
done
