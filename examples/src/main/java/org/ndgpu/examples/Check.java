package org.ndgpu.examples;

/**
 * Comparisons the examples report: the largest absolute and relative differences of two arrays.
 *
 * <pre>{@code
 * double err = Check.maxAbsError(device.toFloatArray(), hostLoop);
 * }</pre>
 */
public final class Check {
    private Check() {}

    /** max |got[i] - want[i]|; NaN anywhere in {@code got} gives NaN. Throws when the lengths differ. */
    public static double maxAbsError(float[] got, float[] want) {
        sameLength(got.length, want.length);
        double worst = 0;
        for (int i = 0; i < got.length; i++) {
            double e = Math.abs((double) got[i] - want[i]);
            if (Double.isNaN(e)) return Double.NaN;
            worst = Math.max(worst, e);
        }
        return worst;
    }

    /** max |got[i] - want[i]|; NaN anywhere in {@code got} gives NaN. Throws when the lengths differ. */
    public static double maxAbsError(double[] got, double[] want) {
        sameLength(got.length, want.length);
        double worst = 0;
        for (int i = 0; i < got.length; i++) {
            double e = Math.abs(got[i] - want[i]);
            if (Double.isNaN(e)) return Double.NaN;
            worst = Math.max(worst, e);
        }
        return worst;
    }

    /** max |got[i] - want[i]| / max(|want[i]|, floor): relative error, absolute near zero. */
    public static double maxRelError(float[] got, float[] want, double floor) {
        sameLength(got.length, want.length);
        double worst = 0;
        for (int i = 0; i < got.length; i++) {
            double e = Math.abs((double) got[i] - want[i]) / Math.max(Math.abs((double) want[i]), floor);
            if (Double.isNaN(e)) return Double.NaN;
            worst = Math.max(worst, e);
        }
        return worst;
    }

    private static void sameLength(int a, int b) {
        if (a != b) throw new IllegalArgumentException("compared arrays differ in length: " + a + " vs " + b);
    }
}
