#!/bin/bash
# Issue 44 on the GPU host: TemporariesBench under several JVM collector settings in one call, each
# config run ROUNDS times in turn (the scope loop first, so the dropped loop's leftovers do not
# reach it), then CuPy's eager loop of the same step (.gpu/cupy_temporaries_anchors.py).
#   .gpu/temporaries-flags.sh [WINDOWS] [BIG_STEPS]      (after .gpu/pack.sh; OUT, ROUNDS from the env)
set -uo pipefail
cd "$(dirname "$0")/.."
W=${1:-12}; B=${2:-2000}; ROUNDS=${ROUNDS:-2}; OUT=${OUT:-/tmp}
CONFIGS=(
  "g1:-XX:+ExplicitGCInvokesConcurrent"
  "g1-nocu:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark"
  "g1-nocu-24m:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark -Dndgpu.pool.reclaim=24m"
  "g1-nocu-thr:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark -XX:ParallelGCThreads=4 -XX:ConcGCThreads=2"
  "young:-XX:+UseParallelGC -Xmn2m -Dndgpu.pool.reclaim=64m"
  "genshen:-XX:+UseShenandoahGC -XX:ShenandoahGCMode=generational"
  "g1-nocu-thr2:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark -XX:ParallelGCThreads=2 -XX:ConcGCThreads=1"
  "g1-nocu-phases:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark -Xlog:gc+phases=debug:file=\$OUT/phases.log"
  "young-thr4:-XX:+UseParallelGC -Xmn2m -Dndgpu.pool.reclaim=64m -XX:ParallelGCThreads=4"
  "young-thr2:-XX:+UseParallelGC -Xmn2m -Dndgpu.pool.reclaim=64m -XX:ParallelGCThreads=2"
  "g1-nocu-32g:-XX:+ExplicitGCInvokesConcurrent -XX:-ClassUnloadingWithConcurrentMark -Xmx32g"
)
[[ -n ${ONLY:-} ]] && mapfile -t CONFIGS < <(printf '%s\n' "${CONFIGS[@]}" | grep -E "^(${ONLY}):")
for r in $(seq 1 "$ROUNDS"); do
  for c in "${CONFIGS[@]}"; do
    name=${c%%:*}; flags=${c#*:}
    flags=${flags//\$OUT/$OUT}
    [[ $flags == *-Xmx* ]] || flags="-Xmx${XMX:-64g} $flags"
    echo "=== round $r: $name ($flags)"
    JAVA_OPTS="-Dndgpu.device=${DEV:-cuda:0} $flags ${GCLOG:+-Xlog:gc:file=$OUT/gc-$name-$r.log}" \
      timeout 300 .device/run org.ndgpu.benchmarks.TemporariesBench "$W" "$B" "${STYLES:-scope,closed,dropped}" 2>&1 \
      | grep -v '^WARNING'
  done
done
[[ ${CUPY:-1} == 1 ]] && python3 .gpu/cupy_temporaries_anchors.py
