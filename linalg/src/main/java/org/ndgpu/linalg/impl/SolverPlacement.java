package org.ndgpu.linalg.impl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.vendor.Solver;

/**
 * Where each factorization of numpy.linalg runs on a device, for {@code Linalg.placement}: its
 * solver's answer, by routine (NumPy's names), in words a report can print. The matrix products
 * (matmul, dot, einsum and the rest) always run on the device and are not listed.
 */
final class SolverPlacement {
    private SolverPlacement() {}

    private static final String[] LU_FAMILY = {"solve", "inv", "det", "slogdet", "cholesky"};
    private static final String[] SMALL_ONLY = {"qr", "eigh", "eigvalsh"};
    private static final String[] OTHERS = {"eig", "eigvals", "lstsq"};
    private static final String HOST = "host (EJML, with copies to and from the device)";

    static Map<String, String> of(Device device) {
        Solver s = Solver.forDevice(device);
        var m = new LinkedHashMap<String, String>();
        if (s instanceof DeviceSolver d) {
            Solver f = d.fallback();
            String dts = "float32" + (device.facts().fp64() ? " and float64" : "");
            String kernels = "device (ndgpu's kernels: one work-group per matrix up to order " + SmallFactor.MAX;
            String lu = kernels + (d.blocked() ? ", blocked with the device's GEMM above" : "") + ") for " + dts + "; "
                    + (d.blocked() ? "" : "larger and ") + "complex input on the " + name(f, "solve");
            for (String r : LU_FAMILY) m.put(r, lu);
            if (d.orthogonalKernels()) {
                for (String r : SMALL_ONLY)
                    m.put(r, kernels + ") for " + dts + "; larger and complex input on the " + name(f, r));
                if (d.blocked()) m.put("qr", lu);
            } else {
                // a CPU device: only blocked QR of large matrices beats the host there
                for (String r : SMALL_ONLY) m.put(r, name(f, r));
                if (d.blocked())
                    m.put(
                            "qr",
                            "device (ndgpu's blocked kernels from order " + DeviceSolver.CPU_QR + ") for " + dts
                                    + "; smaller and complex input on the " + name(f, "qr"));
            }
            // a GPU's blocked path: one-sided Jacobi; CPU devices and CUDA without the setting keep the fallback's
            m.put(
                    "svd",
                    d.svdOnDevice(DType.FLOAT32, 2, 2)
                            ? "device (ndgpu's kernels: one-sided Jacobi, with svdvals, pinv, matrixRank and cond on it) for "
                                    + dts + "; complex input on the " + name(f, "svd")
                            : name(f, "svd"));
            if (d.smallSvdvals(DType.FLOAT32, 2, 2))
                m.put(
                        "svdvals",
                        "device (ndgpu's kernels: one-sided Jacobi, one work-group per matrix up to " + SmallSvd.MAX
                                + " x " + SmallSvd.MAX + ") for " + dts + "; larger as svd");
            for (String r : OTHERS) m.put(r, name(f, r));
        } else {
            m.put("svd", name(s, "svd"));
            for (String r : LU_FAMILY) m.put(r, name(s, r));
            for (String r : SMALL_ONLY) m.put(r, name(s, r));
            for (String r : OTHERS) m.put(r, name(s, r));
        }
        return Collections.unmodifiableMap(m); // in the order above, for reports
    }

    /** Where {@code s} runs routine {@code r}: the host, or the device's library. */
    private static String name(Solver s, String r) {
        if (s instanceof HostSolver || ((r.equals("eig") || r.equals("eigvals")) && !s.hasEig())) return HOST;
        return "device (" + s.where() + ")";
    }
}
