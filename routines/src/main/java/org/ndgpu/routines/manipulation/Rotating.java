package org.ndgpu.routines.manipulation;

import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;

/** numpy.rot90, fliplr and flipud: views, by NumPy's own composition of flip and transpose. */
public final class Rotating {
    private Rotating() {}

    /** numpy.rot90(m, k, axes): rotated by 90 degrees k times from axes[0] towards axes[1]; a view. */
    public static NDArray rot90(String op, NDArray m, int k, int[] axes) {
        m.live(op);
        if (axes.length != 2) throw new AxisException(op + ": len(axes) must be 2, got " + axes.length);
        int nd = m.ndim();
        if (axes[0] == axes[1] || Math.abs(axes[0] - axes[1]) == nd)
            throw new AxisException(op + ": Axes must be different, got (" + axes[0] + ", " + axes[1] + ")");
        for (int ax : axes) {
            if (ax >= nd || ax < -nd)
                throw new AxisException(
                        op + ": Axes=(" + axes[0] + ", " + axes[1] + ") out of range for array of ndim=" + nd);
        }
        int a0 = axes[0] < 0 ? axes[0] + nd : axes[0], a1 = axes[1] < 0 ? axes[1] + nd : axes[1];
        int turns = Math.floorMod(k, 4);
        if (turns == 0) return m.view(m.shape(), m.strides(), m.offset());
        if (turns == 2) {
            try (NDArray f = m.flip(a0)) {
                return f.flip(a1);
            }
        }
        int[] perm = new int[nd];
        for (int d = 0; d < nd; d++) perm[d] = d;
        perm[a0] = a1;
        perm[a1] = a0;
        if (turns == 1) {
            try (NDArray f = m.flip(a1)) {
                return f.transpose(perm);
            }
        }
        try (NDArray t = m.transpose(perm)) {
            return t.flip(a1);
        }
    }

    /** numpy.fliplr(m): reversed along axis 1; a view of an array of at least 2 dimensions. */
    public static NDArray fliplr(String op, NDArray m) {
        m.live(op);
        if (m.ndim() < 2) throw new ShapeException(op + ": Input must be >= 2-d, got " + m.ndim() + "-d");
        return m.flip(1);
    }

    /** numpy.flipud(m): reversed along axis 0; a view of an array of at least 1 dimension. */
    public static NDArray flipud(String op, NDArray m) {
        m.live(op);
        if (m.ndim() < 1) throw new ShapeException(op + ": Input must be >= 1-d, got a 0-d array");
        return m.flip(0);
    }
}
