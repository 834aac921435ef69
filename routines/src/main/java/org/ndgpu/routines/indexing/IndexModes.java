package org.ndgpu.routines.indexing;

import org.ndgpu.codegen.IndexBoundsFlag;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's out-of-range index modes ({@code mode='raise'}, {@code 'wrap'}, {@code 'clip'} of put,
 * choose and ravel_multi_index) as C that turns {@code _t} into an index in {@code [0, _len)}, and
 * the device check that every index of an array is in range, with the IndexException NumPy raises
 * for the first bad one. A check reads one flag back; the bad index itself is found on the host,
 * only when there is one.
 */
final class IndexModes {
    private IndexModes() {}

    /** What an index outside {@code [-len, len)} does. */
    enum Mode {
        /** an error, as NumPy's default; negative indices count from the end */
        RAISE,
        /** taken modulo the length */
        WRAP,
        /** clamped to {@code [0, len - 1]}; this disables negative indices, as NumPy */
        CLIP;

        /** numpy's clipmode names: 'raise', 'wrap', 'clip'. */
        static Mode of(String op, String mode) {
            if (mode == null) throw new NullPointerException(op + ": mode is null");
            return switch (mode) {
                case "raise" -> RAISE;
                case "wrap" -> WRAP;
                case "clip" -> CLIP;
                default ->
                    throw new NdException(
                            op + ": clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + mode + "')");
            };
        }

        /** C that makes {@code _t} an index in {@code [0, _len)}; under RAISE a bad one sets {@code flag[0]}. */
        String c(String flag) {
            return switch (this) {
                case RAISE -> "if (_t < 0) _t += _len;\nif (_t < 0 || _t >= _len) { " + flag + "[0] = 1; _t = 0; }\n";
                case WRAP -> "_t %= _len;\nif (_t < 0) _t += _len;\n";
                case CLIP -> "if (_t < 0) _t = 0; else if (_t >= _len) _t = _len - 1;\n";
            };
        }
    }

    /** A DTypeException unless {@code ind} is of an integer dtype. */
    static NDArray requireInteger(String op, String what, NDArray ind) {
        if (!ind.dtype().isInteger())
            throw new DTypeException(op + ": " + what + " must be an integer array, got " + ind.dtype());
        return ind;
    }

    /** An IndexException naming the first index of {@code ind} outside {@code [-len, len)} unless all are inside. */
    static void check(String op, NDArray ind, long len, int axis) {
        if (ind.size() == 0) return;
        if (len == 0) throw outOfBounds(op, ind, len, axis);
        try (NDArray flag = flag(ind)) {
            IndexBoundsFlag.flagOutside(ind, len, flag);
            if (flagged(flag)) throw outOfBounds(op, ind, len, axis);
        }
    }

    /** A zeroed int64 flag of one element on {@code like}'s device. */
    static NDArray flag(NDArray like) {
        try (var _ = like.device().use()) {
            return Creation.zeros(DType.INT64, 1);
        }
    }

    /** Whether a kernel set {@code flag[0]}; one read back. */
    static boolean flagged(NDArray flag) {
        try (NDArray f = flag.get(0)) {
            return f.toLongArray()[0] != 0;
        }
    }

    /** NumPy's IndexError for the first index of {@code ind} outside {@code [-len, len)}, found on the host. */
    static IndexException outOfBounds(String op, NDArray ind, long len, int axis) {
        for (long t : ind.toLongArray()) {
            if (t < -len || t >= len) return outOfBounds(op, t, len, axis);
        }
        throw new IllegalStateException(op + ": the index check flagged an index that is in range");
    }

    /** NumPy's IndexError for one index. */
    static IndexException outOfBounds(String op, long index, long len, int axis) {
        return new IndexException(op + ": index " + index + " is out of bounds for axis " + axis + " with size " + len);
    }
}
