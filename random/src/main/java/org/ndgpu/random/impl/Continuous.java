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
    LAPLACE("laplace");

    private final String numpyName;

    Continuous(String numpyName) {
        this.numpyName = numpyName;
    }

    /** NumPy's name of the method, e.g. {@code standard_normal}. */
    public String numpyName() {
        return numpyName;
    }
}
