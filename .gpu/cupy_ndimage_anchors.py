"""CuPy's figures for NdimageBench: the same cupyx.scipy.ndimage calls on the same size of float32 image.
   python3 .gpu/cupy_ndimage_anchors.py [side]"""
import sys
import cupy as cp
import cupyx.scipy.ndimage as ndi
from cupy_timing import bench, report

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
image = cp.random.default_rng(40).random((n, n), dtype=cp.float32)
nbytes = 2.0 * 4 * n * n
side = f"{n}^2 f32"
print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
report(f"gaussian_filter sigma 4 {side}", bench(lambda: ndi.gaussian_filter(image, 4.0)), 2 * nbytes)
report(f"gaussian_filter1d sigma 4 axis 1 {side}", bench(lambda: ndi.gaussian_filter1d(image, 4.0)), nbytes)
report(f"uniform_filter size 5 {side}", bench(lambda: ndi.uniform_filter(image, 5)), 2 * nbytes)
report(f"maximum_filter size 3 {side}", bench(lambda: ndi.maximum_filter(image, 3)), 2 * nbytes)
report(f"median_filter size 3 {side}", bench(lambda: ndi.median_filter(image, 3)), nbytes)
report(f"sobel axis 0 {side}", bench(lambda: ndi.sobel(image, 0)), 2 * nbytes)
w = cp.ones((5, 5), dtype=cp.float32)
report(f"correlate 5x5 constant {side}", bench(lambda: ndi.correlate(image, w, mode="constant")), nbytes)
w9 = cp.ones((9, 9), dtype=cp.float32)
report(f"correlate 9x9 reflect {side}", bench(lambda: ndi.correlate(image, w9)), nbytes)
m = round((n * n) ** (1 / 3))
cube = cp.random.default_rng(41).random((m, m, m), dtype=cp.float32)
w3 = cp.ones((3, 3, 3), dtype=cp.float32)
report(f"correlate 3x3x3 reflect {m}^3 f32", bench(lambda: ndi.correlate(cube, w3)), 2.0 * 4 * m ** 3)
