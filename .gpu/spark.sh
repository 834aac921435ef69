#!/bin/bash
# On the GPU host (copied into .device-spark3 by .gpu/pack-spark.sh; .gpu/tests.sh also calls it from
# here): the spark module's gpu-tagged tests (SparkGpuClusterGpuTest: two executors, one GPU each; a
# device fault retried elsewhere; SparkBarrierGpuTest: NCCL between the executors' barrier tasks, a task
# failing mid-collective retried), then SparkGpuBench (GiB of float32 blocks, 1 executor vs 2), then
# SparkBarrierBench (issue 42: barrier allReduce against NCCL in one JVM; the logistic-regression
# step on 1 executor vs 2). Needs,
# from earlier calls on this machine, the .device copied to /tmp/ndgpu-device (NDGPU_DEVICE_DIR) and
# Spark's jars in /tmp/ndgpu-spark/jars (NDGPU_SPARK_HOME: the three parts of .gpu/pack-spark.sh, copied
# there by the calls before; docs/spark.md gives them).
#   spark.sh [tests|bench|barrier|all] [bench args: GiB blockMiB rounds | barrier args: allReduceMiB rounds rows features steps]
S=${NDGPU_SPARK_HOME:-/tmp/ndgpu-spark}
D=${NDGPU_DEVICE_DIR:-/tmp/ndgpu-device}
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
what=${1:-all}; shift || true
[[ -x $D/run ]] || { echo "spark.sh: no $D/run: copy .device there first (cp -r .device $D)"; exit 1; }
n=$(ls "$S"/jars/*.jar 2>/dev/null | wc -l); want=$(cat "$(dirname "$0")/jar-count" 2>/dev/null || echo 60)
(( n >= want )) || { echo "spark.sh: $S/jars holds $n jars, expected spark-core's $want: copy the three parts there first"; exit 1; }
cp -n "$S"/jars/*.jar "$D/lib/"   # the driver JVM (the test or the benchmark) needs Spark too
export SPARK_HOME=$S SPARK_SCALA_VERSION=2.13 CUDA_DEVICE_ORDER=PCI_BUS_ID
# Spark's own JVM options for Java 17+ (its launcher adds them to the executors it starts; the driver
# here is started by run, so they are given by hand), the spark module's surefire argLine
SPARK_OPTS="-XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED -Dio.netty.tryReflectionSetAccessible=true --sun-misc-unsafe-memory-access=allow"
export JAVA_OPTS="$SPARK_OPTS -Xmx16g -Dndgpu.spark.home=$S -Dndgpu.spark.executorClassPath=$D/lib/*"
nvidia-smi --query-gpu=index,name,pci.bus_id,memory.total --format=csv,noheader | tee "$OUT/spark-device.txt"
rc=0
if [[ $what == tests || $what == all ]]; then
  timeout 400 "$D/run" org.junit.platform.console.ConsoleLauncher execute --select-class org.ndgpu.spark.SparkGpuClusterGpuTest \
    --select-class org.ndgpu.spark.SparkBarrierGpuTest \
    --include-tag gpu --details=tree --disable-banner --disable-ansi-colors 2>&1 | grep -vE '^(WARNING|[0-9:]+ (WARN|INFO))' | tee "$OUT/spark-gpu-tests.log" | tail -40
  rc=${PIPESTATUS[0]}
fi
if [[ $what == bench || $what == all ]]; then
  timeout 500 "$D/run" org.ndgpu.spark.SparkGpuBench "$@" 2>&1 | grep -vE '^(WARNING|[0-9:]+ (WARN|INFO))' | tee "$OUT/spark-bench.log" | tail -12
  (( ${PIPESTATUS[0]} != 0 )) && rc=1
fi
if [[ $what == barrier || $what == all ]]; then
  [[ $what == all ]] && set --   # the bench's arguments are not the barrier bench's
  timeout 300 "$D/run" org.ndgpu.spark.SparkBarrierBench "$@" 2>&1 | grep -vE '^(WARNING|[0-9:]+ (WARN|INFO))' | tee "$OUT/spark-barrier-bench.log" | tail -16
  (( ${PIPESTATUS[0]} != 0 )) && rc=1
fi
exit $rc
