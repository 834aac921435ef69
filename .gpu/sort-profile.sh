#!/bin/bash
# On the GPU host: per-kernel figures of ndgpu's onesweep sort (IndexingBench's first rows, CUDA) and of
# CUB's radix sort behind cupy.sort of the same 2^24 float32, under ncu, one line per launch.
#   .gpu/sort-profile.sh [LAUNCHES]
D=$(cd "$(dirname "$0")/../.device" && pwd)
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
NCU=${NCU:-/usr/local/cuda/bin/ncu}
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,launch__grid_size,launch__block_size,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
JAVA_OPTS="-Dndgpu.device=cuda:0 ${JAVA_EXTRA:-}" $NCU --target-processes all --kernel-name regex:nd_os \
  --launch-count ${1:-12} --metrics $M --csv "$D/run" org.ndgpu.benchmarks.IndexingBench > "$OUT/ncu-sort-own.csv" 2> "$OUT/ncu-sort-own.err"
$NCU --target-processes all --launch-skip ${SKIP:-0} --launch-count ${2:-40} --metrics $M --csv python3 -c "
import cupy as cp
x = cp.random.rand(1 << 24, dtype=cp.float32)
cp.cuda.Device().synchronize()
cp.sort(x); cp.argsort(x)
cp.cuda.Device().synchronize()" > "$OUT/ncu-sort-cub.csv" 2> "$OUT/ncu-sort-cub.err"
echo "--- ndgpu"; python3 "$G/ncu_kernels.py" "$OUT/ncu-sort-own.csv"
echo "--- CuPy (CUB)"; python3 "$G/ncu_kernels.py" "$OUT/ncu-sort-cub.csv"
