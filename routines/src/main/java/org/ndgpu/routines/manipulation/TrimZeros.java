package org.ndgpu.routines.manipulation;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.indexing.Masking;

/**
 * numpy.trim_zeros: the view that drops the leading and/or trailing zeros along the chosen axes
 * (all of them by default). The nonzero coordinates come from the device (argwhere), and their
 * smallest and largest along each axis, two device reductions read back once, bound the view.
 */
public final class TrimZeros {
    private TrimZeros() {}

    /** numpy.trim_zeros(filt, trim, axis): trim 'f', 'b' or 'fb'; {@code axes} null trims every axis. */
    public static NDArray trimZeros(String op, NDArray filt, String trim, int[] axes) {
        filt.live(op);
        if (trim == null) throw new NullPointerException(op + ": trim is null");
        String t = trim.toLowerCase(java.util.Locale.ROOT);
        if (t.isEmpty())
            throw new NdException(op + ": unexpected character(s) in `trim`: '' (expected 'f', 'b' or 'fb')");
        if (!t.matches("[fb]*"))
            throw new NdException(
                    op + ": unexpected character(s) in `trim`: '" + trim.replaceAll("(?i)[fb]", "") + "'");
        boolean front = t.contains("f"), back = t.contains("b");
        int nd = filt.ndim();
        int[] ax = Shapes.axes(op, axes, nd);
        if (nd == 0) return filt.view(filt.shape(), filt.strides(), filt.offset());
        long[] s = filt.shape(), lo = new long[nd], hi = s.clone();
        try (NDArray nz = Masking.argwhere(op, filt)) {
            if (nz.shape(0) == 0) {
                for (int d : ax) hi[d] = 0;
            } else {
                long[] min, max;
                try (NDArray mn = nz.min(0);
                        NDArray mx = nz.max(0)) {
                    min = mn.toLongArray();
                    max = mx.toLongArray();
                }
                for (int d : ax) {
                    if (front) lo[d] = min[d];
                    if (back) hi[d] = max[d] + 1;
                }
            }
        }
        long off = filt.offset();
        long[] shape = new long[nd];
        for (int d = 0; d < nd; d++) {
            shape[d] = Math.max(0, hi[d] - lo[d]);
            if (shape[d] > 0) off += lo[d] * filt.strides()[d];
        }
        return filt.view(shape, filt.strides(), off);
    }
}
