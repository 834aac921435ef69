package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.BuildKernels.Name;

/**
 * scipy.sparse's {@code vstack}, {@code hstack} and {@code block_diag} on the device. As SciPy's
 * {@code bmat}: CSR blocks stacked along rows (CSC along columns) concatenate their arrays, every
 * indptr shifted by the entries before it; otherwise each block's COO entries are copied in block
 * order, their rows and columns shifted by the block's place, and the COO result converted to the
 * format asked for.
 */
final class Stack {
    private Stack() {}

    /**
     * vstack (axis 0), hstack (axis 1), block_diag (axis -1); {@code format} null is SciPy's default:
     * CSR where every block is CSR, CSC where every block is CSC (block_diag: COO), else COO.
     */
    static SparseMatrix stack(String op, SparseMatrix[] blocks, int axis, SparseFormat format) {
        Objects.requireNonNull(blocks, op + ": blocks is null");
        if (blocks.length == 0) throw new ShapeException(op + ": at least one block expected, got none");
        boolean allCsr = true, allCsc = true;
        DType t = DType.FLOAT32;
        long[] s = {0, 0};
        for (int i = 0; i < blocks.length; i++) {
            SparseMatrix b = Objects.requireNonNull(blocks[i], op + ": blocks[" + i + "] is null");
            NDArray v = Products.liveValues(b, op);
            if (b.dtype.isComplex()) throw ComplexParts.unsupported(op, b.dtype);
            SparseChecks.sameDevice(op, Products.liveValues(blocks[0], op), "blocks[" + i + "]", v);
            allCsr &= b instanceof CsrMatrix;
            allCsc &= b instanceof CscMatrix;
            t = Construct.upcast(t, b.dtype);
            if (axis >= 0 && b.shape[1 - axis] != blocks[0].shape[1 - axis])
                throw new ShapeException(
                        op + ": blocks[" + i + "] has " + b.shape[1 - axis] + (axis == 0 ? " columns" : " rows")
                                + ", expected " + blocks[0].shape[1 - axis] + " (those of blocks[0])");
            s[0] = axis == 1 ? b.shape[0] : s[0] + b.shape[0];
            s[1] = axis == 0 ? b.shape[1] : s[1] + b.shape[1];
        }
        if (axis == 0 && allCsr && (format == null || format == SparseFormat.CSR)) return major(blocks, s, t, 0);
        if (axis == 1 && allCsc && (format == null || format == SparseFormat.CSC)) return major(blocks, s, t, 1);
        SparseFormat f = format != null
                ? format
                : axis >= 0 && allCsr ? SparseFormat.CSR : axis >= 0 && allCsc ? SparseFormat.CSC : SparseFormat.COO;
        return f.of(coordinates(blocks, s, t, axis));
    }

    /** CSR blocks along rows (major axis 0) or CSC blocks along columns (1): their arrays concatenated. */
    private static SparseMatrix major(SparseMatrix[] blocks, long[] s, DType t, int majorAxis) {
        long total = 0;
        boolean wide = false;
        for (SparseMatrix b : blocks) {
            total += b.nnz();
            wide |= ((CompressedMatrix) b).indexDtype() == DType.INT64;
        }
        DType index = wide ? DType.INT64 : SparseChecks.indexFor(s[0], s[1], total);
        Device device = Products.liveValues(blocks[0], "stack").device();
        NDArray data = NDArray.empty(device, t, new long[] {total}, Order.C);
        NDArray indices = NDArray.empty(device, index, new long[] {total}, Order.C);
        NDArray indptr = NDArray.empty(device, index, new long[] {s[majorAxis] + 1}, Order.C);
        indptr.fill(0);
        long at = 0, majorAt = 0;
        for (SparseMatrix b : blocks) {
            CompressedStorage.Stored c = ((CompressedMatrix) b).structure("stack");
            long majors = b.shape[majorAxis];
            copyIndex(c.indices(), indices, at, 0, c.nnz(), index, t);
            copyValues(c.data(), data, at, c.nnz(), t, index);
            // majors + 1 entries: the next block rewrites the shared last one with the same value
            copyIndex(c.indptr(), indptr, majorAt, at, majors + 1, index, t);
            at += c.nnz();
            majorAt += majors;
        }
        return majorAxis == 0
                ? new CsrMatrix(data, indices, indptr, s, total, true)
                : new CscMatrix(data, indices, indptr, s, total, true);
    }

    /** Every block's COO entries in block order, shifted to the block's place. */
    private static CooMatrix coordinates(SparseMatrix[] blocks, long[] s, DType t, int axis) {
        long total = 0;
        for (SparseMatrix b : blocks) total += b.nnz();
        DType index = SparseChecks.indexFor(s[0], s[1], total);
        Device device = Products.liveValues(blocks[0], "stack").device();
        NDArray data = NDArray.empty(device, t, new long[] {total}, Order.C);
        NDArray row = NDArray.empty(device, index, new long[] {total}, Order.C);
        NDArray col = NDArray.empty(device, index, new long[] {total}, Order.C);
        long at = 0, rowAt = 0, colAt = 0;
        for (SparseMatrix b : blocks) {
            try (CooMatrix c = b.tocoo()) {
                copyIndex(c.row, row, at, rowAt, c.nnz(), index, t);
                copyIndex(c.col, col, at, colAt, c.nnz(), index, t);
                copyValues(c.data, data, at, c.nnz(), t, index);
                at += c.nnz();
            }
            if (axis != 1) rowAt += b.shape[0];
            if (axis != 0) colAt += b.shape[1];
        }
        return new CooMatrix(data, row, col, s, true);
    }

    /** {@code dst[at + i] = src[i] + add} for the first {@code count} entries of src. */
    private static void copyIndex(NDArray src, NDArray dst, long at, long add, long count, DType index, DType t) {
        NDArray x = Construct.as(src, index);
        try {
            SparseKernels.launch(BuildKernels.get(Name.SHIFT_INDEX, t, index), count, x, dst, at, add, count);
        } finally {
            Construct.release(x, src);
        }
    }

    private static void copyValues(NDArray src, NDArray dst, long at, long count, DType t, DType index) {
        NDArray x = Construct.as(src, t);
        try {
            SparseKernels.launch(BuildKernels.get(Name.COPY_VALUES, t, index), count, x, dst, at, count);
        } finally {
            Construct.release(x, src);
        }
    }
}
