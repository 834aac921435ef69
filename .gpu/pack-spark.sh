#!/bin/bash
# Pack Spark for the GPU host, after .gpu/pack.sh (which leaves Spark's jars out of .device: the spark
# module's pom keeps its provided dependencies out of copy-dependencies).
#   .gpu/pack-spark.sh     makes .device-spark1/ and .device-spark2/ (spark-core's 62 jars, about 105 MiB, in
#                          two halves under 64 MiB each; spark.sh, the run-on-device script, in the second)
#                          and remakes .device/jre.txz with the JDK modules Spark needs
# .device and the two halves each travel in their own device call on one warm machine, which keeps what
# the earlier calls copied to /tmp (the README's "On a Spark cluster" section gives the three commands).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=.device-spark-all
JDK=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
[[ -d .device/lib ]] || { echo "pack-spark: run .gpu/pack.sh first"; exit 1; }
rm -rf "$DIR" && mkdir -p "$DIR/jars"
# spark-core and what it pulls in (RDD jobs need no spark-sql); rocksdbjni (68 MB) only backs the
# history server's disk store, which the tests and the benchmark do not use
tmp=$(mktemp -d)
# (the module's list of Spark's jars, target/spark-jars.classpath, is made for its local-cluster tests)
mvn -q -B -o -pl spark generate-test-resources
mvn -q -B -o -pl spark dependency:tree -DoutputFile="$tmp/tree.txt"
python3 - "$tmp/tree.txt" spark/target/spark-jars.classpath "$DIR/jars" <<'PY'
import os, re, shutil, sys
tree, listed, dst = sys.argv[1:]
src = {os.path.basename(p): p for p in open(listed).read().strip().split(os.pathsep)}
inside = False
for line in open(tree).read().splitlines()[1:]:
    m = re.match(r'^([| +\\-]*)(.*)$', line)
    depth, a = len(m.group(1)) // 3, m.group(2).split(':')
    if depth == 1: inside = a[1] == 'spark-core_2.13'
    if not inside or a[1] == 'rocksdbjni': continue
    name = f'{a[1]}-{a[3]}.jar' if len(a) == 5 else f'{a[1]}-{a[4]}-{a[3]}.jar'
    shutil.copy(src[name], dst)
PY
rm -rf "$tmp"
# the jlinked runtime of ../shared/device/pack lacks modules Spark loads (java.sql; jdk.incubator.vector,
# which Spark's own JVM options add; Kerberos and SASL classes Hadoop's client touches)
rm -f .device/jre.txz
tmp=$(mktemp -d)
"$JDK/bin/jlink" --add-modules java.base,java.desktop,java.logging,java.management,jdk.management,jdk.unsupported,java.naming,jdk.zipfs,jdk.jshell,jdk.compiler,jdk.internal.le,jdk.internal.opt,jdk.jdi,jdk.jdwp.agent,java.sql,jdk.incubator.vector,java.security.jgss,java.security.sasl,jdk.security.auth,java.net.http,jdk.crypto.ec,java.scripting,java.instrument,jdk.httpserver \
  --strip-debug --no-man-pages --no-header-files --compress=zip-0 --output "$tmp/jre"
tar cf - -C "$tmp" jre | xz -9 -T2 > .device/jre.txz
rm -rf "$tmp"
# two halves of about equal size (each jar, largest first, to the smaller half): with the working tree
# each call stays under the 64 MiB it may carry
rm -rf .device-spark1 .device-spark2 && mkdir -p .device-spark1/jars .device-spark2/jars
s1=0; s2=0
for j in $(ls -S "$DIR"/jars/*.jar); do
  sz=$(stat -c %s "$j")
  if (( s1 <= s2 )); then s1=$((s1 + sz)); mv "$j" .device-spark1/jars/; else s2=$((s2 + sz)); mv "$j" .device-spark2/jars/; fi
done
rm -rf "$DIR"
cp .gpu/spark.sh .device-spark2/spark.sh
du -sh .device .device-spark1 .device-spark2 | sed 's/^/pack-spark: /'
