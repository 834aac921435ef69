package org.ndgpu.spi;

import java.util.ServiceLoader;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * Where NDArray's own methods find the operations that live in later modules (ufuncs in
 * kernels-elementwise, reductions in kernels-reduction, matmul and dot in linalg, sorting, indexing
 * and printing in routines) and where routines' convolve finds module fft's real FFTs: each module
 * registers its implementation with java.util.ServiceLoader, so the modules depend on ndarray and
 * never the reverse. Each is looked up once. A missing module is a clear error, not a
 * NullPointerException.
 */
public final class Providers {
    private Providers() {}

    private static volatile UfuncRunner ufuncs;
    private static volatile ReductionRunner reductions;
    private static volatile MatrixProducts products;
    private static volatile Routines routines;
    private static volatile CoreKernels coreKernels;
    // captures that fuse, on all threads: while 0, ufuncs(...) and reductions(a) read nothing more
    private static volatile int fusing;
    private static final ThreadLocal<CaptureFuser> FUSER = new ThreadLocal<>();

    public static UfuncRunner ufuncs() {
        UfuncRunner u = ufuncs;
        if (u == null) ufuncs = u = load(UfuncRunner.class, "kernels-elementwise");
        return u;
    }

    /**
     * The ufuncs for these operands: the tracer of the first symbolic operand (a Fuse trace records
     * instead of running), else this thread's capture fuser while it captures, else
     * {@link #ufuncs()}. NDArray's methods and the Nd facade call this.
     */
    public static UfuncRunner ufuncs(Object... operands) {
        for (Object o : operands) {
            if (o instanceof NDArray a && a.symbol() != null) return a.symbol().tracer();
        }
        CaptureFuser f = fuser();
        return f != null ? f : ufuncs();
    }

    /**
     * The reductions for {@code a}: its tracer when it is symbolic, else this thread's capture fuser
     * while it captures, else {@link #reductions()}.
     */
    public static ReductionRunner reductions(NDArray a) {
        if (a.symbol() != null) return a.symbol().tracer();
        CaptureFuser f = fuser();
        return f != null ? f : reductions();
    }

    // this thread's capture fuser, or null; one volatile read while no thread captures with fusion
    private static CaptureFuser fuser() {
        return fusing != 0 ? FUSER.get() : null;
    }

    /**
     * For {@code Nd.capture}: this thread's ufunc and reduction calls go to {@code fuser} until it is
     * set back to null ({@link #ufuncs(Object...)}).
     */
    public static void fuseOnThisThread(CaptureFuser fuser) {
        CaptureFuser before = FUSER.get();
        if (fuser != null && before == null) changeFusing(1);
        if (fuser == null && before != null) changeFusing(-1);
        if (fuser == null) FUSER.remove();
        else FUSER.set(fuser);
    }

    private static synchronized void changeFusing(int by) {
        fusing += by;
    }

    public static ReductionRunner reductions() {
        ReductionRunner r = reductions;
        if (r == null) reductions = r = load(ReductionRunner.class, "kernels-reduction");
        return r;
    }

    /** The casting copies, fills and ranges of the core's own methods: module kernels-elementwise. */
    public static CoreKernels coreKernels() {
        CoreKernels k = coreKernels;
        if (k == null) coreKernels = k = load(CoreKernels.class, "kernels-elementwise");
        return k;
    }

    /** Sorting, masks, joining, printing, .npy files: module routines. */
    public static Routines routines() {
        Routines r = routines;
        if (r == null) routines = r = load(Routines.class, "routines");
        return r;
    }

    /** matmul and dot for NDArray's methods: module linalg. */
    public static MatrixProducts products() {
        MatrixProducts p = products;
        if (p == null) products = p = load(MatrixProducts.class, "linalg");
        return p;
    }

    /** The real FFTs of module fft when it is on the class path, else empty (convolve only prefers it). */
    public static java.util.Optional<RealFft> realFftIfPresent() {
        return OptionalFft.FOUND;
    }

    /** Looked for once, on the first convolve that could use it: found or not, the answer is kept. */
    private static final class OptionalFft {
        static final java.util.Optional<RealFft> FOUND = ServiceLoader.load(
                        RealFft.class, Providers.class.getClassLoader())
                .findFirst();
    }

    private static <T> T load(Class<T> type, String module) {
        return ServiceLoader.load(type, Providers.class.getClassLoader())
                .findFirst()
                .orElseThrow(
                        () -> new NdException(type.getSimpleName() + ": no implementation found; add the ndgpu module '"
                                + module + "' (or the aggregate artifact 'ndgpu') to the class path"));
    }
}
