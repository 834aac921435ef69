package org.ndgpu.backend.opencl.blas;

import static org.jocl.CL.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.blast.CLBlast;
import org.jocl.blast.CLBlastPrecision;
import org.jocl.blast.CLBlastStatusCode;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_mem;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.config.GemmTuningSettings;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.vendor.Blas.GemmTiming;
import org.ndgpu.vendor.Blas.Op;

/**
 * CLBlast's Xgemm parameters per OpenCL device: applied at a device's first GEMM of each dtype from
 * the device's saved choice ({@link GemmTuningCache}), and chosen by a sweep ({@link #sweep}) that
 * times each of {@link GemmCandidates} through CLBlast's override call. CLBlast's database has no
 * entry for some GPUs (Hopper) and runs generic parameters there; the sweep finds better ones.
 *
 * <p>When the sweep runs: only when asked ({@code Nd.linalg().tuneGemm(device)}, the GemmTuneBench
 * tool), or at a GPU's first GEMM of a dtype when {@code ndgpu.gemm.tune=auto} and no choice is saved.
 * A first GEMM never sweeps by default: it would take seconds to a minute. CPU devices (PoCL) keep
 * CLBlast's parameters unless swept explicitly.
 *
 * <p>CLBlast keeps overrides and compiled kernels in process-wide caches; the sweep clears them
 * between candidates ({@code CLBlastClearCache}) so each candidate compiles its own kernel, then makes
 * again every override this process made ({@link #APPLIED}). Callers hold {@link ClBlast#LOCK}.
 */
final class GemmTuning {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");

    /** Every override in force, by device id and dtype, to make again after a cache clear. */
    private static final Map<String, Applied> APPLIED = new LinkedHashMap<>();

    private record Applied(cl_device_id id, DType dtype, GemmParameters params) {}

    /**
     * Device id and dtype pairs CLBlast has run GEMMs of: its kernels for them may be compiled with
     * the parameters in force then, so a change clears CLBlast's caches first.
     */
    private static final java.util.Set<String> RAN = new java.util.HashSet<>();

    /** Notes that CLBlast is about to run a GEMM of {@code dtype} on the device (callers hold the lock). */
    static void ran(Device device, DType dtype) {
        RAN.add(device.id() + "/" + dtype);
    }

    private GemmTuning() {}

    /** The square size a sweep times by default: 4096 for 4-byte elements, 2048 for larger ones. */
    static long defaultSize(DType dtype) {
        return dtype == DType.FLOAT32 ? 4096 : 2048;
    }

    static int precision(DType dtype) {
        return switch (dtype) {
            case FLOAT32 -> CLBlastPrecision.CLBlastPrecisionSingle;
            case FLOAT64 -> CLBlastPrecision.CLBlastPrecisionDouble;
            case COMPLEX64 -> CLBlastPrecision.CLBlastPrecisionComplexSingle;
            case COMPLEX128 -> CLBlastPrecision.CLBlastPrecisionComplexDouble;
            default -> throw new IllegalArgumentException("CLBlast GEMM has no " + dtype);
        };
    }

    /** Makes {@code params} CLBlast's Xgemm parameters for the device and dtype; CLBlast's status. */
    static int override(cl_device_id id, DType dtype, GemmParameters params) {
        long[] v = params.values();
        return CLBlast.CLBlastOverrideParameters(id, "Xgemm", precision(dtype), v.length, params.names(), v);
    }

    /** Sends every GEMM of the dtype down the indirect (Xgemm) path, small ones too, until the next cache clear. */
    static int forceIndirect(cl_device_id id, DType dtype) {
        return CLBlast.CLBlastOverrideParameters(
                id, "GemmRoutine", precision(dtype), 1, new String[] {"XGEMM_MIN_INDIRECT_SIZE"}, new long[] {0});
    }

    /** Applies {@code params} (null: CLBlast's own) for the device from now on, in this process. */
    static void apply(Device device, DType dtype, GemmParameters params) {
        cl_device_id id = OpenClHandles.device(device.backend());
        String key = device.id() + "/" + dtype;
        boolean had = APPLIED.remove(key) != null;
        if (had || RAN.contains(key)) clearAndReapply();
        if (params == null) return;
        int st = override(id, dtype, params);
        if (st != CLBlastStatusCode.CLBlastSuccess)
            throw new IllegalStateException("CLBlast refused Xgemm parameters " + params + " for " + device.id() + " "
                    + dtype + ": " + CLBlastStatusCode.stringFor(st));
        APPLIED.put(key, new Applied(id, dtype, params));
    }

    private static void clearAndReapply() {
        CLBlast.CLBlastClearCache();
        for (Applied a : APPLIED.values()) override(a.id(), a.dtype(), a.params());
    }

    /** The saved choices of {@code device}, or null where no folder is set. */
    static GemmTuningCache cacheOf(Device device) {
        Path dir = GemmTuningSettings.tuningDir();
        if (dir == null) return null;
        DeviceFacts f = device.facts();
        return new GemmTuningCache(dir, f.name(), f.driverVersion());
    }

    /**
     * At the device's first GEMM of {@code dtype}: the saved choice, else the built-in one of a device
     * {@link GemmCandidates#builtIn} knows, else a sweep where asked for (auto).
     */
    static void atFirstGemm(Device device, DType dtype) {
        String mode = GemmTuningSettings.tune();
        if (mode.equals("off")) return;
        GemmTuningCache cache = cacheOf(device);
        Optional<GemmParameters> choice = null;
        if (cache != null) {
            GemmTuningCache.Read r = cache.read();
            if (r.ignored() != null)
                LOG.log(
                        System.Logger.Level.WARNING,
                        "ndgpu: saved GEMM parameters ignored, CLBlast's own are used on " + device.id() + ": "
                                + r.ignored() + " (Nd.linalg().tuneGemm(device) writes a new choice)");
            choice = r.choices().get(dtype);
        }
        if (choice != null) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: " + dtype + " GEMM on " + device.id() + " with "
                            + choice.map(p -> "the saved parameters " + p.label())
                                    .orElse("CLBlast's own parameters (saved)")
                            + " from " + cache.file());
            try {
                apply(device, dtype, choice.orElse(null));
            } catch (IllegalStateException e) {
                LOG.log(System.Logger.Level.WARNING, "ndgpu: " + e.getMessage() + "; CLBlast's own are used");
            }
            return;
        }
        DeviceFacts f = device.facts();
        GemmParameters builtIn = GemmCandidates.builtIn(f.vendor(), f.name(), dtype);
        if (builtIn != null) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: " + dtype + " GEMM on " + device.id() + " with the built-in parameters for " + f.name()
                            + " " + builtIn.label() + " (Nd.linalg().tuneGemm(device) saves a choice of its own)");
            try {
                apply(device, dtype, builtIn);
            } catch (IllegalStateException e) {
                LOG.log(System.Logger.Level.WARNING, "ndgpu: " + e.getMessage() + "; CLBlast's own are used");
            }
            return;
        }
        if (mode.equals("auto") && f.isGpu() && !f.hostCpu()) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: choosing " + dtype + " GEMM parameters for " + device.id() + " (ndgpu.gemm.tune=auto)");
            try {
                sweep(device, dtype, defaultSize(dtype), 3, true);
            } catch (RuntimeException e) {
                // the user's GEMM goes on with CLBlast's own parameters rather than failing for the sweep
                LOG.log(
                        System.Logger.Level.WARNING,
                        "ndgpu: the GEMM sweep on " + device.id() + " failed, CLBlast's own parameters are used: " + e);
            }
        }
    }

    /**
     * Times CLBlast's own parameters and each candidate on {@code size}^3 GEMMs, applies the fastest,
     * and saves it where {@code save} and a folder is set. A candidate the device cannot run, that
     * CLBlast refuses or fails to build, or that computes a wrong product is skipped with the reason.
     */
    static List<GemmTiming> sweep(Device device, DType dtype, long size, int repeats, boolean save) {
        return sweep(device, dtype, size, repeats, save, GemmCandidates.forDtype(dtype));
    }

    /** {@link #sweep} over {@code candidates} (and CLBlast's own parameters, timed first). */
    static List<GemmTiming> sweep(
            Device device, DType dtype, long size, int repeats, boolean save, List<GemmParameters> candidates) {
        if (size < 1 || repeats < 1)
            throw new IllegalArgumentException(
                    "tuneGemm: expected size >= 1 and repeats >= 1, got " + size + " and " + repeats);
        DeviceFacts f = device.facts();
        cl_device_id id = OpenClHandles.device(device.backend());
        cl_context ctx = OpenClHandles.context(device.backend());
        cl_command_queue q = OpenClHandles.queue(device.currentStream().backendStream());
        String key = device.id() + "/" + dtype;
        int bytes = dtype.itemsize();
        List<GemmParameters> sets = new ArrayList<>();
        sets.add(null);
        sets.addAll(candidates);
        double[] tflops = new double[sets.size()];
        String[] skipped = new String[sets.size()];
        Check check = new Check(dtype, ctx, q);
        cl_mem[] big = new cl_mem[3];
        try {
            for (int i = 0; i < 3; i++) {
                try {
                    big[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size * size * bytes, null, null);
                } catch (RuntimeException e) {
                    throw new DeviceException("tuneGemm on " + device.id() + ": three " + size + "x" + size + " "
                            + dtype + " matrices do not fit (" + e.getMessage() + "); sweep a smaller size");
                }
                // ones: no NaN or denormal from uninitialized memory slows a candidate down
                Pointer one = dtype == DType.FLOAT32 || dtype == DType.COMPLEX64
                        ? Pointer.to(new float[] {1f})
                        : Pointer.to(new double[] {1.0});
                clEnqueueFillBuffer(
                        q, big[i], one, dtype.isComplex() ? bytes / 2 : bytes, 0, size * size * bytes, 0, null, null);
            }
            clFinish(q);
            APPLIED.remove(key);
            RAN.add(key);
            for (int c = 0; c < sets.size(); c++) {
                GemmParameters p = sets.get(c);
                tflops[c] = Double.NaN;
                if (p != null) {
                    skipped[c] = p.problem(f.maxBlockSize(), f.localMemoryBytes(), bytes);
                    if (skipped[c] != null) continue;
                }
                clearAndReapply();
                if (p != null) {
                    int st = override(id, dtype, p);
                    if (st != CLBlastStatusCode.CLBlastSuccess) {
                        skipped[c] = "CLBlast refused it: " + CLBlastStatusCode.stringFor(st);
                        continue;
                    }
                }
                forceIndirect(id, dtype);
                skipped[c] = check.run();
                if (skipped[c] != null) continue;
                tflops[c] = time(dtype, size, repeats, big, q);
                if (Double.isNaN(tflops[c])) skipped[c] = "the timed GEMM failed";
            }
        } finally {
            for (cl_mem m : big) if (m != null) clReleaseMemObject(m);
            check.close();
            // drops the last candidate and the forced indirect path; the other overrides come back
            clearAndReapply();
        }
        int best = 0;
        for (int c = 1; c < sets.size(); c++)
            if (!Double.isNaN(tflops[c]) && (Double.isNaN(tflops[best]) || tflops[c] > tflops[best])) best = c;
        GemmParameters winner = Double.isNaN(tflops[best]) ? null : sets.get(best);
        apply(device, dtype, winner);
        List<GemmTiming> rows = new ArrayList<>();
        for (int c = 0; c < sets.size(); c++) {
            GemmParameters p = sets.get(c);
            rows.add(new GemmTiming(
                    p == null ? "default" : p.label(),
                    p == null ? "CLBlast's own" : p.toString(),
                    tflops[c],
                    skipped[c],
                    c == best && !Double.isNaN(tflops[c])));
        }
        GemmTuningCache cache = save ? cacheOf(device) : null;
        if (cache != null) {
            try {
                cache.write(Map.of(dtype, Optional.ofNullable(winner)));
            } catch (IOException | RuntimeException e) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "ndgpu: the GEMM choice for " + device.id() + " could not be saved to " + cache.file() + ": "
                                + e);
            }
        }
        return rows;
    }

    /** TFLOP/s of the median of {@code repeats} timed GEMMs after one untimed (which compiles), or NaN. */
    private static double time(DType dtype, long n, int repeats, cl_mem[] m, cl_command_queue q) {
        double[] secs = new double[repeats];
        for (int r = -1; r < repeats; r++) {
            long t0 = System.nanoTime();
            int st = ClBlast.call(dtype, Op.N, Op.N, n, n, n, 1, m[0], 0, n, 0, m[1], 0, n, 0, 0, m[2], 0, n, 0, 1, q);
            if (st != CLBlastStatusCode.CLBlastSuccess) return Double.NaN;
            clFinish(q);
            if (r >= 0) secs[r] = (System.nanoTime() - t0) * 1e-9;
        }
        java.util.Arrays.sort(secs);
        double flops = (dtype.isComplex() ? 8.0 : 2.0) * n * n * n;
        return flops / secs[repeats / 2] / 1e12;
    }

    /**
     * A small GEMM with odd sizes and random operands on the forced indirect path, against a host
     * product: a candidate whose kernel computes wrong (a constraint missed here) never wins.
     */
    private static final class Check implements AutoCloseable {
        static final int M = 67, N = 45, K = 33;
        final DType dtype;
        final cl_command_queue q;
        final double[] a, b, ref;
        final cl_mem ma, mb, mc;

        Check(DType dtype, cl_context ctx, cl_command_queue q) {
            this.dtype = dtype;
            this.q = q;
            int w = dtype.isComplex() ? 2 : 1;
            SplittableRandom rnd = new SplittableRandom(41);
            a = new double[M * K * w];
            b = new double[K * N * w];
            for (int i = 0; i < a.length; i++) a[i] = rnd.nextDouble(-1, 1);
            for (int i = 0; i < b.length; i++) b[i] = rnd.nextDouble(-1, 1);
            ref = new double[M * N * w];
            for (int i = 0; i < M; i++)
                for (int j = 0; j < N; j++)
                    for (int l = 0; l < K; l++) {
                        if (w == 1) ref[i * N + j] += a[i * K + l] * b[l * N + j];
                        else {
                            double ar = a[2 * (i * K + l)], ai = a[2 * (i * K + l) + 1];
                            double br = b[2 * (l * N + j)], bi = b[2 * (l * N + j) + 1];
                            ref[2 * (i * N + j)] += ar * br - ai * bi;
                            ref[2 * (i * N + j) + 1] += ar * bi + ai * br;
                        }
                    }
            ma = upload(ctx, a);
            mb = upload(ctx, b);
            mc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (long) ref.length * single(), null, null);
        }

        private int single() {
            return dtype == DType.FLOAT32 || dtype == DType.COMPLEX64 ? Sizeof.cl_float : Sizeof.cl_double;
        }

        private cl_mem upload(cl_context ctx, double[] v) {
            Pointer p;
            if (single() == Sizeof.cl_float) {
                float[] h = new float[v.length];
                for (int i = 0; i < v.length; i++) h[i] = (float) v[i];
                p = Pointer.to(h);
            } else p = Pointer.to(v.clone());
            return clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) v.length * single(), p, null);
        }

        /** Null if the product is right, else why not. */
        String run() {
            int st = ClBlast.call(dtype, Op.N, Op.N, M, N, K, 1, ma, 0, K, 0, mb, 0, N, 0, 0, mc, 0, N, 0, 1, q);
            if (st != CLBlastStatusCode.CLBlastSuccess) return "CLBlast failed: " + CLBlastStatusCode.stringFor(st);
            double[] got = new double[ref.length];
            if (single() == Sizeof.cl_float) {
                float[] h = new float[ref.length];
                clEnqueueReadBuffer(q, mc, CL_TRUE, 0, (long) h.length * Sizeof.cl_float, Pointer.to(h), 0, null, null);
                for (int i = 0; i < h.length; i++) got[i] = h[i];
            } else
                clEnqueueReadBuffer(
                        q, mc, CL_TRUE, 0, (long) got.length * Sizeof.cl_double, Pointer.to(got), 0, null, null);
            double tol = single() == Sizeof.cl_float ? 1e-4 : 1e-12, worst = 0;
            for (int i = 0; i < got.length; i++) {
                double e = Math.abs(got[i] - ref[i]) / (1 + Math.abs(ref[i]));
                if (Double.isNaN(e)) return "wrong product on " + M + "x" + N + "x" + K + " (NaN at " + i + ")";
                worst = Math.max(worst, e);
            }
            return worst <= tol * K
                    ? null
                    : "wrong product on " + M + "x" + N + "x" + K + " (relative error " + worst + ")";
        }

        @Override
        public void close() {
            clReleaseMemObject(ma);
            clReleaseMemObject(mb);
            clReleaseMemObject(mc);
        }
    }
}
