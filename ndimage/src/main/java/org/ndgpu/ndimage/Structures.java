package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's structuring elements: generate_binary_structure (shape arithmetic, made on the
 * host) and iterate_structure (the structure dilated by itself on the device).
 */
final class Structures {
    private Structures() {}

    /** The most dimensions generate_binary_structure makes (3^rank values). */
    static final int MAX_RANK = 12;

    /** The 3^rank values, C order, of generate_binary_structure(rank, connectivity). */
    static boolean[] connectivity(int rank, int connectivity) {
        int n = 1;
        for (int d = 0; d < rank; d++) n *= 3;
        boolean[] on = new boolean[n];
        for (int k = 0; k < n; k++) {
            int dist = 0;
            for (int r = k, d = 0; d < rank; d++, r /= 3) dist += Math.abs(r % 3 - 1);
            on[k] = dist <= connectivity;
        }
        return on;
    }

    /** scipy.ndimage.generate_binary_structure: a boolean array of shape (3,) * rank on the current device. */
    static NDArray generate(int rank, int connectivity) {
        String op = "ndimage.generate_binary_structure";
        if (rank > MAX_RANK) {
            throw new NdException(op + ": expected a rank of at most " + MAX_RANK + " (3^rank values), got " + rank);
        }
        int r = Math.max(rank, 0); // SciPy: a rank below 1 gives a 0-d True
        long[] shape = new long[r];
        Arrays.fill(shape, 3);
        return Footprint.bools(Device.current(), shape, connectivity(r, Math.max(connectivity, 1)));
    }

    /** scipy.ndimage.iterate_structure(structure, iterations): the structure dilated by itself iterations - 1 times. */
    static NDArray iterate(NDArray structure, int iterations) {
        String op = "ndimage.iterate_structure";
        Objects.requireNonNull(structure, op + ": structure is null");
        structure.live(op);
        if (structure.dtype().isComplex()) throw new NdException(op + ": complex structure is not supported");
        if (iterations < 2) return structure.copy();
        int nd = structure.ndim();
        if (nd == 0) return structure.astype(DType.BOOL);
        long ni = iterations - 1;
        long[] in = structure.shape();
        if (structure.size() > Ndimage.MAX_WINDOW) {
            throw new NdException(op + ": a structure of " + structure.size() + " elements is more than the "
                    + Ndimage.MAX_WINDOW + " that ndgpu's direct filters take");
        }
        long[] shape = new long[nd];
        double total = 1;
        for (int d = 0; d < nd; d++) {
            if (in[d] == 0) throw new NdException(op + ": the structure has no element along axis " + d);
            shape[d] = in[d] + ni * (in[d] - 1);
            total *= shape[d];
        }
        if (total > 1 << 28) {
            throw new NdException(op + ": " + iterations + " iterations of a structure of shape " + Arrays.toString(in)
                    + " make too large an array");
        }
        // the structure placed at ni * (len / 2) in zeros, then dilated ni times by itself
        boolean[] s = Footprint.host(structure);
        boolean[] out = new boolean[(int) total];
        long[] j = new long[nd];
        for (boolean b : s) {
            long flat = 0;
            for (int d = 0; d < nd; d++) flat = flat * shape[d] + j[d] + ni * (in[d] / 2);
            out[(int) flat] = b;
            for (int d = nd - 1; d >= 0; d--) {
                if (++j[d] < in[d]) break;
                j[d] = 0;
            }
        }
        try (NDArray start = Footprint.bools(structure.device(), shape, out)) {
            Footprint f = Footprint.of(op, in, s, null);
            return Binary.run(f.reflected(), false, start, (int) Math.min(ni, Integer.MAX_VALUE), null, false);
        }
    }
}
