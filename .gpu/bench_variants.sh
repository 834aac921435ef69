#!/bin/bash
# On the GPU host: one benchmark on several builds of this project, alternating round by round on the
# same warm machine, to find which change moved a figure. Each variant is a folder of the build's own
# zz-*-classes.jar files beside .device/lib (third-party jars are shared), as bench_ab.sh's lib-old:
#   VARIANTS="lib-old lib-b1 lib" ROUNDS=3 .gpu/bench_variants.sh ElementwiseBench ...
# (LOG names the log under $OUT; DEVICE the device, cuda:0 by default)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
LOG=$OUT/${LOG:-bench_variants.log}
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime
shared=$(ls "$D"/lib/*.jar | grep -v '/zz-' | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
for round in $(seq 1 ${ROUNDS:-2}); do
  for v in ${VARIANTS:-lib-old lib}; do
    own=$(ls "$D/$v"/zz-*-classes.jar | grep -v test-classes | tr '\n' ':')
    for b in "$@"; do
      echo "=== $b $v (round $round)" | tee -a "$LOG"
      timeout ${BENCH_TIMEOUT:-200} /tmp/pack-jre/jre/bin/java --enable-native-access=ALL-UNNAMED -Dndgpu.device=${DEVICE:-cuda:0} -Xmx64g \
        -cp "$own$shared" "org.ndgpu.benchmarks.$b" 2>&1 | grep -v WARNING | tee -a "$LOG" | tail -8
    done
  done
done
