package org.ndgpu.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.reduction.ReductionKernel;

/**
 * The catalogue of bad inputs: each case is one call a user may plausibly get wrong, the exact
 * exception class it must raise, and fragments its message must hold (the operation, what was
 * expected, what was given). Arrays are made inside the action, on the current device.
 */
final class BadInputCases {
    private BadInputCases() {}

    /** One bad call. {@code type} is matched exactly (not a superclass), so a case pins the kind of error. */
    record Case(String name, Class<? extends NdException> type, Consumer<Path> action, List<String> fragments) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Case> ALL = new ArrayList<>();

    private static void c(String name, Class<? extends NdException> type, Consumer<Path> action, String... fragments) {
        ALL.add(new Case(name, type, action, List.of(fragments)));
    }

    private static void c(String name, Class<? extends NdException> type, Runnable action, String... fragments) {
        c(name, type, (Consumer<Path>) dir -> action.run(), fragments);
    }

    static NDArray f32(long... shape) {
        return Nd.ones(DType.FLOAT32, shape);
    }

    static NDArray closed() {
        NDArray a = f32(4);
        a.close();
        return a;
    }

    /** A view whose base was closed: the view keeps the memory, so it stays usable; closing the view itself is what counts. */
    static NDArray closedView() {
        NDArray base = f32(4, 4);
        NDArray v = base.get("1:3, ::2");
        base.close();
        v.close();
        return v;
    }

    static List<Case> all() {
        if (!ALL.isEmpty()) return ALL;
        // ---- ufuncs: shapes that do not broadcast
        c("add (3,4)+(5,)", ShapeException.class, () -> f32(3, 4).add(f32(5)), "add", "(3, 4)", "(5,)");
        c("subtract (2,3)-(3,2)", ShapeException.class, () -> f32(2, 3).sub(f32(3, 2)), "subtract", "(2, 3)", "(3, 2)");
        c("multiply (4,)*(3,)", ShapeException.class, () -> f32(4).mul(f32(3)), "multiply", "(4,)", "(3,)");
        c(
                "true_divide (2,1,3)/(4,2)",
                ShapeException.class,
                () -> f32(2, 1, 3).div(f32(4, 2)),
                "true_divide",
                "(2, 1, 3)",
                "(4, 2)");
        c("maximum (3,)/(4,)", ShapeException.class, () -> f32(3).maximum(f32(4)), "maximum", "(3,)", "(4,)");
        c("less (2,2)<(3,)", ShapeException.class, () -> f32(2, 2).lt(f32(3)), "less", "(2, 2)", "(3,)");
        c("arctan2 (5,)/(6,)", ShapeException.class, () -> f32(5).arctan2(f32(6)), "arctan2", "(5,)", "(6,)");
        c("add out of wrong shape", ShapeException.class, () -> Nd.add(f32(3), f32(3), f32(4)), "add", "(4,)", "(3,)");
        c(
                "sqrt out of wrong shape",
                ShapeException.class,
                () -> Nd.sqrt(f32(3, 2), f32(2, 3)),
                "sqrt",
                "(2, 3)",
                "(3, 2)");
        c(
                "add out broadcast smaller",
                ShapeException.class,
                () -> Nd.add(f32(2, 3), f32(3), f32(3)),
                "add",
                "(3,)",
                "(2, 3)");
        // ---- where, clip, set, copyto, broadcastTo
        c(
                "where cond (3,) x (4,)",
                ShapeException.class,
                () -> Nd.where(Nd.ones(DType.BOOL, 3), f32(4), 0.0),
                "where",
                "(3,)",
                "(4,)");
        c(
                "where x (2,3) y (3,2)",
                ShapeException.class,
                () -> Nd.where(true, f32(2, 3), f32(3, 2)),
                "where",
                "(2, 3)",
                "(3, 2)");
        c("clip lo of shape (5,)", ShapeException.class, () -> f32(4).clip(f32(5), 1.0), "clip", "(4,)", "(5,)");
        c(
                "clip hi of shape (2,2) on (3,)",
                ShapeException.class,
                () -> f32(3).clip(0.0, f32(2, 2)),
                "clip",
                "(3,)",
                "(2, 2)");
        c("set (3,) into (2,2)", ShapeException.class, () -> f32(2, 2).set(":", f32(3)), "(3,)", "(2, 2)");
        c("set row from (4,)", ShapeException.class, () -> f32(3, 3).set("0", f32(4)), "(4,)", "(3,)");
        c("copyto (2,) into (3,)", ShapeException.class, () -> Nd.copyto(f32(3), f32(2)), "copyto", "(2,)", "(3,)");
        c("broadcastTo (3,) -> (4,)", ShapeException.class, () -> f32(3).broadcastTo(4), "broadcast", "(3,)", "(4,)");
        c(
                "broadcastTo fewer dims",
                ShapeException.class,
                () -> f32(2, 3).broadcastTo(3),
                "broadcast",
                "(2, 3)",
                "(3,)");
        // ---- ElementwiseKernel
        c(
                "ElementwiseKernel inputs (3,)+(4,)",
                ShapeException.class,
                () -> new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x + y", "rel_add")
                        .call(f32(3), f32(4)),
                "rel_add",
                "(3,)",
                "(4,)");
        c(
                "ElementwiseKernel output wrong shape",
                ShapeException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "rel_copy").call(f32(3), f32(4)),
                "rel_copy",
                "(4,)",
                "(3,)");
        c(
                "ElementwiseKernel too few arguments",
                NdException.class,
                () -> new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x + y", "rel_add2").call(f32(3)),
                "rel_add2",
                "expected 2 inputs");
        c(
                "ElementwiseKernel input of wrong type",
                DTypeException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "rel_copy2").call("three"),
                "rel_copy2",
                "'x'",
                "String");
        c(
                "ElementwiseKernel output of wrong dtype",
                DTypeException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "rel_copy3")
                        .call(f32(3), Nd.zeros(DType.INT32, 3)),
                "rel_copy3",
                "'z'",
                "float32",
                "int32");
        c(
                "ElementwiseKernel unknown type",
                DTypeException.class,
                () -> new ElementwiseKernel("float33 x", "float32 z", "z = x", "rel_bad_type"),
                "rel_bad_type",
                "float33",
                "expected");
        c(
                "ElementwiseKernel param syntax",
                NdException.class,
                () -> new ElementwiseKernel("float32", "float32 z", "z = 1", "rel_bad_syntax"),
                "rel_bad_syntax",
                "float32");
        c(
                "ElementwiseKernel name not an identifier",
                NdException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "1bad name"),
                "ElementwiseKernel",
                "1bad name",
                "identifier");
        c(
                "ElementwiseKernel broken body",
                KernelCompileException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x +* ;", "rel_broken_body").call(f32(3)),
                "rel_broken_body");
        c(
                "ElementwiseKernel placeholder bound twice",
                DTypeException.class,
                () -> new ElementwiseKernel("T x, T y", "T z", "z = x + y", "rel_tt")
                        .call(f32(3), Nd.zeros(DType.INT64, 3)),
                "rel_tt",
                "T",
                "float32",
                "int64");
        // ---- ReductionKernel
        c(
                "ReductionKernel inputs (3,)+(4,)",
                ShapeException.class,
                () -> new ReductionKernel(
                                "float32 x, float32 w", "float32 y", "x * w", "a + b", "y = a", "0", "rel_dot")
                        .call(f32(3), f32(4)),
                "rel_dot",
                "(3,)",
                "(4,)");
        c(
                "ReductionKernel axis out of range",
                AxisException.class,
                () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "rel_sum")
                        .call(f32(3, 4), new int[] {2}, false),
                "rel_sum",
                "axis 2",
                "dimension 2");
        c(
                "ReductionKernel too many arguments",
                NdException.class,
                () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "rel_sum2")
                        .call(f32(3), f32(3), f32(3), f32(3)),
                "rel_sum2");
        c(
                "ReductionKernel broken map expression",
                KernelCompileException.class,
                () -> new ReductionKernel("T x", "T y", "x +* ", "a + b", "y = a", "0", "rel_broken_map").call(f32(8)),
                "rel_broken_map");
        // ---- matmul, dot, einsum, linalg
        c(
                "matmul (3,4)@(5,6)",
                ShapeException.class,
                () -> f32(3, 4).matmul(f32(5, 6)),
                "matmul",
                "(3,4)",
                "(5,6)",
                "not aligned",
                "4 (dim 1) != 5 (dim 0)");
        c(
                "matmul 0-d operand",
                ShapeException.class,
                () -> Nd.full(1.0f, DType.FLOAT32).matmul(f32(3)),
                "matmul",
                "0-d");
        c(
                "matmul batch (2,3,3)@(4,3,3)",
                ShapeException.class,
                () -> f32(2, 3, 3).matmul(f32(4, 3, 3)),
                "matmul",
                "(2,3,3)",
                "(4,3,3)",
                "do not broadcast");
        c(
                "matmul out wrong shape",
                ShapeException.class,
                () -> Nd.matmul(f32(2, 3), f32(3, 4), f32(2, 2)),
                "matmul",
                "(2, 2)",
                "(2, 4)");
        c("dot (3,)·(4,)", ShapeException.class, () -> Nd.dot(f32(3), f32(4)), "dot", "3", "4");
        c(
                "einsum bad subscript",
                NdException.class,
                () -> Nd.einsum("ij,j1->i", f32(2, 3), f32(3)),
                "einsum",
                "'1'",
                "expected letters");
        c(
                "einsum operand count",
                NdException.class,
                () -> Nd.einsum("ij,jk->ik", f32(2, 3)),
                "einsum",
                "2 operands",
                "1 given");
        c(
                "einsum size mismatch",
                ShapeException.class,
                () -> Nd.einsum("ij,jk->ik", f32(2, 3), f32(4, 5)),
                "einsum",
                "j");
        c(
                "einsum ndim mismatch",
                ShapeException.class,
                () -> Nd.einsum("ijk->i", f32(2, 3)),
                "einsum",
                "2 dims",
                "ijk");
        c(
                "einsum output label unknown",
                NdException.class,
                () -> Nd.einsum("ij->k", f32(2, 3)),
                "einsum",
                "'k'",
                "does not appear");
        c("inv of non-square", ShapeException.class, () -> Nd.linalg().inv(f32(2, 3)), "inv", "square", "(2, 3)");
        c(
                "solve shape mismatch",
                ShapeException.class,
                () -> Nd.linalg().solve(Nd.eye(3).astype(DType.FLOAT32), f32(4)),
                "solve",
                "(3, 3)",
                "(4,)");
        // ---- dtypes
        c("bitwise_and on float", DTypeException.class, () -> f32(3).bitwiseAnd(f32(3)), "bitwise_and", "float32");
        c("left_shift on float64", DTypeException.class, () -> Nd.ones(3).leftShift(1), "left_shift", "float64");
        c("invert on float", DTypeException.class, () -> f32(3).bitwiseNot(), "invert", "float32");
        c(
                "uint8 + 300 (NEP 50)",
                DTypeException.class,
                () -> Nd.ones(DType.UINT8, 3).add(300),
                "300",
                "uint8");
        c(
                "int32 + 1.5 into int32 out",
                DTypeException.class,
                () -> Nd.add(Nd.ones(DType.INT32, 3), 1.5, Nd.zeros(DType.INT32, 3)),
                "add",
                "float64",
                "int32",
                "same_kind");
        c(
                "sqrt float into int out",
                DTypeException.class,
                () -> Nd.sqrt(f32(3), Nd.zeros(DType.INT32, 3)),
                "sqrt",
                "float32",
                "int32");
        c("astype unknown name", DTypeException.class, () -> f32(3).astype("float33"), "astype", "float33");
        c(
                "viewAs different itemsize",
                DTypeException.class,
                () -> f32(3).viewAs(DType.FLOAT64),
                "view",
                "float32",
                "float64");
        c("array from String", DTypeException.class, () -> Nd.array("hello"), "array", "String");
        c("array from Object[]", DTypeException.class, () -> Nd.array(new Object[] {1, 2}), "array", "Object");
        c(
                "unknown ufunc name",
                NdException.class,
                () -> Nd.ufunc("frobnicate", null, f32(3)),
                "frobnicate",
                "unknown ufunc");
        // ---- axes
        c("sum axis 2 of 2-d", AxisException.class, () -> f32(3, 4).sum(2), "sum", "axis 2", "dimension 2");
        c("max axis -3 of 2-d", AxisException.class, () -> f32(3, 4).max(-3), "max", "axis -3", "dimension 2");
        c(
                "mean repeated axes",
                AxisException.class,
                () -> f32(3, 4).mean(new int[] {0, 0}, false),
                "mean",
                "repeated axis");
        c("argmax axis 1 of 1-d", AxisException.class, () -> f32(5).argmax(1), "argmax", "axis 1", "dimension 1");
        c("cumsum axis 3", AxisException.class, () -> f32(2, 2).cumsum(3), "cumsum", "axis 3");
        c(
                "transpose axes wrong count",
                AxisException.class,
                () -> f32(2, 3, 4).transpose(0, 1),
                "transpose",
                "expected 3 axes",
                "[0, 1]");
        c("transpose repeated axis", AxisException.class, () -> f32(2, 3).transpose(0, 0), "transpose", "repeated");
        c("swapaxes out of range", AxisException.class, () -> f32(2, 3).swapaxes(0, 5), "swapaxes", "axis 5");
        c("expandDims axis 4 of 2-d", AxisException.class, () -> f32(2, 3).expandDims(4), "expand_dims", "axis 4");
        c("squeeze non-1 axis", ShapeException.class, () -> f32(2, 3).squeeze(0), "squeeze", "2");
        c("shape(axis) out of range", AxisException.class, () -> f32(2, 3).shape(2), "shape", "axis 2");
        // ---- indices
        c("get index 5 of size 3", IndexException.class, () -> f32(3, 4).get(5), "index 5", "size 3");
        c("get index -4 of size 3", IndexException.class, () -> f32(3).get(-4), "index -4", "size 3");
        c("get too many indices", IndexException.class, () -> f32(3, 4).get(0, 1, 2), "too many indices", "2");
        c("get string index out of range", IndexException.class, () -> f32(3, 4).get("1, 9"), "index 9", "size 4");
        c("malformed index: letters", IndexException.class, () -> f32(3, 4).get("a:b"), "a:b");
        c("malformed index: too many colons", IndexException.class, () -> f32(3).get("1:2:3:4"), "1:2:3:4");
        c("malformed index: two ellipses", IndexException.class, () -> f32(3, 4).get("..., ..."), "...");
        c("malformed index: zero step", IndexException.class, () -> f32(5).get("::0"), "step", "zero");
        c("malformed index: unbalanced", IndexException.class, () -> f32(5).get("[1"), "[1");
        c("set index out of range", IndexException.class, () -> f32(3).set("7", 1.0), "index 7", "size 3");
        c("item on size>1", ShapeException.class, () -> f32(3).item(), "item", "size 1", "(3,)");
        // ---- reshape and creation
        c("reshape 12 -> (5,)", ShapeException.class, () -> f32(3, 4).reshape(5), "reshape", "12", "(5,)");
        c("reshape two -1", ShapeException.class, () -> f32(3, 4).reshape(-1, -1), "reshape", "-1");
        c("zeros negative dim", ShapeException.class, () -> Nd.zeros(DType.FLOAT32, 3, -1), "negative", "(3, -1)");
        c("array ragged", ShapeException.class, () -> Nd.array(new float[][] {{1, 2}, {3}}), "array", "ragged");
        c(
                "array data too short",
                ShapeException.class,
                () -> Nd.array(new float[] {1, 2, 3}, DType.FLOAT32, 2, 2),
                "array",
                "(2, 2)");
        c("arange zero step", NdException.class, () -> Nd.arange(0, 10, 0), "arange", "step");
        // ---- closed arrays and views of closed arrays
        c("add on closed", ArrayClosedException.class, () -> closed().add(1), "add", "closed");
        c("add closed operand", ArrayClosedException.class, () -> f32(4).add(closed()), "add", "closed");
        c("sum of closed", ArrayClosedException.class, () -> closed().sum(), "sum", "closed");
        c("matmul closed", ArrayClosedException.class, () -> f32(4).matmul(closed()), "matmul", "closed");
        c("get on closed", ArrayClosedException.class, () -> closed().get("1:"), "closed");
        c("toFloatArray closed", ArrayClosedException.class, () -> closed().toFloatArray(), "closed");
        c("copy closed", ArrayClosedException.class, () -> closed().copy(), "copy", "closed");
        c("closed view add", ArrayClosedException.class, () -> closedView().add(1), "add", "closed");
        c("write into closed out", ArrayClosedException.class, () -> Nd.add(f32(4), 1, closed()), "add", "closed");
        c(
                "ElementwiseKernel closed input",
                ArrayClosedException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "rel_copy4").call(closed()),
                "rel_copy4",
                "closed");
        c(
                "RawKernel closed argument",
                ArrayClosedException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1}, new long[] {4}, closed(), f32(4), f32(4), 4),
                "rel_raw_add",
                "closed");
        // ---- RawKernel
        c(
                "RawKernel broken source",
                KernelCompileException.class,
                () -> new RawKernel(
                                rawAdd().contains("__global__")
                                        ? "extern \"C\" __global__ void rel_broken(float* x) { x[0] = ; }"
                                        : "__kernel void rel_broken(__global float* x) { x[0] = ; }",
                                "rel_broken")
                        .launch(new long[] {1}, new long[] {1}, f32(1)),
                "rel_broken");
        c(
                "RawKernel unknown kernel name",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_no_such")
                        .launch(new long[] {1}, new long[] {1}, f32(4), f32(4), f32(4), 4),
                "rel_no_such",
                "rel_raw_add");
        c(
                "RawKernel too few arguments",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add").launch(new long[] {1}, new long[] {4}, f32(4), f32(4)),
                "rel_raw_add",
                "4 arguments",
                "2");
        c(
                "RawKernel scalar where array expected",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1}, new long[] {4}, 1.0f, f32(4), f32(4), 4),
                "rel_raw_add",
                "scalar");
        c(
                "RawKernel array where int expected",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1}, new long[] {4}, f32(4), f32(4), f32(4), f32(4)),
                "rel_raw_add",
                "an array was given");
        c(
                "RawKernel String argument",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1}, new long[] {4}, f32(4), f32(4), f32(4), "4"),
                "rel_raw_add",
                "String");
        c(
                "RawKernel zero grid",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {0}, new long[] {4}, f32(4), f32(4), f32(4), 4),
                "rel_raw_add",
                "positive");
        c(
                "RawKernel block too large",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1}, new long[] {1 << 20}, f32(4), f32(4), f32(4), 4),
                "rel_raw_add",
                "block");
        c(
                "RawKernel 4-d grid",
                KernelLaunchException.class,
                () -> new RawKernel(rawAdd(), "rel_raw_add")
                        .launch(new long[] {1, 1, 1, 1}, new long[] {1}, f32(4), f32(4), f32(4), 4),
                "rel_raw_add",
                "1 to 3 dimensions");
        // ---- .npy / .npz files
        c(
                "load wrong magic",
                NpyFormatException.class,
                dir -> Nd.load(write(
                        dir, "magic.npy", "PK\u0003\u0004 not numpy at all".getBytes(StandardCharsets.ISO_8859_1))),
                "magic.npy",
                "magic",
                "expected");
        c(
                "load empty file",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "empty.npy", new byte[0])),
                "empty.npy",
                "magic");
        c(
                "load truncated data",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "trunc.npy", truncate(npy("<f4", "(4,)", 16), 8))),
                "trunc.npy",
                "16",
                "8");
        c(
                "load truncated header",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "trunch.npy", truncate(npy("<f4", "(4,)", 16), 20))),
                "trunch.npy",
                "truncated header");
        c(
                "load header lies about size",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "lies.npy", npy("<f8", "(1000000,)", 16))),
                "lies.npy",
                "8000000",
                "16");
        c(
                "load huge header length",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "huge.npy", hugeHeader())),
                "huge.npy",
                "header length",
                "exceeds");
        c(
                "load bad version",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "ver.npy", version(npy("<f4", "(4,)", 16), 9))),
                "ver.npy",
                "version 9.0",
                "expected");
        c(
                "load unknown descr",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "descr.npy", npy("<q9", "(2,)", 16))),
                "descr.npy",
                "q9");
        c(
                "load header not a dict",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "nodict.npy", npyRaw("[1, 2, 3]", 0))),
                "nodict.npy",
                "not a dict");
        c(
                "load negative shape",
                NpyFormatException.class,
                dir -> Nd.load(write(dir, "neg.npy", npy("<f4", "(-4,)", 0))),
                "neg.npy",
                "-4");
        c(
                "loadNpz not a zip",
                NpyFormatException.class,
                dir -> Nd.loadNpz(write(dir, "nozip.npz", "hello".getBytes(StandardCharsets.US_ASCII))),
                "nozip.npz",
                "not a .npz file");
        c(
                "loadNpz entry not .npy",
                NpyFormatException.class,
                dir -> Nd.loadNpz(zip(dir, "txt.npz", "a.txt", new byte[] {1, 2})),
                "txt.npz",
                "a.txt",
                "NAME.npy");
        c(
                "loadNpz entry truncated",
                NpyFormatException.class,
                dir -> Nd.loadNpz(zip(dir, "tr.npz", "x.npy", truncate(npy("<f4", "(4,)", 16), 4))),
                "tr.npz",
                "'x.npy'",
                "16",
                "4");
        c(
                "loadNpz entry bad magic",
                NpyFormatException.class,
                dir -> Nd.loadNpz(zip(dir, "bm.npz", "y.npy", new byte[20])),
                "bm.npz",
                "'y.npy'",
                "magic");
        c(
                "loadStructuredNpz plain member",
                NpyFormatException.class,
                dir -> Nd.loadStructuredNpz(zip(dir, "pl.npz", "a.npy", npy("<f4", "(2,)", 8)), "a"),
                "pl.npz",
                "'a.npy'",
                "not a structured array");
        c(
                "loadNpz structured member",
                NpyFormatException.class,
                dir -> Nd.loadNpz(
                        zip(
                                dir,
                                "st.npz",
                                "r.npy",
                                npyRaw("{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (2,), }", 8)),
                        "r"),
                "st.npz",
                "'r.npy'",
                "structured array");
        c(
                "loadStructuredNpz member truncated",
                NpyFormatException.class,
                dir -> Nd.loadStructuredNpz(zip(
                        dir,
                        "str.npz",
                        "r.npy",
                        npyRaw("{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (4,), }", 8))),
                "str.npz",
                "'r.npy'",
                "truncated data");
        c(
                "loadStructuredNpz no such member",
                NpyFormatException.class,
                dir -> Nd.loadStructuredNpz(zip(dir, "nm.npz", "a.npy", npy("<f4", "(2,)", 8)), "q"),
                "nm.npz",
                "no member 'q'");
        BadRoutineCases.addTo(ALL);
        BadUnsignedCases.addTo(ALL);
        return ALL;
    }

    static final String RAW_ADD = """
            __kernel void rel_raw_add(__global const float* a, __global const float* b, __global float* c, int n) {
                int i = get_global_id(0);
                if (i < n) c[i] = a[i] + b[i];
            }
            """;
    static final String RAW_ADD_CUDA = """
            extern "C" __global__ void rel_raw_add(const float* a, const float* b, float* c, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) c[i] = a[i] + b[i];
            }
            """;

    /** The same kernel in the current device's dialect. */
    static String rawAdd() {
        return org.ndgpu.device.Device.current().backend().dialect() == org.ndgpu.backend.Dialect.CUDA
                ? RAW_ADD_CUDA
                : RAW_ADD;
    }

    // ---------------------------------------------------------------- bad files

    static Path write(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A version-1.0 .npy with the given descr and shape text and {@code dataBytes} bytes of data (whatever the header says). */
    static byte[] npy(String descr, String shape, int dataBytes) {
        return npyRaw("{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }", dataBytes);
    }

    static byte[] npyRaw(String dict, int dataBytes) {
        StringBuilder h = new StringBuilder(dict);
        while ((10 + h.length() + 1) % 64 != 0) h.append(' ');
        h.append('\n');
        byte[] head = h.toString().getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer bb = ByteBuffer.allocate(10 + head.length + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        bb.put((byte) 0x93)
                .put("NUMPY".getBytes(StandardCharsets.US_ASCII))
                .put((byte) 1)
                .put((byte) 0);
        bb.putShort((short) head.length).put(head);
        return bb.array();
    }

    static byte[] truncate(byte[] b, int drop) {
        return java.util.Arrays.copyOf(b, b.length - drop);
    }

    static byte[] version(byte[] b, int major) {
        b[6] = (byte) major;
        return b;
    }

    /** Version 2.0: a 4-byte header length of 2 GiB - 1, and nothing after it. */
    static byte[] hugeHeader() {
        ByteBuffer bb = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        bb.put((byte) 0x93)
                .put("NUMPY".getBytes(StandardCharsets.US_ASCII))
                .put((byte) 2)
                .put((byte) 0)
                .putInt(Integer.MAX_VALUE);
        return bb.array();
    }

    static Path zip(Path dir, String name, String entry, byte[] content) {
        Path p = dir.resolve(name);
        try (var z = new ZipOutputStream(Files.newOutputStream(p))) {
            z.putNextEntry(new ZipEntry(entry));
            z.write(content);
            z.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
