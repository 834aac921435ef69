package org.ndgpu.elementwise;

/**
 * scipy.special's device functions (special-functions.h), for kernels that call them: the ufuncs of
 * {@code Nd.special()}, and any ElementwiseKernel, ReductionKernel or fused kernel whose code names
 * {@code special_erf}, {@code special_ndtri}, {@code special_gammaln}, {@code special_j0}, {@code special_zeta},
 * ... (each takes and returns double; {@code special_expitf}, {@code special_logitf}, {@code special_log_expitf}, {@code special_erfinvf},
 * {@code special_erfcinvf}, {@code special_ndtrif}, {@code special_gammalnf}, {@code special_loggammaf} and {@code special_i0ef}
 * are the float forms). Such a kernel gets the header before its own preamble, so nothing needs including. The Bessel
 * functions ({@code special_jv}, {@code special_yv}, {@code special_iv}, {@code special_kv}, their scaled
 * forms, {@code special_yn}, {@code special_kn}, {@code special_spherical_jn}, {@code special_spherical_yn}, ... with their {@code _d} derivatives,
 * special-bessel.h) come only to the kernels that name them, so that the others compile
 * no more than they did.
 *
 * <pre>{@code
 * new ElementwiseKernel("T x", "T y", "y = special_ndtri(x)", "probit").call(p);
 * }</pre>
 */
public final class SpecialFunctions {
    private SpecialFunctions() {}

    private static final String HEADER = UfuncExpressions.read("special-functions.h");

    // the Bessel functions of real order: their own guarded file, after the header whose functions they call
    private static final String WITH_BESSEL = HEADER + UfuncExpressions.read("special-bessel.h");

    // the device names special-bessel.h defines for kernels, as a kernel's text names them (special_jv is
    // also the start of special_jve, special_spherical_ of every spherical one and its _d derivative)
    private static final String[] BESSEL_NAMES = {
        "special_jv",
        "special_jn",
        "special_yv",
        "special_iv",
        "special_kv",
        "special_yn",
        "special_kn",
        "special_spherical_"
    };

    // a kernel's own text names a special function by this prefix
    private static final String PREFIX = "special_";

    /** The header's source (guarded, so a kernel may hold it twice). */
    public static String header() {
        return HEADER;
    }

    /**
     * The header when any of {@code sources} calls a special function (names {@code special_}), else "";
     * with the Bessel functions of real order when one of them is named.
     */
    public static String headerFor(String... sources) {
        java.util.Objects.requireNonNull(sources, "headerFor: sources is null");
        String header = "";
        for (String s : sources) {
            if (s == null || !s.contains(PREFIX)) continue;
            for (String name : BESSEL_NAMES) {
                if (s.contains(name)) return WITH_BESSEL;
            }
            header = HEADER;
        }
        return header;
    }

    /**
     * Whether {@code op}'s kernels include special-bessel.h, whose build is the longest of any ufunc's
     * (many seconds on some OpenCL compilers): such a ufunc casts an array operand of another dtype to
     * its loop's first, so that it runs the loop's own kernel rather than one more built for the mix.
     */
    static boolean isBessel(org.ndgpu.ndarray.Ufunc op) {
        return switch (op) {
            case JV,
                    JN,
                    YV,
                    IV,
                    KV,
                    JVE,
                    YVE,
                    IVE,
                    KVE,
                    YN,
                    KN,
                    SPHERICAL_JN,
                    SPHERICAL_YN,
                    SPHERICAL_JN_D,
                    SPHERICAL_YN_D,
                    SPHERICAL_IN,
                    SPHERICAL_IN_D,
                    SPHERICAL_KN,
                    SPHERICAL_KN_D -> true;
            default -> false;
        };
    }

    /** The source a kernel of the scipy.special ufunc {@code op} needs: the header, with special-bessel.h for a Bessel function of real order. */
    static String headerOf(org.ndgpu.ndarray.Ufunc op) {
        return isBessel(op) ? WITH_BESSEL : HEADER;
    }
}
