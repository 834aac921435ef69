package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CheckedIndex;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.CheckedMode;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Checked mode (ndgpu.debug) of ElementwiseKernel's raw parameters: an index past the end or
 * below 0 is an IndexException naming the kernel, the parameter, the index and the size, the
 * process lives and no other array is touched; correct kernels give the plain answer; off, the
 * source is what it was. Runs on every device with the mode switched on explicitly (GPUs default
 * to off), and checks PoCL's default.
 */
class CheckedModeTest extends PerDeviceTest {

    private static void assertAll(NDArray a, double v) {
        for (double d : a.toDoubleArray()) assertEquals(v, d, 0.0);
    }

    private static IndexException expectIndex(String debug, Runnable call) {
        return CheckedMode.with(debug, () -> assertThrows(IndexException.class, call::run));
    }

    @Test
    void anIndexFarPastTheEndIsAnIndexExceptionAndNothingElseIsTouched() {
        var k = new ElementwiseKernel("raw T x", "T y", "y = x[i == 3 ? 100000005 : i]", "my_k");
        try (NDArray before = Nd.full(-1.0, DType.FLOAT32, 64);
                NDArray x = Nd.arange(5).astype(DType.FLOAT32);
                NDArray after = Nd.full(-2.0, DType.FLOAT32, 64);
                NDArray y = Nd.zeros(DType.FLOAT32, 5)) {
            var e = expectIndex("true", () -> k.call(x, y));
            assertTrue(
                    e.getMessage().startsWith("ElementwiseKernel my_k: raw parameter x indexed at 100000005, size 5"),
                    e.getMessage());
            // the good elements were read, the bad one read the record's spare slot (zeros) instead of other memory
            assertArrayEquals(new float[] {0, 1, 2, 0, 4}, y.toFloatArray());
            assertArrayEquals(new float[] {0, 1, 2, 3, 4}, x.toFloatArray());
            assertAll(before, -1.0);
            assertAll(after, -2.0);
            // the device still works: the next call is right
            assertArrayEquals(
                    new float[] {0, 2, 4, 6, 8},
                    CheckedMode.with("true", () -> Nd.add(x, x).toFloatArray()));
        }
    }

    @Test
    void aNegativeIndexIsCaughtToo() {
        var k = new ElementwiseKernel("raw T x", "T y", "y = x[i - 1]", "shift_left");
        try (NDArray x = Nd.arange(7);
                NDArray y = Nd.zeros(DType.INT64, 7)) {
            var e = expectIndex("true", () -> k.call(x, y));
            assertTrue(
                    e.getMessage().startsWith("ElementwiseKernel shift_left: raw parameter x indexed at -1, size 7"),
                    e.getMessage());
        }
    }

    /** Writes through a raw parameter past its end go nowhere: the arrays beside it keep their values. */
    @Test
    void aWritePastTheEndIsNotMade() {
        var k = new ElementwiseKernel("T v, raw T r", "T y", "r[i + 1000] = v; y = v", "scatter_far");
        try (NDArray before = Nd.full(5.0, DType.INT32, 256);
                NDArray r = Nd.full(3.0, DType.INT32, 8);
                NDArray after = Nd.full(9.0, DType.INT32, 4096);
                NDArray v = Nd.arange(16).astype(DType.INT32);
                NDArray y = Nd.zeros(DType.INT32, 16)) {
            var e = expectIndex("true", () -> k.call(v, r, y));
            assertTrue(e.getMessage().contains("raw parameter r indexed at 10"), e.getMessage());
            assertTrue(e.getMessage().contains(", size 8"), e.getMessage());
            assertAll(before, 5.0);
            assertAll(r, 3.0);
            assertAll(after, 9.0);
        }
    }

    /** The second raw parameter is named, not the first. */
    @Test
    void theMessageNamesTheParameterThatWasIndexedBadly() {
        var k = new ElementwiseKernel("raw T a, raw T b", "T y", "y = a[i] + b[i * 2]", "two_raw");
        try (NDArray a = Nd.arange(6);
                NDArray b = Nd.arange(6);
                NDArray y = Nd.zeros(DType.INT64, 6)) {
            var e = expectIndex("true", () -> k.call(a, b, y));
            assertTrue(
                    e.getMessage().startsWith("ElementwiseKernel two_raw: raw parameter b indexed at "),
                    e.getMessage());
            long at = Long.parseLong(e.getMessage().replaceAll(".* indexed at (\\d+),.*", "$1"));
            assertTrue(at >= 6 && at <= 10 && at % 2 == 0, e.getMessage());
        }
    }

    /** Correct raw indexing gives the plain Java answer in checked mode: a reverse, a gather, a 2-D raw array, nested subscripts. */
    @Test
    void correctKernelsGiveThePlainAnswer() {
        int n = 1000;
        double[] xs = new double[n];
        long[] idx = new long[n];
        for (int i = 0; i < n; i++) {
            xs[i] = Math.sin(i * 0.37) * 10;
            idx[i] = (i * 7919L) % n;
        }
        CheckedMode.with("true", () -> {
            try (NDArray x = Nd.array(xs);
                    NDArray ix = Nd.array(idx)) {
                var rev = new ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse_checked");
                double[] got = rev.call(x, Nd.emptyLike(x)).toDoubleArray();
                for (int i = 0; i < n; i++) assertEquals(xs[n - 1 - i], got[i], 0.0);
                // a subscript inside a subscript, and a comment and a string that mention x[ ]
                var gather = new ElementwiseKernel(
                        "raw T x, raw int64 ix",
                        "T y",
                        "y = x[ix[i]] /* not x[i] */ + 0 * sizeof(\"x[0]\")",
                        "gather_checked");
                got = gather.callWithSize(n, x, ix).toDoubleArray();
                for (int i = 0; i < n; i++) assertEquals(xs[(int) idx[i]], got[i], 0.0);
                // a transposed raw array is passed as a C-order copy
                try (NDArray m = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 4);
                        NDArray t = m.T()) {
                    var first = new ElementwiseKernel("raw T m, T z", "T y", "y = m[i % 3] + z", "first_col");
                    double[] r = first.call(t, Nd.zeros(DType.FLOAT64, 6)).toDoubleArray();
                    assertArrayEquals(new double[] {0, 4, 8, 0, 4, 8}, r);
                }
            }
            return null;
        });
    }

    /**
     * The mode is read at each call and the kernel caches keep the two forms apart: one kernel object
     * switched off, on and off again runs the unchecked kernel, then the checked one, then the unchecked.
     */
    @Test
    void switchingTheModeSwitchesTheKernel() {
        var k = new ElementwiseKernel("raw T x, int64 off", "T y", "y = x[i + off]", "shift_by");
        try (NDArray x = Nd.arange(6);
                NDArray y = Nd.zeros(DType.INT64, 6)) {
            for (String mode : new String[] {"false", "true", "false"}) {
                CheckedMode.with(mode, () -> k.call(x, 0L, y));
                assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, y.toLongArray(), "debug " + mode);
                if (mode.equals("true")) {
                    var e = expectIndex("true", () -> k.call(x, 6L, y));
                    assertTrue(
                            e.getMessage().startsWith("ElementwiseKernel shift_by: raw parameter x indexed at "),
                            e.getMessage());
                }
            }
        }
    }

    /** PoCL's default is on: a bad read there kills the process. */
    @Test
    void onPoclTheModeIsOnUnlessSwitchedOff() {
        assumeTrue(
                device().facts().backend().equals("opencl") && !device().isGpu(), "PoCL (an OpenCL CPU device) only");
        var k = new ElementwiseKernel("raw T x", "T y", "y = x[i + 100000000]", "pocl_default");
        try (NDArray x = Nd.arange(5);
                NDArray y = Nd.zeros(DType.INT64, 5)) {
            var e = expectIndex(null, () -> k.call(x, y));
            assertTrue(
                    e.getMessage().startsWith("ElementwiseKernel pocl_default: raw parameter x indexed at 10000000"),
                    e.getMessage());
            assertTrue(CheckedMode.with(null, () -> CheckedIndex.on(device())));
            assertFalse(CheckedMode.with("false", () -> CheckedIndex.on(device())));
        }
    }

    /** Off, the source is the unchecked one (GoldenSourceTest's); on, it differs and carries the checks. */
    @Test
    void offTheSourceIsTheUncheckedOne() {
        var k = new ElementwiseKernel(
                "T x, raw T r, float32 s", "T z", "z = x + r[_ind.size() - i - 1] * s", "golden_k");
        try (NDArray x = Nd.arange(8).astype(DType.FLOAT64);
                NDArray r = Nd.arange(8).astype(DType.FLOAT64)) {
            for (Dialect d : Dialect.values()) {
                String off = CheckedMode.with("false", () -> k.generatedSource(d, x, r, 2));
                var spec = k.buildSpec(
                        new KernelParams.Binding(java.util.Map.of("T", DType.FLOAT64)),
                        new DType[] {DType.FLOAT64, DType.FLOAT64, null});
                assertEquals(
                        ElementwiseLoop.source(
                                d,
                                spec,
                                ElementwiseLoop.layout(
                                        spec, new Object[] {x, r, 2, Nd.zeros(DType.FLOAT64, 8)}, new long[] {8})),
                        off);
                assertFalse(off.contains("nd_checked"));
                String on = CheckedMode.with("true", () -> k.generatedSource(d, x, r, 2));
                assertNotEquals(off, on);
                assertTrue(on.contains("(*nd_checked_double(r, _nd_len_r, _nd_check, 0, (long)(_n - i - 1)))"), on);
            }
        }
    }
}
