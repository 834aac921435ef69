#!/bin/bash
# Issue 44 through JShell, as a user runs it (.gpu/temporaries.jsh after ndgpu.jsh), under the given
# collector settings (one per line in FLAGS; the agent JVM gets them, as ./nd jshell passes -R flags).
#   .gpu/temporaries-jshell.sh      (after .gpu/pack.sh; DEV=cuda:0, ROUNDS=2 by default)
set -uo pipefail
cd "$(dirname "$0")/.."
.device/run -version >/dev/null 2>&1   # unpacks the runtime once
CP=$(ls -d "$PWD"/.device/lib/*.jar | paste -sd:)
FLAGS=${FLAGS:-"-XX:+ExplicitGCInvokesConcurrent
-XX:+UseParallelGC -Xmn2m -Dndgpu.pool.reclaim=64m"}
while IFS= read -r flags; do
  echo "=== jshell, agent flags: $flags"
  r=(); for f in $flags; do r+=("-R$f"); done
  timeout 300 /tmp/pack-jre/jre/bin/jshell -R--enable-native-access=ALL-UNNAMED "${r[@]}" \
    -R-Dndgpu.device="${DEV:-cuda:0}" -R-Drounds="${ROUNDS:-2}" --class-path "$CP" \
    examples/src/main/jshell/ndgpu.jsh .gpu/temporaries.jsh 2>&1 | grep '^jshell'
done <<< "$FLAGS"
