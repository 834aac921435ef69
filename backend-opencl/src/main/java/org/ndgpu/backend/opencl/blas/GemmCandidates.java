package org.ndgpu.backend.opencl.blas;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.ndarray.DType;

/**
 * The Xgemm parameter sets a device's GEMM sweep tries, per dtype: best entries of CLBlast's tuned
 * database for NVIDIA (Maxwell, Pascal), AMD (GCN) and Intel GPUs (its first variant, GEMMK=0:
 * {@link GemmParameters#problem} says why not the second), and larger tiles of the kind its tuner picks on recent GPUs (128x128 work-group
 * tiles, 8x8 or 16x8 results per work-item) that its database lacks for Volta, Ampere and Hopper. A
 * set the device cannot run (too many work-items, too much local memory) is dropped by
 * {@link GemmParameters#problem} before the sweep. Values in {@link GemmParameters#NAMES}' order:
 * GEMMK, KREG, KWG, KWI, MDIMA, MDIMC, MWG, NDIMB, NDIMC, NWG, SA, SB, STRM, STRN, VWM, VWN.
 */
final class GemmCandidates {
    private GemmCandidates() {}

    /** Sets from CLBlast's database that suit any element size. */
    private static final long[][] DATABASE = {
        {0, 1, 16, 2, 32, 16, 64, 16, 8, 128, 1, 1, 0, 1, 2, 8}, // GeForce GTX 1080 Ti
        {0, 1, 16, 2, 8, 16, 128, 8, 8, 128, 1, 1, 1, 1, 4, 8}, // GeForce GTX TITAN X
        {0, 1, 16, 2, 16, 16, 64, 16, 8, 128, 1, 1, 1, 0, 4, 8}, // GeForce GTX 980
        {0, 1, 16, 2, 32, 16, 128, 32, 8, 128, 1, 1, 1, 0, 4, 1}, // GeForce GTX 1070
        {0, 1, 32, 2, 16, 16, 64, 8, 8, 64, 1, 1, 0, 0, 4, 4}, // Pascal's default
        {0, 1, 32, 2, 16, 8, 64, 8, 8, 64, 1, 1, 1, 1, 4, 8}, // GeForce GTX 1080
        {0, 1, 16, 2, 16, 32, 128, 32, 8, 64, 1, 1, 1, 1, 4, 2}, // Radeon R9 290X
        {0, 1, 32, 2, 16, 32, 128, 16, 8, 64, 0, 0, 0, 0, 4, 1}, // Radeon HD 7970
        {0, 1, 32, 2, 16, 16, 64, 16, 16, 64, 1, 1, 0, 0, 4, 4}, // Radeon R9 Fury X
        {0, 1, 16, 2, 16, 32, 64, 16, 8, 128, 1, 1, 0, 0, 2, 8}, // Radeon R9 380
        {0, 1, 32, 2, 8, 8, 128, 32, 16, 64, 0, 0, 1, 0, 4, 2}, // Intel HD Graphics 530
        {0, 1, 16, 2, 16, 8, 64, 32, 32, 128, 1, 1, 1, 0, 4, 4}, // Intel Iris Pro
    };

    /** Large tiles for 4-byte elements: 8x8 and 16x8 results per work-item, 128 or 256 work-items. */
    private static final long[][] LARGE_32 = {
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 4, 4},
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 128, 1, 1, 0, 0, 4, 4},
        {0, 1, 32, 2, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 4, 4},
        {0, 1, 16, 8, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 4, 4},
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 8, 8},
        {0, 1, 16, 2, 8, 8, 128, 16, 16, 128, 1, 1, 1, 1, 4, 8},
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 64, 1, 1, 1, 1, 4, 4},
        {0, 1, 16, 2, 16, 16, 64, 16, 16, 128, 1, 1, 1, 1, 4, 4},
        {0, 1, 32, 2, 32, 32, 128, 32, 32, 128, 1, 1, 0, 0, 4, 4},
    };

    /** Tiles for 8- and 16-byte elements: at most 8x8 results per work-item. */
    private static final long[][] LARGE_64 = {
        {0, 1, 16, 2, 16, 16, 64, 16, 16, 64, 1, 1, 0, 0, 2, 2},
        {0, 1, 32, 2, 16, 16, 64, 16, 16, 64, 1, 1, 0, 0, 2, 2},
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 2, 2},
        {0, 1, 16, 2, 16, 16, 128, 16, 16, 64, 1, 1, 1, 1, 2, 2},
        {0, 1, 16, 2, 16, 16, 64, 16, 16, 128, 1, 1, 1, 1, 2, 2},
        {0, 1, 16, 2, 8, 8, 64, 8, 8, 64, 1, 1, 0, 0, 2, 2},
        {0, 1, 16, 8, 16, 16, 64, 16, 16, 64, 1, 1, 1, 1, 4, 4},
        {0, 1, 32, 2, 32, 32, 128, 32, 32, 128, 1, 1, 0, 0, 2, 2},
    };

    /**
     * The sets the sweep chose on an NVIDIA H200 through NVIDIA's OpenCL (BENCHMARKS.md, 2026-11-29),
     * used without a sweep on the Hopper GPUs whose names it knows (H100, H200: the same SM), so their
     * users get them at the first GEMM; a saved choice of {@code tuneGemm} still wins.
     */
    private static final long[] HOPPER_32 = {0, 1, 16, 8, 16, 16, 128, 16, 16, 128, 1, 1, 1, 1, 4, 4};

    private static final long[] HOPPER_64 = {0, 1, 16, 2, 16, 16, 64, 16, 16, 128, 1, 1, 1, 1, 2, 2};

    /** The built-in set for a device of this vendor and name and {@code dtype}, or null where none is known. */
    static GemmParameters builtIn(String vendor, String name, DType dtype) {
        boolean hopper = vendor.toUpperCase(java.util.Locale.ROOT).contains("NVIDIA")
                && (name.contains("H100") || name.contains("H200"));
        if (!hopper) return null;
        return switch (dtype) {
            case FLOAT32 -> GemmParameters.of(HOPPER_32);
            case FLOAT64 -> GemmParameters.of(HOPPER_64);
            default -> null;
        };
    }

    /** The sets for {@code dtype}, in the order the sweep times them; at most 21. */
    static List<GemmParameters> forDtype(DType dtype) {
        List<GemmParameters> out = new ArrayList<>();
        long[][] large = dtype == DType.FLOAT32 ? LARGE_32 : LARGE_64;
        for (long[] v : large) out.add(GemmParameters.of(v));
        for (long[] v : DATABASE) out.add(GemmParameters.of(v));
        return List.copyOf(out);
    }
}
