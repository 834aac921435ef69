#!/bin/bash
# Pack Spark for the GPU host, after .gpu/pack.sh (which leaves Spark's jars out of .device: the spark
# module's pom keeps its provided dependencies out of copy-dependencies).
#   .gpu/pack-spark.sh     makes .device-spark1/, 2/ and 3/ (spark-core's jars, about 150 MiB, in three
#                          parts under 64 MiB each; spark.sh, the run-on-device script, in the third)
#                          and remakes .device/jre.txz with the JDK modules Spark needs
# .device and the three parts each travel in their own device call on one warm machine, which keeps what
# the earlier calls copied to /tmp (docs/spark.md, "Tests", gives the calls).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=.device-spark-all
JDK=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
[[ -d .device/lib ]] || { echo "pack-spark: run .gpu/pack.sh first"; exit 1; }
rm -rf "$DIR" && mkdir -p "$DIR/jars"
# spark-core and what it pulls in (RDD jobs need no spark-sql); rocksdbjni (68 MB) only backs the
# history server's disk store, which the tests and the benchmark do not use
tmp=$(mktemp -d)
v=$(sed -n 's:.*<spark.version>\(.*\)</spark.version>.*:\1:p' spark/pom.xml)
cat > "$tmp/pom.xml" <<POM
<project><modelVersion>4.0.0</modelVersion><groupId>org.ndgpu.pack</groupId><artifactId>spark-core-closure</artifactId>
  <version>1</version><dependencies><dependency><groupId>org.apache.spark</groupId><artifactId>spark-core_2.13</artifactId>
  <version>$v</version></dependency></dependencies></project>
POM
# spark-core's whole closure, as Maven resolves it for spark-core alone
mvn -q -B -f "$tmp/pom.xml" dependency:copy-dependencies -DoutputDirectory="$PWD/$DIR/jars" -DexcludeArtifactIds=rocksdbjni
rm -rf "$tmp"
# the jlinked runtime of .gpu/pack.sh lacks modules Spark loads (java.sql; jdk.incubator.vector,
# which Spark's own JVM options add; Kerberos and SASL classes Hadoop's client touches)
rm -f .device/jre.txz
tmp=$(mktemp -d)
"$JDK/bin/jlink" --add-modules java.base,java.desktop,java.logging,java.management,jdk.management,jdk.unsupported,java.naming,jdk.zipfs,jdk.jshell,jdk.compiler,jdk.internal.le,jdk.internal.opt,jdk.jdi,jdk.jdwp.agent,java.sql,jdk.incubator.vector,java.security.jgss,java.security.sasl,jdk.security.auth,java.net.http,jdk.crypto.ec,java.scripting,java.instrument,jdk.httpserver \
  --strip-debug --no-man-pages --no-header-files --compress=zip-0 --output "$tmp/jre"
tar cf - -C "$tmp" jre | xz -9 -T2 > .device/jre.txz
rm -rf "$tmp"
# netty's TLS natives for other systems are never loaded on the GPU host
rm -f "$DIR"/jars/netty-tcnative-boringssl-static-*-{osx,windows,linux-aarch_64}*.jar
# three parts of about equal size (each jar, largest first, to the smallest part): with the working
# tree each call stays under the 64 MiB it may carry; the last part carries spark.sh and the jar count
rm -rf .device-spark1 .device-spark2 .device-spark3 && mkdir -p .device-spark{1,2,3}/jars
declare -a size=(0 0 0 0)
for j in $(ls -S "$DIR"/jars/*.jar); do
  k=1; for i in 2 3; do (( size[i] < size[k] )) && k=$i; done
  size[k]=$(( size[k] + $(stat -c %s "$j") )); mv "$j" ".device-spark$k/jars/"
done
ls .device-spark{1,2,3}/jars | grep -c 'jar$' > .device-spark3/jar-count
rm -rf "$DIR"
cp .gpu/spark.sh .device-spark3/spark.sh
du -sh .device .device-spark1 .device-spark2 .device-spark3 | sed 's/^/pack-spark: /'
