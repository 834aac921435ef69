#!/usr/bin/env bash
# Proves that the published jars are reproducible: builds the library modules twice from scratch and
# compares every jar (main, sources, javadoc) byte for byte. ./nd test runs it after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
LIBS=bom,runtime,ndarray,vendor,raw-kernels,kernels-elementwise,kernels-reduction,fuse,linalg,ndgpu
build() { mvn -B -q -ntp -o -Dstyle.color=never -DskipTests -pl "$LIBS" clean package 2>&1 | sed -u 's/\x1b\[[0-9;]*[A-Za-z]//g'; }
jars() { find . -path ./consumer -prune -o -path '*/target/ndgpu*.jar' -print | sort; }
first=$(mktemp -d)
trap 'rm -rf "$first"' EXIT
build
for j in $(jars); do mkdir -p "$first/$(dirname "$j")"; cp "$j" "$first/$j"; done
build
n=0 bad=0
for j in $(jars); do
  n=$((n + 1))
  if ! cmp -s "$j" "$first/$j"; then echo "reproducible: $j differs between two builds" >&2; bad=$((bad + 1)); fi
done
(( n > 0 )) || { echo "reproducible: no jars were built" >&2; exit 1; }
(( bad == 0 )) || exit 1
echo "reproducible: $n jars identical across two clean builds"
