#!/bin/bash
# Pack for the GPU host, which has no JDK and no Maven and reaches no package registry: a folder that
# travels with the working tree (name it in the device call's carry list) and runs this project there.
#   .gpu/pack.sh [DIR]       (DIR defaults to .device, which .gitignore keeps out of git)
# DIR then holds
#   jre.txz   a trimmed Java 25 runtime made with jlink (about 35 MB packed; made once and kept)
#   lib/      every module's jars, main and test classes (zz-<module>-classes.jar,
#             zz-<module>-test-classes.jar), all their dependencies, and the JUnit console launcher
#   run       'DIR/run MAIN-CLASS ARGS...' unpacks the runtime once and runs java with lib/* on the class path
#   test      'DIR/test [--include-tag gpu] ...' runs the JUnit console launcher over every test jar in lib/
# CuPy's reference scripts stay in .gpu/ (cupy_anchors.py and the others), which travels with the tree.
# The working tree plus DIR must stay under the 64 MiB a device call may carry. Re-run after every
# code change: it rebuilds the jars (the runtime is kept).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-.device}
JDK=${JAVA_HOME:-}
if [[ -z $JDK || ! -x $JDK/bin/jlink ]] || ! "$JDK/bin/java" -version 2>&1 | grep -qE 'version "(2[5-9]|[3-9][0-9])'; then
  JDK=$(ls -d /usr/lib/jvm/temurin-2[5-9]* /usr/lib/jvm/*-2[5-9]* 2>/dev/null | head -1 || true)
fi
[[ -n $JDK && -x $JDK/bin/jlink ]] || { echo "pack: no JDK 25+ with jlink found (set JAVA_HOME)"; exit 1; }
export JAVA_HOME=$JDK
mkdir -p "$DIR/lib"
if [[ ! -f $DIR/jre.txz ]]; then
  tmp=$(mktemp -d)
  # jshell and the compiler travel too (NumPy-style scripts and the parity tests run in JShell there);
  # uncompressed modules packed by xz come out smaller than jlink's own zip (about 30 MB)
  "$JDK/bin/jlink" --add-modules java.base,java.desktop,java.logging,java.management,jdk.management,jdk.unsupported,java.naming,jdk.zipfs,jdk.jshell,jdk.compiler,jdk.internal.le,jdk.internal.opt,jdk.jdi,jdk.jdwp.agent \
    --strip-debug --no-man-pages --no-header-files --compress=zip-0 --output "$tmp/jre"
  tar cf - -C "$tmp" jre | xz -9 -T2 > "$DIR/jre.txz"
  rm -rf "$tmp"
fi
rm -f "$DIR"/lib/*.jar
# one reactor run, so that a module's dependency on a sibling resolves without an install
# (no Javadoc or source jars: the GPU host runs classes; ./nd test checks the Javadoc)
# plot and notebook (XChart, PDFBox, JeroMQ: about 7 MB) are left out to keep the carry under 64 MiB,
# unless NDGPU_PACK_NOTEBOOK=1: the example notebooks' CUDA run (.gpu/tests.sh notebook, docs/notebooks.md)
modules=(-pl '!plot,!notebook'); [[ ${NDGPU_PACK_NOTEBOOK:-0} == 1 ]] && modules=()
mvn -q -B -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true "${modules[@]}" package dependency:copy-dependencies -DincludeScope=test -DoutputDirectory="$PWD/$DIR/lib" -Dmdep.prependGroupId=true
# the modules' own artifacts, copied as dependencies of one another, hold what their zz-*-classes.jar below hold
rm -f "$DIR"/lib/org.ndgpu.ndgpu-*.jar
# the console launcher of the same JUnit Platform version as the project's engine: an older launcher
# fails discovery under a newer Jupiter, and cannot run the @ParameterizedClass suites (PerDeviceTest)
pv=$(ls "$DIR"/lib/ | sed -n 's/.*junit-platform-engine-\([0-9][0-9.]*\)\.jar$/\1/p' | sort -V | tail -1)
rm -f "$DIR"/lib/junit-platform-console-standalone-*.jar
mvn -q -B dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:${pv:-1.14.4} -DoutputDirectory="$PWD/$DIR/lib"
# every module's own classes, main and test, as jars (.gpu/tests.sh runs one module's test jar per JVM)
while IFS= read -r -d '' classes; do
  name=$(echo "${classes%/target/*}" | tr '/' '_' | sed 's/^\._*//; s/^$/root/')
  kind=${classes##*/}
  [[ -n $(ls -A "$classes") ]] && "$JDK/bin/jar" cf "$DIR/lib/zz-$name-$kind.jar" -C "$classes" .
done < <(find . -path "./$DIR" -prune -o -path ./consumer -prune -o -type d \( -name classes -o -name test-classes \) -path '*/target/*' -print0)
# drop natives for other systems from the biggest dependency (Aparapi's JNI jar ships Windows and ARM builds)
for j in "$DIR"/lib/*aparapi-jni*.jar; do
  [[ -f $j ]] || continue
  zip -q -d "$j" 'win/*' 'osx/*' 'linux/libaparapi_aarch64.so' 'linux/libaparapi_armhf.so' 'linux/libaparapi_x86.so' 2>/dev/null || true
done
cat > "$DIR/run" <<'RUN'
#!/bin/bash
# run MAIN-CLASS ARGS...: java 25 with every carried jar on the class path
set -e
D=$(cd "$(dirname "$0")" && pwd)
# The runtime is unpacked once per machine, into a folder of its own and then renamed into place, so
# that JVMs started at once (.gpu/tests.sh JOBS=N) never run a half-unpacked one (a JVM mapping a
# library still being written dies of SIGBUS in the dynamic loader); the first rename wins.
if [[ ! -x /tmp/pack-jre/jre/bin/java ]]; then
  mkdir -p /tmp/pack-jre
  t=$(mktemp -d /tmp/pack-jre/unpack.XXXXXX)
  tar xJf "$D/jre.txz" -C "$t"
  mv -T "$t/jre" /tmp/pack-jre/jre 2>/dev/null || true
  rm -rf "$t"
fi
# JOCL opens "libOpenCL.so" by that name; on hosts where that name is a loader that misses the GPU's ICD,
# point it at the CUDA toolkit's Khronos loader, which lists the NVIDIA platform (made once: ln -sf
# would remove the link for a moment under another JVM's dlopen).
if [[ -e /usr/local/cuda/targets/x86_64-linux/lib/libOpenCL.so.1 ]]; then
  mkdir -p /tmp/pack-ocl
  [[ -L /tmp/pack-ocl/libOpenCL.so ]] || ln -s /usr/local/cuda/targets/x86_64-linux/lib/libOpenCL.so.1 /tmp/pack-ocl/libOpenCL.so 2>/dev/null || true
  export LD_LIBRARY_PATH=/tmp/pack-ocl:${LD_LIBRARY_PATH:-}
fi
exec /tmp/pack-jre/jre/bin/java --enable-native-access=ALL-UNNAMED ${JAVA_OPTS:-} -cp "$D/lib/*" "$@"
RUN
cat > "$DIR/test" <<'TEST'
#!/bin/bash
# test ARGS...: the JUnit console launcher over every carried test class; ARGS go to the launcher
D=$(cd "$(dirname "$0")" && pwd)
exec "$D/run" org.junit.platform.console.ConsoleLauncher execute --scan-class-path "$D"/lib/zz-*test-classes.jar --details=summary --disable-banner "$@"
TEST
chmod +x "$DIR/run" "$DIR/test"
ls "$DIR"/lib/junit-platform-console-standalone-*.jar
du -sh "$DIR" | sed 's/^/pack: /'
