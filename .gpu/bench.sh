#!/bin/bash
# On the GPU host: every GPU benchmark on CUDA and on NVIDIA OpenCL, then CuPy's figures for the
# same work in the same call. Full logs under $OUT; BENCHMARKS.md is written from them.
#   .gpu/bench.sh [BenchClass ...]     (default: all)
D=$(cd "$(dirname "$0")/../.device" && pwd)
OUT=${OUT:-/tmp/ndgpu-out}; mkdir -p "$OUT"
benches=${*:-ElementwiseBench ReductionBench RawBench LinalgBench FuseBench TransferBench FftBench}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/device.txt"
for b in $benches; do
  for dev in cuda:0 opencl:gpu; do
    echo "=== $b on $dev" | tee -a "$OUT/bench.log"
    JAVA_OPTS="-Dndgpu.device=$dev -Xmx64g -Dbench.svd.autoOnly=${SVD_AUTO_ONLY:-true}" timeout ${BENCH_TIMEOUT:-240} "$D/run" "org.ndgpu.benchmarks.$b" 2>&1 | grep -v WARNING | tee -a "$OUT/bench.log" | tail -15
  done
done
[[ ${CUPY:-1} == 1 ]] && echo "=== CuPy" | tee -a "$OUT/bench.log"
[[ ${CUPY:-1} == 1 ]] && python3 "$(dirname "$0")/cupy_anchors.py" "$OUT/cupy.json" 2>&1 | tee -a "$OUT/bench.log" | tail -45
# CuPy for the work cupy_anchors.py does not cover (IndexingBench)
[[ ${CUPY:-1} == 1 && " $benches " == *" IndexingBench "* ]] && python3 "$(dirname "$0")/cupy_indexing_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
[[ ${CUPY:-1} == 1 && " $benches " == *" IndexingBench "* ]] && python3 "$(dirname "$0")/cupy_sort_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for FftBench (issue 21)
[[ ${CUPY:-1} == 1 && " $benches " == *" FftBench "* ]] && python3 "$(dirname "$0")/cupy_fft_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for ElementwiseBench's transposed-operand rows (issue 20)
[[ ${CUPY:-1} == 1 && " $benches " == *" ElementwiseBench "* ]] && python3 "$(dirname "$0")/cupy_transpose_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for MultiGpuBench (issue 18): peer copies, NCCL allReduce, one-GPU references
[[ ${CUPY:-1} == 1 && " $benches " == *" MultiGpuBench "* ]] && python3 "$(dirname "$0")/cupy_multigpu_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for RandomBench (issue 22: integers beside cupy.random.default_rng().integers)
[[ ${CUPY:-1} == 1 && " $benches " == *" RandomBench "* ]] && python3 "$(dirname "$0")/cupy_random_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for RandomDiscreteBench (issue 39: the Generator's integer-valued, multivariate and sampling methods)
[[ ${CUPY:-1} == 1 && " $benches " == *" RandomDiscreteBench "* ]] && python3 "$(dirname "$0")/cupy_random_discrete_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for GraphBench (issue 37: the 20-op step eager and stream-captured)
[[ ${CUPY:-1} == 1 && " $benches " == *" GraphBench "* ]] && python3 "$(dirname "$0")/cupy_graph_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for TemporariesBench (issue 44: the same step, temporaries freed at their last reference)
[[ ${CUPY:-1} == 1 && " $benches " == *" TemporariesBench "* ]] && python3 "$(dirname "$0")/cupy_temporaries_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
[[ ${CUPY:-1} == 1 && " $benches " == *" SparseBench "* ]] && python3 "$(dirname "$0")/cupy_sparse_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for ManagedMemoryBench (issue 42: MemoryPool(malloc_managed), an array 1.5x the device)
[[ ${CUPY:-1} == 1 && " $benches " == *" ManagedMemoryBench "* ]] && python3 "$(dirname "$0")/cupy_managed_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for NdimageBench (issue 40: cupyx.scipy.ndimage on the same image)
[[ ${CUPY:-1} == 1 && " $benches " == *" NdimageBench "* ]] && python3 "$(dirname "$0")/cupy_ndimage_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for NdimageMeasureBench (issue 40: label, distance_transform_edt and sum_labels on the same mask)
[[ ${CUPY:-1} == 1 && " $benches " == *" NdimageMeasureBench "* ]] && python3 "$(dirname "$0")/cupy_ndimage_measure_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for SpecialBench (issue 40: erf and gammaln of 2^28 float32, logsumexp and softmax over 16384^2 rows)
[[ ${CUPY:-1} == 1 && " $benches " == *" SpecialBench "* ]] && python3 "$(dirname "$0")/cupy_special_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for InterpolationBench (issue 40: zoom x2 order 3 of 4096^2 and the other interpolations)
[[ ${CUPY:-1} == 1 && " $benches " == *" InterpolationBench "* ]] && python3 "$(dirname "$0")/cupy_interpolation_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for NumpyRoutinesBench (issue 39: the NumPy-completeness routines CuPy also has)
[[ ${CUPY:-1} == 1 && " $benches " == *" NumpyRoutinesBench "* ]] && python3 "$(dirname "$0")/cupy_routines_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
# CuPy for LinalgMoreBench (issue 39: eigvalsh, svdvals, the norms, vecdot, tensorinv/tensorsolve, SciPy's factor-then-solve)
[[ ${CUPY:-1} == 1 && " $benches " == *" LinalgMoreBench "* ]] && python3 "$(dirname "$0")/cupy_linalg_more_anchors.py" 2>&1 | tee -a "$OUT/bench.log"
