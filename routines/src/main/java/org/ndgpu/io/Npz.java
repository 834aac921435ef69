package org.ndgpu.io;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
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
import org.ndgpu.structured.StructuredArray;

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
     * An entry that is not a readable .npy array is an NpyFormatException naming the entry; so is a
     * structured array (read it with {@link StructuredNpz}, and the plain members one by one with
     * {@link #read(Path, String)}).
     * <pre>{@code HostArray x = Npz.read(Path.of("data.npz")).get("x");}</pre>
     */
    @SuppressWarnings("NonApiType") // the archive's order is part of the result, as with NumPy's NpzFile.files
    public static LinkedHashMap<String, HostArray> read(Path file) {
        java.util.Objects.requireNonNull(file, "Npz.read: file is null");
        LinkedHashMap<String, HostArray> out = new LinkedHashMap<>();
        entries(file, (key, where, in) -> out.put(key, readPlain(key, where, in)));
        return out;
    }

    /**
     * Reads one plain array of a .npz file, as {@code np.load(file)[name]}: the other members are
     * not read, so this also takes a plain member of an archive that holds structured ones.
     * <pre>{@code HostArray x = Npz.read(Path.of("data.npz"), "x");}</pre>
     *
     * @throws NpyFormatException if the archive has no member {@code name}, or it is not a plain array
     */
    public static HostArray read(Path file, String name) {
        java.util.Objects.requireNonNull(file, "Npz.read: file is null");
        java.util.Objects.requireNonNull(name, "Npz.read: name is null");
        HostArray[] found = new HostArray[1];
        List<String> names = entries(file, (key, where, in) -> {
            if (key.equals(name) && found[0] == null) found[0] = readPlain(key, where, in);
        });
        if (found[0] == null) throw noMember(file, name, names);
        return found[0];
    }

    private static HostArray readPlain(String key, String where, BufferedInputStream in) throws IOException {
        if (StructuredNpy.isStructured(peekHeader(in, where))) {
            throw new NpyFormatException(where + " is a structured array (a dtype with fields), not a plain array;"
                    + " read it with Nd.loadStructuredNpz(file, \"" + key + "\") or StructuredNpz.read");
        }
        return Npy.read(in, where, true);
    }

    /** The refusal of a member name the archive lacks, as NumPy's KeyError "NAME is not a file in the archive". */
    static NpyFormatException noMember(Path file, String name, List<String> names) {
        return new NpyFormatException(
                file + ": no member '" + name + "' (no entry " + name + ".npy); the archive holds " + names);
    }

    /** The header dict of the .npy at the stream's start; the stream is left where it was. */
    static Map<?, ?> peekHeader(BufferedInputStream in, String where) throws IOException {
        in.mark(Npy.MAX_HEADER_LEN + 16);
        Map<?, ?> dict = NpyHeader.dict(Npy.readHeaderText(in, where), where);
        in.reset();
        return dict;
    }

    /** What is done with one NAME.npy entry: {@code where} names the archive and the entry in messages. */
    @FunctionalInterface
    interface EntryReader {
        void read(String key, String where, BufferedInputStream in) throws IOException;
    }

    /**
     * Hands every NAME.npy entry of the archive to {@code each}, in archive order, and returns the
     * names; a broken archive or entry is an NpyFormatException naming it, a missing file an NdIOException.
     */
    static List<String> entries(Path file, EntryReader each) {
        List<String> names = new ArrayList<>();
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
                names.add(key);
                try (BufferedInputStream in = new BufferedInputStream(zip.getInputStream(e), 1 << 16)) {
                    each.read(key, where, in);
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
        return names;
    }

    /**
     * Writes arrays as an uncompressed .npz, as {@code np.savez(file, **arrays)} does.
     * <pre>{@code Npz.write(Path.of("out.npz"), Map.of("x", x, "y", y));}</pre>
     */
    public static void write(Path file, Map<String, HostArray> arrays) {
        writeMembers(file, arrays, Map.of(), false);
    }

    /**
     * Writes arrays as a deflate-compressed .npz, as {@code np.savez_compressed} does.
     * <pre>{@code Npz.writeCompressed(Path.of("out.npz"), Map.of("x", x));}</pre>
     */
    public static void writeCompressed(Path file, Map<String, HostArray> arrays) {
        writeMembers(file, arrays, Map.of(), true);
    }

    /**
     * Writes plain and structured arrays as one .npz, as {@code np.savez(file, a=plain, r=records)}
     * does: the plain members first, then the structured ones, each in its map's order; a name may
     * appear in only one map. Each structured member goes through host memory (at most 2 GiB).
     * <pre>{@code Npz.write(Path.of("out.npz"), Map.of("a", a), Map.of("r", r), false);}</pre>
     *
     * @param compressed deflate the members, as {@code np.savez_compressed}
     */
    public static void write(
            Path file, Map<String, HostArray> arrays, Map<String, StructuredArray> records, boolean compressed) {
        java.util.Objects.requireNonNull(records, "savez: records is null");
        writeMembers(file, arrays, records, compressed);
    }

    private static void writeMembers(
            Path file, Map<String, HostArray> arrays, Map<String, StructuredArray> records, boolean deflate) {
        java.util.Objects.requireNonNull(file, "savez: file is null");
        java.util.Objects.requireNonNull(arrays, "savez: arrays is null");
        Set<String> seen = new HashSet<>();
        Map<String, java.util.function.Supplier<byte[]>> members = new LinkedHashMap<>();
        for (Map.Entry<String, HostArray> en : arrays.entrySet()) {
            HostArray a = checkMember(seen, en.getKey(), en.getValue());
            members.put(en.getKey(), () -> Npy.toBytes(a));
        }
        for (Map.Entry<String, StructuredArray> en : records.entrySet()) {
            StructuredArray r = checkMember(seen, en.getKey(), en.getValue());
            if (r.isClosed())
                throw new org.ndgpu.exceptions.ArrayClosedException(
                        "savez: the structured array '" + en.getKey() + "' was closed");
            members.put(en.getKey(), () -> StructuredNpy.toBytes("savez", r));
        }
        try (OutputStream fos = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                ZipOutputStream zip = new ZipOutputStream(fos)) {
            for (var en : members.entrySet()) {
                byte[] npy = en.getValue().get();
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

    /** A member's name and value checked (non-null, a non-empty name not used before); the value returned. */
    private static <T> T checkMember(Set<String> seen, String name, T value) {
        java.util.Objects.requireNonNull(name, "savez: an array name");
        java.util.Objects.requireNonNull(value, () -> "savez: the array '" + name + "' is null");
        if (name.isEmpty()) throw new org.ndgpu.exceptions.NdException("savez: array names must be non-empty, got ''");
        if (!seen.add(name + ".npy"))
            throw new org.ndgpu.exceptions.NdException("savez: duplicate array name '" + name + "'");
        return value;
    }
}
