package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * Right-looking blocked LU with partial pivoting and Cholesky of matrices larger than
 * {@link SmallFactor} takes, as LAPACK's getrf and potrf, in block columns of {@link #NB}, with the
 * triangular solves of getrs and potrs blocked the same way (blocked-factor.tmpl); a stack's
 * matrices one after another.
 *
 * <p>Shaped for a GPU, where each launch has a fixed cost, one work-group runs on one SM (a small
 * share of the device's bandwidth, and a memory round trip for each dependent step), and the
 * device's GEMM ({@link Blas}) runs on all of them. Every triangular solve with a block is a GEMM with the
 * block's inverse: diagonal blocks are inverted by one work-group each in local memory (nd_trtri,
 * forward substitution on the identity with one barrier a column, where dtrti2's order took three
 * and a serial dot product a column; potrf's in the kernel that factors the block, nd_potrf_block),
 * and L21 = A21 L11^-T, U12 = L11^-1 A12 and each block step of getrs, potrs and solve_triangular are a copy of the block and one
 * GEMM, in place of a kernel that gave a row or column to a work-item and walked the block serially
 * on a few SMs. Cholesky's trailing update touches the lower triangle only, in up to four column
 * bands (about 5/8 of the full GEMM's flops for three more launches). A Cholesky block is one
 * kernel launch and the GEMMs: nd_potrf_block factors the diagonal block and inverts its factor in
 * one local tile with one barrier a column (right-looking, the columns scaled at the end, L11^-1
 * built by forward substitution in the same steps), 1024 work-items on GPUs, while its other
 * work-groups copy A21 aside for L21's GEMM, in place of a chain of three barriers a column for the
 * factor and a serial dot product a column for dtrti2's inverse (BENCHMARKS.md). The LU panel (n - k0 rows by
 * NB columns, {@link LuPanel}) is LAPACK's recursive dgetrf2: columns halved, the left half
 * factored, a small unit-lower solve in local memory, the right half updated by a GEMM over all
 * rows (all SMs), the right half factored; down to leaves of {@link #LEAF} columns factored by one
 * work-group (nd_lu_leaf), which swap whole rows (no laswp launches). A leaf is a chain of
 * dependent steps per column (pivot search, swap, update of every row below), so its cost is the
 * column count times (a few round trips + the rows times the width over one SM's bandwidth): its
 * traffic grows with the square of the width, leaves of 16 carrying a quarter of a 64-wide panel's,
 * while leaves of 8 would save less than the 20 more launches a panel they cost. The leaf keeps
 * each column's chain short: 1024 work-items on GPUs (more loads in flight), four rows' loads a
 * trip, the pivot row in local memory, the search of the next column fused into the update, 32-bit
 * row counts. That chain, a few memory round trips a column for every column of the matrix, is
 * what is left (BENCHMARKS.md): the next step would be a leaf spread over all SMs with one grid-wide barrier a column.
 * Pivots are LAPACK's (idamax's first largest |entry|, the same row order), so lu_factor's match
 * SciPy's.
 */
final class BlockedFactor {
    private BlockedFactor() {}

    /** The block order: the block columns' width and the GEMMs' inner dimension. */
    static final int NB = 64;

    /** The widest LU panel factored by one work-group; wider ones are halved (dgetrf2). */
    static final int LEAF = 16;

    static final int GROUP = 256;

    /** Work-items of the one-group kernels that GPUs run wide, where the kernel may launch so. */
    static final int WIDE = 1024;

    /** Tests set it to run the GPU's wide Cholesky block kernel on a CPU device too (PoCL). */
    static volatile boolean wideCholeskyEverywhere;

    private static final KernelTemplate BLOCKED = KernelTemplate.sections(
                    "blocked-factor.tmpl", BlockedFactor.class.getResourceAsStream("blocked-factor.tmpl"))
            .get("blocked");

    static BackendKernel kernel(Device dev, DType dt, String name) {
        return kernel(dev, dt, name, GROUP);
    }

    /** The kernel {@code name} of the program built for work-groups of g (a power of 2). */
    static BackendKernel kernel(Device dev, DType dt, String name, int g) {
        String tag = dt.toString();
        boolean f32 = dt == DType.FLOAT32;
        String src = dev.backend().dialect().prelude() + "\n"
                + BLOCKED.fill(
                        "T",
                        f32 ? "float" : "double",
                        "tag",
                        tag,
                        "G",
                        g,
                        "NB",
                        NB,
                        "MIN",
                        f32 ? "1.17549435e-38f" : "2.2250738585072014e-308");
        String program = g == GROUP ? "nd_blocked_factor_" : "nd_blocked_factor_g" + g + "_";
        return dev.programs().kernel(program + tag, src, List.of(), name + "_" + tag);
    }

    static long groups(long items) {
        return (items + GROUP - 1) / GROUP;
    }

    /**
     * One matrix of order n inside a buffer: its array, its element 0 as a byte offset (for kernels)
     * and as an element offset (for the GEMM).
     */
    record Mat(long bytes, long elements) {
        static Mat of(NDArray stack, int q, long rows, long cols) {
            int isz = stack.dtype().itemsize();
            long e = stack.offset() / isz + (long) q * rows * cols;
            return new Mat(e * isz, e);
        }
    }

    /** C = alpha A B + beta C on element offsets; A, B and C may lie in different arrays. */
    static void gemm(
            NDArray ab,
            Op opB,
            long m,
            long n,
            long k,
            double alpha,
            long aOff,
            long lda,
            NDArray bb,
            long bOff,
            long ldb,
            double beta,
            NDArray cb,
            long cOff,
            long ldc,
            Blas blas) {
        if (m == 0 || n == 0 || k == 0) return;
        blas.gemmStridedBatched(
                cb.dtype(),
                Op.N,
                opB,
                m,
                n,
                k,
                alpha,
                ab.buffer(),
                aOff,
                lda,
                0,
                bb.buffer(),
                bOff,
                ldb,
                0,
                beta,
                cb.buffer(),
                cOff,
                ldc,
                0,
                1);
    }

    /** C = C - A B, A a block of {@code buf}'s buffer, B and C blocks of {@code bc}'s; element offsets. */
    static void gemmMinus(
            Blas blas,
            NDArray buf,
            NDArray bc,
            long m,
            long n,
            long k,
            long aOff,
            long lda,
            long bOff,
            long ldb,
            Op opB,
            long cOff,
            long ldc) {
        gemm(buf, opB, m, n, k, -1, aOff, lda, bc, bOff, ldb, 1, bc, cOff, ldc, blas);
    }

    /** The LU of each matrix of the C-contiguous stack {@code a} (batch, n, n); a is not changed. */
    static SmallFactor.Lu lu(NDArray a, Blas blas) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), n = a.shape(1);
        NDArray lu = a.copy(Order.C), piv = null, info = null, inv = null, work = null;
        try {
            piv = NDArray.empty(dev, DType.INT32, new long[] {b, n}, Order.C);
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C).fill(0);
            inv = NDArray.empty(dev, dt, new long[] {NB, NB}, Order.C);
            work = NDArray.empty(dev, dt, new long[] {NB, n}, Order.C);
            LuPanel p = new LuPanel(dev, blas, lu, piv, info, n);
            for (int q = 0; q < b; q++) {
                Mat m = Mat.of(lu, q, n, n);
                p.m = m;
                p.pivOff = piv.offset() + q * n * 4;
                p.infoOff = info.offset() + q * 4L;
                long e = m.elements();
                for (long k0 = 0; k0 < n; k0 += NB) {
                    int w = (int) Math.min(NB, n - k0);
                    p.panel(k0, w);
                    long rest = n - k0 - w;
                    if (rest == 0) continue;
                    // U12 = L11^-1 A12 (L11 unit lower) by its inverse, then the trailing update
                    trtri(dev, dt, lu, m.bytes(), n, k0, w, inv, false, true);
                    copy(
                            dev,
                            dt,
                            lu,
                            m.bytes() + (k0 * n + k0 + w) * dt.itemsize(),
                            n,
                            work,
                            work.offset(),
                            rest,
                            w,
                            rest);
                    long a12 = e + k0 * n + k0 + w;
                    gemm(inv, Op.N, w, rest, w, 1, elements(inv), NB, work, elements(work), rest, 0, lu, a12, n, blas);
                    gemmMinus(blas, lu, lu, rest, rest, w, e + (k0 + w) * n + k0, n, a12, n, Op.N, a12 + w * n, n);
                }
            }
            return new SmallFactor.Lu(lu, piv, info);
        } catch (RuntimeException ex) {
            for (NDArray x : new NDArray[] {lu, piv, info}) if (x != null) x.close();
            throw ex;
        } finally {
            for (NDArray x : new NDArray[] {inv, work}) if (x != null) x.close();
        }
    }

    static long elements(NDArray x) {
        return x.offset() / x.dtype().itemsize();
    }

    /** The inverses of the diagonal blocks of the order-nd triangle at (d0, d0) into inv (blocks, NB, NB). */
    static void trtri(
            Device dev,
            DType dt,
            NDArray a,
            long aBytes,
            long lda,
            long d0,
            long nd,
            NDArray inv,
            boolean upper,
            boolean unit) {
        LaunchArgs.of(9)
                .buffer(a.buffer())
                .i64(aBytes)
                .i64(lda)
                .i64(d0)
                .i64(nd)
                .buffer(inv.buffer())
                .i64(inv.offset())
                .i32(upper ? 1 : 0)
                .i32(unit ? 1 : 0)
                .launch(dev, kernel(dev, dt, "nd_trtri"), (nd + NB - 1) / NB, GROUP);
    }

    /** rows x cols of x (byte offset, leading dimension ldx) into y from its start (leading dimension ldy). */
    static void copy(
            Device dev,
            DType dt,
            NDArray x,
            long xBytes,
            long ldx,
            NDArray y,
            long yBytes,
            long ldy,
            long rows,
            long cols) {
        if (rows == 0 || cols == 0) return;
        int chunks = (int) groups(cols);
        LaunchArgs.of(8)
                .buffer(x.buffer())
                .i64(xBytes)
                .i64(ldx)
                .buffer(y.buffer())
                .i64(yBytes)
                .i64(ldy)
                .i64(cols)
                .i32(chunks)
                .launch(dev, kernel(dev, dt, "nd_copy_block"), rows * chunks, GROUP);
    }

    static void swap(
            Device dev,
            BackendKernel k,
            NDArray x,
            long xBytes,
            long ldx,
            NDArray piv,
            long pivOff,
            long k0,
            long k1,
            long c0,
            long cols) {
        if (cols <= 0) return;
        LaunchArgs.of(10)
                .buffer(x.buffer())
                .i64(xBytes)
                .i64(ldx)
                .buffer(piv.buffer())
                .i64(pivOff)
                .i64(k0)
                .i64(k1)
                .i64(c0)
                .i64(cols)
                .launch(dev, k, groups(cols), GROUP);
    }

    static void trsmBlock(
            Device dev,
            BackendKernel k,
            NDArray a,
            long aBytes,
            long lda,
            long d0,
            int w,
            long xBytes,
            long ldx,
            long r0,
            long c0,
            long cols,
            boolean upper) {
        if (cols <= 0) return;
        LaunchArgs.of(12)
                .buffer(a.buffer())
                .i64(aBytes)
                .i64(lda)
                .i64(d0)
                .i32(w)
                .buffer(a.buffer())
                .i64(xBytes)
                .i64(ldx)
                .i64(r0)
                .i64(c0)
                .i64(cols)
                .i32(upper ? 1 : 0)
                .i32(1)
                .launch(dev, k, groups(cols), GROUP);
    }

    /**
     * x = a^-1 b for each matrix from its {@link #lu}: {@code x} (batch, n, r) holds b on entry and
     * is overwritten, or with {@code eye} (inv: r = n) is the identity first.
     */
    static void solve(SmallFactor.Lu f, NDArray x, boolean eye, Blas blas) {
        Device dev = x.device();
        DType dt = x.dtype();
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        // P b as one gather by the permutation the pivots make (computed in local memory up to
        // order 8192), not a chain of n dependent swaps down every column
        boolean gather = n <= 8192;
        try (NDArray perm = gather ? NDArray.empty(dev, DType.INT32, new long[] {n}, Order.C) : null;
                NDArray y = NDArray.empty(dev, dt, new long[] {b, n, r}, Order.C)) {
            for (int q = 0; q < b; q++) {
                Mat xm = Mat.of(x, q, n, r), ym = Mat.of(y, q, n, r);
                long pivOff = f.piv().offset() + q * n * 4;
                if (!gather) {
                    if (eye)
                        LaunchArgs.of(3)
                                .buffer(x.buffer())
                                .i64(xm.bytes())
                                .i64(n)
                                .launch(dev, kernel(dev, dt, "nd_eye"), groups(n * n), GROUP);
                    swap(dev, kernel(dev, dt, "nd_laswp"), x, xm.bytes(), r, f.piv(), pivOff, 0, n, 0, r);
                    continue;
                }
                LaunchArgs.of(5)
                        .buffer(f.piv().buffer())
                        .i64(pivOff)
                        .buffer(perm.buffer())
                        .i64(perm.offset())
                        .i32((int) n)
                        .launch(dev, kernel(dev, dt, "nd_lu_perm"), 1, GROUP);
                if (eye) {
                    LaunchArgs.of(5)
                            .buffer(x.buffer())
                            .i64(xm.bytes())
                            .buffer(perm.buffer())
                            .i64(perm.offset())
                            .i64(n)
                            .launch(dev, kernel(dev, dt, "nd_perm_eye"), groups(n * n), GROUP);
                } else if (r > 0) {
                    copy(dev, dt, x, xm.bytes(), r, y, ym.bytes(), r, n, r);
                    int chunks = (int) groups(r);
                    LaunchArgs.of(8)
                            .buffer(x.buffer())
                            .i64(xm.bytes())
                            .buffer(y.buffer())
                            .i64(ym.bytes())
                            .buffer(perm.buffer())
                            .i64(perm.offset())
                            .i64(r)
                            .i32(chunks)
                            .launch(dev, kernel(dev, dt, "nd_gather_rows"), n * chunks, GROUP);
                }
            }
            // L y = P b, then U x = y, each solve reading one array and writing the other (no copies)
            BlockedTriangular.solve(f.lu(), x, y, true, true, blas);
            BlockedTriangular.solve(f.lu(), y, x, false, false, blas);
        }
    }

    /**
     * x = t^-1 x in place for each matrix t of the stack {@code a} (batch, n, n) read as triangular
     * (its {@code lower} or upper triangle; with {@code unit} its diagonal taken as ones, not read),
     * x (batch, n, r), both C-contiguous: {@link BlockedTriangular}.
     */
    static void triangular(NDArray a, NDArray x, boolean lower, boolean unit, Blas blas) {
        BlockedTriangular.solve(a, x, lower, unit, blas);
    }

    /** The lower Cholesky factors (batch, n, n) of the lower triangles of {@code a}, and info (batch). */
    static NDArray[] cholesky(NDArray a, Blas blas) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), n = a.shape(1);
        NDArray l = a.copy(Order.C), info = null;
        try (NDArray inv = NDArray.empty(dev, dt, new long[] {NB, NB}, Order.C);
                NDArray work = NDArray.empty(dev, dt, new long[] {n, NB}, Order.C)) {
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C).fill(0);
            // 1024 work-items on GPUs (four rows of the tile each, a short chain a column) where the
            // kernel may launch so; a CPU device pays per work-item
            BackendKernel wide =
                    dev.facts().isGpu() || wideCholeskyEverywhere ? kernel(dev, dt, "nd_potrf_block", WIDE) : null;
            int g = wide != null && wide.maxBlockSize() >= WIDE ? WIDE : GROUP;
            BackendKernel diag = g == WIDE ? wide : kernel(dev, dt, "nd_potrf_block");
            for (int q = 0; q < b; q++) {
                Mat m = Mat.of(l, q, n, n);
                long infoOff = info.offset() + q * 4L, e = m.elements();
                for (long k0 = 0; k0 < n; k0 += NB) {
                    int w = (int) Math.min(NB, n - k0);
                    long rest = n - k0 - w;
                    // L11 and its inverse by group 0, A21 copied aside by the others; then
                    // L21 = A21 L11^-T by one GEMM and A22 -= L21 L21^T
                    LaunchArgs.of(11)
                            .buffer(l.buffer())
                            .i64(m.bytes())
                            .buffer(info.buffer())
                            .i64(infoOff)
                            .i64(n)
                            .i64(k0)
                            .i32(w)
                            .buffer(inv.buffer())
                            .i64(inv.offset())
                            .buffer(work.buffer())
                            .i64(work.offset())
                            .launch(dev, diag, 1 + (rest * w + 4L * g - 1) / (4L * g), g);
                    if (rest == 0) continue;
                    long a21 = e + (k0 + w) * n + k0;
                    gemm(work, Op.T, rest, w, w, 1, elements(work), w, inv, elements(inv), NB, 0, l, a21, n, blas);
                    // the lower triangle of A22 only, in column bands: each band's GEMM from its diagonal down
                    long bands = Math.min(4, (rest + 511) / 512), bw = (rest + bands - 1) / bands;
                    for (long j = 0; j < rest; j += bw) {
                        long c = Math.min(bw, rest - j), aj = a21 + j * n;
                        gemmMinus(blas, l, l, rest - j, c, w, aj, n, aj, n, Op.T, aj + w + j, n);
                    }
                }
                LaunchArgs.of(3)
                        .buffer(l.buffer())
                        .i64(m.bytes())
                        .i64(n)
                        .launch(dev, kernel(dev, dt, "nd_zero_upper"), groups(n * n), GROUP);
            }
            return new NDArray[] {l, info};
        } catch (RuntimeException ex) {
            l.close();
            if (info != null) info.close();
            throw ex;
        }
    }
}
