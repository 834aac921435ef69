package org.ndgpu.ndarray;

import java.lang.foreign.MemorySegment;

/** Bridges an NDArray to the host-side formatter. */
final class Printing {
    private Printing() { }

    static String repr(NDArray a) {
        MemorySegment bytes = a.toBytes();
        var sb = new StringBuilder("array(");
        long[] shape = a.shape();
        if (a.size() == 0) {
            sb.append("[]");
        } else {
            nest(sb, bytes, a.dtype(), shape, 0, new long[]{0});
        }
        if (a.dtype() != DType.FLOAT64 && a.dtype() != DType.INT64 && a.dtype() != DType.BOOL) sb.append(", dtype=").append(a.dtype());
        return sb.append(')').toString();
    }

    private static void nest(StringBuilder sb, MemorySegment s, DType d, long[] shape, int level, long[] next) {
        if (level == shape.length) {
            long i = next[0]++;
            if (d.isBool()) sb.append(HostData.getLong(s, d, i) != 0 ? "True" : "False");
            else if (d.isInteger()) sb.append(HostData.getLong(s, d, i));
            else sb.append(HostData.getDouble(s, d, i));
            return;
        }
        sb.append('[');
        for (long k = 0; k < shape[level]; k++) {
            if (k > 0) sb.append(", ");
            nest(sb, s, d, shape, level + 1, next);
        }
        sb.append(']');
    }
}
