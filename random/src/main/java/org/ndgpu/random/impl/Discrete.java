package org.ndgpu.random.impl;

/** The integer distributions drawn per element as int64; {@link #numpyName()} is Generator's method. */
public enum Discrete {
    GEOMETRIC("geometric"),
    NEGATIVE_BINOMIAL("negative_binomial"),
    LOGSERIES("logseries"),
    ZIPF("zipf"),
    HYPERGEOMETRIC("hypergeometric");

    private final String numpyName;

    Discrete(String numpyName) {
        this.numpyName = numpyName;
    }

    /** NumPy's name of the method, e.g. {@code negative_binomial}. */
    public String numpyName() {
        return numpyName;
    }
}
