package org.ndgpu.nccl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.ndgpu.exceptions.NdException;

/**
 * The host collective's reduction of the ranks' bytes, element by element in rank order: rank 0's
 * value, combined with rank 1's, then rank 2's, in the NCCL element type (complex parts as their
 * float type; bool's max and min on 0/1 bytes). Integers wrap as on the device; float16 accumulates
 * in float32 and rounds once; AVG divides the sum by the number of ranks (integers truncate).
 */
final class HostReduce {
    private HostReduce() {}

    /** Bytes {@code [from, from + length)} of the reduction of {@code parts}, each {@code total} bytes long. */
    static byte[] reduce(
            String name, List<byte[]> parts, NcclTypes t, ReduceOp op, long total, long from, long length) {
        for (int r = 0; r < parts.size(); r++) {
            if (parts.get(r).length != total) {
                throw new NdException(name + ": rank " + r + " sent " + parts.get(r).length + " bytes where " + total
                        + " are needed (every rank must pass arrays of the same size and dtype)");
            }
        }
        int n = parts.size();
        ByteBuffer[] in = new ByteBuffer[n];
        for (int r = 0; r < n; r++) in[r] = ByteBuffer.wrap(parts.get(r)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(Math.toIntExact(length)).order(ByteOrder.LITTLE_ENDIAN);
        int start = Math.toIntExact(from), end = Math.toIntExact(from + length);
        switch (t.datatype()) {
            case NcclTypes.FLOAT64 -> {
                for (int i = start; i < end; i += 8) {
                    double acc = in[0].getDouble(i);
                    for (int r = 1; r < n; r++) acc = floats(op, acc, in[r].getDouble(i));
                    out.putDouble(i - start, op == ReduceOp.AVG ? acc / n : acc);
                }
            }
            case NcclTypes.FLOAT32 -> {
                for (int i = start; i < end; i += 4) {
                    float acc = in[0].getFloat(i);
                    for (int r = 1; r < n; r++) acc = (float) floats(op, acc, in[r].getFloat(i));
                    out.putFloat(i - start, op == ReduceOp.AVG ? acc / n : acc);
                }
            }
            case NcclTypes.FLOAT16 -> {
                for (int i = start; i < end; i += 2) {
                    float acc = Float.float16ToFloat(in[0].getShort(i));
                    for (int r = 1; r < n; r++) acc = (float) floats(op, acc, Float.float16ToFloat(in[r].getShort(i)));
                    out.putShort(i - start, Float.floatToFloat16(op == ReduceOp.AVG ? acc / n : acc));
                }
            }
            default -> integers(t.datatype(), op, in, out, start, end);
        }
        return out.array();
    }

    private static double floats(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM, AVG -> a + b;
            case PROD -> a * b;
            // NaN wins, as the device's fmax/fmin do not promise otherwise: NaN in, NaN out
            case MAX -> Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : Math.max(a, b);
            case MIN -> Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : Math.min(a, b);
        };
    }

    private static void integers(int type, ReduceOp op, ByteBuffer[] in, ByteBuffer out, int start, int end) {
        int width = switch (type) {
            case NcclTypes.INT8, NcclTypes.UINT8 -> 1;
            case NcclTypes.INT32, NcclTypes.UINT32 -> 4;
            default -> 8;
        };
        boolean unsigned = type == NcclTypes.UINT8 || type == NcclTypes.UINT32 || type == NcclTypes.UINT64;
        int n = in.length;
        for (int i = start; i < end; i += width) {
            long acc = read(in[0], i, width, unsigned);
            for (int r = 1; r < n; r++) {
                long v = read(in[r], i, width, unsigned);
                acc = switch (op) {
                    case SUM, AVG -> acc + v;
                    case PROD -> acc * v;
                    case MAX -> (unsigned ? Long.compareUnsigned(acc, v) : Long.compare(acc, v)) >= 0 ? acc : v;
                    case MIN -> (unsigned ? Long.compareUnsigned(acc, v) : Long.compare(acc, v)) <= 0 ? acc : v;
                };
            }
            if (op == ReduceOp.AVG) acc = unsigned ? Long.divideUnsigned(acc, n) : acc / n;
            switch (width) {
                case 1 -> out.put(i - start, (byte) acc);
                case 4 -> out.putInt(i - start, (int) acc);
                default -> out.putLong(i - start, acc);
            }
        }
    }

    private static long read(ByteBuffer b, int i, int width, boolean unsigned) {
        return switch (width) {
            case 1 -> unsigned ? Byte.toUnsignedLong(b.get(i)) : b.get(i);
            case 4 -> unsigned ? Integer.toUnsignedLong(b.getInt(i)) : b.getInt(i);
            default -> b.getLong(i);
        };
    }
}
