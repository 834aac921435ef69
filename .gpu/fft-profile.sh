#!/bin/bash
# On the GPU host: per-kernel figures of ndgpu's own FFT kernels (CUDA, NVRTC; the same source NVIDIA's
# OpenCL compiles) and of cuFFT's kernels behind CuPy, under ncu, for FftBench's rows. Writes $OUT/ncu-own.csv,
# $OUT/ncu-cufft.csv and a per-kernel summary.
#   .gpu/fft-profile.sh [LAUNCHES]
# KERNEL (an ncu regex, default nd_fft) and BENCH (default FftBench) profile other kernels of another bench,
# e.g. the overlap-save blocks: KERNEL=nd_fft_oaconv BENCH=SignalBench JAVA_EXTRA=... .gpu/fft-profile.sh 4
D=$(cd "$(dirname "$0")/../.device" && pwd)
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
NCU=${NCU:-/usr/local/cuda/bin/ncu}
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warp_latency_issue_stalled_barrier,launch__grid_size,launch__block_size,smsp__pcsamp_warps_issue_stalled_barrier,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
JAVA_OPTS="-Dndgpu.device=cuda:0 -Dndgpu.fft.engine=own ${JAVA_EXTRA:-}" $NCU --target-processes all --kernel-name regex:${KERNEL:-nd_fft} \
  --launch-count ${1:-400} --metrics $M --csv "$D/run" org.ndgpu.benchmarks.${BENCH:-FftBench} > "$OUT/ncu-own.csv" 2> "$OUT/ncu-own.err"
(cd "$G" && $NCU --target-processes all --launch-count 120 --metrics $M --csv python3 cupy_fft_anchors.py > "$OUT/ncu-cufft.csv" 2> "$OUT/ncu-cufft.err")
python3 "$G/ncu_summary.py" "$OUT/ncu-own.csv" "$OUT/ncu-cufft.csv"
