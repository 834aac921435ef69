package org.ndgpu.plot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.HeatMapStyler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.Histogram;

/**
 * matplotlib's everyday plots of NDArrays: {@code line}, {@code scatter}, {@code hist},
 * {@code bar} and {@code imshow}. Each returns a {@link Figure} of 600 x 400 pixels, drawn in
 * {@link #COLOR} on white. The values come to the host once, where the chart is drawn; a
 * histogram's counts are computed on the device ({@code Nd.histogram}).
 *
 * <pre>{@code
 * Plot.line(Nd.linspace(0, 6.28, 100).sin()).savePng(Path.of("sin.png"));
 * }</pre>
 */
public final class Plot {
    /** The colour of every series: matplotlib's first, tab:blue. */
    public static final Color COLOR = new Color(0x1f77b4);

    static final int WIDTH = 600, HEIGHT = 400;

    private Plot() {}

    /** matplotlib's {@code plt.plot(y)}: y against 0, 1, ..., n-1. {@code Plot.line(Nd.arange(10.0).square())} */
    public static Figure line(NDArray y) {
        double[] ys = PlotData.values("line", "y", y);
        double[] xs = new double[ys.length];
        for (int i = 0; i < xs.length; i++) xs[i] = i;
        return xy("line", xs, ys, false);
    }

    /** matplotlib's {@code plt.plot(x, y)}. {@code Plot.line(x, x.sin())} */
    public static Figure line(NDArray x, NDArray y) {
        return xy("line", PlotData.values("line", "x", x), PlotData.values("line", "y", y), false);
    }

    /** matplotlib's {@code plt.scatter(x, y)}: one round marker per point. {@code Plot.scatter(x, y)} */
    public static Figure scatter(NDArray x, NDArray y) {
        return xy("scatter", PlotData.values("scatter", "x", x), PlotData.values("scatter", "y", y), true);
    }

    /**
     * matplotlib's {@code plt.hist(a, bins)}: numpy.histogram(a, bins)'s counts (computed on the
     * device) as touching bars, labelled by their bins' centres. {@code Plot.hist(samples, 20)}
     */
    public static Figure hist(NDArray a, long bins) {
        PlotData.values("hist", "a", a.ndim() == 1 ? a : a.ravel());
        double[] counts, edges;
        try (Histogram h = Nd.histogram(a, bins)) {
            counts = h.counts().toDoubleArray();
            edges = h.binEdges().toDoubleArray();
        }
        List<String> centres = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) centres.add(String.format("%.3g", (edges[i] + edges[i + 1]) / 2));
        return bars("hist", centres, counts, 0.95);
    }

    /** matplotlib's {@code plt.bar(range(n), heights)}: bars labelled 0, 1, ..., n-1. {@code Plot.bar(counts)} */
    public static Figure bar(NDArray heights) {
        double[] h = PlotData.values("bar", "heights", heights);
        List<String> labels = new ArrayList<>(h.length);
        for (int i = 0; i < h.length; i++) labels.add(Integer.toString(i));
        return bars("bar", labels, h, 0.8);
    }

    /** matplotlib's {@code plt.bar(labels, heights)}. {@code Plot.bar(List.of("a", "b"), Nd.asarray(new double[] {3, 5}))} */
    public static Figure bar(List<String> labels, NDArray heights) {
        double[] h = PlotData.values("bar", "heights", heights);
        if (labels == null) throw new NullPointerException("bar: labels is null");
        if (labels.size() != h.length)
            throw new ShapeException(
                    "bar: labels and heights must have the same length, got " + labels.size() + " and " + h.length);
        return bars("bar", labels, h, 0.8);
    }

    /** matplotlib's {@code plt.imshow(image)} with viridis: a 2-d array, row 0 at the top. {@code Plot.imshow(z)} */
    public static Figure imshow(NDArray image) {
        return imshow(image, Colormap.VIRIDIS);
    }

    /**
     * matplotlib's {@code plt.imshow(image, cmap=...)}: each element a cell coloured by
     * {@code colormap} between the image's minimum (low end) and maximum (high end).
     * {@code Plot.imshow(z, Colormap.GRAY)}
     */
    public static Figure imshow(NDArray image, Colormap colormap) {
        double[][] rows = PlotData.rows("imshow", "image", image);
        if (colormap == null) throw new NullPointerException("imshow: colormap is null");
        int h = rows.length, w = rows[0].length;
        List<Integer> xs = new ArrayList<>(w), ys = new ArrayList<>(h);
        for (int j = 0; j < w; j++) xs.add(j);
        for (int i = 0; i < h; i++) ys.add(h - 1 - i); // the bottom category first: row 0 ends on top
        List<Number[]> cells = new ArrayList<>(w * h);
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < h; i++) {
            for (int j = 0; j < w; j++) {
                double v = rows[i][j];
                cells.add(new Number[] {j, h - 1 - i, v});
                if (!Double.isNaN(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        HeatMapChart chart =
                new HeatMapChartBuilder().width(WIDTH).height(HEIGHT).build();
        HeatMapStyler styler = chart.getStyler();
        styler.setRangeColors(colormap.stops());
        styler.setMin(lo);
        styler.setMax(hi > lo ? hi : lo + 1);
        styler.setShowValue(false);
        styler.setPlotGridLinesVisible(false);
        // a label per row and column reads only for small images
        styler.setXAxisTicksVisible(w <= 20);
        styler.setYAxisTicksVisible(h <= 20);
        styler.setLegendVisible(false);
        styler.setChartBackgroundColor(Color.WHITE);
        chart.addSeries("image", xs, ys, cells);
        return new Figure(chart);
    }

    private static Figure xy(String op, double[] x, double[] y, boolean markers) {
        PlotData.sameLength(op, x, y);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).build();
        XYStyler styler = chart.getStyler();
        styler.setDefaultSeriesRenderStyle(
                markers ? XYSeries.XYSeriesRenderStyle.Scatter : XYSeries.XYSeriesRenderStyle.Line);
        styler.setMarkerSize(8);
        styler.setLegendVisible(false);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        XYSeries s = chart.addSeries(op, x, y);
        s.setLineColor(COLOR);
        s.setMarkerColor(COLOR);
        s.setMarker(markers ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        return new Figure(chart);
    }

    private static Figure bars(String op, List<String> labels, double[] heights, double fill) {
        CategoryChart chart =
                new CategoryChartBuilder().width(WIDTH).height(HEIGHT).build();
        CategoryStyler styler = chart.getStyler();
        styler.setAvailableSpaceFill(fill);
        styler.setXAxisLabelRotation(labels.size() > 12 ? 90 : 0);
        styler.setLegendVisible(false);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        List<Double> h = new ArrayList<>(heights.length);
        for (double v : heights) h.add(v);
        chart.addSeries(op, labels, h).setFillColor(COLOR);
        return new Figure(chart);
    }
}
