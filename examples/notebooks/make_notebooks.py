"""Writes the example notebooks' cells (no outputs); `./nd notebook execute` then fills the outputs.

python3 examples/notebooks/make_notebooks.py
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
])

notebook("kernels.ipynb", [
    "# Custom kernels and fuse\n\nCuPy's ElementwiseKernel and ReductionKernel: one snippet of C compiles for CUDA and OpenCL.",
    "var squaredDiff = new ElementwiseKernel(\"float32 x, float32 y\", \"float32 z\", "
    "\"z = (x - y) * (x - y)\", \"squared_diff\");\nsquaredDiff.call(Nd.arange(0, 5, 1, DType.FLOAT32), 2f)",
    "var l2norm = new ReductionKernel(\"T x\", \"T y\", \"x * x\", \"a + b\", \"y = sqrt(a)\", \"0\", \"l2norm\");\n"
    "l2norm.call(Nd.arange(0, 10, 1, DType.FLOAT32).reshape(2, 5), 1)",
    "md:`Fuse.of` traces a lambda of array operations into one kernel:",
    "var p = Nd.random().uniform(-1, 1, DType.FLOAT32, 5);\nvar q = Nd.random().uniform(-1, 1, DType.FLOAT32, 5);\n"
    "var sq = Fuse.of((a, b) -> a.sub(b).mul(a.sub(b)));\nsq.call(p, q)",
    "p.sub(q).square()",
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
