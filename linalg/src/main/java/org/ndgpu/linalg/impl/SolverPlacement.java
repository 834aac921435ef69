package org.ndgpu.linalg.impl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.spi.Solver;

/**
 * Where each factorization of numpy.linalg runs on a device, for {@code Linalg.placement}: its
 * solver's answer, by routine (NumPy's names), in words a report can print. The matrix products
 * (matmul, dot, einsum and the rest) always run on the device and are not listed.
 */
final class SolverPlacement {
    private SolverPlacement() {}

    private static final String[] LU_FAMILY = {"solve", "inv", "det", "slogdet", "cholesky"};
    private static final String[] OTHERS = {"qr", "svd", "eigh", "eigvalsh", "eig", "eigvals", "lstsq"};

    static Map<String, String> of(Device device) {
        Solver s = Solver.forDevice(device);
        String host = "host (EJML, with copies to and from the device)";
        var m = new LinkedHashMap<String, String>();
        if (s instanceof DeviceSolver) {
            String own = "device (ndgpu's kernels: one work-group per matrix up to order " + SmallFactor.MAX
                    + ", blocked with the device's GEMM above) for float32"
                    + (device.facts().fp64() ? " and float64" : "") + "; complex input on the " + host;
            for (String r : LU_FAMILY) m.put(r, own);
            for (String r : OTHERS) m.put(r, host);
        } else if (s instanceof HostSolver) {
            for (String r : LU_FAMILY) m.put(r, host);
            for (String r : OTHERS) m.put(r, host);
        } else {
            String lib = "device (" + s.where() + ")";
            for (String r : LU_FAMILY) m.put(r, lib);
            for (String r : OTHERS) m.put(r, (r.equals("eig") || r.equals("eigvals")) && !s.hasEig() ? host : lib);
        }
        return Collections.unmodifiableMap(m); // in the order above, for reports
    }
}
