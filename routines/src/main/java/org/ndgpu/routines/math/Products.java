package org.ndgpu.routines.math;

import java.util.List;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.routines.manipulation.Joining;

/** numpy.cross (vectors of 2 or 3 components along the last axis) and numpy.kron, as views and device ufuncs. */
public final class Products {
    private Products() {}

    /**
     * numpy.cross(a, b): along the last axis of each (broadcast over the others). Two 3-vectors give a
     * 3-vector; two 2-vectors give the z component (a scalar per pair), as NumPy.
     */
    public static NDArray cross(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        if (a.ndim() == 0 || b.ndim() == 0)
            throw new AxisException(op + ": axis -1 is out of bounds for a 0-dimensional array");
        long na = a.shape()[a.ndim() - 1], nb = b.shape()[b.ndim() - 1];
        if ((na != 2 && na != 3) || (nb != 2 && nb != 3)) {
            throw new ShapeException(op + ": incompatible dimensions for cross product (dimension must be 2 or 3), got "
                    + na + " and " + nb);
        }
        if (na != nb)
            throw new ShapeException(
                    op + ": vectors of 2 and 3 components are not supported together, got " + na + " and " + nb);
        try (NDArray a0 = a.get("..., 0");
                NDArray a1 = a.get("..., 1");
                NDArray b0 = b.get("..., 0");
                NDArray b1 = b.get("..., 1")) {
            if (na == 2) return diffOfProducts(a0, b1, a1, b0);
            try (NDArray a2 = a.get("..., 2");
                    NDArray b2 = b.get("..., 2");
                    NDArray x = diffOfProducts(a1, b2, a2, b1);
                    NDArray y = diffOfProducts(a2, b0, a0, b2);
                    NDArray z = diffOfProducts(a0, b1, a1, b0)) {
                return Joining.stack(op, List.of(x, y, z), -1);
            }
        }
    }

    private static NDArray diffOfProducts(NDArray p, NDArray q, NDArray r, NDArray s) {
        try (NDArray pq = p.mul(q);
                NDArray rs = r.mul(s)) {
            return pq.sub(rs);
        }
    }

    /** numpy.kron(a, b): the Kronecker product, blocks a[i, j] * b; the shorter shape padded with leading ones. */
    public static NDArray kron(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        int nd = Math.max(a.ndim(), b.ndim());
        long[] sa = pad(a.shape(), nd), sb = pad(b.shape(), nd);
        long[] ia = new long[2 * nd], ib = new long[2 * nd], out = new long[nd];
        for (int d = 0; d < nd; d++) {
            ia[2 * d] = sa[d];
            ia[2 * d + 1] = 1;
            ib[2 * d] = 1;
            ib[2 * d + 1] = sb[d];
            out[d] = Sizes.multiply(op, "the length of axis " + d + " of a times that of b:", sa[d], sb[d]);
        }
        Sizes.bytes(op, out, DType.promote(a.dtype(), b.dtype()));
        try (NDArray ar = a.reshape(ia);
                NDArray br = b.reshape(ib);
                NDArray p = ar.mul(br)) {
            return p.reshape(out);
        }
    }

    private static long[] pad(long[] s, int nd) {
        long[] p = new long[nd];
        java.util.Arrays.fill(p, 1);
        System.arraycopy(s, 0, p, nd - s.length, s.length);
        return p;
    }
}
