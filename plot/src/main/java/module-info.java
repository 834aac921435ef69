/**
 * Plots of NDArrays on XChart: {@code Plot.line}, {@code scatter}, {@code hist}, {@code bar} and
 * {@code imshow}, each a {@code Figure} written to PNG or SVG or drawn into a BufferedImage. Above
 * the facade, like an application: the aggregate {@code org.ndgpu} stays free of a chart library.
 */
module org.ndgpu.plot {
    requires transitive org.ndgpu;
    requires transitive java.desktop;
    requires org.knowm.xchart;

    exports org.ndgpu.plot;
}
