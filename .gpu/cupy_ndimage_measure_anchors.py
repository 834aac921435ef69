"""CuPy's figures for NdimageMeasureBench: the same cupyx.scipy.ndimage calls on the same size of mask.
   python3 .gpu/cupy_ndimage_measure_anchors.py [side]"""
import sys
import cupy as cp
import cupyx.scipy.ndimage as ndi
from cupy_timing import bench, report

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
u = cp.random.default_rng(40).random((n, n), dtype=cp.float32)
half = u < 0.5
sparse = u < 0.99
side = f"{n}^2"
print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
report(f"label cross, half set {side}", bench(lambda: ndi.label(half)[0]), 0)
full = cp.ones((3, 3), dtype=bool)
report(f"label full 3x3, half set {side}", bench(lambda: ndi.label(half, full)[0]), 0)
report(f"distance_transform_edt, 1% background {side}", bench(lambda: ndi.distance_transform_edt(sparse)), 0)
report(f"distance_transform_edt + indices, 1% background {side}",
       bench(lambda: ndi.distance_transform_edt(sparse, return_indices=True)[1]), 0)
m = round((n * n) ** (1 / 3))
sparse3 = cp.random.default_rng(41).random((m, m, m), dtype=cp.float32) < 0.99
report(f"distance_transform_edt 3-D, 1% background {m}^3", bench(lambda: ndi.distance_transform_edt(sparse3)), 0)
labels, count = ndi.label(half)
index = cp.arange(1, min(int(count), 1000) + 1)
report(f"sum_labels, 1000 labels {side}", bench(lambda: ndi.sum_labels(u, labels, index)), 0)
