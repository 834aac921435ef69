#!/bin/bash
# On the GPU host: every @Tag("gpu") test of every module (carry .device, made by ../shared/device/pack).
#   .gpu/tests.sh [extra ConsoleLauncher args]     writes the full log and XML reports under $OUT
D=$(cd "$(dirname "$0")/../.device" && pwd)
cp=$(ls "$D"/lib/zz-*test-classes.jar | paste -sd:)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
"$D/run" org.junit.platform.console.ConsoleLauncher execute --scan-class-path "$cp" --include-tag gpu \
  --details=tree --disable-banner --disable-ansi-colors --reports-dir "$OUT/reports" "$@" > "$OUT/gpu-tests.log" 2>&1
rc=$?
grep -E "✘|\[X\]|MethodSource|=> |Exception|expected" "$OUT/gpu-tests.log" | head -120
tail -20 "$OUT/gpu-tests.log"
exit $rc
