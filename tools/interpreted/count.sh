#!/usr/bin/env bash
# A fresh JVM's first calls run in the bytecode interpreter; this counts what one a.add(b) and one
# a.sum() of 1024 float32 (each result closed, after 30 calls of each) execute there, on the null
# backend: interpreted bytecodes (JVMTI single-step events) and method entries, exact and not
# disturbed by other load, unlike -Xint time. With DETAIL=dir, per-method self/inclusive counts go to
# dir/add.txt and dir/sum.txt, and caller->callee edges to *.edges (python3 tree.py dir/add.txt
# 'Lorg/ndgpu/ndarray/NDArray;.add' prints the call tree). TIME=1: -Xint CPU time per call instead
# (30,000 calls, three rounds). Needs gcc and a built tree (mvn -o package -DskipTests -pl benchmarks -am).
#   tools/interpreted/count.sh [repo root, default this one]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$(cd "$here/../.." && pwd)}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
jdk=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
gcc -shared -fPIC -O2 -I"$jdk/include" -I"$jdk/include/linux" -o "$work/libbccount.so" "$here/bccount.c"
cp=$(ls -d "$root"/*/target/classes | tr '\n' ':')
"$jdk/bin/javac" -nowarn -d "$work" -cp "$cp" "$here/BcCount.java" "$here/ColdProbe.java"
if [[ -n ${TIME:-} ]]; then
  "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -Xint -cp "$work:$cp" ColdProbe time 30000
else
  [[ -n ${DETAIL:-} ]] && mkdir -p "$DETAIL"
  "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -agentpath:"$work/libbccount.so" -Dbccount.lib="$work/libbccount.so" \
    -Xint -cp "$work:$cp" ColdProbe count 100 ${DETAIL:+"$(cd "$DETAIL" && pwd)"}
fi
