#!/bin/bash
# On the GPU host: every @Tag("gpu") test and every conformance suite (PerDeviceTest, tag "devices")
# on CUDA and NVIDIA OpenCL, one JVM per module so that a native crash in one cannot hide the others
# (carry .device, made by ../shared/device/pack). NDGPU_TEST_DEVICES=pocl,cuda,opencl-gpu adds PoCL.
#   .gpu/tests.sh [module-name ...]    writes $OUT/gpu-tests.log and $OUT/gpu-extra.tgz (reports, crash logs)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT" /tmp/gpu-extra
mods=${*:-ndarray backend-cuda ndarray-tests routines raw-kernels kernels-elementwise kernels-reduction fuse linalg examples reliability-tests}
rc=0
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime and links the CUDA toolkit's OpenCL loader
# every name a library may open for OpenCL (libOpenCL.so by JOCL, libOpenCL.so.1 as a fallback) is the
# CUDA toolkit's loader, which lists the NVIDIA platform; child JVMs inherit LD_LIBRARY_PATH
[[ -e /tmp/pack-ocl/libOpenCL.so ]] && ln -sf "$(readlink /tmp/pack-ocl/libOpenCL.so)" /tmp/pack-ocl/libOpenCL.so.1
for m in $mods; do
  jar="$D/lib/zz-$m-test-classes.jar"; [[ -f $jar ]] || continue
  echo "=== $m" >> "$OUT/gpu-tests.log"
  JAVA_OPTS="-XX:ErrorFile=/tmp/gpu-extra/hs_err_$m.log -Xmx32g" timeout 560 "$D/run" org.junit.platform.console.ConsoleLauncher execute \
    --scan-class-path "$jar" --include-tag 'gpu | devices' \
    --config "ndgpu.test.devices=${NDGPU_TEST_DEVICES:-cuda,opencl-gpu}" --details=testfeed --disable-banner --disable-ansi-colors \
    --reports-dir "/tmp/gpu-extra/reports-$m" >> "$OUT/gpu-tests.log" 2>&1
  r=$?; (( r != 0 )) && rc=$r
  echo "=== $m exit $r: $(grep -cE '^JUnit Jupiter > .* ✔|SUCCESSFUL' "$OUT/gpu-tests.log") passed so far" 
  grep -E "tests (successful|failed|found)" "$OUT/gpu-tests.log" | tail -3
done
tar czf "$OUT/gpu-extra.tgz" -C /tmp gpu-extra
grep -E "FAILED|ABORTED|SKIPPED" "$OUT/gpu-tests.log" | head -60
exit $rc
