package org.ndgpu.routines.printing;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.ndgpu.config.PrintOptions;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;

/**
 * numpy.array_repr and numpy.array_str of a device array: the elements the print shows come to the
 * host, where {@link ArrayPrinter} formats them. A summarized print (more than the threshold, 1000
 * elements by default) reads only the first and last edgeitems along each long axis, so only those leave the device: printing a
 * 1 GiB array in JShell moves a few hundred bytes, not the gigabyte.
 */
public final class ArrayRepr {
    private ArrayRepr() {}

    /**
     * numpy.array_repr(a): {@code array([1., 2.], dtype=float32)}. A closed array, or a symbolic one
     * inside a Fuse trace, says so instead of reading elements (a debugger or a log may print either).
     */
    public static String repr(NDArray a) {
        if (a.isClosed()) return "array(<closed>, dtype=" + a.dtype() + ", shape=" + Shapes.str(a.shape()) + ")";
        if (a.symbol() != null)
            return "array(<symbolic: traced by fuse>, dtype=" + a.dtype() + ", shape=" + Shapes.str(a.shape()) + ")";
        PrintOptions o = PrintOptions.current();
        return ArrayPrinter.repr(shown(a, o), a.shape(), o);
    }

    /** numpy.array_str(a): {@code [1. 2.]}. */
    public static String str(NDArray a) {
        a.live("str");
        PrintOptions o = PrintOptions.current();
        return ArrayPrinter.str(shown(a, o), a.shape(), o);
    }

    /** The elements a print of {@code a} reads, on the host in C order, shaped ArrayPrinter.summaryShape(a.shape(), o). */
    static HostArray shown(NDArray a, PrintOptions o) {
        return shown(a, ArrayPrinter.summaryShape(a.shape(), o));
    }

    /**
     * The elements of {@code a} that lie within the first and last {@code want[d] / 2} along each
     * axis {@code d} where {@code want[d]} is less than the axis' length (all of it elsewhere), on
     * the host in C order: what a summarized print reads (a structured array's fields pass a want
     * that cuts only the record axes).
     */
    public static HostArray shown(NDArray a, long[] want) {
        long[] shape = a.shape();
        // the longest axes first, so each intermediate copy is as small as it can be
        int[] cut = IntStream.range(0, shape.length)
                .filter(d -> want[d] < shape[d])
                .boxed()
                .sorted(Comparator.comparingLong((Integer d) -> shape[d]).reversed())
                .mapToInt(Integer::intValue)
                .toArray();
        NDArray x = a;
        try {
            for (int axis : cut) {
                long edge = want[axis] / 2;
                try (NDArray head = Views.slab(x, axis, 0, edge);
                        NDArray tail = Views.slab(x, axis, shape[axis] - edge, edge)) {
                    NDArray joined = Joining.concatenate("print", List.of(head, tail), axis);
                    if (x != a) x.close();
                    x = joined;
                }
            }
            return x.toHost();
        } finally {
            if (x != a) x.close();
        }
    }
}
