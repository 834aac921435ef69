package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.backend.cuda.linalg.CuBlasProvider;
import org.ndgpu.backend.cuda.linalg.CuSolverProvider;
import org.ndgpu.backend.cuda.sparse.CuSparseProvider;
import org.ndgpu.testing.Backends;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Solver;

/** The CUDA providers load everywhere, serve only CUDA devices, and say why when their library is absent. */
class CudaProvidersOffGpuTest {
    @Test
    void cudaProvidersServeNoOpenClDevice() {
        var cpu = Backends.openclCpu();
        assertFalse(new CuBlasProvider().supports(cpu));
        assertFalse(new CuSolverProvider().supports(cpu));
        assertFalse(new CuSparseProvider().supports(cpu));
        assertTrue(Blas.forDevice(cpu).getClass().getSimpleName().equals("ClBlast"));
        // an OpenCL device's solver is ndgpu's own kernels (issue 41), with EJML for the rest: never cuSOLVER
        String where = Solver.forDevice(cpu).where();
        assertTrue(where.startsWith("ndgpu's kernels") && where.contains("EJML"), where);
        assertFalse(where.contains("cuSOLVER"), where);
        String p = CuBlasProvider.problem();
        assertTrue(p == null || p.contains("libcublas"), p);
        String q = CuSolverProvider.problem();
        assertTrue(q == null || q.contains("libcusolver"), q);
    }
}
