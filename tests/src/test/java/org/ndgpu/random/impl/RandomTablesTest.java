package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * distributions.h's table-driven float64 log (nd_log) and sine/cosine of 2 pi k / 2^bits
 * (nd_sincos_turns) on the device against Java: StrictMath's log, and for the angles a
 * double-double reduction to the first quadrant with StrictMath's sin and cos, so a result near a
 * zero of either is checked to its own ulps. Inputs: random ones, the edges of every table cell,
 * values next to 1, powers of two, the quarter turns and their neighbours.
 */
public class RandomTablesTest extends PerDeviceTest {
    private static final long CELL = 1L << 45, OFF = 0x3fe7f00000000000L;

    private static NDArray out(long n) {
        NDArray y = NDArray.empty(Device.current(), DType.FLOAT64, new long[] {n}, Order.C);
        y.fill(Double.NaN); // poisoned: an element the kernel misses fails
        return y;
    }

    private static double ulps(double got, double want) {
        if (got == want) return 0;
        return Math.abs(got - want) / Math.ulp(want);
    }

    @Test
    void logIsWithinTwoUlpsEverywhere() {
        List<Double> xs = new ArrayList<>();
        var g = new SplittableRandom(41);
        for (int i = 0; i < 20000; i++) xs.add(1 - g.nextLong(1L << 53) * 0x1p-53); // the draws' inputs, (0, 1]
        for (int i = 0; i < 4000; i++) xs.add(1 - g.nextDouble() * 0x1p-7);
        for (int i = 0; i < 2000; i++) xs.add(1 + g.nextDouble() * 0x1p-7);
        for (int i = 0; i < 2000; i++) xs.add(Math.pow(2, -g.nextDouble() * 1000));
        for (int i = 0; i < 2000; i++) xs.add(Math.pow(2, g.nextDouble() * 1000));
        for (long i = 0; i <= 128; i++) {
            long edge = OFF + i * CELL; // every cell's first and previous last value, in three binades
            for (long e = -2; e <= 2; e++) {
                for (long d = -1; d <= 0; d++) xs.add(Double.longBitsToDouble(edge + d + (e << 52)));
            }
        }
        for (int e = -1022; e <= 1023; e += 7) xs.add(Math.scalb(1.0, e));
        xs.add(1.0);
        xs.add(Math.nextDown(1.0));
        xs.add(Math.nextUp(1.0));
        xs.add(Double.MIN_NORMAL);
        xs.add(Double.MAX_VALUE);
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        var spec = new Spec(
                "nd_log_check",
                List.of(new Param("x", DType.FLOAT64, Kind.IN), new Param("y", DType.FLOAT64, Kind.OUT)),
                "y = nd_log(x);",
                DeviceDraws.HEADER,
                "",
                "",
                List.of());
        try (NDArray xd = Nd.array(x);
                NDArray y = out(x.length)) {
            ElementwiseLoop.run(spec, new Object[] {xd, y}, y.shape());
            double[] got = y.toDoubleArray();
            double worst = 0;
            for (int i = 0; i < x.length; i++) {
                double u = ulps(got[i], StrictMath.log(x[i]));
                if (!(u <= 2.5))
                    throw new AssertionError("log(" + x[i] + "): device " + got[i] + ", Java " + StrictMath.log(x[i]));
                worst = Math.max(worst, u);
            }
            assertEquals(0, worst, 2.5);
        }
        // what the table does not take goes to the device's log: zero, subnormal, negative, inf, NaN
        double[] special = {0.0, -0.0, Double.MIN_VALUE, 0x1p-1040, -1.0, Double.POSITIVE_INFINITY, Double.NaN};
        try (NDArray xd = Nd.array(special);
                NDArray y = out(special.length)) {
            ElementwiseLoop.run(spec, new Object[] {xd, y}, y.shape());
            double[] got = y.toDoubleArray();
            for (int i = 0; i < special.length; i++) {
                double want = StrictMath.log(special[i]);
                if (!(Double.compare(got[i], want) == 0 || ulps(got[i], want) <= 2)) {
                    throw new AssertionError("log(" + special[i] + "): device " + got[i] + ", Java " + want);
                }
            }
        }
    }

    /** sin and cos of 2 pi k / 2^bits from the exact quarter turn and a double-double remainder angle. */
    static double[] sinCos(long k, int bits) {
        long quarter = 1L << (bits - 2), q = Math.floorDiv(k, quarter), rem = k - q * quarter;
        // remainder angle 2 pi rem / 2^bits in [0, pi / 2), as hi + lo
        double t = rem * Math.scalb(1.0, -bits), twoPiHi = 6.283185307179586, twoPiLo = 2.4492935982947064e-16;
        double hi = twoPiHi * t, lo = Math.fma(twoPiHi, t, -hi) + twoPiLo * t;
        double s = StrictMath.sin(hi), c = StrictMath.cos(hi);
        double s1 = s + c * lo, c1 = c - s * lo;
        return switch ((int) (q & 3)) {
            case 0 -> new double[] {s1, c1};
            case 1 -> new double[] {c1, -s1};
            case 2 -> new double[] {-s1, -c1};
            default -> new double[] {-c1, s1};
        };
    }

    @Test
    void sinAndCosOfTurnsAreWithinTwoUlpsAndExactAtTheZeros() {
        for (int bits : new int[] {53, 54}) {
            List<Long> ks = new ArrayList<>();
            var g = new SplittableRandom(bits);
            for (int i = 0; i < 20000; i++) ks.add(g.nextLong(1L << bits));
            for (long j = 0; j <= 256; j++) {
                long point = j << (bits - 8); // a table angle, and the edges between two
                for (long d = -3; d <= 3; d++) {
                    ks.add(point + d);
                    ks.add(point + (1L << (bits - 9)) + d);
                }
            }
            ks.removeIf(k -> k < 0 || k >= 1L << bits);
            long[] k = ks.stream().mapToLong(Long::longValue).toArray();
            var spec = new Spec(
                    "nd_sincos_turns_check_" + bits,
                    List.of(
                            new Param("k", DType.INT64, Kind.IN),
                            new Param("ys", DType.FLOAT64, Kind.OUT),
                            new Param("yc", DType.FLOAT64, Kind.OUT)),
                    "double s, c; nd_sincos_turns((ulong)k, " + bits + ", &s, &c); ys = s; yc = c;",
                    DeviceDraws.HEADER,
                    "",
                    "",
                    List.of());
            try (NDArray kd = Nd.array(k);
                    NDArray ys = out(k.length);
                    NDArray yc = out(k.length)) {
                ElementwiseLoop.run(spec, new Object[] {kd, ys, yc}, ys.shape());
                double[] s = ys.toDoubleArray(), c = yc.toDoubleArray();
                for (int i = 0; i < k.length; i++) {
                    double[] want = sinCos(k[i], bits);
                    if (k[i] % (1L << (bits - 2)) == 0) { // quarter turns: 0 and +-1 exactly
                        if (s[i] != Math.rint(want[0]) || c[i] != Math.rint(want[1])) {
                            throw new AssertionError("quarter turn " + k[i] + ": " + s[i] + ", " + c[i]);
                        }
                        continue;
                    }
                    double us = ulps(s[i], want[0]), uc = ulps(c[i], want[1]);
                    if (!(us <= 3 && uc <= 3)) {
                        throw new AssertionError("bits " + bits + ", k " + k[i] + ": device sin " + s[i] + " cos "
                                + c[i] + ", Java " + want[0] + ", " + want[1]);
                    }
                }
            }
        }
    }
}
