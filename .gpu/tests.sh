#!/bin/bash
# On the GPU host: every @Tag("gpu") test and every conformance suite (PerDeviceTest, tag "devices")
# on CUDA and NVIDIA OpenCL, one JVM per module so that a native crash in one cannot hide the others
# (carry .device, made by .gpu/pack.sh). NDGPU_TEST_DEVICES=pocl,cuda,opencl-gpu adds PoCL.
#   .gpu/tests.sh [module-name[:package[.Class]] ...]    writes $OUT/gpu-tests.log and $OUT/gpu-extra.tgz (reports, crash logs)
# module:package runs only that package's tests (tests:org.ndgpu.linalg). The module 'tests' holds most
# suites, so by default it runs one JVM per package under org.ndgpu, each within the per-JVM limit.
# Without names: every module of the build (the root pom's <module> list) that has tests, so a module
# that gains GPU suites, or test classes that move, need no edit here; a module with none costs one
# JVM start that finds nothing. spark comes last and runs through .gpu/spark.sh, when Spark's jars
# are on this machine (.gpu/pack-spark.sh; docs/spark.md gives the calls that copy them), else it is
# reported as skipped. JOBS=N runs N module JVMs at once (each with its own log, appended to
# gpu-tests.log in order when all are done), which suits a host with many cores: the suites' time is
# mostly kernel compilation on the CPU.
R=$(cd "$(dirname "$0")/.." && pwd)
D=$(cd "$R/.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT" /tmp/gpu-extra
if (( $# )); then
  mods=$*
else
  mods=$(sed -n 's:.*<module>\(.*\)</module>.*:\1:p' "$R/pom.xml" | while read -r m; do [[ -d $R/$m/src/test ]] && echo "$m"; done)
  # the suites' module, one JVM per package (org.ndgpu.linalg, org.ndgpu.routines, ...)
  pkgs=$(cd "$R/tests/src/test/java" 2>/dev/null && ls -d org/ndgpu/*/ | sed 's:/$::; s:/:.:g; s:^:tests\::')
  # packages whose suites outgrow one JVM's limit on NVIDIA OpenCL (its compiler is slow on the special
  # functions' header): one JVM per test class there, tests:org.ndgpu.special.SpecialFunctionsTest
  for p in ${SPLIT_PACKAGES:-org.ndgpu.elementwise org.ndgpu.special}; do
    d="$R/tests/src/test/java/${p//.//}"
    [[ -d $d ]] || continue
    cls=$(cd "$d" && ls *Test.java 2>/dev/null | sed "s:\.java\$::; s:^:tests\:$p.:")
    pkgs=$(echo "$pkgs" | while read -r q; do if [[ $q == "tests:$p" ]]; then echo "$cls"; else echo "$q"; fi; done)
  done
  mods=$(echo "$mods" | while read -r m; do if [[ $m == tests && -n $pkgs ]]; then echo "$pkgs"; else echo "$m"; fi; done)
  mods="$(echo "$mods" | grep -vx spark | tr '\n' ' ') $(echo "$mods" | grep -x spark)"
fi
rc=0
parts=()
# what a JVM runs: a module's test jar, a package of it, or one class (a last part that starts upper-case)
select_of() {
  local m=$1 pkg=$2
  if [[ ${pkg##*.} == [A-Z]* ]]; then echo "--select-class $pkg"
  else echo "--scan-class-path $D/lib/zz-$m-test-classes.jar ${pkg:+--include-package $pkg}"; fi
}
# one module's (or package's, or class's) suites in a JVM of their own; its output on stdout, its exit status
run_one() {
  local m=$1 pkg=$2
  echo "=== $m${pkg:+:$pkg}"
  JAVA_OPTS="-XX:ErrorFile=/tmp/gpu-extra/hs_err_$m${pkg:+_$pkg}.log -Xmx${JVM_HEAP:-32g}" timeout ${MOD_TIMEOUT:-560} "$D/run" org.junit.platform.console.ConsoleLauncher execute \
    $(select_of "$m" "$pkg") --include-tag 'gpu | devices' \
    --config "ndgpu.test.devices=${NDGPU_TEST_DEVICES:-cuda,opencl-gpu}" --details=testfeed --disable-banner --disable-ansi-colors \
    --reports-dir "/tmp/gpu-extra/reports-$m${pkg:+-$pkg}"
  local r=$?
  echo "=== $m${pkg:+:$pkg} exit $r"
  return $r
}
"$D/run" -version >/dev/null 2>&1   # unpacks the runtime and links the CUDA toolkit's OpenCL loader
# every name a library may open for OpenCL (libOpenCL.so by JOCL, libOpenCL.so.1 as a fallback) is the
# CUDA toolkit's loader, which lists the NVIDIA platform; child JVMs inherit LD_LIBRARY_PATH
[[ -e /tmp/pack-ocl/libOpenCL.so ]] && ln -sf "$(readlink /tmp/pack-ocl/libOpenCL.so)" /tmp/pack-ocl/libOpenCL.so.1
for m in $mods; do
  if [[ $m == spark ]]; then
    # Spark's jars are provided by the cluster, so .device has none: spark.sh runs the suite with them
    S=${NDGPU_SPARK_HOME:-/tmp/ndgpu-spark}
    if compgen -G "$S/jars/spark-core_*.jar" >/dev/null; then
      echo "=== spark" >> "$OUT/gpu-tests.log"
      NDGPU_DEVICE_DIR=$D NDGPU_SPARK_HOME=$S bash "$R/.gpu/spark.sh" tests >> "$OUT/gpu-tests.log" 2>&1
      r=$?; (( r != 0 )) && rc=$r
      echo "=== spark exit $r"
    else
      echo "=== spark SKIPPED: no Spark jars in $S/jars (.gpu/pack-spark.sh, then the calls in docs/spark.md)" | tee -a "$OUT/gpu-tests.log"
    fi
    continue
  fi
  pkg=; [[ $m == *:* ]] && { pkg=${m#*:}; m=${m%%:*}; }
  jar="$D/lib/zz-$m-test-classes.jar"
  if [[ ! -f $jar ]]; then
    (( $# )) && echo "=== $m SKIPPED: no $jar (run .gpu/pack.sh after building $m)" | tee -a "$OUT/gpu-tests.log"
    continue
  fi
  jobs=${JOBS:-1}
  if (( jobs > 1 )); then
    while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
    run_one "$m" "$pkg" > "$OUT/gpu-tests-$m${pkg:+-$pkg}.part" 2>&1 &
    parts+=("$OUT/gpu-tests-$m${pkg:+-$pkg}.part")
  else
    run_one "$m" "$pkg" >> "$OUT/gpu-tests.log" 2>&1
    r=$?; (( r != 0 )) && rc=$r
    echo "=== $m${pkg:+:$pkg} exit $r: $(grep -cE '^JUnit Jupiter > .* ✔|SUCCESSFUL' "$OUT/gpu-tests.log") passed so far"
    grep -E "tests (successful|failed|found)" "$OUT/gpu-tests.log" | tail -3
  fi
done
if (( ${#parts[@]} )); then
  wait
  for f in "${parts[@]}"; do
    cat "$f" >> "$OUT/gpu-tests.log"
    line=$(grep '^=== .* exit' "$f" | tail -1)
    [[ $line == *" exit 0" ]] || rc=1
    echo "${line:-=== $f: no exit line} $(grep -E 'tests (successful|failed)' "$f" | tr -s ' ' | tr '\n' ' ')"
    rm -f "$f"
  done
fi
tar czf "$OUT/gpu-extra.tgz" -C /tmp gpu-extra
grep -E "FAILED|ABORTED|SKIPPED" "$OUT/gpu-tests.log" | head -60
exit $rc
