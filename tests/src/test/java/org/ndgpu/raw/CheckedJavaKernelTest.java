package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.CheckedMode;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Checked mode (ndgpu.debug) of JavaKernel: every {@code a[i]} of a bound array, in run() and in
 * its helper methods, is checked against the array's size; a bad index is an IndexException naming
 * the kernel, the field, the index and the size, no other array is touched, and correct kernels
 * give the plain answer. Runs on every device with the mode switched on; PoCL's default is checked.
 */
class CheckedJavaKernelTest extends PerDeviceTest {

    /** y[i] = x[i + offset] (through a helper method), for every i below n: offset chooses how far it reads. */
    static final class ShiftRead extends JavaKernel {
        float[] x;
        float[] y;
        int offset;
        int n;

        float at(int i) {
            return x[i];
        }

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) y[i] = at(i + offset) * 2f;
        }
    }

    /** Writes y[i * stride]: past the end when stride is too large. */
    static final class StridedWrite extends JavaKernel {
        int[] y;
        int stride;

        @Override
        public void run() {
            int i = getGlobalId();
            y[i * stride] = i;
        }
    }

    @Test
    void correctIndexingGivesThePlainAnswer() {
        int n = 300;
        float[] xs = new float[n + 7];
        for (int i = 0; i < xs.length; i++) xs[i] = (float) Math.cos(i * 0.1);
        CheckedMode.with("true", () -> {
            var k = new ShiftRead();
            k.offset = 7;
            k.n = n;
            try (NDArray x = Nd.array(xs);
                    NDArray y = Nd.zeros(DType.FLOAT32, n)) {
                k.bind("x", x).bind("y", y).launch(NdRange.of(n));
                float[] got = y.toFloatArray();
                for (int i = 0; i < n; i++) assertEquals(xs[i + 7] * 2f, got[i], 0f, "element " + i);
            }
            return null;
        });
    }

    @Test
    void aReadFarPastTheEndIsAnIndexException() {
        var k = new ShiftRead();
        k.offset = 100000000;
        k.n = 1;
        try (NDArray x = Nd.zeros(DType.FLOAT32, 5);
                NDArray y = Nd.full(-3.0, DType.FLOAT32, 4)) {
            k.bind("x", x).bind("y", y);
            var e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> k.launch(NdRange.of(4))));
            assertTrue(
                    e.getMessage()
                            .startsWith("JavaKernel " + ShiftRead.class.getName()
                                    + ": array x indexed at 100000000, size 5"),
                    e.getMessage());
            // and below 0
            k.offset = -1;
            e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> k.launch(NdRange.of(4))));
            assertTrue(e.getMessage().contains(": array x indexed at -1, size 5"), e.getMessage());
        }
    }

    @Test
    void aWritePastTheEndIsNotMade() {
        var k = new StridedWrite();
        k.stride = 3;
        try (NDArray before = Nd.full(7.0, DType.INT32, 128);
                NDArray y = Nd.full(-1.0, DType.INT32, 10);
                NDArray after = Nd.full(8.0, DType.INT32, 128)) {
            k.bind("y", y);
            var e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> k.launch(NdRange.of(8))));
            assertTrue(e.getMessage().contains(": array y indexed at "), e.getMessage());
            assertTrue(e.getMessage().contains(", size 10"), e.getMessage());
            int[] got = y.toIntArray();
            for (int i = 0; i < 10; i++) assertEquals(i % 3 == 0 ? i / 3 : -1, got[i], "y[" + i + "]");
            for (int v : before.toIntArray()) assertEquals(7, v);
            for (int v : after.toIntArray()) assertEquals(8, v);
        }
    }

    /** Aparapi's atomicAdd(bins, i, 1) indexes bins in a helper: the index is checked at the call, and counts stay right. */
    @Test
    void atomicsOnAnArrayElementAreCheckedToo() {
        var k = new TestKernels.Histogram();
        try (NDArray values = Nd.array(new int[] {0, 1, 2, 3, 3, 2, 1, 3});
                NDArray bins = Nd.zeros(DType.INT32, 4)) {
            k.nbins = 4;
            k.bind("values", values).bind("bins", bins);
            CheckedMode.with("true", () -> {
                k.launch(NdRange.of(8));
                return null;
            });
            org.junit.jupiter.api.Assertions.assertArrayEquals(new int[] {1, 2, 2, 3}, bins.toIntArray());
            try (NDArray far = Nd.array(new int[] {0, 1, 2, 9, 3, 2, 1, 3})) {
                k.nbins = 100; // 9 % 100 = 9: past the 4 bins
                k.bind("values", far);
                var e = CheckedMode.with(
                        "true", () -> assertThrows(IndexException.class, () -> k.launch(NdRange.of(8))));
                assertTrue(
                        e.getMessage()
                                .endsWith(
                                        ": array bins indexed at 9, size 4 (checked mode, ndgpu.debug: the access was not made)"),
                        e.getMessage());
                org.junit.jupiter.api.Assertions.assertArrayEquals(
                        new int[] {2, 4, 4, 5}, bins.toIntArray(), "the good adds were made");
            }
        }
    }

    @Test
    void onPoclTheModeIsOnByDefault() {
        assumeTrue(
                device().facts().backend().equals("opencl") && !device().isGpu(), "PoCL (an OpenCL CPU device) only");
        var k = new ShiftRead();
        k.offset = 100000000;
        k.n = 1;
        try (NDArray x = Nd.zeros(DType.FLOAT32, 5);
                NDArray y = Nd.zeros(DType.FLOAT32, 1)) {
            k.bind("x", x).bind("y", y);
            var e = CheckedMode.with(null, () -> assertThrows(IndexException.class, () -> k.launch(NdRange.of(1))));
            assertTrue(e.getMessage().contains("array x indexed at 100000000, size 5"), e.getMessage());
        }
    }

    /** The checked source carries the checks in both dialects; the plain one (TranslationGoldenTest's) has none. */
    @Test
    void theCheckedSourceChecksEveryArraySubscript() {
        var src = JavaKernelSource.of(new ShiftRead());
        for (Dialect d : Dialect.values()) {
            assertFalse(src.source(d).contains("nd_checked"));
            String c = src.checkedSource(d);
            String self = d == Dialect.CUDA ? "nd_this" : "this";
            assertTrue(
                    c.contains(
                            "(*nd_checked_float(" + self + "->x, " + self + "->_nd_len_x, " + self + "->_nd_check, "),
                    c);
            assertTrue(c.contains("(*nd_checked_float(" + self + "->y, " + self + "->_nd_len_y, "), c);
        }
    }
}
