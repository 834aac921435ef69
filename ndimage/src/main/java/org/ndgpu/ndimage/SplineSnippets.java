package org.ndgpu.ndimage;

/**
 * SciPy's per-axis steps of an interpolation as C statements on W values (ni_interpolation.c's
 * map_coordinate and get_spline_interpolation_weights), shared by {@link InterpKernel} and
 * {@link ZoomTaps}: the same text in both, so both give SciPy's taps and weights.
 */
final class SplineSnippets {
    private SplineSnippets() {}

    /** {@link #mapCoordinate} for the mode numbered by the long variable {@code var} (GRID_CONSTANT maps nothing). */
    static String mapAny(String var) {
        StringBuilder s = new StringBuilder();
        for (Mode m : Mode.values()) {
            if (m == Mode.GRID_CONSTANT) continue;
            s.append("if (")
                    .append(var)
                    .append(" == ")
                    .append(InterpKernel.code(m))
                    .append(") { ")
                    .append(mapCoordinate(m))
                    .append(" } else ");
        }
        return s.append("{ }").toString();
    }

    /**
     * SciPy's map_coordinate: statements that map the W coordinate {@code v} on an axis of long
     * length {@code n} into it, or to -1 (CONSTANT) when it falls outside [0, n - 1].
     */
    static String mapCoordinate(Mode mode) {
        String below = switch (mode) {
            case MIRROR ->
                "if (n <= 1) v = (W) 0; else { long sz2 = 2 * n - 2; v = (W) (sz2 * (long) (-v / sz2)) + v;"
                        + " v = v <= (W) (1 - n) ? v + (W) sz2 : -v; }";
            case REFLECT ->
                "if (n <= 1) v = (W) 0; else { long sz2 = 2 * n; if (v < (W) -sz2) v = (W) (sz2 * (long) (-v / sz2)) + v;"
                        + " v = v < (W) -n ? v + (W) sz2 : (v > (W) -1e-15 ? (W) 1e-15 : -v) - (W) 1; }";
            case WRAP -> "if (n <= 1) v = (W) 0; else { long sz = n - 1; v += (W) (sz * ((long) (-v / sz) + 1)); }";
            case GRID_WRAP -> "if (n <= 1) v = (W) 0; else { v += (W) (n * ((long) (((W) -1 - v) / n) + 1)); }";
            case NEAREST -> "v = (W) 0;";
            case CONSTANT -> "v = (W) -1;";
            case GRID_CONSTANT -> throw new IllegalArgumentException("GRID_CONSTANT maps no coordinate");
        };
        String above = switch (mode) {
            case MIRROR ->
                "if (n <= 1) v = (W) 0; else { long sz2 = 2 * n - 2; v -= (W) (sz2 * (long) (v / sz2));"
                        + " if (v >= (W) n) v = (W) sz2 - v; }";
            case REFLECT ->
                "if (n <= 1) v = (W) 0; else { long sz2 = 2 * n; v -= (W) (sz2 * (long) (v / sz2));"
                        + " if (v >= (W) n) v = (W) sz2 - v - (W) 1; }";
            case WRAP -> "if (n <= 1) v = (W) 0; else { long sz = n - 1; v -= (W) (sz * (long) (v / sz)); }";
            case GRID_WRAP -> "if (n <= 1) v = (W) 0; else { v -= (W) (n * (long) (v / n)); }";
            case NEAREST -> "v = (W) (n - 1);";
            case CONSTANT -> "v = (W) -1;";
            case GRID_CONSTANT -> throw new IllegalArgumentException("GRID_CONSTANT maps no coordinate");
        };
        return "if (v < (W) 0) { " + below + " } else if (v > (W) (n - 1)) { " + above + " }";
    }

    /**
     * SciPy's get_spline_interpolation_weights for {@code order}, from x (the distance to the
     * middle knot), y = x and z = 1 - x, into the array {@code w}; the last weight is one less the others.
     * Its divisions by constants are products by their reciprocals (a division costs a GPU many products).
     */
    static String weights(int order, String w) {
        String body = switch (order) {
            case 0 -> "";
            case 1 -> w + "[0] = (W) 1 - fx;";
            case 2 -> w + "[1] = (W) 0.75 - fx * fx; fy = (W) 0.5 - fx; " + w + "[0] = (W) 0.5 * fy * fy;";
            case 3 ->
                w + "[1] = (fy * fy * (fy - (W) 2) * (W) 3 + (W) 4) * (W) (1.0 / 6.0);"
                        + " " + w + "[2] = (fz * fz * (fz - (W) 2) * (W) 3 + (W) 4) * (W) (1.0 / 6.0);"
                        + " " + w + "[0] = fz * fz * fz * (W) (1.0 / 6.0);";
            case 4 ->
                "fu = fx * fx; " + w + "[2] = fu * (fu * (W) 0.25 - (W) 0.625) + (W) (115.0 / 192.0);"
                        + " fy = (W) 1 + fx; " + w + "[1] = fy * (fy * (fy * ((W) 5 - fy) * (W) (1.0 / 6.0) - (W) 1.25)"
                        + " + (W) (5.0 / 24.0)) + (W) (55.0 / 96.0);"
                        + " " + w + "[3] = fz * (fz * (fz * ((W) 5 - fz) * (W) (1.0 / 6.0) - (W) 1.25)"
                        + " + (W) (5.0 / 24.0)) + (W) (55.0 / 96.0);"
                        + " fy = (W) 0.5 - fx; fu = fy * fy; " + w + "[0] = fu * fu * (W) (1.0 / 24.0);";
            case 5 ->
                "fu = fy * fy; " + w + "[2] = fu * (fu * ((W) 0.25 - fy * (W) (1.0 / 12.0)) - (W) 0.5) + (W) 0.55;"
                        + " fu = fz * fz; " + w
                        + "[3] = fu * (fu * ((W) 0.25 - fz * (W) (1.0 / 12.0)) - (W) 0.5) + (W) 0.55;"
                        + " fy += (W) 1; " + w
                        + "[1] = fy * (fy * (fy * (fy * (fy * (W) (1.0 / 24.0) - (W) 0.375) + (W) 1.25)"
                        + " - (W) 1.75) + (W) 0.625) + (W) 0.425;"
                        + " fz += (W) 1; " + w
                        + "[4] = fz * (fz * (fz * (fz * (fz * (W) (1.0 / 24.0) - (W) 0.375) + (W) 1.25)"
                        + " - (W) 1.75) + (W) 0.625) + (W) 0.425;"
                        + " fy = (W) 1 - fx; fu = fy * fy; " + w + "[0] = fy * fu * fu * (W) (1.0 / 120.0);";
            default -> throw new IllegalArgumentException("no spline of order " + order);
        };
        if (order == 0) return w + "[0] = (W) 1;";
        StringBuilder last = new StringBuilder(" " + w + "[" + order + "] = (W) 1;");
        for (int k = 0; k < order; k++)
            last.append(' ')
                    .append(w)
                    .append('[')
                    .append(order)
                    .append("] -= ")
                    .append(w)
                    .append('[')
                    .append(k)
                    .append("];");
        return body + last;
    }
}
