package org.ndgpu.random.impl;

import static org.ndgpu.random.impl.ZigguratTables.EXP_F;
import static org.ndgpu.random.impl.ZigguratTables.EXP_F32;
import static org.ndgpu.random.impl.ZigguratTables.EXP_K;
import static org.ndgpu.random.impl.ZigguratTables.EXP_K32;
import static org.ndgpu.random.impl.ZigguratTables.EXP_R;
import static org.ndgpu.random.impl.ZigguratTables.EXP_W;
import static org.ndgpu.random.impl.ZigguratTables.EXP_W32;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_F;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_F32;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_K;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_K32;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_R;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_W;
import static org.ndgpu.random.impl.ZigguratTables.NORMAL_W32;

/**
 * distributions.h's ziggurats in plain Java, fed a {@link IntegersSamplingTest.Stream}: the same
 * bit fields, tables and comparisons, so a value that the fast test accepts is the device's bit for
 * bit (an exact integer times a table entry, one rounding); the wedge and tail cases agree to the
 * device's exp and log1p. {@link #slow} counts the values that left the fast case.
 */
final class Ziggurat {
    private Ziggurat() {}

    static int slow;

    static long next64(IntegersSamplingTest.Stream s) {
        long hi = Integer.toUnsignedLong(s.next32());
        return hi << 32 | Integer.toUnsignedLong(s.next32());
    }

    static double nextDouble(IntegersSamplingTest.Stream s) {
        long a = Integer.toUnsignedLong(s.next32()) >>> 5, b = Integer.toUnsignedLong(s.next32()) >>> 6;
        return (double) (a << 26 | b) * 0x1p-53;
    }

    static float nextFloat(IntegersSamplingTest.Stream s) {
        return (float) (Integer.toUnsignedLong(s.next32()) >>> 8) * 0x1p-24f;
    }

    /** The stream a per-block value whose first draw failed goes on in: index blk, rounds from 1 + lane * 2^14. */
    static IntegersSamplingTest.Stream lane(long blk, int lane, long off, long seed) {
        var s = new IntegersSamplingTest.Stream(blk, off, seed);
        s.block = 1 + lane * 0x4000;
        return s;
    }

    static double normal(long bits, IntegersSamplingTest.Stream s) {
        boolean first = true;
        for (; ; first = false) {
            int idx = (int) (bits & 0xFF);
            long rabs = (bits >>> 9) & 0xFFFFFFFFFFFFFL;
            double x = (double) rabs * NORMAL_W[idx];
            if (((bits >>> 8) & 1) != 0) x = -x;
            if (Long.compareUnsigned(rabs, NORMAL_K[idx]) < 0) return x;
            if (first) slow++;
            if (idx == 0) {
                for (; ; ) {
                    double xx = -(1.0 / NORMAL_R) * Math.log1p(-nextDouble(s)), yy = -Math.log1p(-nextDouble(s));
                    if (yy + yy > xx * xx) return ((rabs >>> 8) & 1) != 0 ? -(NORMAL_R + xx) : NORMAL_R + xx;
                }
            }
            if ((NORMAL_F[idx - 1] - NORMAL_F[idx]) * nextDouble(s) + NORMAL_F[idx] < Math.exp(-0.5 * x * x)) return x;
            bits = next64(s);
        }
    }

    static double exponential(long bits, IntegersSamplingTest.Stream s) {
        boolean first = true;
        for (; ; first = false) {
            int idx = (int) (bits & 0xFF);
            long ri = bits >>> 12;
            double x = (double) ri * EXP_W[idx];
            if (ri < EXP_K[idx]) return x;
            if (first) slow++;
            if (idx == 0) return EXP_R - Math.log1p(-nextDouble(s));
            if ((EXP_F[idx - 1] - EXP_F[idx]) * nextDouble(s) + EXP_F[idx] < Math.exp(-x)) return x;
            bits = next64(s);
        }
    }

    static float normal32(int w, IntegersSamplingTest.Stream s) {
        final float r = (float) NORMAL_R;
        boolean first = true;
        for (; ; first = false) {
            int idx = w & 0xFF, rabs = w >>> 9;
            float x = rabs * NORMAL_W32[idx];
            if (((w >>> 8) & 1) != 0) x = -x;
            if (rabs < NORMAL_K32[idx]) return x;
            if (first) slow++;
            if (idx == 0) {
                for (; ; ) {
                    float xx = -(1.0f / r) * (float) Math.log1p(-nextFloat(s)), yy = (float) -Math.log1p(-nextFloat(s));
                    if (yy + yy > xx * xx) return ((rabs >>> 8) & 1) != 0 ? -(r + xx) : r + xx;
                }
            }
            if ((NORMAL_F32[idx - 1] - NORMAL_F32[idx]) * nextFloat(s) + NORMAL_F32[idx]
                    < (float) Math.exp(-0.5f * x * x)) return x;
            w = s.next32();
        }
    }

    static float exponential32(int w, IntegersSamplingTest.Stream s) {
        boolean first = true;
        for (; ; first = false) {
            int idx = (w >>> 1) & 0xFF, ri = w >>> 9;
            float x = ri * EXP_W32[idx];
            if (ri < EXP_K32[idx]) return x;
            if (first) slow++;
            if (idx == 0) return (float) EXP_R - (float) Math.log1p(-nextFloat(s));
            if ((EXP_F32[idx - 1] - EXP_F32[idx]) * nextFloat(s) + EXP_F32[idx] < (float) Math.exp(-x)) return x;
            w = s.next32();
        }
    }

    /** The per-element normal of a stream (nd_std_normal): its next 64 bits, then the stream itself. */
    static double normal(IntegersSamplingTest.Stream s) {
        return normal(next64(s), s);
    }

    static double exponential(IntegersSamplingTest.Stream s) {
        return exponential(next64(s), s);
    }
}
