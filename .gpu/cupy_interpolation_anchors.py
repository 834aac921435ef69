"""CuPy's figures for InterpolationBench: the same cupyx.scipy.ndimage calls on the same size of float32 image.
   python3 .gpu/cupy_interpolation_anchors.py [side]"""
import sys
import cupy as cp
import cupyx.scipy.ndimage as ndi
from cupy_timing import bench, report

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
image = cp.random.default_rng(40).random((n, n), dtype=cp.float32)
nbytes = 4.0 * n * n
side = f"{n}^2 f32"
print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
report(f"zoom x2 order 3 {side}", bench(lambda: ndi.zoom(image, 2.0)), nbytes + 4 * nbytes)
report(f"zoom x2 order 3 prefilter=False {side}", bench(lambda: ndi.zoom(image, 2.0, prefilter=False)), nbytes + 4 * nbytes)
report(f"zoom x2 order 1 {side}", bench(lambda: ndi.zoom(image, 2.0, order=1)), nbytes + 4 * nbytes)
report(f"zoom x2 order 0 {side}", bench(lambda: ndi.zoom(image, 2.0, order=0)), nbytes + 4 * nbytes)
report(f"spline_filter order 3 {side}", bench(lambda: ndi.spline_filter(image, 3, output=cp.float32)), 2 * nbytes)
report(f"shift (0.5, -1.5) order 3 {side}", bench(lambda: ndi.shift(image, (0.5, -1.5))), 2 * nbytes)
report(f"rotate 30 order 1 {side}", bench(lambda: ndi.rotate(image, 30, reshape=False, order=1)), 2 * nbytes)
