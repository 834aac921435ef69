package org.ndgpu.random.impl;

/** The distributions whose parameters are numbers, of a float dtype; {@link #numpyName()} is Generator's method. */
public enum Continuous {
    RANDOM("random"),
    STANDARD_NORMAL("standard_normal"),
    EXPONENTIAL("exponential"),
    GAMMA("gamma"),
    BETA("beta"),
    LOGNORMAL("lognormal"),
    CHISQUARE("chisquare"),
    LAPLACE("laplace"),
    STANDARD_CAUCHY("standard_cauchy"),
    STANDARD_T("standard_t"),
    LOGISTIC("logistic"),
    GUMBEL("gumbel"),
    PARETO("pareto"),
    POWER("power"),
    RAYLEIGH("rayleigh"),
    WALD("wald"),
    WEIBULL("weibull"),
    VONMISES("vonmises"),
    TRIANGULAR("triangular"),
    NONCENTRAL_CHISQUARE("noncentral_chisquare"),
    NONCENTRAL_F("noncentral_f"),
    F("f");

    private final String numpyName;

    Continuous(String numpyName) {
        this.numpyName = numpyName;
    }

    /** NumPy's name of the method, e.g. {@code standard_normal}. */
    public String numpyName() {
        return numpyName;
    }
}
