package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.linalg.tensorinv and tensorsolve, as NumPy's linalg.py writes them: the tensor seen as a
 * square matrix (a reshape), then inv or solve on the device, and the result shaped back.
 */
final class TensorInverse {
    private TensorInverse() {}

    /** numpy.linalg.tensorinv(a, ind): inv of a as (prod(shape[:ind]), prod(shape[ind:])). */
    static NDArray tensorinv(Linalg la, NDArray a, int ind) {
        a.live("tensorinv");
        if (ind <= 0) throw new NdException("tensorinv: ind must be a positive integer, got " + ind);
        long[] s = a.shape();
        if (ind > s.length)
            throw new NdException("tensorinv: ind must be at most a's " + s.length + " dimensions, got " + ind);
        long rows = 1;
        for (int i = 0; i < ind; i++) rows *= s[i];
        long[] inv = new long[s.length];
        System.arraycopy(s, ind, inv, 0, s.length - ind);
        System.arraycopy(s, 0, inv, s.length - ind, ind);
        try (NDArray m = a.reshape(rows, -1);
                NDArray i = la.inv(m)) {
            return i.reshape(inv);
        }
    }

    /** numpy.linalg.tensorsolve(a, b, axes): x of shape a.shape[b.ndim:] (after moving axes to the end). */
    static NDArray tensorsolve(Linalg la, NDArray a, NDArray b, int[] axes) {
        a.live("tensorsolve");
        b.live("tensorsolve");
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray x = a;
            int an = a.ndim();
            if (axes != null) {
                int[] ax = Shapes.axes("tensorsolve", axes, an);
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < an; i++) all.add(i);
                for (int k : ax) {
                    all.remove(Integer.valueOf(k));
                    all.add(k);
                }
                x = t(
                        temps,
                        a.transpose(all.stream().mapToInt(Integer::intValue).toArray()));
            }
            int bn = b.ndim();
            if (bn > an)
                throw new LinAlgException("tensorsolve: b has more dimensions (" + bn + ") than a (" + an + ")");
            long[] old = Arrays.copyOfRange(x.shape(), bn, an);
            long prod = 1;
            for (long d : old) prod *= d;
            if (x.size() != prod * prod)
                throw new LinAlgException("tensorsolve: Input arrays must satisfy the requirement"
                        + " prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim]), got shapes " + Shapes.str(a.shape())
                        + " and " + Shapes.str(b.shape()));
            NDArray m = t(temps, x.reshape(prod, prod));
            NDArray v = t(temps, b.reshape(-1));
            NDArray r = t(temps, la.solve(m, v));
            return r.reshape(old);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
