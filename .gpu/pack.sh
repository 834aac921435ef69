#!/bin/bash
# Pack for the GPU host: ../shared/device/pack, then the JUnit console launcher that matches the
# project's JUnit (5.14 / platform 1.14): the shared script copies 1.11.4, which cannot run the
# @ParameterizedClass suites (PerDeviceTest).
#   .gpu/pack.sh [DIR]       (DIR defaults to .device)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-.device}
../shared/device/pack "$DIR"
rm -f "$DIR"/lib/junit-platform-console-standalone-*.jar
mvn -q -B dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.4 -DoutputDirectory="$PWD/$DIR/lib"
ls "$DIR"/lib/junit-platform-console-standalone-*.jar
