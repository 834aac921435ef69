package org.ndgpu.plot;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.ndgpu.exceptions.NdIOException;

/**
 * One chart made by {@link Plot}: titled, then drawn into an image, PNG bytes (what a notebook
 * shows), or a PNG or SVG file.
 *
 * <pre>{@code
 * Plot.line(x, y).title("sin").xlabel("x").savePng(Path.of("sin.png"));
 * }</pre>
 */
public final class Figure {
    private final Chart<?, ?> chart;

    Figure(Chart<?, ?> chart) {
        this.chart = chart;
    }

    /** matplotlib's {@code plt.title(text)}: {@code fig.title("loss")}. */
    public Figure title(String text) {
        chart.setTitle(text);
        return this;
    }

    /** matplotlib's {@code plt.xlabel(text)}: {@code fig.xlabel("epoch")}. */
    public Figure xlabel(String text) {
        chart.setXAxisTitle(text);
        return this;
    }

    /** matplotlib's {@code plt.ylabel(text)}: {@code fig.ylabel("loss")}. */
    public Figure ylabel(String text) {
        chart.setYAxisTitle(text);
        return this;
    }

    /** The figure's size in pixels, {width, height}: {@code fig.size()[0]}. */
    public int[] size() {
        return new int[] {chart.getWidth(), chart.getHeight()};
    }

    /** "Figure 600x400: sin": its size and title. */
    @Override
    public String toString() {
        String title = chart.getTitle();
        return "Figure " + chart.getWidth() + "x" + chart.getHeight()
                + (title == null || title.isEmpty() ? "" : ": " + title);
    }

    /** The figure drawn into an image of {@link #size()}: {@code BufferedImage img = fig.toImage();} */
    public BufferedImage toImage() {
        return drawn("toImage", () -> BitmapEncoder.getBufferedImage(chart));
    }

    /** The figure as PNG bytes (a notebook's {@code image/png}): {@code byte[] png = fig.toPng();} */
    public byte[] toPng() {
        return drawn("toPng", () -> {
            try {
                return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            } catch (IOException e) {
                throw new NdIOException("savePng: could not encode the figure as PNG: " + e.getMessage(), e);
            }
        });
    }

    // Java2D draws text with the machine's fonts: a server without any fails deep in the JDK
    // ("Fontconfig head is null"); the caller gets what to install instead
    private static <T> T drawn(String op, java.util.function.Supplier<T> draw) {
        try {
            return draw.get();
        } catch (org.ndgpu.exceptions.NdException e) {
            throw e;
        } catch (RuntimeException | InternalError | UnsatisfiedLinkError e) {
            throw new org.ndgpu.exceptions.NdException(
                    "Figure." + op + ": Java could not draw the figure ("
                            + e.getClass().getSimpleName() + ": " + e.getMessage() + "); a machine without fonts needs"
                            + " fontconfig and a font, such as Debian's fontconfig and fonts-dejavu-core packages",
                    e);
        }
    }

    /** matplotlib's {@code savefig("f.png")}: writes the PNG to {@code file} as named. {@code fig.savePng(Path.of("f.png"))} */
    public Path savePng(Path file) {
        try {
            Files.write(file, toPng());
            return file;
        } catch (IOException e) {
            throw new NdIOException("savePng: could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The figure as SVG text (a notebook's {@code image/svg+xml}): {@code String svg = fig.toSvg();} */
    public String toSvg() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeSvg(out, "toSvg");
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** matplotlib's {@code savefig("f.svg")}: writes the SVG to {@code file} as named. {@code fig.saveSvg(Path.of("f.svg"))} */
    public Path saveSvg(Path file) {
        try (OutputStream out = Files.newOutputStream(file)) {
            writeSvg(out, "saveSvg");
            return file;
        } catch (IOException e) {
            throw new NdIOException("saveSvg: could not write " + file + ": " + e.getMessage(), e);
        }
    }

    private void writeSvg(OutputStream out, String op) {
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new NdIOException(op + ": could not encode the figure as SVG: " + e.getMessage(), e);
        }
    }
}
