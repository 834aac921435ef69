package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;

/**
 * Golden tests of generated kernel source (the part after the dialect prelude); no device needed.
 * After an intended change, regenerate with {@code -Dndgpu.golden.update=true} and review the diff.
 */
class GoldenSourceTest {
    private static final Path DIR = Path.of("src/test/resources/golden");

    private static void golden(String file, Dialect dialect, Spec spec, Layout layout) throws IOException {
        String src = ElementwiseLoop.source(dialect, spec, layout);
        assertTrue(src.startsWith(dialect.prelude()), "source starts with the prelude");
        String body = src.substring(dialect.prelude().length());
        Path p = DIR.resolve(file);
        if (Boolean.getBoolean("ndgpu.golden.update")) Files.writeString(p, body, StandardCharsets.UTF_8);
        assertEquals(Files.readString(p, StandardCharsets.UTF_8), body, file);
    }

    @Test
    void addFloat32WideLoads() throws IOException {
        Spec s = UfuncLibrary.specFor(Ufunc.ADD, DType.FLOAT32, DType.FLOAT32);
        golden("add_f4_vector4.opencl.c", Dialect.OPENCL, s, new Layout(1, true, true, 4));
        golden("add_f4_vector4.cuda.cu", Dialect.CUDA, s, new Layout(1, true, true, 4));
    }

    @Test
    void trueDivideOfIntsStrided() throws IOException {
        Spec s = UfuncLibrary.specFor(Ufunc.TRUE_DIVIDE, DType.INT32, DType.INT16);
        golden("true_divide_i4_i2_nd2.c", Dialect.OPENCL, s, new Layout(2, false, false));
    }

    @Test
    void complexAndHalf() throws IOException {
        golden(
                "multiply_c8.c",
                Dialect.OPENCL,
                UfuncLibrary.specFor(Ufunc.MULTIPLY, DType.COMPLEX64, DType.COMPLEX64),
                new Layout(1, true, true));
        golden("sqrt_f2.c", Dialect.CUDA, UfuncLibrary.specFor(Ufunc.SQRT, DType.FLOAT16), new Layout(1, true, true));
    }

    @Test
    void resultConvertedIntoOutsDtype() throws IOException {
        golden(
                "add_f4_into_f2.c",
                Dialect.OPENCL,
                UfuncLibrary.specInto(Ufunc.ADD, DType.FLOAT16, DType.FLOAT32, DType.FLOAT32),
                new Layout(1, true, true));
        golden(
                "clip_i4_into_f8.cu",
                Dialect.CUDA,
                UfuncLibrary.specInto(Ufunc.CLIP, DType.FLOAT64, DType.INT32, DType.INT32, DType.INT32),
                new Layout(1, true, true));
        golden(
                "clip_f4.c",
                Dialect.OPENCL,
                UfuncLibrary.specInto(Ufunc.CLIP, DType.FLOAT32, DType.FLOAT32, DType.FLOAT32, DType.FLOAT32),
                new Layout(1, true, true));
    }

    @Test
    void elementwiseKernelWithPlaceholdersRawAndConversion() throws IOException {
        var k = new ElementwiseKernel(
                "T x, raw T r, float32 s", "T z", "z = x + r[_ind.size() - i - 1] * s", "golden_k");
        var b = new KernelParams.Binding(Map.of("T", DType.FLOAT64));
        Spec spec = k.buildSpec(b, new DType[] {DType.FLOAT64, DType.FLOAT64, DType.INT32});
        golden("elementwise_kernel_nd3.c", Dialect.OPENCL, spec, new Layout(3, false, true));
    }

    /**
     * Checked mode (ndgpu.debug): the same kernel with its raw subscript bounds-checked, in both
     * dialects; the unchecked golden above is untouched by the mode.
     */
    @Test
    void elementwiseKernelCheckedMode() throws IOException {
        var k = new ElementwiseKernel(
                "T x, raw T r, float32 s", "T z", "z = x + r[_ind.size() - i - 1] * s", "golden_k");
        var b = new KernelParams.Binding(Map.of("T", DType.FLOAT64));
        Spec spec = org.ndgpu.codegen.CheckedIndex.elementwise(
                k.buildSpec(b, new DType[] {DType.FLOAT64, DType.FLOAT64, DType.INT32}));
        golden("elementwise_kernel_nd3.checked.c", Dialect.OPENCL, spec, new Layout(3, false, true));
        golden("elementwise_kernel_nd3.checked.cu", Dialect.CUDA, spec, new Layout(3, false, true));
    }

    @Test
    void rowLoops() throws IOException {
        Spec add = UfuncLibrary.specFor(Ufunc.ADD, DType.FLOAT32, DType.FLOAT32);
        golden("add_f4_rows_vector4.opencl.c", Dialect.OPENCL, add, new Layout(2, false, true, 4, true));
        golden("add_f4_rows_nd3.cuda.cu", Dialect.CUDA, add, new Layout(3, false, false, 1, true));
    }

    @Test
    void tiledTransposingLoop() throws IOException {
        // a.T() + b: the first input staged through the local tile (merged dim 0), the output walking dim 1
        Spec add = UfuncLibrary.specFor(Ufunc.ADD, DType.FLOAT32, DType.FLOAT32);
        golden("add_f4_tiled.opencl.c", Dialect.OPENCL, add, Layout.tiled(2, true, 0, 1, 0b001));
        golden("add_f4_tiled.cuda.cu", Dialect.CUDA, add, Layout.tiled(2, true, 0, 1, 0b001));
        // a batched float16 -> float64 cast of (b, m, n).swapaxes(1, 2), 64-bit indices, a body using the flat index i
        var k = new ElementwiseKernel("float16 x", "float64 y", "y = x + i", "golden_tiled");
        Spec cast = k.buildSpec(new KernelParams.Binding(Map.of()), new DType[] {DType.FLOAT16, DType.FLOAT64});
        golden("cast_f2_f8_tiled_nd3.c", Dialect.OPENCL, cast, Layout.tiled(3, false, 1, 2, 0b01));
    }
}
