package org.ndgpu.routines.math;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.packbits and numpy.unpackbits, on the device with NumPy's rules: packbits takes integers or
 * booleans (nonzero is a 1 bit) and gives uint8, the axis padded with zero bits to a multiple of
 * eight; unpackbits takes uint8 only. Both flatten when {@code axis} is null, and {@code bitorder}
 * is "big" (the first bit the most significant, NumPy's default) or "little". Each is one
 * elementwise kernel over its output (as CuPy's), reading the eight bits or the byte it needs;
 * unpackbits of every bit along a contiguous last axis (the flattened default) is one kernel over
 * the input instead, each byte written as one 8-byte word of its bits.
 */
public final class BitPacking {
    private BitPacking() {}

    // output element i of a C-ordered (outer, m, inner) result: byte j of a line gathers input bits
    // 8j .. 8j+7 along the axis (zero past n), the first bit the most significant unless little
    private static final ElementwiseKernel PACK = new ElementwiseKernel(
            "raw T x, int64 n, int64 m, int64 inner, int32 little", "uint8 y", """
            const long q = (long) i % inner, r = (long) i / inner, j = r % m, base = (r / m) * n * inner + q;
            unsigned int packed = 0;
            for (int b = 0; b < 8; b++) {
              const long k = j * 8 + b;
              if (k < n && x[base + k * inner] != 0) packed |= 1u << (little ? b : 7 - b);
            }
            y = (uint8) packed;""", "nd_packbits");

    // output element i of a C-ordered (outer, keep, inner) result: bit k of the line, from byte k / 8
    // (0 past the input's 8n bits)
    private static final ElementwiseKernel UNPACK = new ElementwiseKernel(
            "raw uint8 x, int64 n, int64 keep, int64 inner, int32 little", "uint8 y", """
            const long q = (long) i % inner, r = (long) i / inner, k = r % keep, base = (r / keep) * n * inner + q;
            const int b = (int) (k % 8);
            y = k < n * 8 ? (uint8) ((x[base + (k / 8) * inner] >> (little ? b : 7 - b)) & 1) : (uint8) 0;""", "nd_unpackbits");

    // the common case, every bit of a contiguous last axis: the output is the input's bytes each
    // spread to eight, in order, so one thread per input byte stores its eight bits as one 8-byte
    // word (byte b of the word at the lowest address: the devices ndgpu runs on are little-endian),
    // with no index arithmetic; the loop reads the input four bytes at a time
    private static final Spec UNPACK_WIDE = new Spec(
            "nd_unpackbits_wide",
            List.of(
                    new Param("x", DType.UINT8, Kind.IN),
                    new Param("y", DType.UINT8, Kind.RAW),
                    new Param("_little", DType.INT32, Kind.SCALAR)),
            """
            const uint _v = (uint) x;
            ulong _w = 0;
            for (int _b = 0; _b < 8; _b++) _w |= (ulong) ((_v >> (_little ? _b : 7 - _b)) & 1u) << (8 * _b);
            ((ND_GLOBAL ulong*) y)[i] = _w;""");

    /** numpy.packbits(a, axis, bitorder): {@code axis} null flattens. */
    public static NDArray packbits(String op, NDArray a, Integer axis, String bitorder) {
        a.live(op);
        if (!a.dtype().isInteger() && !a.dtype().isBool()) {
            throw new DTypeException(
                    op + ": expected an input array of integer or boolean data type, got " + a.dtype());
        }
        boolean little = little(op, bitorder);
        int ax = axis == null ? 0 : Shapes.axis(op, axis, a.ndim());
        try (var _ = a.device().use()) {
            NDArray x = contiguous(a, axis);
            try {
                long[] s = x.shape();
                long n = s[ax], m = (n + 7) / 8;
                long[] out = s.clone();
                out[ax] = m;
                NDArray y = NDArray.empty(x.device(), DType.UINT8, out, Order.C);
                if (y.size() > 0) PACK.call(x, n, m, inner(s, ax), little ? 1 : 0, y);
                return y;
            } finally {
                if (x != a) x.close();
            }
        }
    }

    /** numpy.unpackbits(a, axis, count, bitorder): {@code axis} null flattens, {@code count} null keeps every bit. */
    public static NDArray unpackbits(String op, NDArray a, Integer axis, Long count, String bitorder) {
        a.live(op);
        if (a.dtype() != DType.UINT8) {
            throw new DTypeException(op + ": expected an input array of unsigned byte data type, got " + a.dtype());
        }
        boolean little = little(op, bitorder);
        int ax = axis == null ? 0 : Shapes.axis(op, axis, a.ndim());
        long bitsLen = (axis == null ? a.size() : a.shape()[ax]) * 8;
        long keep = count == null ? bitsLen : count >= 0 ? count : bitsLen + count;
        if (keep < 0)
            throw new NdException(op + ": -count larger than number of elements (count " + count + ", " + bitsLen
                    + " bits along the axis)");
        try (var _ = a.device().use()) {
            NDArray x = contiguous(a, axis);
            try {
                long[] s = x.shape();
                long[] out = s.clone();
                out[ax] = keep;
                NDArray y = NDArray.empty(x.device(), DType.UINT8, out, Order.C);
                if (y.size() == 0) return y;
                if (keep == s[ax] * 8 && inner(s, ax) == 1)
                    ElementwiseLoop.runIntoNew(UNPACK_WIDE, new Object[] {x, y, little ? 1 : 0}, x.shape());
                else UNPACK.call(x, s[ax], keep, inner(s, ax), little ? 1 : 0, y);
                return y;
            } finally {
                if (x != a) x.close();
            }
        }
    }

    // the input as the kernels read it: C-contiguous, flattened when axis is null; a itself when it
    // already is (the callers close anything else)
    private static NDArray contiguous(NDArray a, Integer axis) {
        NDArray x = axis == null ? a.ravel() : a;
        if (x.isCContiguous()) return x;
        try {
            return x.copy(Order.C);
        } finally {
            if (x != a) x.close();
        }
    }

    private static long inner(long[] s, int ax) {
        long inner = 1;
        for (int d = ax + 1; d < s.length; d++) inner *= s[d];
        return inner;
    }

    private static boolean little(String op, String bitorder) {
        return switch (bitorder) {
            case "big" -> false;
            case "little" -> true;
            default -> throw new NdException(op + ": 'order' must be either 'little' or 'big', got '" + bitorder + "'");
        };
    }
}
