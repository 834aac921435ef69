package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.manipulation.Joining;

/**
 * numpy.packbits and numpy.unpackbits, on the device with NumPy's rules: packbits takes integers or
 * booleans (nonzero is a 1 bit) and gives uint8, the axis padded with zero bits to a multiple of
 * eight; unpackbits takes uint8 only. Both flatten when {@code axis} is null, and {@code bitorder}
 * is "big" (the first bit the most significant, NumPy's default) or "little". Each is a broadcast
 * multiply or shift against the eight bit weights, then a sum or a reshape, so no kernel of its own.
 */
public final class BitPacking {
    private BitPacking() {}

    /** numpy.packbits(a, axis, bitorder): {@code axis} null flattens. */
    public static NDArray packbits(String op, NDArray a, Integer axis, String bitorder) {
        a.live(op);
        if (!a.dtype().isInteger() && !a.dtype().isBool()) {
            throw new DTypeException(
                    op + ": expected an input array of integer or boolean data type, got " + a.dtype());
        }
        boolean little = little(op, bitorder);
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray x = axis == null ? t(temps, a.ravel()) : a;
            int ax = axis == null ? 0 : Shapes.axis(op, axis, a.ndim());
            long[] s = x.shape();
            long n = s[ax], m = (n + 7) / 8;
            NDArray bits = t(temps, t(temps, x.ne(0)).astype(DType.UINT8));
            if (m * 8 != n) {
                long[] padShape = s.clone();
                padShape[ax] = m * 8 - n;
                NDArray pad = t(temps, Creation.zeros(DType.UINT8, padShape));
                bits = t(temps, Joining.concatenate(op, List.of(bits, pad), ax));
            }
            long[] grouped = new long[s.length + 1];
            System.arraycopy(s, 0, grouped, 0, ax);
            grouped[ax] = m;
            grouped[ax + 1] = 8;
            System.arraycopy(s, ax + 1, grouped, ax + 2, s.length - ax - 1);
            NDArray g = t(temps, bits.reshape(grouped));
            long[] w = new long[8];
            for (int i = 0; i < 8; i++) w[i] = little ? 1L << i : 128L >> i;
            NDArray weights = t(temps, weights(w, s.length - ax - 1));
            NDArray sum = t(temps, t(temps, g.mul(weights)).sum(new int[] {ax + 1}, false));
            return sum.astype(DType.UINT8);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.unpackbits(a, axis, count, bitorder): {@code axis} null flattens, {@code count} null keeps every bit. */
    public static NDArray unpackbits(String op, NDArray a, Integer axis, Long count, String bitorder) {
        a.live(op);
        if (a.dtype() != DType.UINT8) {
            throw new DTypeException(op + ": expected an input array of unsigned byte data type, got " + a.dtype());
        }
        boolean little = little(op, bitorder);
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray x = axis == null ? t(temps, a.ravel()) : a;
            int ax = axis == null ? 0 : Shapes.axis(op, axis, a.ndim());
            long[] s = x.shape();
            long bitsLen = s[ax] * 8;
            long keep = count == null ? bitsLen : count >= 0 ? count : bitsLen + count;
            if (keep < 0)
                throw new NdException(op + ": -count larger than number of elements (count " + count + ", " + bitsLen
                        + " bits along the axis)");
            long[] w = new long[8];
            for (int i = 0; i < 8; i++) w[i] = little ? i : 7 - i;
            NDArray shifts = t(temps, weights(w, s.length - ax - 1));
            NDArray e = t(temps, x.expandDims(ax + 1));
            NDArray b = t(temps, t(temps, e.rightShift(shifts)).bitwiseAnd(1));
            long[] out = s.clone();
            out[ax] = bitsLen;
            NDArray bits = t(temps, t(temps, b.astype(DType.UINT8)).reshape(out));
            if (keep == bitsLen) return bits.copy();
            if (keep < bitsLen) {
                NDArray idx = t(temps, Ranges.arange(0, keep, 1));
                return bits.take(idx, ax);
            }
            long[] padShape = out.clone();
            padShape[ax] = keep - bitsLen;
            NDArray pad = t(temps, Creation.zeros(DType.UINT8, padShape));
            return Joining.concatenate(op, List.of(bits, pad), ax);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** The eight uint8 values along a new axis followed by {@code trailing} axes of one, to broadcast. */
    private static NDArray weights(long[] w, int trailing) {
        long[] shape = new long[1 + trailing];
        Arrays.fill(shape, 1);
        shape[0] = 8;
        try (NDArray v = Creation.array(w);
                NDArray u = v.astype(DType.UINT8)) {
            return u.reshape(shape);
        }
    }

    private static boolean little(String op, String bitorder) {
        return switch (bitorder) {
            case "big" -> false;
            case "little" -> true;
            default -> throw new NdException(op + ": 'order' must be either 'little' or 'big', got '" + bitorder + "'");
        };
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
