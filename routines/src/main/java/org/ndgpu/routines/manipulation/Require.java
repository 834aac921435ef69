package org.ndgpu.routines.manipulation;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.require(a, dtype, requirements): a itself when it already is of {@code dtype} (null: any)
 * and meets every requirement, else a copy that does. The requirements are NumPy's flag names:
 * "C" ("C_CONTIGUOUS", "CONTIGUOUS"), "F" ("F_CONTIGUOUS", "FORTRAN"), "A" ("ALIGNED": device
 * arrays always are), "W" ("WRITEABLE"), "O" ("OWNDATA": spanning its whole allocation in C order) and
 * "E" ("ENSUREARRAY": every NDArray is one), in either case. Also its two fixed forms,
 * numpy.ascontiguousarray and numpy.asfortranarray.
 */
public final class Require {
    private Require() {}

    private enum Flag {
        C,
        F,
        A,
        W,
        O,
        E
    }

    /** numpy.require: a, or a copy of the dtype and layout asked for. */
    public static NDArray require(NDArray a, DType dtype, String... requirements) {
        String op = "require";
        a.live(op);
        Objects.requireNonNull(requirements, "require: requirements is null");
        EnumSet<Flag> flags = EnumSet.noneOf(Flag.class);
        for (String r : requirements) flags.add(flag(Objects.requireNonNull(r, "require: a requirement is null")));
        if (flags.contains(Flag.C) && flags.contains(Flag.F)) {
            throw new NdException(op + ": Cannot specify both \"C\" and \"F\" order");
        }
        Order order = flags.contains(Flag.F) ? Order.F : Order.C;
        boolean layout = flags.contains(Flag.C) ? a.isCContiguous() : !flags.contains(Flag.F) || a.isFContiguous();
        boolean ok = (dtype == null || dtype == a.dtype())
                && layout
                && (!flags.contains(Flag.W) || a.isWriteable())
                && (!flags.contains(Flag.O) || owns(a));
        if (ok) return a;
        boolean keepOrder =
                !flags.contains(Flag.C) && !flags.contains(Flag.F) && a.isFContiguous() && !a.isCContiguous();
        Order o = keepOrder ? Order.F : order;
        return Copies.copy(a, dtype == null ? a.dtype() : dtype, o);
    }

    // ndgpu keeps no view-of relation, so an array counts as owning its data when it spans its whole
    // allocation in C order, as a new array does; any other is copied, which always meets "O"
    private static boolean owns(NDArray a) {
        return a.offset() == 0 && a.isCContiguous() && a.nbytes() == a.allocationBytes();
    }

    private static Flag flag(String r) {
        return switch (r.toUpperCase(Locale.ROOT)) {
            case "C", "C_CONTIGUOUS", "CONTIGUOUS" -> Flag.C;
            case "F", "F_CONTIGUOUS", "FORTRAN" -> Flag.F;
            case "A", "ALIGNED" -> Flag.A;
            case "W", "WRITEABLE" -> Flag.W;
            case "O", "OWNDATA" -> Flag.O;
            case "E", "ENSUREARRAY" -> Flag.E;
            default ->
                throw new NdException("require: unknown requirement '" + r
                        + "'; expected C, F, A, W, O or E (or NumPy's long flag names)");
        };
    }

    /** numpy.ascontiguousarray: the array itself when C-contiguous, else a C-ordered copy (0-d becomes 1-d). */
    public static NDArray ascontiguousarray(NDArray a) {
        Objects.requireNonNull(a, "ascontiguousarray: a is null");
        if (a.ndim() == 0) return a.reshape(1); // NumPy: the result has at least one dimension
        return a.isCContiguous() ? a : a.copy(Order.C);
    }

    /** numpy.asfortranarray: the array itself when F-contiguous, else an F-ordered copy (0-d becomes 1-d). */
    public static NDArray asfortranarray(NDArray a) {
        Objects.requireNonNull(a, "asfortranarray: a is null");
        if (a.ndim() == 0) return a.reshape(1);
        return a.isFContiguous() ? a : a.copy(Order.F);
    }
}
