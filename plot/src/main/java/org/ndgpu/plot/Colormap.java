package org.ndgpu.plot;

import java.awt.Color;

/**
 * A colormap for {@link Plot#imshow}: matplotlib's viridis, as the nine stops matplotlib's table
 * passes through at 0, 1/8, ..., 1 (linear between them), so images read as in matplotlib.
 */
public final class Colormap {
    /** matplotlib's default: dark purple (low) through teal to yellow (high). */
    public static final Colormap VIRIDIS =
            new Colormap(0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaddc30, 0xfde725);
    /** black (low) to white (high). */
    public static final Colormap GRAY = new Colormap(0x000000, 0xffffff);

    private final Color[] stops;

    private Colormap(int... rgb) {
        stops = new Color[rgb.length];
        for (int i = 0; i < rgb.length; i++) stops[i] = new Color(rgb[i]);
    }

    /** The colours the map passes through, low to high: {@code Colormap.VIRIDIS.stops()[0]}. */
    public Color[] stops() {
        return stops.clone();
    }

    /** The colour of {@code t} in [0, 1] (clamped), as matplotlib's {@code cmap(t)}: {@code VIRIDIS.at(0.5)}. */
    public Color at(double t) {
        double x = Math.clamp(Double.isNaN(t) ? 0 : t, 0.0, 1.0) * (stops.length - 1);
        int i = Math.min((int) x, stops.length - 2);
        double f = x - i;
        Color a = stops[i], b = stops[i + 1];
        return new Color(
                mix(a.getRed(), b.getRed(), f), mix(a.getGreen(), b.getGreen(), f), mix(a.getBlue(), b.getBlue(), f));
    }

    private static int mix(int a, int b, double f) {
        return (int) Math.round(a + (b - a) * f);
    }
}
