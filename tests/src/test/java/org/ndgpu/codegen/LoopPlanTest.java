package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The one loop plan's steps against plain Java expectations: the loop's shape, the elementwise and
 * reduction operands' strides (with out's shape checked), merging (size-1 dims dropped, every
 * operand walked as one block, 0 and negative strides), the stable stride order, strides broadcast
 * to the loop's shape, empty shapes, and the 32-bit indexing decision. A random sweep checks that
 * the merged loop visits exactly the byte offsets, in the same order, as the loop over the axes.
 */
public class LoopPlanTest extends PerDeviceTest {
    private static final int[] XYZ = {0, 1, 2};

    private static void assertMerged(long[] dims, long[][] strides, LoopPlan.Merged m) {
        assertArrayEquals(dims, m.dims(), "dims");
        assertEquals(strides.length, m.strides().length, "operands");
        for (int q = 0; q < strides.length; q++) assertArrayEquals(strides[q], m.strides()[q], "operand " + q);
    }

    @Test
    void aCContiguousArrayMergesIntoOneDim() {
        long[] shape = {2, 3, 4};
        LoopPlan.Merged m = LoopPlan.merge(XYZ, shape, new long[][] {{48, 16, 4}});
        assertMerged(new long[] {24}, new long[][] {{4}}, m);
    }

    @Test
    void sizeOneDimsAreDroppedWhateverTheirStride() {
        // a size-1 axis's stride means nothing: (2, 1, 3) with a stray stride still walks as one block
        LoopPlan.Merged m = LoopPlan.merge(XYZ, new long[] {2, 1, 3}, new long[][] {{12, 999, 4}});
        assertMerged(new long[] {6}, new long[][] {{4}}, m);
        // nothing but size-1 axes: a loop of one element has no dim
        LoopPlan.Merged one = LoopPlan.merge(XYZ, new long[] {1, 1, 1}, new long[][] {{4, 4, 4}, {0, 0, 0}});
        assertMerged(new long[0], new long[][] {{}, {}}, one);
    }

    @Test
    void aBroadcastOperandMergesOnlyWhereItRepeatsAlongBoth() {
        long[] shape = {4, 3};
        // a (4, 3) float32 beside a (3,) float64: the second steps 8 along axis 1 and 0 along axis 0
        assertMerged(
                new long[] {4, 3},
                new long[][] {{12, 4}, {0, 8}},
                LoopPlan.merge(new int[] {0, 1}, shape, new long[][] {{12, 4}, {0, 8}}));
        // a scalar broadcast to the whole loop repeats along both: one dim, stride 0
        assertMerged(new long[] {12}, new long[][] {{4}, {0}}, LoopPlan.merge(new int[] {0, 1}, shape, new long[][] {
            {12, 4}, {0, 0}
        }));
    }

    @Test
    void negativeStridesMergeWhenTheyRunTheSameWay() {
        long[] shape = {2, 3};
        // a[::-1, ::-1] of a C (2, 3) float32: one block walked backwards
        assertMerged(new long[] {6}, new long[][] {{-4}}, LoopPlan.merge(new int[] {0, 1}, shape, new long[][] {
            {-12, -4}
        }));
        // a[:, ::-1]: the rows forward, each row backwards: not one block
        assertMerged(new long[] {2, 3}, new long[][] {{12, -4}}, LoopPlan.merge(new int[] {0, 1}, shape, new long[][] {
            {12, -4}
        }));
    }

    @Test
    void theOutputKeepsDimsApartItDoesNotWalkAsOne() {
        long[] shape = {2, 3};
        long[][] st = {{12, 4}, {4, 8}}; // a C input, an F-ordered output
        assertMerged(new long[] {2, 3}, st, LoopPlan.merge(new int[] {0, 1}, shape, st));
        // the first operand alone merges: the operand count leaves the others out
        assertMerged(new long[] {6}, new long[][] {{4}}, LoopPlan.merge(new int[] {0, 1}, shape, st, 1));
    }

    @Test
    void mergingFollowsTheAxesGiven() {
        // an F-ordered (2, 3, 4) float32 walked in its memory order (axes 2, 1, 0) is one block
        long[] shape = {2, 3, 4};
        long[][] f = {{4, 8, 24}};
        assertMerged(new long[] {2, 3, 4}, f, LoopPlan.merge(XYZ, shape, f));
        assertMerged(new long[] {24}, new long[][] {{4}}, LoopPlan.merge(new int[] {2, 1, 0}, shape, f));
        // a subset of the axes (a reduction's kept ones) merges among themselves alone
        assertMerged(new long[] {2, 4}, new long[][] {{48, 4}}, LoopPlan.merge(new int[] {0, 2}, shape, new long[][] {
            {48, 16, 4}
        }));
    }

    @Test
    void emptyShapes() {
        // a 0-d loop: no axes, no dims
        assertMerged(new long[0], new long[][] {{}}, LoopPlan.merge(new int[0], new long[0], new long[][] {{}}));
        // a size-0 axis is kept (the loop is empty, not one element), and merges as any other size
        assertMerged(
                new long[] {0},
                new long[][] {{4}},
                LoopPlan.merge(new int[] {0, 1}, new long[] {0, 3}, new long[][] {{12, 4}}));
        // no operands at all
        assertMerged(new long[] {6}, new long[0][], LoopPlan.merge(new int[] {0, 1}, new long[] {2, 3}, new long[0][]));
    }

    @Test
    void sortByStrideIsLargestFirstAndStable() {
        int[] f = {0, 1, 2};
        LoopPlan.sortByStride(f, new long[] {4, 8, 24}); // F order
        assertArrayEquals(new int[] {2, 1, 0}, f);

        // ties (broadcast 0s) keep their order
        int[] ties = {0, 1, 2, 3};
        LoopPlan.sortByStride(ties, new long[] {0, 8, 0, 4});
        assertArrayEquals(new int[] {1, 3, 0, 2}, ties);

        // by magnitude: a reversed axis sorts as its forward twin
        int[] neg = {0, 1};
        LoopPlan.sortByStride(neg, new long[] {-4, 12});
        assertArrayEquals(new int[] {1, 0}, neg);

        // C order is already sorted: unchanged, and so are equal strides
        int[] c = {0, 1, 2};
        LoopPlan.sortByStride(c, new long[] {48, 16, 4});
        assertArrayEquals(new int[] {0, 1, 2}, c);
        int[] same = {2, 0, 1};
        LoopPlan.sortByStride(same, new long[] {8, 8, 8});
        assertArrayEquals(new int[] {2, 0, 1}, same);

        // only the axes given move: a reduction's kept axes {0, 2}
        int[] kept = {0, 2};
        LoopPlan.sortByStride(kept, new long[] {4, 1000, 8});
        assertArrayEquals(new int[] {2, 0}, kept);
    }

    @Test
    void inStrideOrderTellsWhetherSortingWouldMoveAnything() {
        assertTrue(LoopPlan.inStrideOrder(XYZ, new long[] {48, 16, 4}));
        assertTrue(LoopPlan.inStrideOrder(XYZ, new long[] {0, 0, 0}));
        assertTrue(LoopPlan.inStrideOrder(XYZ, new long[] {-48, 16, -4}));
        assertFalse(LoopPlan.inStrideOrder(XYZ, new long[] {4, 8, 24}));
        assertTrue(LoopPlan.inStrideOrder(new int[] {2, 1, 0}, new long[] {4, 8, 24}));
        assertTrue(LoopPlan.inStrideOrder(new int[0], new long[0]));
        var r = new SplittableRandom(7);
        for (int t = 0; t < 200; t++) {
            long[] ref = r.longs(4, -50, 50).toArray();
            int[] axes = {0, 1, 2, 3};
            boolean before = LoopPlan.inStrideOrder(axes, ref);
            LoopPlan.sortByStride(axes, ref);
            assertTrue(LoopPlan.inStrideOrder(axes, ref), Arrays.toString(ref));
            if (before) assertArrayEquals(new int[] {0, 1, 2, 3}, axes, Arrays.toString(ref));
        }
    }

    @Test
    void broadcastStridesAreZeroWhereTheArrayRepeats() {
        try (NDArray row = Nd.zeros(DType.FLOAT32, 3);
                NDArray col = Nd.zeros(DType.FLOAT32, 2, 1);
                NDArray m = Nd.zeros(DType.FLOAT64, 2, 3);
                NDArray reversed = row.get("::-1")) {
            long[] shape = {2, 3};
            assertArrayEquals(new long[] {0, 4}, LoopPlan.broadcastStrides("t", row, shape));
            assertArrayEquals(new long[] {4, 0}, LoopPlan.broadcastStrides("t", col, shape));
            assertArrayEquals(new long[] {24, 8}, LoopPlan.broadcastStrides("t", m, shape));
            assertArrayEquals(new long[] {0, -4}, LoopPlan.broadcastStrides("t", reversed, shape));
            long[][] all = LoopPlan.broadcastStrides("t", new NDArray[] {row, col, m}, shape);
            assertArrayEquals(new long[] {0, 4}, all[0]);
            assertArrayEquals(new long[] {4, 0}, all[1]);
            assertArrayEquals(new long[] {24, 8}, all[2]);
            ShapeException e =
                    assertThrows(ShapeException.class, () -> LoopPlan.broadcastStrides("myop", row, new long[] {4}));
            assertTrue(e.getMessage().startsWith("myop: "), e.getMessage());
        }
    }

    @Test
    void theLoopShapeIsTheInputsBroadcast() {
        assertArrayEquals(new long[0], LoopPlan.shape("t", List.of()));
        assertArrayEquals(new long[] {2, 3}, LoopPlan.shape("t", List.of(new long[] {3}, new long[] {2, 1})));
        try (NDArray row = Nd.zeros(DType.FLOAT32, 3);
                NDArray col = Nd.zeros(DType.FLOAT32, 2, 1);
                NDArray bad = Nd.zeros(DType.FLOAT32, 4)) {
            assertArrayEquals(new long[0], LoopPlan.shape("t", new NDArray[0]));
            assertArrayEquals(new long[] {3}, LoopPlan.shape("t", new NDArray[] {row}));
            assertArrayEquals(new long[] {2, 3}, LoopPlan.shape("t", new NDArray[] {row, col}));
            ShapeException e =
                    assertThrows(ShapeException.class, () -> LoopPlan.shape("myop", new NDArray[] {row, bad}));
            assertEquals("myop: operands could not be broadcast together with shapes (3,) (4,)", e.getMessage());
        }
    }

    @Test
    void elementwiseStridesAreTheIndexedOperandsAndOutMustHaveTheShape() {
        var params = ParamList.of(List.of(
                new ElementwiseLoop.Param("x", DType.FLOAT32, ElementwiseLoop.Kind.IN),
                new ElementwiseLoop.Param("s", DType.FLOAT32, ElementwiseLoop.Kind.SCALAR),
                new ElementwiseLoop.Param("y", DType.FLOAT32, ElementwiseLoop.Kind.OUT)));
        try (NDArray x = Nd.zeros(DType.FLOAT32, 3);
                NDArray y = Nd.zeros(DType.FLOAT32, 2, 3);
                NDArray wrong = Nd.zeros(DType.FLOAT32, 3)) {
            long[][] st = LoopPlan.strides("t", params, new Object[] {x, 1.0, y}, new long[] {2, 3});
            assertEquals(2, st.length);
            assertArrayEquals(new long[] {0, 4}, st[0]);
            assertArrayEquals(new long[] {12, 4}, st[1]);
            ShapeException e = assertThrows(
                    ShapeException.class,
                    () -> LoopPlan.strides("myop", params, new Object[] {x, 1.0, wrong}, new long[] {2, 3}));
            assertTrue(e.getMessage().startsWith("myop: "), e.getMessage());
        }
    }

    @Test
    void aReductionsOutputHasZeroStridesAlongTheReducedAxes() {
        boolean[] reduced = {false, true, false};
        long[] shape = {2, 3, 4};
        try (NDArray x = Nd.zeros(DType.FLOAT32, 2, 3, 4);
                NDArray out = Nd.zeros(DType.FLOAT64, 2, 4);
                NDArray keep = Nd.zeros(DType.FLOAT64, 2, 1, 4);
                NDArray wrong = Nd.zeros(DType.FLOAT64, 2, 3)) {
            long[][] st = LoopPlan.reductionStrides("t", new NDArray[] {x}, out, shape, reduced);
            assertArrayEquals(new long[] {48, 16, 4}, st[0]);
            assertArrayEquals(new long[] {32, 0, 8}, st[1]);
            long[][] kd = LoopPlan.reductionStrides("t", new NDArray[] {x}, keep, shape, reduced);
            assertArrayEquals(new long[] {32, 0, 8}, kd[1]);
            ShapeException e = assertThrows(
                    ShapeException.class,
                    () -> LoopPlan.reductionStrides("myop", new NDArray[] {x}, wrong, shape, reduced));
            assertEquals("myop: output array has shape (2, 3), expected (2, 4)", e.getMessage());
        }
        assertArrayEquals(new int[] {0, 2}, LoopPlan.axes(reduced, false));
        assertArrayEquals(new int[] {1}, LoopPlan.axes(reduced, true));
        assertArrayEquals(new int[] {0, 1, 2}, LoopPlan.axes(3));
    }

    @Test
    void mergedOrdersByTheReferenceThenMerges() {
        long[] shape = {2, 3, 4};
        long[][] f = {{4, 8, 24}}; // F order: walked by its strides, one dim
        int[] axes = LoopPlan.axes(3);
        assertMerged(new long[] {24}, new long[][] {{4}}, LoopPlan.merged(axes, shape, f, 1, f[0]));
        assertArrayEquals(new int[] {2, 1, 0}, axes);
        // null keeps the C order: nothing merges
        assertMerged(new long[] {2, 3, 4}, f, LoopPlan.merged(LoopPlan.axes(3), shape, f, 1, null));
        assertTrue(LoopPlan.inStrideOrder(new long[] {48, 16, 4}));
        assertFalse(LoopPlan.inStrideOrder(new long[] {4, 8, 24}));
    }

    @Test
    void index32DecidesOnTheCountAndEveryAllocation() {
        assertTrue(LoopPlan.fits32(Integer.MAX_VALUE - 1L));
        assertFalse(LoopPlan.fits32((long) Integer.MAX_VALUE));
        assertFalse(LoopPlan.fits32(1L << 40));
        try (NDArray a = Nd.zeros(DType.FLOAT32, 1000);
                NDArray view = a.get("10:20")) {
            assertTrue(LoopPlan.fits32(a));
            assertTrue(LoopPlan.fits32(view));
            assertTrue(LoopPlan.index32(10, new Object[] {view, 2.5, null, a}));
            assertFalse(LoopPlan.index32(Integer.MAX_VALUE, new Object[] {view}));
            assertTrue(LoopPlan.fits32(new Object[] {1, "not an array"}));
            assertTrue(LoopPlan.index32(0, new Object[0]));
        }
    }

    /**
     * Random geometries: for each operand the byte offsets the merged loop visits (outer dims first,
     * the last fastest) equal those of the loop over the axes, in order; no merged dim has size 1,
     * and no two adjacent merged dims could have been merged.
     */
    @Test
    void theMergedLoopVisitsTheSameOffsetsInTheSameOrder() {
        var r = new SplittableRandom(36);
        for (int t = 0; t < 2000; t++) {
            int nd = r.nextInt(5);
            long[] shape = new long[nd];
            for (int d = 0; d < nd; d++) shape[d] = r.nextInt(10) == 0 ? 1 : r.nextInt(1, 5);
            int ops = r.nextInt(4);
            long[][] st = new long[ops][];
            for (int q = 0; q < ops; q++) st[q] = randomStrides(r, shape);
            int[] axes = new int[nd];
            for (int d = 0; d < nd; d++) axes[d] = d;
            if (ops > 0 && r.nextBoolean()) LoopPlan.sortByStride(axes, st[0]);
            LoopPlan.Merged m = LoopPlan.merge(axes, shape, st);
            String what = "shape " + Arrays.toString(shape) + " strides " + Arrays.deepToString(st) + " axes "
                    + Arrays.toString(axes);
            long product = 1;
            for (long d : m.dims()) {
                assertNotEquals(1, d, what);
                product *= d;
            }
            long size = 1;
            for (long d : shape) size *= d;
            assertEquals(size, product, what);
            for (int q = 0; q < ops; q++) {
                long[] sq = st[q];
                long[] byAxes = new long[axes.length];
                long[] sizes = new long[axes.length];
                for (int i = 0; i < axes.length; i++) {
                    byAxes[i] = sq[axes[i]];
                    sizes[i] = shape[axes[i]];
                }
                assertEquals(offsets(sizes, byAxes), offsets(m.dims(), m.strides()[q]), what + " operand " + q);
            }
            for (int i = 1; i < m.dims().length; i++) {
                boolean all = ops > 0;
                for (int q = 0; q < ops; q++) all &= m.strides()[q][i - 1] == m.strides()[q][i] * m.dims()[i];
                assertFalse(all && ops > 0, what + ": dims " + (i - 1) + " and " + i + " left apart");
            }
        }
    }

    /** C, F, permuted, reversed, broadcast (0) or padded strides of a float32 array of {@code shape}. */
    private static long[] randomStrides(SplittableRandom r, long[] shape) {
        int nd = shape.length;
        int[] perm = new int[nd];
        for (int d = 0; d < nd; d++) perm[d] = d;
        for (int d = nd - 1; d > 0; d--) {
            int j = r.nextInt(d + 1);
            int tmp = perm[d];
            perm[d] = perm[j];
            perm[j] = tmp;
        }
        long[] st = new long[nd];
        long step = 4L * (r.nextInt(4) == 0 ? 2 : 1);
        for (int i = nd - 1; i >= 0; i--) {
            int d = perm[i];
            st[d] = step;
            step *= shape[d] + (r.nextInt(5) == 0 ? 1 : 0);
        }
        for (int d = 0; d < nd; d++) {
            if (r.nextInt(6) == 0) st[d] = 0;
            else if (r.nextInt(6) == 0) st[d] = -st[d];
        }
        return st;
    }

    /** The byte offsets of a loop over {@code dims} (the last fastest) with {@code strides}. */
    private static List<Long> offsets(long[] dims, long[] strides) {
        List<Long> out = new ArrayList<>();
        offsets(dims, strides, 0, 0, out);
        return out;
    }

    private static void offsets(long[] dims, long[] strides, int d, long at, List<Long> out) {
        if (d == dims.length) {
            out.add(at);
            return;
        }
        for (long i = 0; i < dims[d]; i++) offsets(dims, strides, d + 1, at + i * strides[d], out);
    }
}
