package org.ndgpu.backend.opencl.blas;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.ndgpu.ndarray.DType;

/**
 * The GEMM parameters chosen for one device, on disk: a properties file per device name and driver
 * version in the tuning folder ({@code ndgpu.gemm.dir}), holding {@code device}, {@code driver}
 * and one line per dtype, either {@code default} (CLBlast's own parameters won) or the Xgemm set
 * ({@link GemmParameters#toString}). A file that cannot be read, names another device or driver, or
 * holds a value that does not parse is ignored as a whole (the caller logs why), never trusted;
 * writes go to a temporary file moved into place, so a reader never sees half a file.
 *
 * <pre>{@code
 * var cache = new GemmTuningCache(dir, "NVIDIA H200", "580.95");
 * cache.write(Map.of(DType.FLOAT32, Optional.of(params)));   // FLOAT32 -> params; others kept
 * cache.read().choices().get(DType.FLOAT32);                  // Optional[params]
 * }</pre>
 */
final class GemmTuningCache {
    /** What a read found: the choices per dtype (empty Optional: CLBlast's own), or why nothing was used. */
    record Read(Map<DType, Optional<GemmParameters>> choices, String ignored) {}

    private final Path file;
    private final String device;
    private final String driver;

    GemmTuningCache(Path dir, String device, String driver) {
        this.device = device;
        this.driver = driver;
        this.file = dir.resolve(fileName(device, driver));
    }

    Path file() {
        return file;
    }

    /** A readable, safe name: the device's name in lower case letters and digits, and a hash of name and driver. */
    static String fileName(String device, String driver) {
        String slug =
                device.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (slug.length() > 48) slug = slug.substring(0, 48);
        byte[] h;
        try {
            h = java.security.MessageDigest.getInstance("SHA-256")
                    .digest((device + "\n" + driver).getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return (slug.isEmpty() ? "device" : slug) + "-" + HexFormat.of().formatHex(h, 0, 6) + ".properties";
    }

    /** The choices on disk; no file is an empty map with no reason; a bad file an empty map with the reason. */
    Read read() {
        if (!Files.exists(file)) return new Read(Map.of(), null);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return new Read(Map.of(), file + " could not be read (" + e + ")");
        }
        return parse(text);
    }

    /** {@link #read} of a file's text. */
    Read parse(String text) {
        Properties p = new Properties();
        try (Reader r = new StringReader(text)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return new Read(Map.of(), file + " is no properties file (" + e.getMessage() + ")");
        }
        if (!device.equals(p.getProperty("device")) || !driver.equals(p.getProperty("driver")))
            return new Read(
                    Map.of(),
                    file + " is for device '" + p.getProperty("device") + "' driver '" + p.getProperty("driver")
                            + "', not '" + device + "' driver '" + driver + "'");
        Map<DType, Optional<GemmParameters>> out = new EnumMap<>(DType.class);
        for (String key : p.stringPropertyNames()) {
            if (key.equals("device") || key.equals("driver")) continue;
            DType dt = dtypeOf(key);
            if (dt == null) return new Read(Map.of(), file + ": unknown key '" + key + "'");
            String v = p.getProperty(key).strip();
            if (v.equals("default")) {
                out.put(dt, Optional.empty());
                continue;
            }
            try {
                out.put(dt, Optional.of(GemmParameters.parse(v)));
            } catch (IllegalArgumentException e) {
                return new Read(Map.of(), file + ": " + key + ": " + e.getMessage());
            }
        }
        return new Read(out, null);
    }

    /** A value as Properties.load reads it back: backslashes, line breaks and leading blanks escaped. */
    private static String escape(String v) {
        String e = v.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
        return e.startsWith(" ") || e.startsWith("\t") ? "\\" + e : e;
    }

    private static DType dtypeOf(String key) {
        for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128})
            if (d.toString().equals(key)) return d;
        return null;
    }

    /** Writes {@code choices} over what the file holds for those dtypes (a bad file is replaced). */
    void write(Map<DType, Optional<GemmParameters>> choices) throws IOException {
        Map<DType, Optional<GemmParameters>> all = new EnumMap<>(DType.class);
        all.putAll(read().choices());
        all.putAll(choices);
        // written by hand, not by Properties.store, so the values stay readable (no escaped '=')
        StringBuilder w = new StringBuilder();
        w.append("# ndgpu: CLBlast Xgemm parameters chosen by Nd.linalg().tuneGemm; delete the file to go back\n");
        w.append("# to CLBlast's own, or tune again. 'default' means CLBlast's own parameters were fastest.\n");
        w.append("device=").append(escape(device)).append('\n');
        w.append("driver=").append(escape(driver)).append('\n');
        all.forEach((d, c) -> w.append(d)
                .append('=')
                .append(c.map(GemmParameters::toString).orElse("default"))
                .append('\n'));
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, w, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
