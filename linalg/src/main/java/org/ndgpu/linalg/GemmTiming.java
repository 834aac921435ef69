package org.ndgpu.linalg;

import org.ndgpu.ndarray.DType;

/**
 * One candidate of a GEMM parameter sweep ({@link Linalg#tuneGemm}): the dtype, a short name of the
 * candidate ({@code "default"} for CLBlast's own parameters), its full parameters, the TFLOP/s it
 * reached (NaN where skipped), why it was skipped (null if it ran) and whether it was chosen.
 *
 * <pre>{@code
 * for (GemmTiming t : Nd.linalg().tuneGemm(Device.current()))
 *     System.out.println(t.dtype() + " " + t.candidate() + " " + t.tflops() + (t.chosen() ? " *" : ""));
 * }</pre>
 */
public record GemmTiming(
        DType dtype, String candidate, String parameters, double tflops, String skipped, boolean chosen) {}
