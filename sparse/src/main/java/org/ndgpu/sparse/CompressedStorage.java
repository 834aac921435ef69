package org.ndgpu.sparse;

import java.util.function.Function;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The arrays of a CSR or CSC matrix, shared by the matrix and its {@code T()} views, and the one
 * piece of work that may be pending on them. The library's sparse product (cuSPARSE's SpGEMM)
 * keeps the sums that cancelled to exactly 0 as stored entries (CuPy returns them so); SciPy's
 * {@code A @ B} drops them. Rather than look for them in every product, a product is returned at
 * once, its storage marked as perhaps holding such zeros, and the first call that shows the stored
 * structure ({@link #settled}: nnz, data, indices, indptr, printing, saving, conversions,
 * indexing, every operation that builds on the arrays) drops them, once, for the matrix and its
 * views together; torch.sparse settles its {@code is_coalesced} flag the same way. The few
 * operations that read an explicit 0 exactly as an implicit one (toarray, sum, mean) run on the
 * arrays as stored ({@link #read}), and leave the work pending.
 *
 * <p>Settling replaces the arrays (and closes the old ones, which belong to the matrix that owns
 * this storage) only where a zero was found. It and {@link #read} hold this object's lock, as
 * {@link Canonical.Known} does its state, so that a read on one thread never meets arrays that a
 * settle on another closed.
 */
final class CompressedStorage {
    /** A compressed matrix's values, minor indices and line starts, and its count of stored entries. */
    record Stored(NDArray data, NDArray indices, NDArray indptr, long nnz) {}

    private Stored stored;
    private boolean cancelledZeros;
    private int eliminations;

    CompressedStorage(Stored stored, boolean cancelledZeros) {
        this.stored = stored;
        this.cancelledZeros = cancelledZeros;
    }

    /** The arrays as SciPy's would be: the cancelled sums dropped first, where they are pending. */
    synchronized Stored settled(String op) {
        if (cancelledZeros) {
            stored.data().live(op);
            if (Canonical.anyZero(stored.data())) {
                Stored kept = Canonical.eliminateZeros(stored, op);
                eliminations++;
                Stored old = stored;
                stored = kept;
                old.data().close();
                old.indices().close();
                old.indptr().close();
            }
            cancelledZeros = false;
        }
        return stored;
    }

    /**
     * {@code f} of the arrays as stored (cancelled sums perhaps among them), for an operation that
     * reads an explicit 0 as it reads an implicit one. {@code f} must not reach this storage's
     * matrix by any other path.
     */
    synchronized <T> T read(Function<Stored, T> f) {
        return f.apply(stored);
    }

    /** The values' dtype (settling never changes it). */
    synchronized DType dtype() {
        return stored.data().dtype();
    }

    /** The values array, for {@code isClosed()}. */
    synchronized NDArray anyArray() {
        return stored.data();
    }

    /** Whether the cancelled sums of a product are still pending (a hook for the tests). */
    synchronized boolean pending() {
        return cancelledZeros;
    }

    /** How many times settling found zeros and dropped them (a hook for the tests: at most once). */
    synchronized int eliminations() {
        return eliminations;
    }

    synchronized void close() {
        stored.data().close();
        stored.indices().close();
        stored.indptr().close();
    }
}
