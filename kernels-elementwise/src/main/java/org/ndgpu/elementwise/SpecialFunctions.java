package org.ndgpu.elementwise;

/**
 * scipy.special's device functions (special-functions.h), for kernels that call them: the ufuncs of
 * {@code Nd.special()}, and any ElementwiseKernel, ReductionKernel or fused kernel whose code names
 * {@code special_erf}, {@code special_ndtri}, {@code special_gammaln}, {@code special_j0}, {@code special_zeta},
 * ... (each takes and returns double; {@code special_expitf}, {@code special_logitf} and {@code special_log_expitf} are the float
 * forms). Such a kernel gets the header before its own preamble, so nothing needs including.
 *
 * <pre>{@code
 * new ElementwiseKernel("T x", "T y", "y = special_ndtri(x)", "probit").call(p);
 * }</pre>
 */
public final class SpecialFunctions {
    private SpecialFunctions() {}

    private static final String HEADER = UfuncExpressions.read("special-functions.h");

    // a kernel's own text names a special function by this prefix
    private static final String PREFIX = "special_";

    /** The header's source (guarded, so a kernel may hold it twice). */
    public static String header() {
        return HEADER;
    }

    /** The header when any of {@code sources} calls a special function (names {@code special_}), else "". */
    public static String headerFor(String... sources) {
        java.util.Objects.requireNonNull(sources, "headerFor: sources is null");
        for (String s : sources) {
            if (s != null && s.contains(PREFIX)) return HEADER;
        }
        return "";
    }
}
