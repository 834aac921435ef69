package org.ndgpu.sparse;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.BuildKernels.Name;

/**
 * scipy.sparse's construction functions {@code diags}, {@code random} and {@code kron}, on the
 * device: diags packs the diagonals as SciPy's DIA data and counts, scans and fills CSR rows;
 * random places its entries by a counter-based permutation; kron forms every product of an entry
 * of A with an entry of B.
 */
final class Construct {
    private Construct() {}

    /** SciPy's upcast of value dtypes: float64 if either is, else float32. */
    static DType upcast(DType a, DType b) {
        return a == DType.FLOAT64 || b == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
    }

    /** {@code a} as a C-contiguous array of {@code dtype}: itself, or a new array. */
    static NDArray as(NDArray a, DType dtype) {
        return a.dtype() == dtype ? Conversions.ready(a) : a.astype(dtype);
    }

    /** Closes {@code made} unless it is {@code original}. */
    static void release(NDArray made, NDArray original) {
        if (made != original) made.close();
    }

    static NDArray longs(Device device, long[] values) {
        return NDArray.fromHost(device, DType.INT64, new long[] {values.length}, MemorySegment.ofArray(values.clone()));
    }

    /** An m x n COO matrix with no entries. */
    static CooMatrix emptyCoo(Device device, DType dtype, long[] shape) {
        DType index = SparseChecks.indexFor(shape[0], shape[1]);
        long[] none = {0};
        return new CooMatrix(
                NDArray.empty(device, dtype, none, Order.C),
                NDArray.empty(device, index, none, Order.C),
                NDArray.empty(device, index, none, Order.C),
                shape,
                true);
    }

    /** scipy.sparse.diags(diagonals, offsets, shape) in CSR; a null shape is SciPy's square default. */
    static CsrMatrix diags(NDArray[] diagonals, long[] offsets, long[] shape) {
        String op = "diags";
        Objects.requireNonNull(diagonals, op + ": diagonals is null");
        Objects.requireNonNull(offsets, op + ": offsets is null");
        if (diagonals.length != offsets.length)
            throw new ShapeException(op + ": different number of diagonals (" + diagonals.length + ") and offsets ("
                    + offsets.length + ")");
        if (diagonals.length == 0) throw new ShapeException(op + ": at least one diagonal expected, got none");
        DType t = DType.FLOAT32;
        for (int j = 0; j < diagonals.length; j++) {
            NDArray d = Objects.requireNonNull(diagonals[j], op + ": diagonals[" + j + "] is null");
            d.live(op);
            if (d.ndim() > 1)
                throw new ShapeException(op + ": diagonals[" + j + "] must be 0-d or 1-d, got " + d.ndim() + "-d");
            t = upcast(t, SparseChecks.values(op, "diagonals[" + j + "]", d.dtype()));
            SparseChecks.sameDevice(op, diagonals[0], "diagonals[" + j + "]", d);
        }
        long[] s = shape != null
                ? SparseChecks.shape(op, shape)
                : new long[] {diagonals[0].size() + Math.abs(offsets[0]), diagonals[0].size() + Math.abs(offsets[0])};
        long m = s[0], n = s[1];
        Integer[] order = new Integer[offsets.length];
        for (int j = 0; j < order.length; j++) order[j] = j;
        Arrays.sort(order, (x, y) -> Long.compare(offsets[x], offsets[y]));
        long[] sorted = new long[offsets.length];
        for (int j = 0; j < order.length; j++) {
            sorted[j] = offsets[order[j]];
            if (j > 0 && sorted[j] == sorted[j - 1])
                throw new NdException(op + ": offsets must not repeat, got offset " + sorted[j] + " twice");
        }
        Device device = diagonals[0].device();
        try (NDArray packed = NDArray.empty(device, t, new long[] {offsets.length * n}, Order.C)
                        .fill(0);
                NDArray offs = longs(device, sorted);
                NDArray counts = NDArray.empty(device, DType.INT64, new long[] {m + 1}, Order.C)
                        .fill(0)) {
            for (int j = 0; j < order.length; j++) {
                int i = order[j];
                long off = offsets[i];
                long length = Math.min(Math.min(m + off, n - off), Math.min(m, n));
                if (length < 0)
                    throw new IndexException(op + ": offset " + off + " (index " + i + ") is out of bounds for shape "
                            + Products.str(s));
                long size = diagonals[i].size();
                if (size < length && size != 1)
                    throw new ShapeException(op + ": diagonals[" + i + "] has " + size + " entries at offset " + off
                            + "; expected " + length + " (the diagonal's length in shape " + Products.str(s)
                            + "), or 1");
                NDArray d = as(diagonals[i], t);
                try {
                    SparseKernels.launch(
                            BuildKernels.get(Name.DIA_PACK, t, DType.INT32),
                            length,
                            d,
                            packed,
                            (long) j,
                            n,
                            Math.max(0, off),
                            length,
                            size == 1 && length > 1 ? 1 : 0);
                } finally {
                    release(d, diagonals[i]);
                }
            }
            long ndiag = offsets.length;
            SparseKernels.launch(
                    BuildKernels.get(Name.DIA_COUNTS, t, DType.INT32), m, packed, offs, counts, m, n, ndiag);
            NDArray indptr64 = Conversions.scan(counts);
            long nnz = Conversions.last(indptr64);
            DType index = SparseChecks.indexFor(m, n, nnz);
            NDArray indptr = Conversions.narrowed(indptr64, index);
            NDArray indices = NDArray.empty(device, index, new long[] {nnz}, Order.C);
            NDArray data = NDArray.empty(device, t, new long[] {nnz}, Order.C);
            SparseKernels.launch(
                    BuildKernels.get(Name.DIA_FILL, t, index), m, packed, offs, indptr, indices, data, m, n, ndiag);
            return new CsrMatrix(data, indices, indptr, s, nnz, true);
        }
    }

    /**
     * scipy.sparse.random(m, n, density, dtype) in COO: {@code rint(density * m * n)} entries at
     * distinct places, values uniform in [0, 1); a function of the arguments alone.
     */
    static CooMatrix random(long m, long n, double density, DType dtype, long seed) {
        String op = "random";
        long[] s = SparseChecks.shape(op, new long[] {m, n});
        Objects.requireNonNull(dtype, op + ": dtype is null");
        DType t = SparseChecks.values(op, "dtype", dtype);
        if (!(density >= 0 && density <= 1)) throw new NdException(op + ": density must be in [0, 1], got " + density);
        long cells;
        try {
            cells = Math.multiplyExact(m, n);
        } catch (ArithmeticException e) {
            throw new ShapeException(op + ": shape " + Products.str(s) + " has more than 2^63 cells", e);
        }
        if (cells > 1L << 62)
            throw new ShapeException(
                    op + ": shape " + Products.str(s) + " has " + cells + " cells, at most 2^62 supported");
        long nnz = (long) Math.rint(density * cells);
        int halfBits = 0;
        while (halfBits < 31 && (1L << (2 * halfBits)) < cells) halfBits++;
        Device device = Device.current();
        DType index = SparseChecks.indexFor(m, n);
        long[] k = {nnz};
        NDArray row = NDArray.empty(device, index, k, Order.C);
        NDArray col = NDArray.empty(device, index, k, Order.C);
        NDArray data = NDArray.empty(device, t, k, Order.C);
        SparseKernels.launch(
                BuildKernels.get(Name.RANDOM_FILL, t, index), nnz, row, col, data, nnz, n, cells, halfBits, seed);
        return new CooMatrix(data, row, col, s, true);
    }

    /** scipy.sparse.kron(a, b) in COO: A's entry i times B's entry j is entry {@code i * B.nnz + j}. */
    static CooMatrix kron(SparseMatrix a, SparseMatrix b) {
        String op = "kron";
        Objects.requireNonNull(a, op + ": a is null");
        Objects.requireNonNull(b, op + ": b is null");
        NDArray av = Products.liveValues(a, op), bv = Products.liveValues(b, op);
        if (a.dtype.isComplex() || b.dtype.isComplex())
            throw ComplexParts.unsupported(op, a.dtype.isComplex() ? a.dtype : b.dtype);
        SparseChecks.sameDevice(op, av, "b", bv);
        long[] s;
        long total;
        try {
            s = new long[] {Math.multiplyExact(a.shape[0], b.shape[0]), Math.multiplyExact(a.shape[1], b.shape[1])};
            total = Math.multiplyExact(a.nnz(), b.nnz());
        } catch (ArithmeticException e) {
            throw new ShapeException(
                    op + ": the product of shapes " + Products.str(a.shape) + " and " + Products.str(b.shape)
                            + " (or of their entries) passes 2^63",
                    e);
        }
        DType t = upcast(a.dtype, b.dtype);
        if (total == 0) return emptyCoo(av.device(), t, s);
        DType index = SparseChecks.indexFor(s[0], s[1], total);
        try (CooMatrix ac = a.tocoo();
                CooMatrix bc = b.tocoo()) {
            NDArray ar = as(ac.row, index), acol = as(ac.col, index), ax = as(ac.data, t);
            NDArray br = as(bc.row, index), bcol = as(bc.col, index), bx = as(bc.data, t);
            try {
                long[] k = {total};
                NDArray row = NDArray.empty(av.device(), index, k, Order.C);
                NDArray col = NDArray.empty(av.device(), index, k, Order.C);
                NDArray data = NDArray.empty(av.device(), t, k, Order.C);
                SparseKernels.launch(
                        BuildKernels.get(Name.KRON_FILL, t, index),
                        total,
                        ar,
                        acol,
                        ax,
                        br,
                        bcol,
                        bx,
                        row,
                        col,
                        data,
                        b.nnz(),
                        b.shape[0],
                        b.shape[1],
                        total);
                return new CooMatrix(data, row, col, s, true);
            } finally {
                release(ar, ac.row);
                release(acol, ac.col);
                release(ax, ac.data);
                release(br, bc.row);
                release(bcol, bc.col);
                release(bx, bc.data);
            }
        }
    }
}
