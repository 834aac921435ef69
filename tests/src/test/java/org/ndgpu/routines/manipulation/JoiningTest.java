package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * concatenate, stack, hstack and vstack against a plain-Java oracle: random shapes, axes (negative
 * too), mixed dtypes (the result promotes as NumPy), inputs that are transposed or reversed views,
 * empty inputs; and NumPy's errors, which leave the inputs intact.
 */
public class JoiningTest extends PerDeviceTest {
    private static final DType[] DTYPES = {
        DType.BOOL, DType.INT8, DType.UINT8, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64
    };

    /** A fresh array of {@code shape}: C-contiguous, transposed, or a reversed view, chosen by {@code kind}. */
    private static NDArray input(SplittableRandom rnd, DType dtype, long[] shape, int kind, List<NDArray> made) {
        long size = 1;
        for (long s : shape) size *= s;
        double[] v = new double[(int) size];
        for (int i = 0; i < v.length; i++)
            v[i] = dtype == DType.BOOL ? rnd.nextInt(2) : rnd.nextInt(dtype == DType.UINT8 ? 0 : -9, 10);
        if (kind == 1 && shape.length >= 2) { // a transposed view of a C array of the reversed shape
            long[] rev = new long[shape.length];
            for (int d = 0; d < shape.length; d++) rev[d] = shape[shape.length - 1 - d];
            NDArray base = Nd.array(v, DType.FLOAT64, rev).astype(dtype);
            made.add(base);
            NDArray t = base.T();
            made.add(t);
            return t;
        }
        NDArray a = Nd.array(v, DType.FLOAT64, shape.length == 0 ? new long[] {1} : shape)
                .astype(dtype);
        made.add(a);
        if (shape.length == 0) { // a 0-d view of one element
            NDArray z = a.get(0L);
            made.add(z);
            return z;
        }
        if (kind == 2 && shape.length >= 1) { // reversed along axis 0
            NDArray r = a.get("::-1");
            made.add(r);
            return r;
        }
        return a;
    }

    /** The oracle: out[idx] is the input that covers idx[axis], at idx with axis shifted by the inputs before it. */
    private static double[] expectedConcat(List<double[]> values, List<long[]> shapes, int axis, long[] outShape) {
        int nd = outShape.length;
        long size = 1;
        for (long s : outShape) size *= s;
        double[] out = new double[(int) size];
        long[] idx = new long[nd];
        for (int flat = 0; flat < size; flat++) {
            long rem = flat;
            for (int d = nd - 1; d >= 0; d--) {
                idx[d] = rem % outShape[d];
                rem /= outShape[d];
            }
            long along = idx[axis];
            int which = 0;
            while (along >= shapes.get(which)[axis]) along -= shapes.get(which++)[axis];
            long[] s = shapes.get(which);
            long local = 0;
            for (int d = 0; d < nd; d++) local = local * s[d] + (d == axis ? along : idx[d]);
            out[flat] = values.get(which)[(int) local];
        }
        return out;
    }

    @Test
    void concatenateRandomShapesAxesDtypesAndLayouts() {
        SplittableRandom rnd = new SplittableRandom(20261122);
        for (int round = 0; round < 60; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                int nd = 1 + rnd.nextInt(4);
                long[] shape = new long[nd];
                for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(5);
                int axis = rnd.nextInt(-nd, nd);
                int ax = axis < 0 ? axis + nd : axis;
                int count = 1 + rnd.nextInt(4);
                List<NDArray> inputs = new ArrayList<>();
                List<double[]> values = new ArrayList<>();
                List<long[]> shapes = new ArrayList<>();
                DType expectedDtype = null;
                long along = 0;
                for (int i = 0; i < count; i++) {
                    long[] s = shape.clone();
                    s[ax] = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(4);
                    DType dt = DTYPES[rnd.nextInt(DTYPES.length)];
                    NDArray a = input(rnd, dt, s, rnd.nextInt(3), made);
                    inputs.add(a);
                    values.add(a.toDoubleArray());
                    shapes.add(s);
                    along += s[ax];
                    expectedDtype = expectedDtype == null ? dt : DType.promote(expectedDtype, dt);
                }
                long[] outShape = shape.clone();
                outShape[ax] = along;
                String what = "round " + round + ": axis " + axis + " of "
                        + shapes.stream().map(Arrays::toString).toList();
                try (NDArray out = Nd.concatenate(inputs, axis)) {
                    assertArrayEquals(outShape, out.shape(), what);
                    assertEquals(expectedDtype, out.dtype(), what);
                    assertTrue(out.isCContiguous(), what);
                    assertArrayEquals(expectedConcat(values, shapes, ax, outShape), out.toDoubleArray(), what);
                }
                for (int i = 0; i < count; i++)
                    assertArrayEquals(values.get(i), inputs.get(i).toDoubleArray(), what + ": input " + i + " changed");
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void stackAlongEveryAxisIncludingNegative() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 30; round++) {
            List<NDArray> made = new ArrayList<>();
            try {
                int nd = rnd.nextInt(4); // 0-d arrays stack into 1-D
                long[] shape = new long[nd];
                for (int d = 0; d < nd; d++) shape[d] = 1 + rnd.nextInt(4);
                int axis = rnd.nextInt(-(nd + 1), nd + 1);
                int ax = axis < 0 ? axis + nd + 1 : axis;
                int count = 1 + rnd.nextInt(4);
                DType dt = DTYPES[rnd.nextInt(DTYPES.length)];
                List<NDArray> inputs = new ArrayList<>();
                List<double[]> values = new ArrayList<>();
                List<long[]> shapes = new ArrayList<>();
                long[] one = new long[nd + 1];
                for (int d = 0, k = 0; d <= nd; d++) one[d] = d == ax ? 1 : shape[k++];
                for (int i = 0; i < count; i++) {
                    NDArray a = input(rnd, dt, shape, rnd.nextInt(3), made);
                    inputs.add(a);
                    values.add(a.toDoubleArray());
                    shapes.add(one);
                }
                long[] outShape = one.clone();
                outShape[ax] = count;
                try (NDArray out = Nd.stack(inputs, axis)) {
                    String what = "stack axis " + axis + " of " + count + " x " + Arrays.toString(shape);
                    assertArrayEquals(outShape, out.shape(), what);
                    assertEquals(dt, out.dtype(), what);
                    assertArrayEquals(expectedConcat(values, shapes, ax, outShape), out.toDoubleArray(), what);
                }
            } finally {
                made.forEach(NDArray::close);
            }
        }
    }

    @Test
    void hstackAndVstackAsNumPy() {
        try (NDArray a = Nd.array(new long[] {1, 2, 3});
                NDArray b = Nd.array(new long[] {4, 5});
                NDArray h = Nd.hstack(a, b);
                NDArray c = Nd.array(new long[] {7, 8, 9});
                NDArray v = Nd.vstack(a, c);
                NDArray m = Nd.array(new double[][] {{1, 2}, {3, 4}});
                NDArray n = Nd.array(new double[][] {{5}, {6}});
                NDArray hm = Nd.hstack(m, n);
                NDArray vm = Nd.vstack(m, Nd.array(new double[] {9, 10}))) {
            assertArrayEquals(new long[] {1, 2, 3, 4, 5}, h.toLongArray());
            assertArrayEquals(new long[] {2, 3}, v.shape());
            assertArrayEquals(new long[] {1, 2, 3, 7, 8, 9}, v.toLongArray());
            assertArrayEquals(new long[] {2, 3}, hm.shape());
            assertArrayEquals(new double[] {1, 2, 5, 3, 4, 6}, hm.toDoubleArray());
            assertArrayEquals(new long[] {3, 2}, vm.shape());
            assertArrayEquals(new double[] {1, 2, 3, 4, 9, 10}, vm.toDoubleArray());
            assertEquals("array([1, 2, 3, 4, 5])", h.toString());
        }
    }

    @Test
    void badInputIsNamedAndLeavesTheInputsIntact() {
        try (NDArray a = Nd.arange(6).reshape(2, 3);
                NDArray b = Nd.arange(4).reshape(2, 2);
                NDArray c = Nd.arange(3);
                NDArray s = Nd.array(5.0)) {
            var e1 = assertThrows(ShapeException.class, () -> Nd.concatenate(List.of(a, b), 0));
            assertEquals(
                    "concatenate: all the input array dimensions except for the concatenation axis must match exactly, "
                            + "but along dimension 1, the array at index 0 has size 3 and the array at index 1 has size 2",
                    e1.getMessage());
            var e2 = assertThrows(ShapeException.class, () -> Nd.concatenate(a, c));
            assertTrue(
                    e2.getMessage()
                            .contains(
                                    "the array at index 0 has 2 dimension(s) and the array at index 1 has 1 dimension(s)"),
                    e2.getMessage());
            var e3 = assertThrows(AxisException.class, () -> Nd.concatenate(List.of(a, a), 2));
            assertEquals("concatenate: axis 2 is out of bounds for array of dimension 2", e3.getMessage());
            var e4 = assertThrows(ShapeException.class, () -> Nd.concatenate(s, s));
            assertEquals("concatenate: zero-dimensional arrays cannot be concatenated", e4.getMessage());
            var e5 = assertThrows(ShapeException.class, () -> Nd.stack(a, b));
            assertTrue(e5.getMessage().startsWith("stack: all input arrays must have the same shape"), e5.getMessage());
            var e6 = assertThrows(AxisException.class, () -> Nd.stack(List.of(a, a), 3));
            assertEquals("stack: axis 3 is out of bounds for array of dimension 3", e6.getMessage());
            assertThrows(ShapeException.class, () -> Nd.concatenate());
            var e7 = assertThrows(NullPointerException.class, () -> Nd.concatenate(a, null));
            assertEquals("concatenate: the array at index 1 is null", e7.getMessage());
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, a.toLongArray());
            assertArrayEquals(new long[] {0, 1, 2, 3}, b.toLongArray());
            // the joined array is new memory: writing it leaves the inputs alone
            try (NDArray j = Nd.concatenate(a, a)) {
                j.fill(-1);
                assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, a.toLongArray());
                assertEquals(false, j.sharesMemory(a));
            }
        }
    }
}
