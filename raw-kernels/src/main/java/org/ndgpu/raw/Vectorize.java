package org.ndgpu.raw;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * A Java scalar function as an elementwise ufunc with NumPy broadcasting, as Numba's
 * {@code @vectorize}: Aparapi translates {@link JavaUfunc}'s {@code apply} to OpenCL C, and that
 * function becomes the body of ndgpu's elementwise loop on the arrays' device (CUDA through the
 * same OpenCL-to-CUDA prelude as {@link JavaKernel}).
 *
 * <pre>{@code
 * var rel = Vectorize.of(new JavaUfunc.F2() {
 *     @Override public float apply(float x, float y) { return abs(x - y) / max(abs(y), 1e-6f); }
 * });
 * NDArray r = rel.call(a, b);           // a (1000, 3) and b (3,) broadcast to (1000, 3)
 * rel.call(a, 2.5f);                    // a Java number is a scalar operand
 * rel.call(a, b, out);                  // into an existing output of the broadcast shape
 * }</pre>
 *
 * Inputs must have the dtypes of apply's parameters (convert others with {@code astype}); the
 * output has apply's return dtype.
 */
public final class Vectorize {
    private final JavaUfunc function;
    private final String name;
    private final String opencl;
    private final String applyName;

    private Vectorize(JavaUfunc function) {
        this.function = function;
        JavaKernelSource src = JavaKernelSource.of(function);
        this.opencl = src.source(Dialect.OPENCL);
        Matcher m = Pattern.compile("([\\w$]+__apply)\\s*\\(").matcher(opencl);
        if (!m.find())
            throw new NdException("Vectorize: no translated apply() in Aparapi's output for "
                    + function.getClass().getName());
        this.applyName = m.group(1);
        String pre = preamble(opencl);
        Matcher field = Pattern.compile("this->(\\w+)").matcher(pre);
        if (field.find()) {
            throw new NdException(
                    "Vectorize: " + function.getClass().getName() + ".apply() reads the field '" + field.group(1)
                            + "'; a vectorized function may use only its parameters (make the value a parameter, or use a JavaKernel)");
        }
        String simple = function.getClass().getSimpleName();
        this.name = "nd_vectorize_" + (simple.isEmpty() ? "anon" : simple.replaceAll("\\W", "_")) + "_"
                + Integer.toHexString(opencl.hashCode());
    }

    /** The ufunc of {@code function}; translation happens here, so an untranslatable apply fails now. */
    public static Vectorize of(JavaUfunc function) {
        return new Vectorize(java.util.Objects.requireNonNull(function, "Vectorize.of: function is null"));
    }

    /** Aparapi's helper functions: everything before the kernel, without get_pass_id (the only reader of 'this'). */
    private static String preamble(String opencl) {
        int k = opencl.indexOf("__kernel");
        String pre = k < 0 ? opencl : opencl.substring(0, k);
        return pre.replaceAll("(?s)int get_pass_id\\(This \\*this\\)\\{.*?\\n}\\n", "");
    }

    /**
     * Applies the function elementwise: {@code args} are the inputs (NDArrays or Java numbers),
     * optionally followed by an output array of the broadcast shape. Returns the output.
     */
    public NDArray call(Object... args) {
        java.util.Objects.requireNonNull(args, "Vectorize.call: args is null");
        DType[] ins = function.inputs();
        int n = ins.length;
        if (args.length != n && args.length != n + 1) {
            throw new NdException("Vectorize " + function.getClass().getName() + ": apply takes " + n + " input"
                    + (n == 1 ? "" : "s") + " (plus an optional output array), " + args.length + " argument(s) given");
        }
        Device device = Launch.deviceOf("Vectorize", args);
        List<long[]> shapes = new ArrayList<>();
        List<ElementwiseLoop.Param> params = new ArrayList<>();
        Object[] kargs = new Object[n + 1];
        StringBuilder call = new StringBuilder();
        for (int i = 0; i < n; i++) {
            Object a = args[i];
            String p = "in" + i;
            call.append(", ").append(p);
            if (a instanceof NDArray arr) {
                if (arr.dtype() != ins[i]) {
                    throw new DTypeException("Vectorize " + function.getClass().getName() + ": input " + i + " must be "
                            + ins[i] + " (apply's parameter type), got " + arr.dtype()
                            + "; convert with a.astype(DType." + ins[i] + ")");
                }
                shapes.add(arr.shape());
                params.add(new ElementwiseLoop.Param(p, ins[i], ElementwiseLoop.Kind.IN));
            } else if (a instanceof Number) {
                params.add(new ElementwiseLoop.Param(p, ins[i], ElementwiseLoop.Kind.SCALAR));
            } else {
                throw new NdException("Vectorize: input " + i + " must be an NDArray or a Java number, got "
                        + (a == null ? "null" : a.getClass().getName()));
            }
            kargs[i] = a;
        }
        long[] shape = Shapes.broadcast("Vectorize", shapes.toArray(long[][]::new));
        NDArray out;
        if (args.length == n + 1) {
            if (!(args[n] instanceof NDArray o))
                throw new NdException("Vectorize: the output must be an NDArray, got " + args[n]);
            if (o.dtype() != function.output()) {
                throw new DTypeException("Vectorize: the output must be " + function.output() + ", got " + o.dtype());
            }
            if (!java.util.Arrays.equals(o.shape(), shape)) {
                throw new ShapeException("Vectorize: the output has shape " + Shapes.str(o.shape())
                        + ", the inputs broadcast to " + Shapes.str(shape));
            }
            out = o;
        } else {
            out = NDArray.empty(device, function.output(), shape, Order.C);
        }
        params.add(new ElementwiseLoop.Param("out", function.output(), ElementwiseLoop.Kind.OUT));
        kargs[n] = out;
        ElementwiseLoop.run(spec(device.backend().dialect(), params, call.substring(2)), kargs, shape);
        return out;
    }

    private ElementwiseLoop.Spec spec(Dialect dialect, List<ElementwiseLoop.Param> params, String argList) {
        String pre = preamble(opencl);
        String fn = applyName;
        List<String> options = List.of();
        if (dialect == Dialect.CUDA) {
            pre = OpenClOnCuda.PRELUDE + "\n"
                    + OpenClOnCuda.withoutPragmaLines(pre)
                            .replaceAll("\\bthis\\b", "nd_this")
                            .replace('$', '_');
            fn = fn.replace('$', '_');
            options = OpenClOnCuda.OPTIONS;
        }
        return new ElementwiseLoop.Spec(name, params, "out = " + fn + "(0, " + argList + ");", pre, "", "", options);
    }

    /** The elementwise kernel's source for {@code dialect} and a 1-D contiguous layout, for inspection. */
    public String source(Dialect dialect) {
        java.util.Objects.requireNonNull(dialect, "Vectorize.source: dialect is null");
        DType[] ins = function.inputs();
        List<ElementwiseLoop.Param> params = new ArrayList<>();
        StringBuilder call = new StringBuilder();
        for (int i = 0; i < ins.length; i++) {
            params.add(new ElementwiseLoop.Param("in" + i, ins[i], ElementwiseLoop.Kind.IN));
            call.append(i > 0 ? ", " : "").append("in").append(i);
        }
        params.add(new ElementwiseLoop.Param("out", function.output(), ElementwiseLoop.Kind.OUT));
        return ElementwiseLoop.source(
                dialect, spec(dialect, params, call.toString()), new ElementwiseLoop.Layout(1, true, true));
    }

    /** The translated apply() as Aparapi wrote it, inside its OpenCL program. */
    public String translated() {
        return opencl;
    }

    @Override
    public String toString() {
        return "Vectorize(" + function.getClass().getName() + ")";
    }
}
