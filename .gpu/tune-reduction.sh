#!/bin/bash
# On the GPU host: ReductionBench (and FuseBench's fused reduction) on cuda:0 under each setting of
# ReductionLoop's tuning knobs, one JVM per setting (the knobs are read once). Carry .device.
#   .gpu/tune-reduction.sh ["-Dndgpu.reduction.blocksPerCu=8 ..." ...]     (default: the sweep below)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
dev=${DEV:-cuda:0}
if (( $# == 0 )); then
  set -- "" "-Dndgpu.reduction.occupancy=false" \
    "-Dndgpu.reduction.vectorUnroll=4" "-Dndgpu.reduction.vectorUnroll=8" \
    "-Dndgpu.reduction.unroll=8" "-Dndgpu.reduction.unroll=16" \
    "-Dndgpu.reduction.blocksPerCu=8" "-Dndgpu.reduction.blocksPerCu=8 -Dndgpu.reduction.unroll=8" \
    "-Dndgpu.reduction.blocksPerCu=16 -Dndgpu.reduction.unroll=8" \
    "-Dndgpu.reduction.columnThreads=128 -Dndgpu.reduction.unroll=8" \
    "-Dndgpu.reduction.rowThreads=128" "-Dndgpu.reduction.rowThreads=64" \
    "-Dndgpu.reduction.rowThreads=64 -Dndgpu.reduction.vectorUnroll=4"
fi
for opts in "$@"; do
  echo "=== [$opts]" | tee -a "$OUT/tune.log"
  JAVA_OPTS="-Dndgpu.device=$dev -Xmx64g $opts" timeout 120 "$D/run" org.ndgpu.benchmarks.ReductionBench 2>&1 | grep -v WARNING | tee -a "$OUT/tune.log" | tail -4
  [[ -n $FUSE ]] && JAVA_OPTS="-Dndgpu.device=$dev -Xmx64g $opts" timeout 120 "$D/run" org.ndgpu.benchmarks.FuseBench 2>&1 | grep -E "fused sum" | tee -a "$OUT/tune.log"
done
