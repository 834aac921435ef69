package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.isin and setdiff1d between every pair of integer dtypes (int8..int64, uint8..uint64), with
 * values around 2^53, 2^63, -1 and 2^64 - 1: exact, as NumPy 2 compares integers (its answers for
 * these small inputs), where the float64 common dtype of a signed integer and uint64 made 2^53 + 1
 * equal 2^53 and 2^63 - 1 equal 2^63. The oracle is BigInteger equality. intersect1d, union1d and
 * setxor1d answer in NumPy's promoted dtype (float64 for uint64 with int64) with NumPy's values,
 * recorded from NumPy 2.4.
 */
public class MixedIntegerSetOperationsTest extends PerDeviceTest {
    private static final DType[] INTEGERS = {
        DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64
    };

    private static final BigInteger TWO53 = BigInteger.TWO.pow(53),
            TWO63 = BigInteger.TWO.pow(63),
            TWO64 = BigInteger.TWO.pow(64);

    private static final BigInteger[] VALUES = {
        BigInteger.ZERO,
        BigInteger.ONE,
        BigInteger.valueOf(-1),
        BigInteger.valueOf(127),
        BigInteger.valueOf(128),
        BigInteger.valueOf(-128),
        BigInteger.valueOf(255),
        BigInteger.valueOf(-129),
        BigInteger.valueOf(65535),
        BigInteger.valueOf(0xFFFFFFFFL),
        BigInteger.valueOf(Integer.MIN_VALUE),
        TWO53,
        TWO53.add(BigInteger.ONE),
        TWO53.subtract(BigInteger.ONE),
        TWO63.subtract(BigInteger.ONE),
        TWO63,
        TWO63.add(BigInteger.ONE),
        TWO63.negate(),
        TWO64.subtract(BigInteger.ONE),
        TWO64.subtract(BigInteger.TWO)
    };

    private static BigInteger min(DType d) {
        return d.isSigned() ? BigInteger.TWO.pow(8 * d.itemsize() - 1).negate() : BigInteger.ZERO;
    }

    private static BigInteger max(DType d) {
        return (d.isSigned() ? BigInteger.TWO.pow(8 * d.itemsize() - 1) : BigInteger.TWO.pow(8 * d.itemsize()))
                .subtract(BigInteger.ONE);
    }

    private static List<BigInteger> representable(DType d, int skip) {
        List<BigInteger> out = new ArrayList<>();
        for (int i = skip; i < VALUES.length; i += 2) {
            BigInteger v = VALUES[i];
            if (v.compareTo(min(d)) >= 0 && v.compareTo(max(d)) <= 0) out.add(v);
        }
        // every other value, and the rest in reverse, so that each side lacks some values the other has
        for (int i = VALUES.length - 1 - skip; i >= 0; i -= 3) {
            BigInteger v = VALUES[i];
            if (v.compareTo(min(d)) >= 0 && v.compareTo(max(d)) <= 0) out.add(v);
        }
        return out;
    }

    /** An array of dtype d holding the values (each representable in d). */
    static NDArray array(DType d, List<BigInteger> values) {
        long[] bits = values.stream().mapToLong(BigInteger::longValue).toArray();
        try (NDArray wide = Nd.array(bits)) {
            if (d == DType.UINT64) {
                try (NDArray v = wide.viewAs(DType.UINT64)) {
                    return v.copy();
                }
            }
            return wide.astype(d);
        }
    }

    static List<BigInteger> values(NDArray a) {
        List<BigInteger> out = new ArrayList<>();
        for (long x : a.toLongArray())
            out.add(a.dtype() == DType.UINT64 ? new BigInteger(Long.toUnsignedString(x)) : BigInteger.valueOf(x));
        return out;
    }

    @Test
    void isinAndSetdiff1dAreExactForEveryIntegerPair() {
        int pairs = 0;
        for (DType de : INTEGERS) {
            for (DType dt : INTEGERS) {
                List<BigInteger> e = representable(de, 0), t = representable(dt, 1);
                t.addAll(representable(dt, 0).subList(0, 3));
                try (NDArray element = array(de, e);
                        NDArray test = array(dt, t);
                        NDArray in = Nd.isin(element, test);
                        NDArray out = Nd.isin(element, test, true);
                        NDArray diff = Nd.setdiff1d(element, test)) {
                    boolean[] got = in.toBooleanArray(), gotOut = out.toBooleanArray();
                    TreeSet<BigInteger> expectedDiff = new TreeSet<>();
                    for (int i = 0; i < e.size(); i++) {
                        boolean expected = t.contains(e.get(i));
                        String what = de + " " + e.get(i) + " in " + dt + " " + t;
                        assertEquals(expected, got[i], "isin " + what);
                        assertEquals(!expected, gotOut[i], "isin(invert) " + what);
                        if (!expected) expectedDiff.add(e.get(i));
                    }
                    assertEquals(de, diff.dtype(), "setdiff1d keeps a's dtype");
                    assertEquals(
                            new ArrayList<>(expectedDiff),
                            values(diff),
                            "setdiff1d " + de + " " + e + " minus " + dt + " " + t);
                }
                pairs++;
            }
        }
        assertEquals(64, pairs);
    }

    @Test
    void theDocumentedCollisionsStayApart() {
        List<BigInteger> u = List.of(TWO53.add(BigInteger.ONE), TWO63, TWO64.subtract(BigInteger.ONE));
        List<BigInteger> i = List.of(TWO53, BigInteger.valueOf(-1), TWO63.subtract(BigInteger.ONE));
        try (NDArray a = array(DType.UINT64, u);
                NDArray b = array(DType.INT64, i);
                NDArray ab = Nd.isin(a, b);
                NDArray ba = Nd.isin(b, a);
                NDArray d1 = Nd.setdiff1d(a, b);
                NDArray d2 = Nd.setdiff1d(b, a)) {
            assertArrayEquals(new boolean[3], ab.toBooleanArray());
            assertArrayEquals(new boolean[3], ba.toBooleanArray());
            assertEquals(u, values(d1));
            assertEquals(List.of(BigInteger.valueOf(-1), TWO53, TWO63.subtract(BigInteger.ONE)), values(d2));
        }
    }

    @Test
    void intersectUnionAndXorFollowNumPysPromotedDtype() {
        List<BigInteger> u = List.of(
                BigInteger.ONE,
                TWO53,
                TWO53.add(BigInteger.ONE),
                TWO63,
                TWO64.subtract(BigInteger.ONE),
                BigInteger.valueOf(7));
        List<BigInteger> i = List.of(
                BigInteger.valueOf(-1),
                TWO53,
                BigInteger.valueOf(7),
                TWO63.subtract(BigInteger.ONE),
                TWO63.negate(),
                BigInteger.valueOf(3));
        double t53 = 0x1p53, t63 = 0x1p63, t64 = 0x1p64;
        try (NDArray a = array(DType.UINT64, u);
                NDArray b = array(DType.INT64, i);
                NDArray inter = Nd.intersect1d(a, b);
                NDArray union = Nd.union1d(a, b);
                NDArray xor = Nd.setxor1d(a, b)) {
            // numpy 2.4: intersect1d(u, i), union1d(u, i), setxor1d(u, i), all float64
            assertEquals(DType.FLOAT64, inter.dtype());
            assertArrayEquals(new double[] {7, t53, t53, t63}, inter.toDoubleArray());
            assertArrayEquals(new double[] {-t63, -1, 1, 3, 7, t53, t63, t64}, union.toDoubleArray());
            assertArrayEquals(new double[] {-t63, -1, 1, 3, t64}, xor.toDoubleArray());
        }
        // the same dtype: setxor1d as NumPy (np.setxor1d([1, 2, 3, 3], [3, 4, -1]) -> [-1, 1, 2, 4]); NaN is unequal to
        // NaN
        try (NDArray a = Nd.array(new long[] {1, 2, 3, 3});
                NDArray b = Nd.array(new long[] {3, 4, -1});
                NDArray x = Nd.setxor1d(a, b);
                NDArray n = Nd.array(new double[] {Double.NaN, 1});
                NDArray xn = Nd.setxor1d(n, n);
                NDArray in = Nd.intersect1d(n, n)) {
            assertEquals(DType.INT64, x.dtype());
            assertArrayEquals(new long[] {-1, 1, 2, 4}, x.toLongArray());
            assertArrayEquals(new double[] {Double.NaN, Double.NaN}, xn.toDoubleArray());
            assertArrayEquals(new double[] {1}, in.toDoubleArray());
        }
        try (NDArray e8 = Nd.zeros(DType.INT8, 0);
                NDArray u8 = Nd.zeros(DType.UINT8, 0);
                NDArray x = Nd.setxor1d(e8, u8);
                NDArray in = Nd.intersect1d(e8, u8)) {
            assertEquals(DType.INT16, x.dtype());
            assertEquals(0, x.size());
            assertEquals(0, in.size());
        }
    }
}
