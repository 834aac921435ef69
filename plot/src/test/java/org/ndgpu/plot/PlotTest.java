package org.ndgpu.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** Plots checked by their pixels, headless: not blank, the marks, bars and colour bands expected, where they lie. */
public class PlotTest extends PerDeviceTest {

    // the series colour, allowing for anti-aliased edges
    private static boolean series(int rgb) {
        return near(new Color(rgb), Plot.COLOR, 30);
    }

    private static boolean near(Color a, Color b, int tol) {
        return Math.abs(a.getRed() - b.getRed()) <= tol
                && Math.abs(a.getGreen() - b.getGreen()) <= tol
                && Math.abs(a.getBlue() - b.getBlue()) <= tol;
    }

    private static int count(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++)
            for (int x = 0; x < img.getWidth(); x++) if (series(img.getRGB(x, y))) n++;
        return n;
    }

    // runs of series-coloured pixels along row y
    private static List<int[]> runs(BufferedImage img, int y) {
        List<int[]> out = new ArrayList<>();
        int start = -1;
        for (int x = 0; x <= img.getWidth(); x++) {
            boolean in = x < img.getWidth() && series(img.getRGB(x, y));
            if (in && start < 0) start = x;
            if (!in && start >= 0) {
                out.add(new int[] {start, x - 1});
                start = -1;
            }
        }
        return out;
    }

    private static int lowestSeriesRow(BufferedImage img) {
        for (int y = img.getHeight() - 1; y >= 0; y--) if (!runs(img, y).isEmpty()) return y;
        return -1;
    }

    private static int topOfColumn(BufferedImage img, int x) {
        for (int y = 0; y < img.getHeight(); y++) if (series(img.getRGB(x, y))) return y;
        return -1;
    }

    @Test
    void lineRisesAcrossThePlot() {
        try (NDArray x = Nd.arange(10.0);
                NDArray y = x.mul(2.0)) {
            BufferedImage img = Plot.line(x, y).toImage();
            assertEquals(Plot.WIDTH, img.getWidth());
            assertTrue(count(img) > 200, "line pixels: " + count(img));
            int left = Integer.MAX_VALUE, right = -1, leftY = 0, rightY = 0;
            for (int yy = 0; yy < img.getHeight(); yy++)
                for (int xx = 0; xx < img.getWidth(); xx++)
                    if (series(img.getRGB(xx, yy))) {
                        if (xx < left) {
                            left = xx;
                            leftY = yy;
                        }
                        if (xx > right) {
                            right = xx;
                            rightY = yy;
                        }
                    }
            // the axes span the data: the line goes from near the left edge to near the right, bottom to top
            assertTrue(right - left > 0.7 * img.getWidth(), "horizontal span " + left + ".." + right);
            assertTrue(leftY - rightY > 0.6 * img.getHeight(), "vertical span " + leftY + ".." + rightY);
        }
    }

    @Test
    void scatterDrawsOneMarkPerPoint() {
        try (NDArray x = Nd.asarray(new double[] {0, 1, 2, 3, 4, 5, 6, 7});
                NDArray y = Nd.asarray(new double[] {0.5, 3.1, 1.2, 2.7, 0.1, 3.9, 1.8, 2.2})) {
            BufferedImage img = Plot.scatter(x, y).toImage();
            assertEquals(8, blobs(img), "markers");
        }
    }

    @Test
    void histogramHasOneBarPerBin() {
        try (NDArray a = Nd.linspace(0, 1, 100)) {
            BufferedImage img = Plot.hist(a, 5).toImage();
            int base = lowestSeriesRow(img);
            assertEquals(5, runs(img, base - 2).size(), "bars");
        }
        try (NDArray a = Nd.asarray(new double[] {0.1, 0.2, 0.25, 0.9, 0.95, 0.5})) {
            // numpy.histogram(a, 3) = [3, 1, 2]: the first bar the tallest, the second the shortest
            BufferedImage img = Plot.hist(a, 3).toImage();
            List<int[]> bars = runs(img, lowestSeriesRow(img) - 2);
            assertEquals(3, bars.size(), "bars");
            int[] top = bars.stream()
                    .mapToInt(b -> topOfColumn(img, (b[0] + b[1]) / 2))
                    .toArray();
            assertTrue(top[0] < top[2] && top[2] < top[1], "bar tops " + java.util.Arrays.toString(top));
        }
    }

    @Test
    void barsStandInOrderOfHeight() {
        try (NDArray h = Nd.asarray(new double[] {1, 3, 2, 5})) {
            BufferedImage img = Plot.bar(List.of("a", "b", "c", "d"), h).toImage();
            List<int[]> bars = runs(img, lowestSeriesRow(img) - 2);
            assertEquals(4, bars.size(), "bars");
            int[] top = bars.stream()
                    .mapToInt(b -> topOfColumn(img, (b[0] + b[1]) / 2))
                    .toArray();
            assertTrue(top[3] < top[1] && top[1] < top[2] && top[2] < top[0], java.util.Arrays.toString(top));
            assertEquals(
                    4, runs(Plot.bar(h).toImage(), lowestSeriesRow(img) - 2).size());
        }
    }

    @Test
    void imshowPaintsOneViridisBandPerColumnValue() {
        // 3 rows, 5 columns: column j holds j, so a row through the middle crosses 5 colour bands
        try (NDArray img = Nd.arange(5.0).reshape(1, 5).mul(Nd.ones(DType.FLOAT64, 3, 1))) {
            BufferedImage pic = Plot.imshow(img).toImage();
            int y = pic.getHeight() / 2;
            List<Color> bands = new ArrayList<>();
            List<Integer> widths = new ArrayList<>();
            for (int x = 0; x < pic.getWidth(); x++) {
                Color c = new Color(pic.getRGB(x, y));
                boolean grey = c.getRed() == c.getGreen() && c.getGreen() == c.getBlue();
                if (grey) continue; // background, axes, text
                if (bands.isEmpty() || !bands.getLast().equals(c)) {
                    bands.add(c);
                    widths.add(1);
                } else {
                    widths.set(widths.size() - 1, widths.getLast() + 1);
                }
            }
            List<Color> wide = new ArrayList<>();
            for (int i = 0; i < bands.size(); i++) if (widths.get(i) > 20) wide.add(bands.get(i));
            assertEquals(5, wide.size(), "bands " + wide);
            assertTrue(near(wide.getFirst(), Colormap.VIRIDIS.at(0), 12), "low end " + wide.getFirst());
            assertTrue(near(wide.getLast(), Colormap.VIRIDIS.at(1), 12), "high end " + wide.getLast());
            assertTrue(near(wide.get(2), Colormap.VIRIDIS.at(0.5), 12), "middle " + wide.get(2));
        }
    }

    @Test
    void writesPngAndSvg(@TempDir Path dir) throws IOException {
        try (NDArray y = Nd.arange(20.0).sqrt()) {
            Figure f = Plot.line(y).title("sqrt").xlabel("n").ylabel("sqrt(n)");
            BufferedImage back = ImageIO.read(f.savePng(dir.resolve("f.png")).toFile());
            assertEquals(Plot.WIDTH, back.getWidth());
            assertEquals(Plot.HEIGHT, back.getHeight());
            assertTrue(count(back) > 100, "PNG shows the line");
            String svg = Files.readString(f.saveSvg(dir.resolve("f.svg")));
            assertTrue(svg.contains("<svg") && svg.contains("<path"), svg.substring(0, Math.min(300, svg.length())));
            assertTrue(f.toSvg().contains("<svg"));
            assertTrue(f.toPng().length > 1000);
        }
    }

    @Test
    void hostileInputsNameThePlot() {
        assertTrue(assertThrows(NullPointerException.class, () -> Plot.line(null))
                .getMessage()
                .contains("line: y is null"));
        try (NDArray m = Nd.ones(DType.FLOAT64, 2, 2);
                NDArray c = Nd.ones(DType.COMPLEX128, 3);
                NDArray a = Nd.arange(3.0);
                NDArray b = Nd.arange(4.0);
                NDArray empty = Nd.zeros(DType.FLOAT64, 0)) {
            assertTrue(assertThrows(ShapeException.class, () -> Plot.line(m))
                    .getMessage()
                    .contains("line: y must be 1-d, got shape (2, 2)"));
            assertTrue(assertThrows(DTypeException.class, () -> Plot.scatter(c, c))
                    .getMessage()
                    .contains("scatter: x must be real, got complex128"));
            assertTrue(assertThrows(ShapeException.class, () -> Plot.line(a, b))
                    .getMessage()
                    .contains("same length, got 3 and 4"));
            assertThrows(ShapeException.class, () -> Plot.bar(empty));
            assertThrows(ShapeException.class, () -> Plot.imshow(a));
            assertThrows(ShapeException.class, () -> Plot.bar(List.of("x"), a));
        }
        NDArray closed = Nd.arange(3.0);
        closed.close();
        assertThrows(ArrayClosedException.class, () -> Plot.line(closed));
    }

    // connected groups of series-coloured pixels
    private static int blobs(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        boolean[] seen = new boolean[w * h];
        int n = 0;
        for (int i = 0; i < w * h; i++) {
            if (seen[i] || !series(img.getRGB(i % w, i / w))) continue;
            n++;
            ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(i));
            seen[i] = true;
            while (!todo.isEmpty()) {
                int p = todo.pop(), px = p % w, py = p / w;
                for (int[] d : new int[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    int qx = px + d[0], qy = py + d[1], q = qy * w + qx;
                    if (qx < 0 || qy < 0 || qx >= w || qy >= h || seen[q] || !series(img.getRGB(qx, qy))) continue;
                    seen[q] = true;
                    todo.push(q);
                }
            }
        }
        return n;
    }
}
