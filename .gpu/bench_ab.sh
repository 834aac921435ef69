#!/bin/bash
# On the GPU host: the same benchmarks, in one call, on this tree's build and on an earlier build,
# alternating, so a change's cost is measured against its parent on the same warm machine.
#   [DEVICE=opencl:gpu] .gpu/bench_ab.sh BenchClass ...      needs .device (this tree) and .device/lib-old (the earlier
#                                        build's own zz-*-classes.jar files; third-party jars are shared)
# Make lib-old here: build the earlier commit in a worktree (mvn -DskipTests package) and jar each
# module's target/classes into .device/lib-old/zz-<module>-classes.jar.
# The same as bench_variants.sh with the variants lib-old and lib (this tree), logged to bench_ab.log.
ROUNDS=${ROUNDS:-2} VARIANTS="lib-old lib" LOG=bench_ab.log exec "$(dirname "$0")/bench_variants.sh" "$@"
