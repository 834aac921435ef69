package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * choose and select against NumPy (make_indexing_fixtures.py): broadcasting, the three modes,
 * promoted dtypes, defaults; Java numbers as choices (weak in select, strong in choose); empty
 * and 0-d inputs; NumPy's errors.
 */
public class ChoosingTest extends PerDeviceTest {
    @Test
    void chooseMatchesNumpy() {
        for (var c : IndexingFixtures.cases("choose")) {
            List<NDArray> in = new ArrayList<>();
            try {
                for (int k = 0; k < c.count(); k++) in.add(c.load(k));
                try (NDArray got = Nd.choose(in.get(0), in.subList(1, c.count() - 1), c.param())) {
                    IndexingFixtures.assertMatches(in.get(c.count() - 1), got, c.name());
                }
            } finally {
                in.forEach(NDArray::close);
            }
        }
    }

    @Test
    void theArrayMethodMatchesNumpy() {
        for (var c : IndexingFixtures.cases("choose")) {
            List<NDArray> in = new ArrayList<>();
            try {
                for (int k = 0; k < c.count(); k++) in.add(c.load(k));
                List<NDArray> choices = in.subList(1, c.count() - 1);
                try (NDArray got = c.param().equals("raise")
                        ? in.get(0).choose(choices)
                        : in.get(0).choose(choices, c.param())) {
                    IndexingFixtures.assertMatches(in.get(c.count() - 1), got, c.name() + " (a.choose)");
                }
            } finally {
                in.forEach(NDArray::close);
            }
        }
    }

    @Test
    void selectMatchesNumpy() {
        for (var c : IndexingFixtures.cases("select")) {
            List<NDArray> in = new ArrayList<>();
            try {
                for (int k = 0; k < c.count(); k++) in.add(c.load(k));
                int n = (c.count() - 1) / 2;
                double d = Double.parseDouble(c.param());
                Object dflt = d == Math.rint(d) ? (Object) (long) d : (Object) d;
                try (NDArray got = Nd.select(in.subList(0, n), in.subList(n, 2 * n), dflt)) {
                    IndexingFixtures.assertMatches(in.get(c.count() - 1), got, c.name());
                }
            } finally {
                in.forEach(NDArray::close);
            }
        }
    }

    @Test
    void javaNumbersAndZeroDimensionalInputs() {
        try (NDArray x = Nd.array(new float[] {-2, 0.5f, 3});
                NDArray neg = x.lt(0);
                NDArray pos = x.gt(1);
                NDArray s = Nd.select(List.of(neg, pos), List.of(x, 1));
                NDArray ints = Nd.select(List.of(neg, pos), List.of(-1, 1));
                NDArray idx = Nd.array(new long[] {0, 1, 1});
                NDArray c = Nd.choose(idx, List.of(x, 2.5));
                NDArray zero = Nd.array(new long[] {1}).reshape();
                NDArray c0 = Nd.choose(zero, List.of(10L, 20L))) {
            assertEquals(DType.FLOAT32, s.dtype(), "a Java int beside float32 is weak");
            assertArrayEquals(new float[] {-2, 0, 1}, s.toFloatArray());
            assertEquals(DType.INT64, ints.dtype(), "Java ints alone are int64, as NumPy's Python ints");
            assertArrayEquals(new long[] {-1, 0, 1}, ints.toLongArray());
            assertEquals(DType.FLOAT64, c.dtype(), "choose's Java double is a float64 array, as NumPy's asarray");
            assertArrayEquals(new double[] {-2, 2.5, 2.5}, c.toDoubleArray());
            assertEquals(0, c0.ndim());
            assertEquals(20L, c0.toLongArray()[0]);
        }
        try (NDArray e = Nd.zeros(DType.INT64, 0);
                NDArray r = Nd.choose(e, List.of(1.0, 2.0))) {
            assertArrayEquals(new long[] {0}, r.shape());
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray a = Nd.array(new long[] {0, 2});
                NDArray f = Nd.array(new double[] {0, 1});
                NDArray x = Nd.arange(2.0);
                NDArray m = x.gt(0);
                NDArray three = Nd.arange(3.0)) {
            var e1 = assertThrows(IndexException.class, () -> Nd.choose(a, List.of(x, x)));
            assertEquals("choose: invalid entry in choice array: expected 0 <= a < 2, got 2", e1.getMessage());
            var e2 = assertThrows(DTypeException.class, () -> Nd.choose(f, List.of(x)));
            assertEquals("choose: a must be an integer array, got float64", e2.getMessage());
            assertThrows(NdException.class, () -> Nd.choose(a, List.of()));
            assertThrows(ShapeException.class, () -> Nd.choose(a, List.of(three)));
            assertThrows(NdException.class, () -> Nd.choose(a, List.of(x), "bounce"));
            assertThrows(DTypeException.class, () -> Nd.choose(a, List.of("x")));
            var e3 = assertThrows(DTypeException.class, () -> Nd.select(List.of(f), List.of(x)));
            assertEquals(
                    "select: invalid entry 0 in condlist: should be boolean ndarray, got float64", e3.getMessage());
            var e4 = assertThrows(ShapeException.class, () -> Nd.select(List.of(m), List.of(x, x)));
            assertEquals(
                    "select: list of cases must be same length as list of conditions, got 2 choices for 1 conditions",
                    e4.getMessage());
            var e5 = assertThrows(NdException.class, () -> Nd.select(List.of(), List.of()));
            assertEquals("select: select with an empty condition list is not possible", e5.getMessage());
            assertThrows(ShapeException.class, () -> Nd.select(List.of(m), List.of(three)));
            NDArray closed = Nd.zeros(2);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.choose(a, List.of(closed)));
            assertThrows(ArrayClosedException.class, () -> Nd.select(List.of(m), List.of(closed)));
            assertThrows(NullPointerException.class, () -> Nd.select(List.of(m), List.of(x), null));
        }
    }
}
