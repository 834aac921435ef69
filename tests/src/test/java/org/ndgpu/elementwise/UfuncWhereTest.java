package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.routines.Numpy3Fixtures.array;
import static org.ndgpu.routines.Numpy3Fixtures.check;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy's where= on ufuncs ({@code np.add(a, b, out=o, where=m)}) and reductions ({@code np.sum(a,
 * axis, where=m, initial=...)}, max, min, prod, mean) against NumPy 2.4 (fixtures/numpy3,
 * make_numpy3_fixtures.py), float64, float32 and int32, with a broadcast mask; and their hostile inputs.
 */
public class UfuncWhereTest extends PerDeviceTest {

    @Test
    void ufuncsWithWhereKeepOutWhereTheMaskIsFalse() {
        for (String tag : List.of("f64", "f32")) {
            String c = "where_" + tag + "/";
            try (NDArray a = array(c + "a");
                    NDArray b = array(c + "b");
                    NDArray m = array(c + "m");
                    NDArray row = array(c + "mrow")) {
                try (NDArray o = array(c + "out")) {
                    assertSame(o, Nd.add(a, b, o, m));
                    check(c + "add", o);
                }
                try (NDArray o = array(c + "out")) {
                    Nd.ufunc(Ufunc.POWER, o, row, a, b);
                    check(c + "power_row", o);
                }
                try (NDArray o = array(c + "out")) {
                    Nd.ufunc(Ufunc.SQRT).call(o, m, a);
                    check(c + "sqrt", o);
                }
            }
        }
        try (NDArray a = array("where_i32/a");
                NDArray b = array("where_i32/b");
                NDArray m = array("where_i32/m");
                NDArray o = array("where_i32/out")) {
            Nd.ufunc(Ufunc.FLOOR_DIVIDE, o, m, a, b);
            check("where_i32/floor_divide", o);
        }
    }

    @Test
    void reductionsWithWhereAgreeWithNumPy() {
        for (String tag : List.of("f64", "f32")) {
            String c = "where_" + tag + "/";
            try (NDArray a = array(c + "a");
                    NDArray m = array(c + "m");
                    NDArray row = array(c + "mrow");
                    NDArray s0 = Nd.sum(a, new int[] {0}, false, null, m);
                    NDArray si = Nd.sum(a, null, false, 5.0, m);
                    NDArray mx = Nd.max(a, new int[] {1}, false, -10.0, m);
                    NDArray mn = Nd.min(a, new int[] {-1}, false, 10.0, row);
                    NDArray pk = Nd.prod(a, new int[] {1}, true, null, m);
                    NDArray me = Nd.mean(a, new int[] {0}, false, m)) {
                check(c + "sum_ax0", s0);
                check(c + "sum_all_init", si);
                check(c + "max_ax1", mx);
                check(c + "min_row", mn);
                check(c + "prod_ax1_keep", pk);
                check(c + "mean_ax0", me);
            }
        }
        try (NDArray a = array("where_i32/a");
                NDArray m = array("where_i32/m");
                NDArray s = Nd.ufunc(Ufunc.ADD).reduce(a, new int[] {1}, null, null, false, null, m)) {
            check("where_i32/sum_ax1", s);
        }
    }

    @Test
    void hostileInputsNameTheOperation() {
        NDArray closed = Nd.zeros(2);
        closed.close();
        try (NDArray a = Nd.array(new double[] {1, 2, 3});
                NDArray o = Nd.zeros(3);
                NDArray m = Nd.array(new boolean[] {true, false, true});
                NDArray ints = Nd.array(new int[] {1, 0, 1});
                NDArray wide = Nd.zeros(DType.BOOL, 2, 3);
                NDArray readOnly = o.readOnlyView(o.shape(), o.strides(), o.offset())) {
            assertTrue(assertThrows(NdException.class, () -> Nd.add(a, 1, null, m))
                    .getMessage()
                    .contains("add: where= needs out="));
            assertTrue(assertThrows(DTypeException.class, () -> Nd.add(a, 1, o, ints))
                    .getMessage()
                    .contains("add"));
            assertThrows(ShapeException.class, () -> Nd.add(a, 1, o, wide));
            assertThrows(NullPointerException.class, () -> Nd.mul(a, 1, o, null));
            assertThrows(NdException.class, () -> Nd.sub(a, 1, closed, m));
            assertThrows(NdException.class, () -> Nd.div(a, 1, readOnly, m));
            assertTrue(assertThrows(NdException.class, () -> Nd.max(a, null, false, null, m))
                    .getMessage()
                    .contains("does not have an identity"));
            assertThrows(NdException.class, () -> Nd.ufunc(Ufunc.SUBTRACT).reduce(a, null, null, null, false, 0, m));
            assertThrows(NdException.class, () -> Nd.sum(closed, null, false, null, m));
            assertThrows(org.ndgpu.exceptions.AxisException.class, () -> Nd.sum(a, new int[] {2}, false, null, m));
            try (NDArray nan = Nd.array(new double[] {Double.NaN, 1, 2});
                    NDArray s = Nd.sum(nan, null, false, null, m.logicalNot())) {
                check1(s, 1.0);
            }
            try (NDArray empty = Nd.zeros(0);
                    NDArray none = Nd.zeros(DType.BOOL, 0);
                    NDArray s = Nd.sum(empty, null, false, null, none);
                    NDArray mx = Nd.max(empty, null, false, 3.0, none)) {
                check1(s, 0.0);
                check1(mx, 3.0);
            }
        }
    }

    private static void check1(NDArray got, double want) {
        assertTrue(got.ndim() == 0 && got.doubleValue() == want, got + " vs " + want);
    }
}
