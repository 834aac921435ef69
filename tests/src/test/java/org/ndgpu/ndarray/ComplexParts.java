package org.ndgpu.ndarray;

/** A complex array's elements as interleaved re, im doubles, for the tests that compare them with NumPy's. */
public final class ComplexParts {
    private ComplexParts() {}

    /** {re0, im0, re1, im1, ...} of {@code c}'s elements in C order. */
    public static double[] of(NDArray c) {
        try (NDArray r = c.real();
                NDArray i = c.imag()) {
            double[] re = r.toDoubleArray(), im = i.toDoubleArray(), out = new double[2 * re.length];
            for (int k = 0; k < re.length; k++) {
                out[2 * k] = re[k];
                out[2 * k + 1] = im[k];
            }
            return out;
        }
    }
}
