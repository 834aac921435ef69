package org.ndgpu.routines.manipulation;

import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.hsplit, vsplit and dsplit: numpy.split along axis 1 (axis 0 for a 1-d array), 0 and 2,
 * for arrays of at least 1, 2 and 3 dimensions; views.
 */
public final class Splitting {
    private Splitting() {}

    /** Which split: its least number of dimensions and its axis. */
    public enum Direction {
        /** hsplit: along axis 1, or 0 for 1-d arrays */
        H(1),
        /** vsplit: along axis 0 */
        V(2),
        /** dsplit: along axis 2 */
        D(3);

        private final int minNdim;

        Direction(int minNdim) {
            this.minNdim = minNdim;
        }

        private int axis(String op, NDArray a) {
            a.live(op);
            if (a.ndim() < minNdim)
                throw new ShapeException(op + ": " + op + " only works on arrays of " + minNdim
                        + " or more dimensions, got " + a.ndim() + "-d");
            return switch (this) {
                case H -> a.ndim() > 1 ? 1 : 0;
                case V -> 0;
                case D -> 2;
            };
        }
    }

    /** numpy.hsplit/vsplit/dsplit(a, sections): equal parts. */
    public static List<NDArray> split(String op, Direction d, NDArray a, int sections) {
        return Tiling.split(op, a, sections, d.axis(op, a));
    }

    /** numpy.hsplit/vsplit/dsplit(a, indices): parts between the indices. */
    public static List<NDArray> split(String op, Direction d, NDArray a, long[] indices) {
        return Tiling.splitAt(op, a, indices, d.axis(op, a));
    }
}
