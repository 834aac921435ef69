#!/bin/bash
# On the GPU host, one call for a change to the sort kernels: the sort tests on CUDA and NVIDIA OpenCL,
# IndexingBench on this tree's build against an earlier one (.device/lib-old, see bench_ab.sh),
# optional extra IndexingBench runs with JVM options (EXTRA="opts1|opts2"), then CuPy's sort figures.
#   .gpu/sort-check.sh          writes $OUT/sort-check.log
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
log="$OUT/sort-check.log"
"$D/run" -version >/dev/null 2>&1
[[ -e /tmp/pack-ocl/libOpenCL.so ]] && ln -sf "$(readlink /tmp/pack-ocl/libOpenCL.so)" /tmp/pack-ocl/libOpenCL.so.1
{
  echo "=== tests"
  JAVA_OPTS="-Xmx32g" timeout 400 "$D/run" org.junit.platform.console.ConsoleLauncher execute \
    --select-class org.ndgpu.routines.sorting.SortTest --select-class org.ndgpu.routines.sorting.UnsignedSortTest \
    --select-class org.ndgpu.reduction.UniqueTest --select-class org.ndgpu.reduction.UnsignedUniqueTest \
    --include-tag 'gpu | devices' --config ndgpu.test.devices=cuda,opencl-gpu \
    --disable-banner --disable-ansi-colors --details=summary 2>&1 | grep -E "tests (successful|failed|found|aborted)|MethodSource|=>" | head -40
} > "$log" 2>&1
ROUNDS=${ROUNDS:-2} OUT=$OUT "$(dirname "$0")/bench_ab.sh" IndexingBench >/dev/null 2>&1
grep -E "===|sort|unique f32" "$OUT/bench_ab.log" >> "$log"
IFS='|' read -ra extras <<< "${EXTRA:-}"
for o in "${extras[@]}"; do
  echo "=== new with $o" >> "$log"
  JAVA_OPTS="-Dndgpu.device=cuda:0 -Xmx64g $o" timeout 200 "$D/run" org.ndgpu.benchmarks.IndexingBench 2>&1 | grep -E "sort|unique f32" >> "$log"
done
echo "=== CuPy" >> "$log"
(cd "$(dirname "$0")" && python3 cupy_sort_anchors.py) >> "$log" 2>&1
cat "$log"
