package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * Blocked Householder QR of matrices larger than {@link SmallQr} takes, as LAPACK's geqrf and orgqr:
 * a panel of {@link #NB} columns factored by one work-group, with its block reflector in compact WY
 * form I - V T V^T (blocked-qr.tmpl), applied to the trailing columns by three GEMMs of the device
 * ({@link Blas}), where nearly all the work is; Q is then accumulated from the identity by the same
 * block reflectors, last to first. The reflectors are dlarfg's, so R's signs are LAPACK's (NumPy's).
 * The stack's matrices are factored one after another.
 */
final class BlockedQr {
    private BlockedQr() {}

    /** The panel width: the block reflectors' order. */
    static final int NB = 64;

    private static final int GROUP = 256;
    private static final KernelTemplate BLOCKED = KernelTemplate.sections(
                    "blocked-qr.tmpl", BlockedQr.class.getResourceAsStream("blocked-qr.tmpl"))
            .get("blocked");

    private static BackendKernel kernel(Device dev, DType dt, String name) {
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + BLOCKED.fill("T", dt == DType.FLOAT32 ? "float" : "double", "tag", tag, "G", GROUP, "NB", NB);
        return dev.programs().kernel("nd_blocked_qr_" + tag, src, List.of(), name + "_" + tag);
    }

    /** An array's element 0 as an element offset, for the GEMM. */
    private static long at(NDArray x) {
        return x.offset() / x.dtype().itemsize();
    }

    /** C = alpha op(A) op(B) + beta C on element offsets and leading dimensions of three buffers. */
    private static void gemm(
            Blas blas,
            DType dt,
            Op opA,
            Op opB,
            long m,
            long n,
            long k,
            double alpha,
            BackendBuffer a,
            long aOff,
            long lda,
            BackendBuffer b,
            long bOff,
            long ldb,
            double beta,
            BackendBuffer c,
            long cOff,
            long ldc) {
        if (m == 0 || n == 0 || k == 0) return;
        blas.gemmStridedBatched(
                dt, opA, opB, m, n, k, alpha, a, aOff, lda, 0, b, bOff, ldb, 0, beta, c, cOff, ldc, 0, 1);
    }

    /**
     * Applies the block reflector I - V T V^T (V rows r0 .. r0 + mr - 1 of {@code v} from column r0,
     * w wide; T at {@code tOff}) from the left to the mr x nc block of {@code c} at element
     * {@code cOff} (leading dimension ldc), transposed ({@code trans}: Q^T, for the factorization)
     * or not (Q, for forming Q); {@code w1}, {@code w2} hold w x nc each.
     */
    private static void reflect(
            Blas blas,
            NDArray v,
            long vOff,
            long ldv,
            NDArray t,
            long tOff,
            NDArray c,
            long cOff,
            long ldc,
            long mr,
            long nc,
            int w,
            boolean trans,
            NDArray w1,
            NDArray w2) {
        DType dt = v.dtype();
        gemm(
                blas,
                dt,
                Op.T,
                Op.N,
                w,
                nc,
                mr,
                1,
                v.buffer(),
                vOff,
                ldv,
                c.buffer(),
                cOff,
                ldc,
                0,
                w1.buffer(),
                at(w1),
                nc);
        gemm(
                blas,
                dt,
                trans ? Op.T : Op.N,
                Op.N,
                w,
                nc,
                w,
                1,
                t.buffer(),
                tOff,
                NB,
                w1.buffer(),
                at(w1),
                nc,
                0,
                w2.buffer(),
                at(w2),
                nc);
        gemm(
                blas,
                dt,
                Op.N,
                Op.N,
                mr,
                nc,
                w,
                -1,
                v.buffer(),
                vOff,
                ldv,
                w2.buffer(),
                at(w2),
                nc,
                1,
                c.buffer(),
                cOff,
                ldc);
    }

    /** The reduced QR of each matrix of the C-contiguous stack {@code a} (batch, m, n): q (batch, m, k), r (batch, k, n). */
    static Qr qr(NDArray a, Blas blas) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), m = a.shape(1), n = a.shape(2), k = Math.min(m, n);
        long blocks = (k + NB - 1) / NB;
        int isz = dt.itemsize();
        NDArray q = NDArray.empty(dev, dt, new long[] {b, m, k}, Order.C), r = null;
        try (NDArray f = a.copy(Order.C);
                NDArray v = NDArray.empty(dev, dt, new long[] {m, k}, Order.C);
                NDArray t = NDArray.empty(dev, dt, new long[] {blocks, NB, NB}, Order.C);
                NDArray w1 = NDArray.empty(dev, dt, new long[] {NB, n}, Order.C);
                NDArray w2 = NDArray.empty(dev, dt, new long[] {NB, n}, Order.C)) {
            r = NDArray.empty(dev, dt, new long[] {b, k, n}, Order.C);
            BackendKernel panel = kernel(dev, dt, "nd_qr_panel"), eye = kernel(dev, dt, "nd_qr_eye");
            BackendKernel takeR = kernel(dev, dt, "nd_qr_take_r");
            long ve = at(v), te = at(t);
            for (long s = 0; s < b; s++) {
                long fBytes = f.offset() + s * m * n * isz, fe = fBytes / isz;
                for (long k0 = 0, blk = 0; k0 < k; k0 += NB, blk++) {
                    int w = (int) Math.min(NB, k - k0);
                    LaunchArgs.of(11)
                            .buffer(f.buffer())
                            .i64(fBytes)
                            .buffer(v.buffer())
                            .i64(v.offset())
                            .buffer(t.buffer())
                            .i64(t.offset() + blk * NB * NB * isz)
                            .i64(m)
                            .i64(n)
                            .i64(k)
                            .i64(k0)
                            .i32(w)
                            .launch(dev, panel, 1, GROUP);
                    long c0 = k0 + w;
                    reflect(
                            blas,
                            v,
                            ve + k0 * k + k0,
                            k,
                            t,
                            te + blk * NB * NB,
                            f,
                            fe + k0 * n + c0,
                            n,
                            m - k0,
                            n - c0,
                            w,
                            true,
                            w1,
                            w2);
                }
                long qBytes = q.offset() + s * m * k * isz, qe = qBytes / isz;
                LaunchArgs.of(4)
                        .buffer(q.buffer())
                        .i64(qBytes)
                        .i64(m)
                        .i64(k)
                        .launch(dev, eye, (m * k + GROUP - 1) / GROUP, GROUP);
                for (long blk = blocks - 1; blk >= 0; blk--) {
                    long k0 = blk * NB;
                    int w = (int) Math.min(NB, k - k0);
                    reflect(
                            blas,
                            v,
                            ve + k0 * k + k0,
                            k,
                            t,
                            te + blk * NB * NB,
                            q,
                            qe + k0 * k + k0,
                            k,
                            m - k0,
                            k - k0,
                            w,
                            false,
                            w1,
                            w2);
                }
                LaunchArgs.of(6)
                        .buffer(f.buffer())
                        .i64(fBytes)
                        .buffer(r.buffer())
                        .i64(r.offset() + s * k * n * isz)
                        .i64(k)
                        .i64(n)
                        .launch(dev, takeR, (k * n + GROUP - 1) / GROUP, GROUP);
            }
            return new Qr(q, r);
        } catch (RuntimeException e) {
            q.close();
            if (r != null) r.close();
            throw e;
        }
    }
}
