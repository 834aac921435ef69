/*
 * Draws the benchmark chart of the README from BENCHMARKS.md: every Markdown table there with a
 * text first column and numeric columns becomes one panel of grouped horizontal bars (one colour per
 * numeric column, a log scale when the values span more than 50x). Whatever tables the file holds
 * are drawn, so the chart follows the file as figures are added or replaced.
 *
 *   java tools/BenchChart.java [BENCHMARKS.md] [docs/benchmarks.png]
 *
 * Only the JDK is needed (Java2D, headless); cells such as "1.25", "1.25 ms", "**40.1**", "12x"
 * count as numbers, "-" or "n/a" as missing.
 */
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

public final class BenchChart {
    record Table(String title, List<String> labels, List<String> series, double[][] values) { }

    static final Pattern NUMBER = Pattern.compile("^[~≈]?\\s*([-+]?\\d[\\d,]*(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)\\s*(?:[a-zA-Z/%µ]+.*)?$");
    static final Color[] PALETTE = {new Color(0x4C72B0), new Color(0xDD8452), new Color(0x55A868), new Color(0xC44E52),
            new Color(0x8172B3), new Color(0x937860), new Color(0xDA8BC3), new Color(0x8C8C8C)};
    static final int WIDTH = 1100, LABEL_W = 330, VALUE_W = 90, BAR_H = 14, PAD = 16;

    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path in = Path.of(args.length > 0 ? args[0] : "BENCHMARKS.md");
        Path out = Path.of(args.length > 1 ? args[1] : "docs/benchmarks.png");
        List<Table> tables = parse(Files.readAllLines(in));
        if (tables.isEmpty()) throw new IllegalStateException(in + ": no Markdown table with a numeric column");
        BufferedImage img = draw(tables, in.getFileName().toString());
        if (out.getParent() != null) Files.createDirectories(out.getParent());
        ImageIO.write(img, "png", out.toFile());
        System.out.println("wrote " + out + " (" + tables.size() + " table(s), " + img.getWidth() + "x" + img.getHeight() + ")");
    }

    static Double number(String cell) {
        String c = cell.replace("*", "").replace("`", "").strip();
        Matcher m = NUMBER.matcher(c);
        if (!m.matches()) return null;
        return Double.parseDouble(m.group(1).replace(",", ""));
    }

    static List<String> cells(String line) {
        String s = line.strip();
        if (s.startsWith("|")) s = s.substring(1);
        if (s.endsWith("|")) s = s.substring(0, s.length() - 1);
        List<String> out = new ArrayList<>();
        for (String c : s.split("\\|", -1)) out.add(c.strip());
        return out;
    }

    static List<Table> parse(List<String> lines) {
        List<Table> tables = new ArrayList<>();
        String heading = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("#")) heading = line.replaceFirst("^#+\\s*", "").replace("`", "");
            boolean start = line.startsWith("|") && i + 1 < lines.size() && lines.get(i + 1).strip().matches("^\\|?\\s*:?-{3,}.*");
            if (!start) continue;
            List<String> header = cells(line);
            List<List<String>> rows = new ArrayList<>();
            int j = i + 2;
            for (; j < lines.size() && lines.get(j).strip().startsWith("|"); j++) rows.add(cells(lines.get(j)));
            i = j - 1;
            List<Integer> numeric = new ArrayList<>();
            for (int c = 1; c < header.size(); c++) {
                int nums = 0, filled = 0;
                for (List<String> r : rows) {
                    if (c >= r.size() || r.get(c).isBlank() || r.get(c).matches("[-–—]|n/?a")) continue;
                    filled++;
                    if (number(r.get(c)) != null) nums++;
                }
                if (filled > 0 && nums * 2 >= filled) numeric.add(c);
            }
            if (numeric.isEmpty() || rows.isEmpty()) continue;
            List<String> labels = new ArrayList<>();
            double[][] values = new double[rows.size()][numeric.size()];
            for (int r = 0; r < rows.size(); r++) {
                labels.add(rows.get(r).get(0).replace("*", "").replace("`", ""));
                for (int k = 0; k < numeric.size(); k++) {
                    int c = numeric.get(k);
                    Double v = c < rows.get(r).size() ? number(rows.get(r).get(c)) : null;
                    values[r][k] = v == null ? Double.NaN : v;
                }
            }
            tables.add(new Table(heading, labels, numeric.stream().map(header::get).toList(), values));
        }
        return tables;
    }

    static int panelHeight(Table t) { return 56 + t.labels().size() * (t.series().size() * BAR_H + 10) + 24; }

    static BufferedImage draw(List<Table> tables, String source) {
        int height = 40 + tables.stream().mapToInt(BenchChart::panelHeight).sum() + 24;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        g.drawString("ndgpu benchmarks (from " + source + ")", PAD, 28);
        int y = 40;
        for (Table t : tables) {
            drawPanel(g, t, y);
            y += panelHeight(t);
        }
        g.dispose();
        return img;
    }

    static void drawPanel(Graphics2D g, Table t, int top) {
        double min = Double.POSITIVE_INFINITY, max = 0;
        for (double[] row : t.values()) for (double v : row) if (v > 0) { min = Math.min(min, v); max = Math.max(max, v); }
        if (max == 0) { min = 1; max = 1; }
        boolean log = max / min > 50;
        double lo = log ? Math.pow(10, Math.floor(Math.log10(min))) : 0;
        double hi = log ? Math.pow(10, Math.ceil(Math.log10(max))) : max * 1.05;
        int x0 = PAD + LABEL_W, plotW = WIDTH - x0 - VALUE_W - PAD;

        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.setColor(Color.DARK_GRAY);
        g.drawString(t.title() + (log ? "  (log scale)" : ""), PAD, top + 18);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        int lx = PAD;
        for (int s = 0; s < t.series().size(); s++) {
            g.setColor(PALETTE[s % PALETTE.length]);
            g.fillRect(lx, top + 28, 12, 12);
            g.setColor(Color.DARK_GRAY);
            g.drawString(t.series().get(s), lx + 16, top + 39);
            lx += 28 + g.getFontMetrics().stringWidth(t.series().get(s));
        }
        int y = top + 56;
        FontMetrics fm = g.getFontMetrics();
        int plotTop = y;
        for (int r = 0; r < t.labels().size(); r++) {
            int groupH = t.series().size() * BAR_H;
            g.setColor(Color.DARK_GRAY);
            g.drawString(clip(t.labels().get(r), fm, LABEL_W - 10), PAD, y + groupH / 2 + 5);
            for (int s = 0; s < t.series().size(); s++) {
                double v = t.values()[r][s];
                if (Double.isNaN(v)) continue;
                double f = log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : v / hi;
                int w = (int) Math.round(Math.max(0, Math.min(1, f)) * plotW);
                g.setColor(PALETTE[s % PALETTE.length]);
                g.fillRect(x0, y + s * BAR_H, Math.max(w, 1), BAR_H - 2);
                g.setColor(Color.DARK_GRAY);
                g.drawString(format(v), x0 + w + 4, y + s * BAR_H + BAR_H - 3);
            }
            y += groupH + 10;
        }
        g.setColor(Color.GRAY);
        g.setStroke(new BasicStroke(1));
        g.drawLine(x0, plotTop - 4, x0, y);
    }

    static String clip(String s, FontMetrics fm, int width) {
        if (fm.stringWidth(s) <= width) return s;
        while (s.length() > 1 && fm.stringWidth(s + "…") > width) s = s.substring(0, s.length() - 1);
        return s + "…";
    }

    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e6) return String.valueOf((long) v);
        String t = Math.abs(v) >= 100 ? String.format("%.0f", v) : String.format("%.3g", v);
        return t.contains(".") && !t.contains("e") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
    }
}
