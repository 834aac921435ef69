package org.ndgpu.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.HostArray;

/**
 * Reads and writes NumPy's .npz archives: a zip of {@code NAME.npy} entries, keyed by NAME as
 * {@code np.load(f)["NAME"]} is. Entries may be stored or deflated ({@code np.savez} or
 * {@code np.savez_compressed}); the map keeps the archive's order.
 *
 * <pre>{@code
 * Map<String, HostArray> m = Npz.read(Path.of("model.npz"));   // np.savez("model.npz", w=w, b=b)
 * HostArray w = m.get("w");
 * Npz.write(Path.of("out.npz"), m);                            // np.load("out.npz")["w"]
 * Npz.writeCompressed(Path.of("out.npz"), m);                  // as np.savez_compressed
 * }</pre>
 */
public final class Npz {
    // A fixed entry time makes archives reproducible byte for byte (NumPy stamps the current time).
    private static final long ENTRY_TIME = java.time.LocalDateTime.of(2000, 1, 1, 0, 0)
            .atZone(java.time.ZoneId.systemDefault())
            .toInstant()
            .toEpochMilli();

    private Npz() {}

    /**
     * Reads every array of a .npz file, in archive order, keyed by entry name without ".npy".
     * An entry that is not a readable .npy array is an NpyFormatException naming the entry.
     * <pre>{@code HostArray x = Npz.read(Path.of("data.npz")).get("x");}</pre>
     */
    @SuppressWarnings("NonApiType") // the archive's order is part of the result, as with NumPy's NpzFile.files
    public static LinkedHashMap<String, HostArray> read(Path file) {
        java.util.Objects.requireNonNull(file, "Npz.read: file is null");
        LinkedHashMap<String, HostArray> out = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (e.isDirectory()) continue;
                String where = file + ": entry '" + e.getName() + "'";
                if (!e.getName().endsWith(".npy")) {
                    throw new NpyFormatException(
                            where + " is not a .npy array; expected entries named NAME.npy" + " as np.savez writes");
                }
                String key = e.getName().substring(0, e.getName().length() - 4);
                try (InputStream in = zip.getInputStream(e)) {
                    out.put(key, Npy.read(in, where, true));
                } catch (IOException | NdIOException ex) {
                    // a broken deflate stream, a bad CRC or a truncated entry: the file, not the disk, is at fault
                    Throwable cause = ex instanceof NdIOException u ? u.getCause() : ex;
                    throw new NpyFormatException(where + ": corrupt zip data: " + cause, ex);
                }
            }
        } catch (NoSuchFileException e) {
            throw new NdIOException("npz: no such file: " + file, e);
        } catch (ZipException e) {
            throw new NpyFormatException(
                    file + ": not a .npz file (not a readable zip archive: " + e.getMessage() + ")", e);
        } catch (IOException e) {
            if (!Files.exists(file)) throw new NdIOException("npz: no such file: " + file, e);
            throw new NdIOException("npz: cannot read " + file + ": " + e.getMessage(), e);
        }
        return out;
    }

    /**
     * Writes arrays as an uncompressed .npz, as {@code np.savez(file, **arrays)} does.
     * <pre>{@code Npz.write(Path.of("out.npz"), Map.of("x", x, "y", y));}</pre>
     */
    public static void write(Path file, Map<String, HostArray> arrays) {
        write(file, arrays, false);
    }

    /**
     * Writes arrays as a deflate-compressed .npz, as {@code np.savez_compressed} does.
     * <pre>{@code Npz.writeCompressed(Path.of("out.npz"), Map.of("x", x));}</pre>
     */
    public static void writeCompressed(Path file, Map<String, HostArray> arrays) {
        write(file, arrays, true);
    }

    private static void write(Path file, Map<String, HostArray> arrays, boolean deflate) {
        java.util.Objects.requireNonNull(file, "savez: file is null");
        java.util.Objects.requireNonNull(arrays, "savez: arrays is null");
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, HostArray> en : arrays.entrySet()) {
            String name = en.getKey();
            java.util.Objects.requireNonNull(name, "savez: an array name");
            java.util.Objects.requireNonNull(en.getValue(), () -> "savez: the array '" + name + "' is null");
            if (name.isEmpty())
                throw new org.ndgpu.exceptions.NdException("savez: array names must be non-empty, got ''");
            if (!seen.add(name + ".npy"))
                throw new org.ndgpu.exceptions.NdException("savez: duplicate array name '" + name + "'");
        }
        try (OutputStream fos = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                ZipOutputStream zip = new ZipOutputStream(fos)) {
            for (Map.Entry<String, HostArray> en : arrays.entrySet()) {
                byte[] npy = Npy.toBytes(en.getValue());
                ZipEntry e = new ZipEntry(en.getKey() + ".npy");
                e.setTime(ENTRY_TIME);
                if (deflate) {
                    e.setMethod(ZipEntry.DEFLATED);
                } else {
                    // a stored entry needs its size and CRC before its data
                    CRC32 crc = new CRC32();
                    crc.update(npy);
                    e.setMethod(ZipEntry.STORED);
                    e.setSize(npy.length);
                    e.setCompressedSize(npy.length);
                    e.setCrc(crc.getValue());
                }
                zip.putNextEntry(e);
                zip.write(npy);
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new NdIOException("npz: cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
