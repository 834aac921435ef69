package org.ndgpu.linalg.impl;

import static org.ndgpu.linalg.impl.SolveCheckKernels.A_NOT_FINITE;
import static org.ndgpu.linalg.impl.SolveCheckKernels.B_NOT_FINITE;
import static org.ndgpu.linalg.impl.SolveCheckKernels.ZERO_DIAGONAL;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.device.Stream;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The checks SciPy's factor-and-solve routines make of their input (check_finite, a zero on a
 * triangle's diagonal), queued on the device as they are added and read by {@link #require}: the
 * solve is queued in between, so a call waits on the device once. Each check is one launch of
 * {@link SolveCheckKernels} (or bits a solve kernel writes on the way, {@link #bits}), which writes
 * one int of failure bits per work-group; require reads them, and the first check that fails, in
 * the order added (within one, a's finiteness, then b's, then the diagonal), raises. Where the
 * solve writes no flag of its own, {@link #queued} marks the checks' end, and require waits for the
 * checks alone and returns while the solve runs, as CuPy's call does.
 *
 * <pre>{@code
 * try (SolveChecks c = new SolveChecks("solve_triangular")) {
 *     c.input(a, true, b, x, zeroDiagonal);
 *     c.queued();
 *     ... queue the solve ...
 *     c.require();
 * }
 * }</pre>
 */
final class SolveChecks implements AutoCloseable {
    private final String op;

    /** Flags on the device (one int of bits per work-group), what each bit raises, and whether they are ours to close. */
    private record Entry(
            NDArray flags,
            Supplier<RuntimeException> a,
            Supplier<RuntimeException> b,
            Supplier<RuntimeException> zero,
            boolean owned) {}

    private final List<Entry> entries = new ArrayList<>();
    // the checks' end on their stream, where queued() marked it
    private Event queued;

    // a device's stream for reading flags while the work queued after them runs
    private static final Device.Key<Stream> READS = new Device.Key<>("solve checks' reads");

    SolveChecks(String op) {
        this.op = op;
    }

    /** SciPy's check_finite failure of this routine. */
    private RuntimeException notFinite() {
        return notFinite(op);
    }

    /** SciPy's check_finite failure of {@code op}. */
    static NdException notFinite(String op) {
        return new NdException(op + ": array must not contain infs or NaNs (expected finite entries)");
    }

    /** SciPy's check_finite of x (float32 or float64): NaN or inf raises. Integer and empty arrays pass without a check. */
    void finite(NDArray x) {
        if (!x.dtype().isInexact() || x.size() == 0) return;
        try (NDArray c = x.isCContiguous() ? x.view(x.shape(), x.strides(), x.offset()) : x.copy(Order.C)) {
            NDArray f = SolveCheckKernels.flags(c.device(), SolveCheckKernels.groups(c.device(), c.size()));
            entries.add(new Entry(f, this::notFinite, null, null, true));
            SolveCheckKernels.check(c, 0, null, null, f);
        }
    }

    /** SciPy's check_finite of s (C-contiguous, float32 or float64), copied into x on the way unless x is s. */
    void finiteInto(NDArray s, NDArray x) {
        if (s.size() == 0) return;
        NDArray f = SolveCheckKernels.flags(s.device(), SolveCheckKernels.groups(s.device(), s.size()));
        entries.add(new Entry(f, null, this::notFinite, null, true));
        SolveCheckKernels.check(null, 0, s, x, f);
    }

    /**
     * One launch for a solve's input: a (a C-contiguous stack of n x n matrices) finite and, with
     * {@code diagonal}, no zero on its diagonals ({@code zero} raises, made only then, so it may read
     * a); s (C-contiguous, a's dtype) finite, copied into x unless x is s.
     */
    void input(NDArray a, boolean diagonal, NDArray s, NDArray x, Supplier<RuntimeException> zero) {
        long n = a.shape(a.ndim() - 1), total = Math.max(a.size(), s.size());
        NDArray f = SolveCheckKernels.flags(a.device(), SolveCheckKernels.groups(a.device(), total));
        entries.add(new Entry(f, this::notFinite, this::notFinite, zero, true));
        SolveCheckKernels.check(a, diagonal ? (int) n : 0, s, x, f);
    }

    /**
     * Bits a solve kernel writes on the way ({@link SolveCheckKernels}'s, one int per work-group):
     * A_NOT_FINITE and B_NOT_FINITE raise SciPy's check_finite failure, ZERO_DIAGONAL {@code zero}'s
     * (null where the kernel was not asked for it). flags stays the caller's to close.
     */
    void bits(NDArray flags, Supplier<RuntimeException> zero) {
        entries.add(new Entry(flags, this::notFinite, this::notFinite, zero, false));
    }

    /**
     * Marks the end of the checks added so far on their device's current stream: {@link #require}
     * then waits for them, not for the solve queued after them. Only where nothing read later is
     * written by the solve (a factorization's info is).
     */
    void queued() {
        // inside a capture the flags are read on the capture's stream, which refuses the host read by
        // name; an event of the capture waited on by another stream would join that stream to it
        if (queued != null || entries.isEmpty() || Capture.current() != null) return;
        queued = entries.get(0).flags().device().currentStream().record();
    }

    /**
     * Reads the flags (one transfer per check added) and raises the first failure: after
     * {@link #queued}, on a stream of their own once the checks are done, else after all the work
     * queued so far.
     */
    void require() {
        if (queued == null) {
            raiseFirst();
            return;
        }
        Device d = queued.device();
        Stream reads = d.state(READS, () -> Stream.create(d));
        reads.waitEvent(queued);
        try (var _ = reads.use()) {
            raiseFirst();
        }
    }

    private void raiseFirst() {
        for (Entry e : entries) {
            int bits = 0;
            for (int v : e.flags().toIntArray()) bits |= v;
            if ((bits & A_NOT_FINITE) != 0 && e.a() != null) throw e.a().get();
            if ((bits & B_NOT_FINITE) != 0 && e.b() != null) throw e.b().get();
            if ((bits & ZERO_DIAGONAL) != 0 && e.zero() != null) throw e.zero().get();
        }
    }

    @Override
    public void close() {
        for (Entry e : entries) if (e.owned()) e.flags().close();
        entries.clear();
        if (queued != null) queued.close();
        queued = null;
    }
}
