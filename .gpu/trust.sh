#!/bin/bash
# On the GPU host: issue 35's test classes on CUDA and NVIDIA OpenCL (one JVM per module, so that a
# native crash in one cannot hide the others), then CheckedModeBench beside CuPy's figures for the
# same kernels. Carry .device (.gpu/pack.sh). Writes $OUT/trust-tests.log.
#   .gpu/trust.sh [module:Class,Class ...]     default: the list below
D=$(cd "$(dirname "$0")/../.device" && pwd)
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
sets=${*:-linalg:LinalgEdgeTest,LinalgComplexTest,EigTest,CudaSolverTest,MoreLinalgErrorsTest,EinsumLabelsTest \
kernels-elementwise:CheckedModeTest \
kernels-reduction:CheckedReductionTest,MixedIntegerSetOperationsTest,ComplexUniqueTest,UniqueTest,ScanSizesTest \
raw-kernels:CheckedJavaKernelTest \
routines:InteropTest,PartitionEmptyTest,ConvolveComplexTest,ComplexSortTest,SortTest,HostileSizesTest \
fft:ConvolveMethodChoiceTest,FftHostileTest,FftHostileSizesTest \
random:ChoiceWithoutReplacementTest \
ndarray-tests:HostileSizesTest,SettingsAtUseTest,TransferTest \
backend-cuda:CudaBackendGpuTest \
reliability-tests:BincountSizesTest,HistogramOracleTest}
"$D/run" -version >/dev/null 2>&1
[[ -e /tmp/pack-ocl/libOpenCL.so ]] && ln -sf "$(readlink /tmp/pack-ocl/libOpenCL.so)" /tmp/pack-ocl/libOpenCL.so.1
rc=0
for s in $sets; do
  m=${s%%:*}; jar="$D/lib/zz-$m-test-classes.jar"
  [[ -f $jar ]] || { echo "=== $m: no test jar"; continue; }
  sel=()
  IFS=, read -ra cls <<< "${s#*:}"
  for c in "${cls[@]}"; do
    fq=$(python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$jar" | grep -E "/$c\.class$" | head -1 | sed 's/\.class$//; s#/#.#g')
    [[ -n $fq ]] && sel+=(--select-class "$fq") || echo "=== $m: $c not found"
  done
  echo "=== $m" >> "$OUT/trust-tests.log"
  JAVA_OPTS="-Xmx32g" timeout ${MOD_TIMEOUT:-150} "$D/run" org.junit.platform.console.ConsoleLauncher execute "${sel[@]}" \
    --config "ndgpu.test.devices=${NDGPU_TEST_DEVICES:-cuda,opencl-gpu}" --details=tree --disable-banner --disable-ansi-colors \
    >> "$OUT/trust-tests.log" 2>&1
  r=$?; (( r != 0 )) && rc=$r
  echo "=== $m exit $r: $(tail -25 "$OUT/trust-tests.log" | grep -E 'tests (successful|failed|skipped)' | tr -s ' \n' ' ')"
done
if [[ ${BENCH:-1} == 1 ]]; then
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  timeout 120 "$D/run" -Dndgpu.device=cuda:0 org.ndgpu.benchmarks.CheckedModeBench > "$OUT/checked-bench.log" 2>&1
  grep -vE '^\s+at ' "$OUT/checked-bench.log" | head -20
  (cd "$G" && timeout 120 python3 cupy_checked_anchors.py 2>&1 | tail -5)
fi
grep -E "✘|MethodSource.*FAILED|\[X\]" "$OUT/trust-tests.log" | head -40
exit $rc
