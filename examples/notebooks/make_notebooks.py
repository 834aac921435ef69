"""Writes the example notebooks' cells (no outputs); `./nd notebook execute` then fills the outputs.

python3 examples/notebooks/make_notebooks.py

CI runs every notebook headless (NotebookRunnerTest, module notebook), on PoCL: keep each small
and fast on a 2-core CPU, and make a wrong answer an error cell (`throw new AssertionError(...)`),
so that the test catches it.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
KERNEL = {"name": "ndgpu", "display_name": "Java (ndgpu)", "language": "java"}


def notebook(name, cells):
    out = []
    for c in cells:
        kind = "markdown" if c.startswith("#") or c.startswith("md:") else "code"
        text = c[3:] if c.startswith("md:") else c
        cell = {"cell_type": kind, "metadata": {}, "source": text}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        out.append(cell)
    nb = {"cells": out, "metadata": {"kernelspec": KERNEL, "language_info": {"name": "java"}},
          "nbformat": 4, "nbformat_minor": 5}
    (HERE / name).write_text(json.dumps(nb, indent=1) + "\n")


notebook("ufuncs.ipynb", [
    "# Arrays and ufuncs on the device\n\nNumPy's names, run on the GPU (or PoCL on the CPU). An array shows as "
    "NumPy's repr and as a table with its shape, dtype and device.",
    "Device.current()",
    "var x = Nd.linspace(0, Math.PI, 7);\nx",
    "x.sin().mul(x.cos())",
    "md:Broadcasting and reductions, as NumPy does them:",
    "var m = Nd.arange(12.0).reshape(3, 4);\nm.add(Nd.arange(4.0)).sum(0)",
    "md:A large array is summarized as NumPy summarizes it; only the printed corners leave the device.",
    "Nd.arange(0, 1_000_000, 1, DType.FLOAT32).reshape(1000, 1000).sqrt()",
    "System.out.println(Nd.random().normal(0, 1, DType.FLOAT64, 100_000).std());",
    "md:## Your own ufunc, as Numba's `@vectorize`\n\nWrite the scalar function in Java; `Vectorize.of` translates "
    "it to a device kernel (through Aparapi) and gives it NumPy's broadcasting. Here the relative difference of "
    "two arrays, a (1000, 3) array against a (3,) row:",
    "var relDiff = Vectorize.of(new JavaUfunc.F2() {\n"
    "    @Override public float apply(float x, float y) { return abs(x - y) / max(abs(y), 1e-6f); }\n"
    "});\n"
    "var a = Nd.random().uniform(1, 2, DType.FLOAT32, 1000, 3);\n"
    "var b = Nd.asarray(new float[] {1.5f, 1.25f, 1.75f});\n"
    "var r = relDiff.call(a, b);\n"
    "var want = a.sub(b).abs().div(b.abs());\n"
    "if (!Nd.allclose(r, want, 1e-6, 0, false)) throw new AssertionError(\"vectorized relDiff differs from the ufuncs\");\n"
    "r.shape()",
    "Plot.hist(r, 30).title(\"relative difference\")",
])

notebook("kernels.ipynb", [
    "# Custom kernels and fuse\n\nCuPy's ElementwiseKernel and ReductionKernel: one snippet of C compiles for CUDA and OpenCL.",
    "var squaredDiff = new ElementwiseKernel(\"float32 x, float32 y\", \"float32 z\", "
    "\"z = (x - y) * (x - y)\", \"squared_diff\");\nsquaredDiff.call(Nd.arange(0, 5, 1, DType.FLOAT32), 2f)",
    "var l2norm = new ReductionKernel(\"T x\", \"T y\", \"x * x\", \"a + b\", \"y = sqrt(a)\", \"0\", \"l2norm\");\n"
    "l2norm.call(Nd.arange(0, 10, 1, DType.FLOAT32).reshape(2, 5), 1)",
    "md:An `if`/`else` per element: the course's `zero_suppress`, which zeroes the samples of a waveform below a "
    "threshold. A Java number is a scalar argument.",
    "var zeroSuppress = new ElementwiseKernel(\"float32 waveform, float32 threshold\", \"float32 result\",\n"
    "    \"if (waveform < threshold) { result = 0; } else { result = waveform; }\", \"zero_suppress\");\n"
    "var wave = Nd.array(new float[] {-3, 1, 5, 16, 20, 15});\n"
    "var suppressed = zeroSuppress.call(wave, 15f);\n"
    "if (!java.util.Arrays.equals(suppressed.toFloatArray(), new float[] {0, 0, 0, 16, 20, 15})) throw new AssertionError(suppressed);\n"
    "suppressed",
    "md:## RawKernel\n\nA whole kernel in the device's own language, launched on a grid you choose: CuPy's `my_add` "
    "in CUDA C on a CUDA device, the same kernel in OpenCL C on an OpenCL device (PoCL here).",
    "var cuda = \"\"\"\n    extern \"C\" __global__\n    void my_add(const float* x1, const float* x2, float* y) {\n"
    "        int tid = blockDim.x * blockIdx.x + threadIdx.x;\n        y[tid] = x1[tid] + x2[tid];\n    }\n    \"\"\";\n"
    "var opencl = \"\"\"\n    __kernel void my_add(__global const float* x1, __global const float* x2, __global float* y) {\n"
    "        int tid = get_global_id(0);\n        y[tid] = x1[tid] + x2[tid];\n    }\n    \"\"\";\n"
    "var myAdd = Device.current().backend().dialect() == org.ndgpu.backend.Dialect.CUDA\n"
    "    ? new RawKernel(cuda, \"my_add\") : new RawKernel(opencl, \"my_add\");\n"
    "var x1 = Nd.arange(0, 25, 1, DType.FLOAT32).reshape(5, 5);\n"
    "var y = Nd.zeros(DType.FLOAT32, 5, 5);\n"
    "myAdd.launch(new long[] {5}, new long[] {5}, x1, x1, y);   // grid (5,), block (5,)\n"
    "if (!Nd.allclose(y, x1.mul(2))) throw new AssertionError(y);\n"
    "y",
    "md:Kernels are compiled once per device and cached; `Fuse` (the next notebook, `fuse.ipynb`) writes the "
    "elementwise kernel for you from array code.",
])

notebook("fuse.ipynb", [
    "# Fuse: many operations, one kernel\n\nEach ufunc call is a kernel launch and a temporary array. `Fuse.of` "
    "traces a lambda of array operations once per input dtype and shape and compiles the chain into one kernel, "
    "as `cupy.fuse` does.",
    "var squaredDiff = Fuse.of((x, y) -> x.sub(y).mul(x.sub(y)));\n"
    "Nd.random().seed(5);\n"
    "var x = Nd.random().uniform(-1, 1, DType.FLOAT32, 200_000);\n"
    "var y = Nd.random().uniform(-1, 1, DType.FLOAT32, 200_000);\n"
    "var fused = squaredDiff.call(x, y);\n"
    "var unfused = squaredDiff.unfused(x, y);   // the same lambda, one kernel per operation\n"
    "if (!Nd.allclose(fused, unfused)) throw new AssertionError(\"fused and unfused differ\");\n"
    "fused",
    "md:How many kernels the fused call launches (the eager one launches three: two subtractions and a product):",
    "int kernels = squaredDiff.kernelCount(x, y);\n"
    "if (kernels != 1) throw new AssertionError(kernels + \" kernels\");\n"
    "kernels",
    "md:A reduction can end the chain: the root-mean-square difference is one elementwise-and-sum kernel.",
    "var rms = Fuse.of((a, b) -> a.sub(b).square().mean());\n"
    "double got = ((Number) rms.call(x, y).item()).doubleValue();\n"
    "double want = ((Number) x.sub(y).square().mean().item()).doubleValue();\n"
    "if (Math.abs(got - want) > 1e-5 * want) throw new AssertionError(got + \" vs \" + want);\n"
    "got",
    "md:The fused function is an ordinary function of arrays: here the squared differences of a sine and a cosine.",
    "var t = Nd.linspace(0, 2 * Math.PI, 200);\nPlot.line(t, squaredDiff.call(t.sin(), t.cos())).title(\"(sin t - cos t)^2\")",
])

notebook("plots.ipynb", [
    "# Plots\n\n`org.ndgpu.plot.Plot` draws NDArrays (XChart); a figure shows inline and saves as PNG or SVG.",
    "var x = Nd.linspace(0, 4 * Math.PI, 200);\nPlot.line(x, x.sin().mul(x.mul(-0.2).exp())).title(\"damped sine\")",
    "md:Monte Carlo: a million normal samples drawn on the device, binned on the device as numpy.histogram does.",
    "Plot.hist(Nd.random().normal(0, 1, DType.FLOAT64, 1_000_000), 40).title(\"normal samples\")",
    "md:An image: `sin(x) cos(y)` over a grid by broadcasting, shown with viridis.",
    "var g = Nd.linspace(-3, 3, 120);\nPlot.imshow(g.reshape(1, 120).sin().mul(g.reshape(120, 1).cos())).title(\"sin(x) cos(y)\")",
    "Plot.bar(java.util.List.of(\"float16\", \"float32\", \"float64\"), Nd.asarray(new double[] {2, 4, 8})).ylabel(\"bytes\")",
    "Plot.scatter(Nd.random().uniform(0, 1, DType.FLOAT64, 50), Nd.random().uniform(0, 1, DType.FLOAT64, 50))",
])

notebook("monte_carlo_pi.ipynb", [
    "# Monte Carlo estimate of pi\n\nThrow points uniformly into the unit square: the fraction that lands inside the "
    "quarter circle is pi/4. The points come from the device generator (Philox, seeded, the same numbers on every "
    "device) and the count is a reduction, so only one number comes back to the host.",
    "double estimate(long n) {\n"
    "    var x = Nd.random().uniform(0, 1, DType.FLOAT32, n);\n"
    "    var y = Nd.random().uniform(0, 1, DType.FLOAT32, n);\n"
    "    long inside = ((Number) x.mul(x).add(y.mul(y)).le(1.0).sum().item()).longValue();\n"
    "    return 4.0 * inside / n;\n"
    "}",
    "Nd.random().seed(42);\n"
    "double pi = estimate(2_000_000);\n"
    "if (Math.abs(pi - Math.PI) > 0.01) throw new AssertionError(\"pi ~ \" + pi);\n"
    "pi",
    "md:The error shrinks as 1/sqrt(n): each factor of 100 in points buys one more digit.",
    "double[] logN = {2, 3, 4, 5, 6};\n"
    "double[] logErr = new double[logN.length];\n"
    "for (int k = 0; k < logN.length; k++) logErr[k] = Math.log10(Math.abs(estimate((long) Math.pow(10, logN[k])) - Math.PI) + 1e-9);\n"
    "Plot.line(Nd.asarray(logN), Nd.asarray(logErr)).title(\"log10 |estimate - pi|\").xlabel(\"log10 n\")",
    "md:A thousand of the points, the quarter circle showing through:",
    "var px = Nd.random().uniform(0, 1, DType.FLOAT64, 1000);\nvar py = Nd.random().uniform(0, 1, DType.FLOAT64, 1000);\n"
    "var in = px.square().add(py.square()).le(1.0);\n"
    "Plot.scatter(px.get(in), py.get(in)).title(\"points inside the quarter circle\")",
])

notebook("mandelbrot.ipynb", [
    "# The Mandelbrot set\n\nFor each point c of the plane, iterate z = z^2 + c from z = 0 and count the steps "
    "before |z| passes 2. Each pixel is independent: one ElementwiseKernel with a loop inside, the whole image in "
    "one launch. (`i` is the element index in a kernel's body, so the loop counts with `k`.)",
    "var mandelbrot = new ElementwiseKernel(\"float64 cr, float64 ci, int32 maxit\", \"int32 n\", \"\"\"\n"
    "    double zr = 0, zi = 0;\n"
    "    int k = 0;\n"
    "    while (k < maxit && zr * zr + zi * zi <= 4.0) {\n"
    "        double t = zr * zr - zi * zi + cr;\n"
    "        zi = 2.0 * zr * zi + ci;\n"
    "        zr = t;\n"
    "        k++;\n"
    "    }\n"
    "    n = k;\n"
    "    \"\"\", \"mandelbrot\");",
    "md:The grid is two broadcast axes: real parts along a row, imaginary parts down a column.",
    "int maxit = 200;\n"
    "var re = Nd.linspace(-2.0, 0.6, 390).reshape(1, 390);\n"
    "var im = Nd.linspace(-1.2, 1.2, 360).reshape(360, 1);\n"
    "var counts = mandelbrot.call(re, im, maxit);\n"
    "counts.shape()",
    "Plot.imshow(counts.astype(DType.FLOAT64).add(1).log()).title(\"log(1 + escape steps)\")",
    "md:Checks: 0 and -1 never escape, 0.5 escapes at once, and the area of the points that never escape is close "
    "to the set's known area, about 1.5066.",
    "var points = mandelbrot.call(Nd.asarray(new double[] {0, -1, 0.5}), Nd.zeros(3), maxit);\n"
    "int[] n = points.astype(DType.INT32).toIntArray();\n"
    "if (n[0] != maxit || n[1] != maxit || n[2] > 10) throw new AssertionError(java.util.Arrays.toString(n));\n"
    "double pixel = (2.6 / 389) * (2.4 / 359);\n"
    "double area = ((Number) counts.eq(maxit).sum().item()).doubleValue() * pixel;\n"
    "if (Math.abs(area - 1.5066) > 0.1) throw new AssertionError(\"area \" + area);\n"
    "area",
])

notebook("heat.ipynb", [
    "# The heat equation\n\nA square plate, its top edge held at 1 and the other edges at 0. Jacobi's iteration "
    "replaces each interior point by the mean of its four neighbours; repeated, it relaxes towards the steady "
    "temperature. The stencil is four shifted slices of one array.",
    "void jacobi(NDArray u) {\n"
    "    u.set(\"1:-1, 1:-1\", u.get(\":-2, 1:-1\").add(u.get(\"2:, 1:-1\")).add(u.get(\"1:-1, :-2\")).add(u.get(\"1:-1, 2:\")).mul(0.25));\n"
    "}\n"
    "NDArray plate(int n) {\n"
    "    var u = Nd.zeros(DType.FLOAT64, n, n);\n"
    "    u.set(\"0, :\", 1.0);\n"
    "    return u;\n"
    "}",
    "md:Eagerly: each step launches its kernels one after the other. `Nd.scope()` releases each step's "
    "temporaries as the step ends.",
    "int n = 32, steps = 300;\n"
    "var u = plate(n);\n"
    "long t0 = System.nanoTime();\n"
    "for (int s = 0; s < steps; s++) {\n"
    "    try (var scope = Nd.scope()) { jacobi(u); }\n"
    "}\n"
    "u.sum().item();   // waits for the device\n"
    "System.out.println(String.format(\"eager: %.1f ms\", (System.nanoTime() - t0) / 1e6));",
    "Plot.imshow(u).title(\"temperature after \" + steps + \" Jacobi steps\")",
    "md:With `Nd.capture`, one step is recorded once as a graph (its elementwise chain fused into one kernel), then "
    "replayed: the host issues one launch per step instead of one per operation. The result is the eager one.",
    "var v = plate(n);\n"
    "var step = Nd.capture(() -> jacobi(v));\n"
    "long t1 = System.nanoTime();\n"
    "for (int s = 0; s < steps; s++) step.launch();\n"
    "double diff = ((Number) u.sub(v).abs().max().item()).doubleValue();\n"
    "System.out.println(String.format(\"captured: %.1f ms, max |eager - captured| = %.2g\", (System.nanoTime() - t1) / 1e6, diff));\n"
    "if (diff > 1e-12) throw new AssertionError(\"captured run differs by \" + diff);\n"
    "step",
    "md:Checks: the temperature lies between the edges' 0 and 1, and the plate is symmetric left to right.",
    "double lo = ((Number) u.min().item()).doubleValue(), hi = ((Number) u.get(\"1:-1, 1:-1\").max().item()).doubleValue();\n"
    "double asym = ((Number) u.sub(Nd.flip(u, 1)).abs().max().item()).doubleValue();\n"
    "if (lo < 0 || hi >= 1 || asym > 1e-12) throw new AssertionError(lo + \" \" + hi + \" \" + asym);\n"
    "Plot.line(u.get(\":, 16\")).title(\"temperature down the middle column\").xlabel(\"row\")",
])

notebook("linalg.ipynb", [
    "# Linear algebra\n\n`Nd.linalg()` is numpy.linalg on the device: solve, svd, lstsq and the rest (cuSOLVER "
    "and cuBLAS on CUDA, ndgpu's own kernels on OpenCL).",
    "Nd.random().seed(3);\n"
    "var a = Nd.random().normal(0, 1, DType.FLOAT64, 6, 6).add(Nd.eye(6).mul(6));\n"
    "var b = Nd.random().normal(0, 1, DType.FLOAT64, 6);\n"
    "var x = Nd.linalg().solve(a, b);\n"
    "double residual = ((Number) a.matmul(x).sub(b).abs().max().item()).doubleValue();\n"
    "if (residual > 1e-12) throw new AssertionError(\"residual \" + residual);\n"
    "x",
    "md:## SVD\n\nA 40 x 30 matrix of rank 2 plus a little noise: two singular values stand out, and U diag(s) Vh "
    "gives the matrix back.",
    "var m = Nd.random().normal(0, 1, DType.FLOAT64, 40, 2).matmul(Nd.random().normal(0, 1, DType.FLOAT64, 2, 30))\n"
    "    .add(Nd.random().normal(0, 0.01, DType.FLOAT64, 40, 30));\n"
    "var svd = Nd.linalg().svd(m, false);\n"
    "var rebuilt = svd.u().mul(svd.s()).matmul(svd.vh());\n"
    "if (!Nd.allclose(rebuilt, m, 1e-10, 1e-10, false)) throw new AssertionError(\"U diag(s) Vh != m\");\n"
    "svd.s().get(\":4\")",
    "Plot.bar(svd.s()).title(\"singular values\")",
    "md:## Least squares\n\nFit y = c0 + c1 x + c2 x^2 to noisy samples: `lstsq` on the Vandermonde matrix.",
    "var t = Nd.linspace(0, 1, 60);\n"
    "var data = t.mul(2).add(1).sub(t.square().mul(3)).add(Nd.random().normal(0, 0.05, DType.FLOAT64, 60));\n"
    "var fit = Nd.linalg().lstsq(Nd.vander(t, 3, true), data);\n"
    "double[] c = fit.x().toDoubleArray();\n"
    "if (Math.abs(c[0] - 1) > 0.1 || Math.abs(c[1] - 2) > 0.3 || Math.abs(c[2] + 3) > 0.3) throw new AssertionError(java.util.Arrays.toString(c));\n"
    "fit.x()",
    "Plot.scatter(t, data).title(\"samples\")",
    "Plot.line(t, Nd.vander(t, 3, true).matmul(fit.x())).title(\"the fitted parabola\")",
])

notebook("fft.ipynb", [
    "# FFT: the spectrum of a noisy signal\n\nOne second sampled at 1 kHz: a 50 Hz sine, a weaker 120 Hz sine and a lot "
    "of noise. In the samples the tones are hidden; in the spectrum (`rfft`, numpy.fft's) they are two peaks.",
    "double fs = 1000;\n"
    "int n = 1000;\n"
    "Nd.random().seed(21);\n"
    "var t = Nd.arange(0, n, 1).div(fs);\n"
    "var signal = t.mul(2 * Math.PI * 50).sin().add(t.mul(2 * Math.PI * 120).sin().mul(0.5))\n"
    "    .add(Nd.random().normal(0, 0.8, DType.FLOAT64, n));\n"
    "Plot.line(t.get(\":200\"), signal.get(\":200\")).title(\"the first 0.2 s\").xlabel(\"s\")",
    "var spectrum = Nd.fft().rfft(signal).abs();\n"
    "var freqs = Nd.fft().rfftfreq(n, 1 / fs);\n"
    "Plot.line(freqs, spectrum).title(\"|rfft(signal)|\").xlabel(\"Hz\")",
    "md:The two tallest bins (the zero frequency, the noise's mean, left out) are the tones:",
    "var top = Nd.argsort(spectrum.get(\"1:\")).get(\"-2:\").add(1);\n"
    "double[] peaks = freqs.get(top).toDoubleArray();\n"
    "java.util.Arrays.sort(peaks);\n"
    "if (peaks[0] != 50 || peaks[1] != 120) throw new AssertionError(java.util.Arrays.toString(peaks));\n"
    "peaks",
    "md:The inverse transform gives the signal back:",
    "var back = Nd.fft().irfft(Nd.fft().rfft(signal), n);\n"
    "if (!Nd.allclose(back, signal, 1e-9, 1e-9, false)) throw new AssertionError(\"irfft(rfft(x)) != x\");\n"
    "back.sub(signal).abs().max()",
])

notebook("sparse.ipynb", [
    "# Sparse matrices and conjugate gradients\n\n`Nd.sparse()` is scipy.sparse on the device. The matrix of "
    "-u'' = 1 on (0, 1) with u(0) = u(1) = 0, on n interior points, is tridiagonal: 2 on the diagonal, -1 beside "
    "it. Stored as CSR it keeps 3n numbers instead of n^2.",
    "int n = 100;\n"
    "double h = 1.0 / (n + 1);\n"
    "var a = Nd.sparse().diags(new NDArray[] {Nd.full(-1.0, n - 1), Nd.full(2.0, n), Nd.full(-1.0, n - 1)},\n"
    "    new long[] {-1, 0, 1}, new long[] {n, n});\n"
    "a",
    "md:A sparse matrix times a vector (SpMV) is what an iterative solver spends its time on; it matches the dense product:",
    "var v = Nd.random().uniform(0, 1, DType.FLOAT64, n);\n"
    "if (!Nd.allclose(a.matmul(v), a.toarray().matmul(v))) throw new AssertionError(\"SpMV != dense\");\n"
    "a.matmul(v).get(\":5\")",
    "md:Conjugate gradients (`scipy.sparse.linalg.cg`): the vectors stay on the device, only the scalars of each step "
    "come back. The exact solution is x(1 - x)/2, which the three-point stencil reproduces exactly.",
    "var f = Nd.full(h * h, n);\n"
    "var r = Nd.sparse().linalg().cg(a, f, org.ndgpu.sparse.linalg.SolveOptions.defaults().withRtol(1e-10));\n"
    "var xs = Nd.arange(1, n + 1, 1).mul(h);\n"
    "double err = ((Number) r.x().sub(xs.mul(xs.mul(-1).add(1)).mul(0.5)).abs().max().item()).doubleValue();\n"
    "System.out.println(\"info \" + r.info() + \", \" + r.iterations() + \" iterations, max error \" + err);\n"
    "if (r.info() != 0 || err > 1e-8) throw new AssertionError(\"cg: info \" + r.info() + \", error \" + err);",
    "Plot.line(xs, r.x()).title(\"u(x), solved by cg\").xlabel(\"x\")",
])

notebook("ndimage.ipynb", [
    "# Image processing\n\n`Nd.ndimage()` is scipy.ndimage on the device. A disc in heavy noise, smoothed by a "
    "Gaussian filter, then its edges found with Sobel.",
    "Nd.random().seed(7);\n"
    "var rows = Nd.arange(128.0).reshape(128, 1);\n"
    "var cols = Nd.arange(128.0).reshape(1, 128);\n"
    "var disc = rows.sub(64).square().add(cols.sub(64).square()).le(40 * 40).astype(DType.FLOAT64);\n"
    "var noisy = disc.add(Nd.random().normal(0, 0.4, DType.FLOAT64, 128, 128));\n"
    "Plot.imshow(noisy, Colormap.GRAY).title(\"noisy\")",
    "var smooth = Nd.ndimage().gaussianFilter(noisy, 2.0);\n"
    "Plot.imshow(smooth, Colormap.GRAY).title(\"gaussian_filter(noisy, sigma=2)\")",
    "md:The filter removes most of the noise: the smoothed image is several times closer to the clean disc.",
    "double before = ((Number) noisy.sub(disc).std().item()).doubleValue();\n"
    "double after = ((Number) smooth.sub(disc).std().item()).doubleValue();\n"
    "if (after > before / 2) throw new AssertionError(before + \" -> \" + after);\n"
    "System.out.println(String.format(\"distance to the clean disc: %.3f -> %.3f\", before, after));",
    "var edges = Nd.ndimage().sobel(smooth, 0).square().add(Nd.ndimage().sobel(smooth, 1).square()).sqrt();\n"
    "Plot.imshow(edges).title(\"Sobel gradient magnitude\")",
])

notebook("special.ipynb", [
    "# Special functions\n\n`Nd.special()` is scipy.special on the device: the error function, gamma and their "
    "relatives, elementwise on arrays.",
    "var x = Nd.linspace(-3, 3, 200);\nPlot.line(x, Nd.special().erf(x)).title(\"erf(x)\")",
    "var g = Nd.linspace(0.2, 5, 200);\nPlot.line(g, Nd.special().gamma(g)).title(\"gamma(x)\")",
    "md:Checks against known values: erf(1), gamma(5) = 4! and gamma(1/2) = sqrt(pi).",
    "double[] e = Nd.special().erf(Nd.asarray(new double[] {1.0})).toDoubleArray();\n"
    "double[] gv = Nd.special().gamma(Nd.asarray(new double[] {5.0, 0.5})).toDoubleArray();\n"
    "if (Math.abs(e[0] - 0.8427007929497149) > 1e-14 || Math.abs(gv[0] - 24) > 1e-12 || Math.abs(gv[1] - Math.sqrt(Math.PI)) > 1e-14)\n"
    "    throw new AssertionError(e[0] + \" \" + gv[0] + \" \" + gv[1]);\n"
    "Nd.special().gamma(Nd.arange(1.0, 7.0))",
])
