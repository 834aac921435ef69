package org.ndgpu.routines.indexing;

import java.util.AbstractMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.ndindex and numpy.ndenumerate: iteration on the host. ndindex computes indices only;
 * ndenumerate copies the array to the host once (a read of the whole array, so for inspection of
 * small arrays, not for computing: an elementwise kernel does that on the device) and walks it in C
 * order.
 */
public final class NdIndex {
    private NdIndex() {}

    /** numpy.ndindex(*shape): every index of {@code shape} in C order, a new long[] each. */
    public static Iterable<long[]> ndindex(long... shape) {
        Objects.requireNonNull(shape, "ndindex: shape is null");
        long[] s = shape.clone();
        for (long d : s) if (d < 0) throw new ShapeException("ndindex: negative dimensions are not allowed, got " + d);
        return () -> new Iterator<>() {
            private final long[] next = new long[s.length];
            private boolean more = size(s) > 0;

            @Override
            public boolean hasNext() {
                return more;
            }

            @Override
            public long[] next() {
                if (!more) throw new NoSuchElementException("ndindex: no more indices");
                long[] out = next.clone();
                int d = s.length - 1;
                while (d >= 0 && ++next[d] == s[d]) next[d--] = 0;
                more = d >= 0;
                return out;
            }
        };
    }

    /**
     * numpy.ndenumerate(a): (index, value) pairs in C order. The values are Java Boolean for bool,
     * Long for the integers, Double for the floats, and, as {@link NDArray#item()} gives them, a Long
     * of the same 64 bits for uint64 (read it with {@link Long#toUnsignedString(long)}: 2^64-1 is
     * -1L) and the Long count of units for datetime64 and timedelta64 (NaT is Long.MIN_VALUE).
     */
    public static Iterable<Map.Entry<long[], Object>> ndenumerate(NDArray a) {
        Objects.requireNonNull(a, "ndenumerate: a is null; expected an NDArray");
        a.live("ndenumerate");
        DType dt = a.dtype();
        if (dt.isComplex()) throw new DTypeException("ndenumerate: complex arrays are not supported, got " + dt);
        long[] ints = dt.isInteger() || dt.isBool() || dt.isTime() ? a.toLongArray() : null;
        double[] reals = ints == null ? a.toDoubleArray() : null;
        Iterable<long[]> idx = ndindex(a.shape());
        return () -> new Iterator<>() {
            private final Iterator<long[]> it = idx.iterator();
            private int k;

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Map.Entry<long[], Object> next() {
                long[] i = it.next();
                int j = k++;
                Object v = ints == null ? (Object) reals[j] : dt.isBool() ? (Object) (ints[j] != 0) : (Object) ints[j];
                return new AbstractMap.SimpleImmutableEntry<>(i, v);
            }
        };
    }

    private static long size(long[] s) {
        long n = 1;
        for (long d : s) n *= d;
        return n;
    }
}
