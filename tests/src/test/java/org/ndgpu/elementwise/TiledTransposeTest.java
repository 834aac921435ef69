package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The tiled (transposing) elementwise loop: copies, ascontiguousarray, astype and ufuncs whose
 * input walks another axis than the output, for every dtype size, tile edges (odd sizes), batched
 * layouts with the transposed pair in any position, flipped views and views with offsets. Every
 * result is checked against a plain Java loop over the host bytes of fresh random inputs (no zeros
 * except bool's false), into poisoned outputs where an output is passed in; each layout is also
 * checked to take the path it is meant to (tiled, or the plain loop where tiling does not apply).
 */
public class TiledTransposeTest extends PerDeviceTest {
    private static final DType[] ALL = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.UINT16,
        DType.FLOAT16,
        DType.INT32,
        DType.UINT32,
        DType.FLOAT32,
        DType.INT64,
        DType.UINT64,
        DType.FLOAT64,
        DType.COMPLEX64,
        DType.COMPLEX128
    };

    /** A base array's host bytes and its device copy. */
    private record Base(DType dtype, long[] shape, MemorySegment host, NDArray dev) {}

    private Base base(DType d, long seed, long... shape) {
        long n = 1;
        for (long s : shape) n *= s;
        var r = new SplittableRandom(seed);
        MemorySegment seg = Arena.ofAuto().allocate(Math.max(1, n * d.itemsize()), 16);
        for (long i = 0; i < n; i++) {
            long o = i * d.itemsize();
            double x = (r.nextBoolean() ? 1 : -1) * r.nextDouble(0.5, 100);
            double y = (r.nextBoolean() ? 1 : -1) * r.nextDouble(0.5, 100);
            switch (d) {
                case BOOL -> seg.set(ValueLayout.JAVA_BYTE, o, (byte) (r.nextBoolean() ? 1 : 0));
                case INT8 ->
                    seg.set(ValueLayout.JAVA_BYTE, o, (byte)
                            (r.nextBoolean() ? r.nextInt(1, 128) : -r.nextInt(1, 129)));
                case UINT8 -> seg.set(ValueLayout.JAVA_BYTE, o, (byte) r.nextInt(1, 256));
                case INT16 ->
                    seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, o, (short)
                            (r.nextBoolean() ? r.nextInt(1, 30000) : -r.nextInt(1, 30000)));
                case UINT16 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, o, (short) r.nextInt(1, 1 << 16));
                // the unsigned 32 and 64 bit values of every bit pattern but zero, the top bit set half the time
                case UINT32 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED, o, r.nextInt() | 1);
                case UINT64 -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, o, r.nextLong() | 1);
                case INT32 ->
                    seg.set(
                            ValueLayout.JAVA_INT_UNALIGNED,
                            o,
                            r.nextBoolean() ? r.nextInt(1, 1 << 30) : -r.nextInt(1, 1 << 30));
                case INT64 ->
                    seg.set(
                            ValueLayout.JAVA_LONG_UNALIGNED,
                            o,
                            r.nextBoolean() ? r.nextLong(1, 1L << 62) : -r.nextLong(1, 1L << 62));
                case FLOAT16 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, o, Float.floatToFloat16((float) x));
                case FLOAT32 -> seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o, (float) x);
                case FLOAT64 -> seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o, x);
                case COMPLEX64 -> {
                    seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o, (float) x);
                    seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o + 4, (float) y);
                }
                case COMPLEX128 -> {
                    seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o, x);
                    seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o + 8, y);
                }
                default -> throw new AssertionError(d);
            }
        }
        return new Base(d, shape, seg, NDArray.fromHost(device(), d, shape, seg));
    }

    /** The byte offset into the base's host bytes of each element of view {@code v}, in C order: the reference's plain loop. */
    private static long[] sourceOffsets(Base b, NDArray v) {
        long n = v.size();
        long[] out = new long[(int) n];
        long[] shape = v.shape();
        long[] strides = v.strides();
        long[] idx = new long[shape.length];
        long start = v.offset() - b.dev().offset();
        for (int i = 0; i < n; i++) {
            long o = start;
            for (int d = 0; d < shape.length; d++) o += idx[d] * strides[d];
            out[i] = o;
            for (int d = shape.length - 1; d >= 0; d--) {
                if (++idx[d] < shape[d]) break;
                idx[d] = 0;
            }
        }
        return out;
    }

    /** The view's elements, gathered on the host from the base's bytes (the expected result of a copy). */
    private static byte[] expectedCopy(Base b, NDArray v) {
        int is = b.dtype().itemsize();
        long[] offs = sourceOffsets(b, v);
        byte[] want = new byte[offs.length * is];
        for (int i = 0; i < offs.length; i++) {
            MemorySegment.copy(b.host(), ValueLayout.JAVA_BYTE, offs[i], want, i * is, is);
        }
        return want;
    }

    private static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }

    private static void assertBytes(byte[] want, byte[] got, int itemsize, String what) {
        assertEquals(want.length, got.length, what + ": size");
        for (int i = 0; i < want.length; i++) {
            if (want[i] != got[i]) {
                throw new AssertionError(what + ": element " + i / itemsize + " differs (byte " + i % itemsize
                        + ": want " + want[i] + ", got " + got[i] + ")");
            }
        }
    }

    /** True when a copy of {@code src} into {@code out} plans the tiled loop. */
    private static boolean tiled(NDArray src, NDArray out) {
        var spec = new Spec(
                "nd_tiled_probe",
                List.of(new Param("x", src.dtype(), Kind.IN), new Param("y", out.dtype(), Kind.OUT)),
                "y = x;");
        return ElementwiseLoop.layout(spec, new Object[] {src, out}, out.shape())
                .tiled();
    }

    private static NDArray poisoned(DType d, long[] shape, Order order) {
        NDArray out = NDArray.empty(Device.current(), d, shape, order);
        if (d == DType.BOOL) out.fill(true);
        else out.fill(d.isInexact() ? Double.NaN : 77);
        return out;
    }

    /** Copies view {@code f(base)} with ascontiguousarray and into a poisoned C-ordered out, checks both and the plan. */
    private void checkCopy(DType d, long[] shape, UnaryOperator<NDArray> f, boolean wantTiled, String what) {
        Base b = base(d, Arrays.hashCode(shape) * 31L + d.ordinal(), shape);
        try (NDArray base = b.dev()) {
            NDArray v = f.apply(base);
            byte[] want = expectedCopy(b, v);
            String w = what + " " + d + " " + Arrays.toString(shape);
            NDArray c = Nd.ascontiguousarray(v);
            try {
                assertTrue(c.isCContiguous(), w);
                assertBytes(want, bytes(c), d.itemsize(), w + " ascontiguousarray");
            } finally {
                if (!c.sharesMemory(base)) c.close(); // an already contiguous view comes back as itself
            }
            try (NDArray out = poisoned(d, v.shape(), Order.C)) {
                assertEquals(wantTiled, tiled(v, out), w + ": tiled plan");
                Nd.copyto(out, v);
                assertBytes(want, bytes(out), d.itemsize(), w + " copyto");
            }
        }
    }

    @Test
    void transposedCopiesOfOddSizesEveryDtype() {
        long[][] shapes = {{31, 31}, {33, 33}, {31, 33}, {1000, 17}, {17, 1000}, {16, 16}};
        for (DType d : ALL) {
            for (long[] s : shapes) checkCopy(d, s, NDArray::T, true, "m.T()");
        }
        for (DType d : new DType[] {DType.BOOL, DType.FLOAT32, DType.COMPLEX128})
            checkCopy(d, new long[] {513, 1025}, NDArray::T, true, "m.T()");
    }

    @Test
    void smallAndDegenerateShapesTakeThePlainLoop() {
        for (DType d : new DType[] {DType.INT8, DType.FLOAT32, DType.COMPLEX128}) {
            checkCopy(d, new long[] {1, 1}, NDArray::T, false, "1x1");
            checkCopy(d, new long[] {1, 33}, NDArray::T, false, "1x33");
            checkCopy(d, new long[] {1000, 5}, NDArray::T, false, "thin");
            checkCopy(d, new long[] {15, 300}, NDArray::T, false, "thin");
            checkCopy(d, new long[] {33, 40}, m -> m.get("::2, :"), false, "same fast axis");
            checkCopy(d, new long[] {1}, m -> m, false, "1-d");
        }
    }

    @Test
    void flippedAndOffsetViews() {
        for (DType d : new DType[] {DType.UINT8, DType.FLOAT16, DType.FLOAT32, DType.FLOAT64, DType.COMPLEX128}) {
            long[] s = {70, 45};
            checkCopy(d, s, m -> m.get("::-1, :").T(), true, "flipped rows");
            checkCopy(d, s, m -> m.get(":, ::-1").T(), true, "flipped fast axis");
            checkCopy(d, s, m -> m.get("::-1, ::-1").T(), true, "flipped both");
            checkCopy(d, s, m -> m.get("3:61, 2:40").T(), true, "offset window");
            checkCopy(d, s, m -> m.get("5:, 1:44:2").T(), false, "offset strided (input has no unit-stride axis)");
        }
    }

    @Test
    void batchedLayouts() {
        for (DType d : new DType[] {DType.INT8, DType.INT16, DType.FLOAT32, DType.FLOAT64, DType.COMPLEX128}) {
            checkCopy(d, new long[] {5, 33, 31}, m -> m.swapaxes(1, 2), true, "(b, m, n) last two swapped");
            checkCopy(
                    d,
                    new long[] {33, 4, 31},
                    m -> m.transpose(2, 1, 0),
                    true,
                    "outer pair swapped, batch in the middle");
            checkCopy(
                    d,
                    new long[] {31, 33, 3},
                    m -> m.transpose(1, 0, 2).transpose(0, 2, 1),
                    true,
                    "(m, n, b) -> (n, b, m)");
            checkCopy(d, new long[] {3, 2, 31, 33}, m -> m.swapaxes(2, 3), true, "4-d, last two swapped");
            checkCopy(d, new long[] {20, 3, 2, 17}, m -> m.transpose(3, 1, 2, 0), true, "4-d, first and last swapped");
            checkCopy(
                    d,
                    new long[] {3, 33, 2, 31},
                    m -> m.transpose(0, 3, 2, 1).get("::-1, :, :, 1:"),
                    true,
                    "4-d, flipped batch, offset");
            checkCopy(
                    d, new long[] {4, 20, 30}, m -> m.transpose(1, 0, 2), false, "batch axes swapped, fast axis kept");
        }
    }

    @Test
    void fortranOrderedOutput() {
        for (DType d : new DType[] {DType.INT8, DType.FLOAT32, DType.COMPLEX128}) {
            Base b = base(d, 99 + d.ordinal(), 37, 53);
            try (NDArray m = b.dev();
                    NDArray out = poisoned(d, new long[] {37, 53}, Order.F)) {
                assertTrue(tiled(m, out), "C into F is tiled");
                Nd.copyto(out, m);
                assertBytes(expectedCopy(b, m), bytes(out), d.itemsize(), "C into F " + d);
                try (NDArray f = Nd.asfortranarray(m)) {
                    assertBytes(expectedCopy(b, m), bytes(f), d.itemsize(), "asfortranarray " + d);
                }
            }
        }
    }

    @Test
    void astypeOfTransposedViews() {
        for (long[] s : new long[][] {{33, 31}, {513, 1025}, {4, 31, 65}}) {
            Base b = base(DType.FLOAT64, 7 + s[0], s);
            try (NDArray m = b.dev()) {
                NDArray v = s.length == 2 ? m.T() : m.swapaxes(1, 2);
                long[] offs = sourceOffsets(b, v);
                // into a C-ordered float32 out: the tiled loop with the cast in the kernel
                try (NDArray out = poisoned(DType.FLOAT32, v.shape(), Order.C)) {
                    assertTrue(tiled(v, out), "float64 -> float32 of a transposed view into C order is tiled");
                    Nd.copyto(out, v);
                    float[] got = out.toFloatArray();
                    for (int i = 0; i < offs.length; i++) {
                        float want = (float) b.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, offs[i]);
                        if (Float.compare(want, got[i]) != 0)
                            throw new AssertionError("copyto f32 " + Arrays.toString(s) + " element " + i + ": want "
                                    + want + ", got " + got[i]);
                    }
                }
                // astype keeps the layout (order K): the output walks the view's memory order, no transpose
                try (NDArray c = v.astype(DType.FLOAT32)) {
                    float[] got = c.toFloatArray();
                    for (int i = 0; i < offs.length; i++) {
                        float want = (float) b.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, offs[i]);
                        if (Float.compare(want, got[i]) != 0)
                            throw new AssertionError("astype " + Arrays.toString(s) + " element " + i + ": want " + want
                                    + ", got " + got[i]);
                    }
                }
                // and float64 -> int16, float64 -> complex64, float64 -> bool
                try (NDArray c = v.astype(DType.INT16);
                        NDArray z = v.astype(DType.COMPLEX64);
                        NDArray t = v.astype(DType.BOOL)) {
                    long[] gi = c.toLongArray();
                    double[] gz = HostData.interleaved(z.toBytes(), z.dtype());
                    boolean[] gb = t.toBooleanArray();
                    for (int i = 0; i < offs.length; i++) {
                        double x = b.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, offs[i]);
                        assertEquals((short) (long) x, gi[i], "astype int16 element " + i);
                        assertEquals((float) x, (float) gz[2 * i], "astype complex64 re, element " + i);
                        assertEquals(0, gz[2 * i + 1], "astype complex64 im, element " + i);
                        assertTrue(gb[i], "astype bool element " + i);
                    }
                }
            }
        }
    }

    @Test
    void ufuncWithOneTransposedOperand() {
        for (long[] s : new long[][] {{31, 33}, {513, 1025}, {3, 33, 40}}) {
            Base ba = base(DType.FLOAT32, 11 + s[0], s);
            long[] ts = s.clone();
            ts[s.length - 1] = s[s.length - 2];
            ts[s.length - 2] = s[s.length - 1];
            Base bb = base(DType.FLOAT32, 13 + s[0], ts);
            try (NDArray a = ba.dev();
                    NDArray b = bb.dev()) {
                NDArray at = a.swapaxes(a.ndim() - 2, a.ndim() - 1);
                long[] oa = sourceOffsets(ba, at);
                long[] ob = sourceOffsets(bb, b);
                float[] want = new float[oa.length];
                for (int i = 0; i < want.length; i++) {
                    want[i] = ba.host().get(ValueLayout.JAVA_FLOAT_UNALIGNED, oa[i])
                            + bb.host().get(ValueLayout.JAVA_FLOAT_UNALIGNED, ob[i]);
                }
                var spec = UfuncLibrary.specFor(Ufunc.ADD, DType.FLOAT32, DType.FLOAT32);
                try (NDArray out = poisoned(DType.FLOAT32, ts, Order.C)) {
                    assertTrue(
                            ElementwiseLoop.layout(spec, new Object[] {at, b, out}, ts)
                                    .tiled(),
                            "a.T + b is tiled");
                    Nd.add(at, b, out);
                    assertFloats(want, out.toFloatArray(), "Nd.add(a.T(), b, out) " + Arrays.toString(s));
                }
                try (NDArray c = at.add(b)) {
                    assertFloats(want, c.toFloatArray(), "a.T().add(b) " + Arrays.toString(s));
                }
                // the transposed operand second, and both operands transposed (both staged)
                try (NDArray c = b.add(at)) {
                    assertFloats(want, c.toFloatArray(), "b.add(a.T()) " + Arrays.toString(s));
                }
                try (NDArray bt = b.swapaxes(b.ndim() - 2, b.ndim() - 1);
                        NDArray out = poisoned(DType.FLOAT32, s, Order.C)) {
                    Nd.add(a, bt, out);
                    float[] w2 = new float[oa.length];
                    long[] oa2 = sourceOffsets(ba, a);
                    long[] ob2 = sourceOffsets(bb, bt);
                    for (int i = 0; i < w2.length; i++) {
                        w2[i] = ba.host().get(ValueLayout.JAVA_FLOAT_UNALIGNED, oa2[i])
                                + bb.host().get(ValueLayout.JAVA_FLOAT_UNALIGNED, ob2[i]);
                    }
                    assertFloats(w2, out.toFloatArray(), "a + b.T() " + Arrays.toString(s));
                }
            }
        }
    }

    @Test
    void mixedDtypeUfuncAndFlatIndex() {
        // int16 transposed + float64 row-major -> float64: the cast happens in the kernel, the transposed one is staged
        Base ba = base(DType.INT16, 21, 45, 38);
        Base bb = base(DType.FLOAT64, 22, 38, 45);
        try (NDArray a = ba.dev();
                NDArray b = bb.dev();
                NDArray out = poisoned(DType.FLOAT64, new long[] {38, 45}, Order.C)) {
            Nd.mul(a.T(), b, out);
            long[] oa = sourceOffsets(ba, a.T());
            long[] ob = sourceOffsets(bb, b);
            double[] got = out.toDoubleArray();
            for (int i = 0; i < got.length; i++) {
                double want = ba.host().get(ValueLayout.JAVA_SHORT_UNALIGNED, oa[i])
                        * bb.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, ob[i]);
                assertEquals(want, got[i], 0, "int16.T * float64, element " + i);
            }
        }
        // an ElementwiseKernel whose body uses the flat index i: i is the C-order index of the output
        var k = new ElementwiseKernel("float32 x", "float64 y", "y = x + 1000.0 * i", "tiled_flat_index");
        Base bx = base(DType.FLOAT32, 23, 2, 40, 35);
        try (NDArray x = bx.dev()) {
            NDArray v = x.swapaxes(1, 2);
            try (NDArray y = poisoned(DType.FLOAT64, v.shape(), Order.C)) {
                k.call(v, y);
                long[] ox = sourceOffsets(bx, v);
                double[] got = y.toDoubleArray();
                for (int i = 0; i < got.length; i++) {
                    assertEquals(
                            bx.host().get(ValueLayout.JAVA_FLOAT_UNALIGNED, ox[i]) + 1000.0 * i,
                            got[i],
                            0,
                            "kernel with i, element " + i);
                }
            }
        }
    }

    @Test
    void overlappingTransposeIntoItselfIsStillRight() {
        long m = 67;
        Base b = base(DType.FLOAT64, 5, m, m);
        try (NDArray t = b.dev()) {
            Nd.add(t, t.T(), t);
            double[] got = t.toDoubleArray();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    double want = b.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, (i * m + j) * 8)
                            + b.host().get(ValueLayout.JAVA_DOUBLE_UNALIGNED, (j * m + i) * 8);
                    assertEquals(want, got[(int) (i * m + j)], 0, "t + t.T into t [" + i + "," + j + "]");
                }
            }
        }
    }

    private static void assertFloats(float[] want, float[] got, String what) {
        assertEquals(want.length, got.length, what + ": size");
        for (int i = 0; i < want.length; i++) {
            if (Float.compare(want[i], got[i]) != 0)
                throw new AssertionError(what + ": element " + i + " want " + want[i] + ", got " + got[i]);
        }
    }
}
