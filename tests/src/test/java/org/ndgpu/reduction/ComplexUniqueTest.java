package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.unique of complex arrays (once refused), as NumPy 2.4 answers: lexicographic order (real,
 * then imaginary), equal values (0 and -0 alike) kept once as the first of them in the input, every
 * value with a NaN part counted as one value (the first such), placed last. Recorded NumPy answers
 * with the zeros' signs, and a longer random case against a Java oracle of the same rules. Here
 * rather than in routines, whose tests lack the reductions that boolean selection counts with.
 */
public class ComplexUniqueTest extends PerDeviceTest {
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    private static NDArray complex(double[] interleaved, DType t) {
        try (NDArray z =
                Nd.array(MemorySegment.ofArray(interleaved.clone()), DType.COMPLEX128, interleaved.length / 2)) {
            return z.astype(t);
        }
    }

    private static double[] interleaved(NDArray z) {
        try (NDArray w = z.astype(DType.COMPLEX128)) {
            return w.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
        }
    }

    /** Element-wise equal, the sign of zero and NaN included (Double.equals). */
    private static void same(double[] expected, double[] got, String what) {
        assertEquals(expected.length, got.length, what + ": length");
        for (int i = 0; i < expected.length; i++)
            assertEquals((Double) expected[i], (Double) got[i], what + " [" + i + "]");
    }

    @Test
    void numpysAnswersWithNanZerosAndInfinities() {
        // np.unique(np.array([3+1j, nan+1j, -0.+0j, 1+nanj, 0j, 3-1j, 3+1j, nan+nanj, -inf+2j, 1-0.j, 1+0j, 2+nanj,
        // inf-infj, -1+5j]))
        double[] a = {
            3, 1, NAN, 1, -0.0, 0, 1, NAN, 0, 0, 3, -1, 3, 1, NAN, NAN, -INF, 2, 1, -0.0, 1, 0, 2, NAN, INF, -INF, -1, 5
        };
        double[] expected = {-INF, 2, -1, 5, -0.0, 0, 1, -0.0, 3, -1, 3, 1, INF, -INF, NAN, 1};
        for (DType t : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            try (NDArray z = complex(a, t);
                    NDArray u = Nd.unique(z)) {
                assertEquals(t, u.dtype());
                same(expected, interleaved(u), "unique " + t);
            }
        }
        // np.unique([2+nanj, 1+nanj, nan+5j, 4+0j]) -> [4+0j, 2+nanj]: the first value with a NaN stands for all
        try (NDArray z = complex(new double[] {2, NAN, 1, NAN, NAN, 5, 4, 0}, DType.COMPLEX128);
                NDArray u = Nd.unique(z)) {
            same(new double[] {4, 0, 2, NAN}, interleaved(u), "unique of NaNs");
        }
        try (NDArray z = complex(new double[] {1, 2, 1, 2}, DType.COMPLEX64);
                NDArray m = z.reshape(1, 2);
                NDArray u = Nd.unique(m);
                NDArray e = Nd.zeros(DType.COMPLEX64, 0);
                NDArray ue = Nd.unique(e)) {
            same(new double[] {1, 2}, interleaved(u), "repeats");
            assertEquals(0, ue.size());
            assertEquals(DType.COMPLEX64, ue.dtype());
        }
    }

    @Test
    void isinAndSetdiff1dOfComplex() {
        // np.isin([1+1j, 2+0j, nan+0j, 1+2j], [2+0j, 1+2j, nan+0j]) -> [False, True, False, True]; NaN equals nothing
        // np.setdiff1d([3+0j, 1+1j, 2+0j], [2+0j]) -> [1+1j, 3+0j]
        try (NDArray e = complex(new double[] {1, 1, 2, 0, NAN, 0, 1, 2}, DType.COMPLEX128);
                NDArray t = complex(new double[] {2, 0, 1, 2, NAN, 0}, DType.COMPLEX128);
                NDArray in = Nd.isin(e, t);
                NDArray a = complex(new double[] {3, 0, 1, 1, 2, 0}, DType.COMPLEX128);
                NDArray b = complex(new double[] {2, 0}, DType.COMPLEX128);
                NDArray d = Nd.setdiff1d(a, b)) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(
                    new boolean[] {false, true, false, true}, in.toBooleanArray());
            same(new double[] {1, 1, 3, 0}, interleaved(d), "setdiff1d");
        }
    }

    @Test
    void manyRepeatsAgainstTheRules() {
        SplittableRandom r = new SplittableRandom(5);
        int n = 5000; // past the network: the radix sort's argsort
        double[] a = new double[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            int k = r.nextInt(20);
            a[i] = k == 0 ? NAN : k == 1 ? -0.0 : r.nextInt(-6, 7) / 2.0;
        }
        // oracle: first occurrences, NaN-holding ones as one, sorted lexicographically, NaN last
        List<double[]> seen = new ArrayList<>();
        boolean nanSeen = false;
        double[] nanFirst = null;
        for (int i = 0; i < n; i++) {
            double re = a[2 * i], im = a[2 * i + 1];
            if (Double.isNaN(re) || Double.isNaN(im)) {
                if (!nanSeen) nanFirst = new double[] {re, im};
                nanSeen = true;
                continue;
            }
            boolean dup = false;
            for (double[] s : seen) dup |= s[0] == re && s[1] == im;
            if (!dup) seen.add(new double[] {re, im});
        }
        seen.sort(Comparator.<double[]>comparingDouble(x -> x[0] == 0 ? 0 : x[0])
                .thenComparingDouble(x -> x[1] == 0 ? 0 : x[1]));
        if (nanSeen) seen.add(nanFirst);
        double[] expected = new double[2 * seen.size()];
        for (int i = 0; i < seen.size(); i++) {
            expected[2 * i] = seen.get(i)[0];
            expected[2 * i + 1] = seen.get(i)[1];
        }
        try (NDArray z = complex(a, DType.COMPLEX128);
                NDArray u = Nd.unique(z)) {
            same(expected, interleaved(u), "unique of 5000");
        }
    }
}
