package org.ndgpu.spi;

import java.util.ServiceLoader;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.fft.Fft;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.NDArray;

/**
 * Where NDArray finds the operations that live in later modules (ufuncs in kernels-elementwise,
 * reductions in kernels-reduction, linear algebra in linalg, FFTs in fft): each module registers its
 * implementation with java.util.ServiceLoader, so the modules depend on ndarray and never the
 * reverse. A missing module is a clear error, not a NullPointerException.
 */
public final class Providers {
    private Providers() { }

    private static volatile Ufuncs ufuncs;
    private static volatile Reductions reductions;
    private static volatile Linalg linalg;
    private static volatile Routines routines;
    private static volatile Fft fft;
    private static volatile Distributions distributions;

    public static Ufuncs ufuncs() {
        Ufuncs u = ufuncs;
        if (u == null) ufuncs = u = load(Ufuncs.class, "kernels-elementwise");
        return u;
    }

    /**
     * The ufuncs for these operands: the tracer of the first symbolic operand (a Fuse trace records
     * instead of running), else {@link #ufuncs()}. NDArray's methods and the Nd facade call this.
     */
    public static Ufuncs ufuncs(Object... operands) {
        for (Object o : operands) {
            if (o instanceof NDArray a && a.symbol() != null) return a.symbol().tracer();
        }
        return ufuncs();
    }

    /** The reductions for {@code a}: its tracer when it is symbolic, else {@link #reductions()}. */
    public static Reductions reductions(NDArray a) {
        return a.symbol() != null ? a.symbol().tracer() : reductions();
    }

    public static Reductions reductions() {
        Reductions r = reductions;
        if (r == null) reductions = r = load(Reductions.class, "kernels-reduction");
        return r;
    }

    /** Sorting, masks, joining, printing, .npy files: module routines. */
    public static Routines routines() {
        Routines r = routines;
        if (r == null) routines = r = load(Routines.class, "routines");
        return r;
    }

    /** The random Generator's distributions: module random. */
    public static Distributions distributions() {
        Distributions d = distributions;
        if (d == null) distributions = d = load(Distributions.class, "random");
        return d;
    }

    public static Linalg linalg() {
        Linalg l = linalg;
        if (l == null) linalg = l = load(Linalg.class, "linalg");
        return l;
    }

    /** numpy.fft: module fft. */
    public static Fft fft() {
        Fft f = fft;
        if (f == null) fft = f = load(Fft.class, "fft");
        return f;
    }

    /** numpy.fft when module fft is on the class path, else empty (for routines that only prefer it). */
    public static java.util.Optional<Fft> fftIfPresent() {
        Fft f = fft;
        return f != null ? java.util.Optional.of(f) : ServiceLoader.load(Fft.class, Providers.class.getClassLoader()).findFirst();
    }

    private static <T> T load(Class<T> type, String module) {
        return ServiceLoader.load(type, Providers.class.getClassLoader()).findFirst().orElseThrow(() -> new NdException(
                type.getSimpleName() + ": no implementation found; add the ndgpu module '" + module
                        + "' (or the aggregate artifact 'ndgpu') to the class path"));
    }
}
