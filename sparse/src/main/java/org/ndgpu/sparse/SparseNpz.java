package org.ndgpu.sparse;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.save_npz and load_npz: a .npz archive of the matrix's arrays ({@code data},
 * {@code indices} and {@code indptr}, or {@code row} and {@code col}), its {@code format} as a
 * byte string and its {@code shape}. Reading and writing files is host work: the arrays are copied
 * between the device and the archive once each. The .npy entries are read and written here
 * because the format entry is a byte string, which ndgpu's own .npy reader has no dtype for.
 */
final class SparseNpz {
    private SparseNpz() {}

    /** One .npy entry: its dtype code as NumPy writes it ({@code <f8}, {@code |S3}), shape and bytes. */
    private record Entry(String descr, long[] shape, byte[] data) {}

    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    // ---------------------------------------------------------------- writing

    static void save(Path file, SparseMatrix a, boolean compressed) {
        Objects.requireNonNull(file, "saveNpz: file is null");
        Objects.requireNonNull(a, "saveNpz: matrix is null");
        Products.liveValues(a, "saveNpz");
        Map<String, Entry> entries = new LinkedHashMap<>();
        String format;
        switch (a) {
            case CompressedMatrix c -> {
                CompressedStorage.Stored s = c.structure("saveNpz");
                entries.put("indices", entry(s.indices()));
                entries.put("indptr", entry(s.indptr()));
                format = c instanceof CsrMatrix ? "csr" : "csc";
            }
            case CooMatrix c -> {
                entries.put("row", entry(c.row));
                entries.put("col", entry(c.col));
                format = "coo";
            }
        }
        entries.put("format", new Entry("|S3", new long[0], format.getBytes(StandardCharsets.US_ASCII)));
        ByteBuffer shape = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        shape.putLong(a.shape[0]).putLong(a.shape[1]);
        entries.put("shape", new Entry("<i8", new long[] {2}, shape.array()));
        entries.put("data", entry(Products.liveValues(a, "saveNpz")));
        try (OutputStream fos = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                ZipOutputStream zip = new ZipOutputStream(fos)) {
            zip.setLevel(
                    compressed ? java.util.zip.Deflater.DEFAULT_COMPRESSION : java.util.zip.Deflater.NO_COMPRESSION);
            for (Map.Entry<String, Entry> e : entries.entrySet()) {
                ZipEntry z = new ZipEntry(e.getKey() + ".npy");
                z.setTimeLocal(java.time.LocalDateTime.of(2000, 1, 1, 0, 0)); // reproducible archives
                zip.putNextEntry(z);
                zip.write(npy(e.getValue()));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new NdIOException("saveNpz: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static Entry entry(NDArray a) {
        MemorySegment bytes = a.toBytes();
        String descr = switch (a.dtype()) {
            case FLOAT64 -> "<f8";
            case FLOAT32 -> "<f4";
            case COMPLEX64 -> "<c8";
            case COMPLEX128 -> "<c16";
            case INT64 -> "<i8";
            default -> "<i4";
        };
        return new Entry(descr, new long[] {a.size()}, bytes.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
    }

    /** The entry as np.save writes it: format 1.0, its header padded to a multiple of 64 bytes. */
    private static byte[] npy(Entry e) {
        String shape = e.shape().length == 0 ? "()" : "(" + e.shape()[0] + ",)";
        StringBuilder h =
                new StringBuilder("{'descr': '" + e.descr() + "', 'fortran_order': False, 'shape': " + shape + ", }");
        while ((10 + h.length() + 1) % 64 != 0) h.append(' ');
        h.append('\n');
        byte[] head = h.toString().getBytes(StandardCharsets.US_ASCII);
        ByteBuffer out = ByteBuffer.allocate(10 + head.length + e.data().length).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) 0x93)
                .put("NUMPY".getBytes(StandardCharsets.US_ASCII))
                .put((byte) 1)
                .put((byte) 0);
        out.putShort((short) head.length).put(head).put(e.data());
        return out.array();
    }

    // ---------------------------------------------------------------- reading

    static SparseMatrix load(Path file) {
        Objects.requireNonNull(file, "loadNpz: file is null");
        Map<String, Entry> m = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry z = all.nextElement();
                if (z.isDirectory() || !z.getName().endsWith(".npy")) continue;
                String key = z.getName().substring(0, z.getName().length() - 4);
                try (InputStream in = zip.getInputStream(z)) {
                    m.put(key, parse(file + ": entry '" + z.getName() + "'", in.readAllBytes()));
                }
            }
        } catch (NoSuchFileException e) {
            throw new NdIOException("loadNpz: no such file: " + file, e);
        } catch (ZipException e) {
            throw new NpyFormatException("loadNpz: " + file + " is not a .npz file (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            if (!Files.exists(file)) throw new NdIOException("loadNpz: no such file: " + file, e);
            throw new NdIOException("loadNpz: cannot read " + file + ": " + e.getMessage(), e);
        }
        Entry format = m.get("format");
        if (format == null)
            throw new NpyFormatException(
                    "loadNpz: " + file + " holds no sparse matrix (no 'format' entry), found " + m.keySet());
        String f = text(format);
        long[] shape = longs(file, "shape", need(file, m, "shape"));
        if (shape.length != 2)
            throw new NpyFormatException("loadNpz: " + file + ": shape must have 2 entries, got " + shape.length);
        Device device = Device.current();
        NDArray data = upload(file, "data", need(file, m, "data"), device, true);
        return switch (f) {
            case "csr", "csc" -> {
                DType index = SparseChecks.indexFor(shape[0], shape[1], data.size());
                NDArray indices = narrow(upload(file, "indices", need(file, m, "indices"), device, false), index);
                NDArray indptr = narrow(upload(file, "indptr", need(file, m, "indptr"), device, false), index);
                try {
                    yield f.equals("csr")
                            ? Sparse.instance().csrMatrix(data, indices, indptr, shape)
                            : Sparse.instance().cscMatrix(data, indices, indptr, shape);
                } catch (RuntimeException x) {
                    closeAll(data, indices, indptr);
                    throw x;
                }
            }
            case "coo" -> {
                DType index = SparseChecks.indexFor(shape[0], shape[1]);
                NDArray row = narrow(upload(file, "row", need(file, m, "row"), device, false), index);
                NDArray col = narrow(upload(file, "col", need(file, m, "col"), device, false), index);
                try {
                    yield Sparse.instance().cooMatrix(data, row, col, shape);
                } catch (RuntimeException x) {
                    closeAll(data, row, col);
                    throw x;
                }
            }
            default -> {
                data.close();
                throw new NpyFormatException("loadNpz: " + file + ": format must be csr, csc or coo, got '" + f + "'");
            }
        };
    }

    /** int64 indices as int32 where the matrix's sizes allow, as SciPy's constructors narrow them. */
    private static NDArray narrow(NDArray indices, DType index) {
        if (indices.dtype() == index || index == DType.INT64) return indices;
        try (indices) {
            return indices.astype(index);
        }
    }

    private static void closeAll(NDArray... arrays) {
        for (NDArray a : arrays) a.close();
    }

    private static Entry need(Path file, Map<String, Entry> m, String key) {
        Entry e = m.get(key);
        if (e == null)
            throw new NpyFormatException("loadNpz: " + file + " has no '" + key + "' entry, found " + m.keySet());
        return e;
    }

    private static Entry parse(String where, byte[] b) {
        if (b.length < 10 || (b[0] & 0xff) != 0x93 || !new String(b, 1, 5, StandardCharsets.US_ASCII).equals("NUMPY"))
            throw new NpyFormatException(where + ": not a .npy array (no \\x93NUMPY magic)");
        ByteBuffer in = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int major = b[6];
        int len = major == 1 ? Short.toUnsignedInt(in.getShort(8)) : in.getInt(8);
        int start = major == 1 ? 10 : 12;
        if (len < 0 || start + len > b.length) throw new NpyFormatException(where + ": truncated .npy header");
        String header = new String(b, start, len, StandardCharsets.ISO_8859_1);
        Matcher d = DESCR.matcher(header), s = SHAPE.matcher(header), fo = FORTRAN.matcher(header);
        if (!d.find() || !s.find() || !fo.find())
            throw new NpyFormatException(
                    where + ": the .npy header lacks descr, fortran_order or shape: " + header.trim());
        long[] shape = java.util.Arrays.stream(s.group(1).split(","))
                .map(String::trim)
                .filter(x -> !x.isEmpty())
                .mapToLong(Long::parseLong)
                .toArray();
        if (shape.length > 1 && fo.group(1).equals("True"))
            throw new NpyFormatException(where + ": Fortran-order entries are not sparse arrays");
        byte[] data = java.util.Arrays.copyOfRange(b, start + len, b.length);
        return new Entry(d.group(1), shape, data);
    }

    private static String text(Entry e) {
        String code = e.descr().substring(1);
        if (code.startsWith("S")) return new String(e.data(), StandardCharsets.US_ASCII).replace("\0", "");
        if (code.startsWith("U"))
            return new String(e.data(), java.nio.charset.Charset.forName("UTF-32LE")).replace("\0", "");
        throw new NpyFormatException("loadNpz: format must be a string, got dtype " + e.descr());
    }

    private static long[] longs(Path file, String key, Entry e) {
        DType t = dtype(file, key, e);
        if (t != DType.INT64 && t != DType.INT32)
            throw new DTypeException("loadNpz: " + file + ": " + key + " must be int32 or int64, got " + e.descr());
        ByteBuffer in = ByteBuffer.wrap(e.data()).order(order(e));
        long[] out = new long[e.data().length / t.itemsize()];
        for (int i = 0; i < out.length; i++) out[i] = t == DType.INT64 ? in.getLong() : in.getInt();
        return out;
    }

    private static ByteOrder order(Entry e) {
        return e.descr().startsWith(">") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    private static DType dtype(Path file, String key, Entry e) {
        return switch (e.descr().substring(1)) {
            case "f4" -> DType.FLOAT32;
            case "f8" -> DType.FLOAT64;
            case "c8" -> DType.COMPLEX64;
            case "c16" -> DType.COMPLEX128;
            case "i4" -> DType.INT32;
            case "i8" -> DType.INT64;
            default ->
                throw new DTypeException("loadNpz: " + file + ": " + key + " has dtype " + e.descr()
                        + "; ndgpu's sparse matrices hold float32 or float64 values and int32 or int64 indices");
        };
    }

    /** The entry as a 1-d device array: values float32 or float64, indices int32 or int64. */
    private static NDArray upload(Path file, String key, Entry e, Device device, boolean values) {
        DType t = dtype(file, key, e);
        if (values != (t == DType.FLOAT32 || t == DType.FLOAT64 || t.isComplex()))
            throw new DTypeException("loadNpz: " + file + ": " + key + " must be "
                    + (values ? "float32, float64, complex64 or complex128" : "int32 or int64") + ", got "
                    + e.descr());
        if (e.shape().length != 1)
            throw new NpyFormatException(
                    "loadNpz: " + file + ": " + key + " must be 1-d, got " + e.shape().length + "-d");
        long n = e.shape()[0];
        if (n * t.itemsize() != e.data().length)
            throw new NpyFormatException("loadNpz: " + file + ": " + key + " holds " + e.data().length
                    + " bytes, its shape (" + n + ",) needs " + n * t.itemsize());
        byte[] bytes = e.data();
        if (order(e) == ByteOrder.BIG_ENDIAN) {
            bytes = bytes.clone();
            int w = t.isComplex() ? t.itemsize() / 2 : t.itemsize(); // each part of a complex swaps alone
            for (int i = 0; i < bytes.length; i += w)
                for (int j = 0; j < w / 2; j++) {
                    byte x = bytes[i + j];
                    bytes[i + j] = bytes[i + w - 1 - j];
                    bytes[i + w - 1 - j] = x;
                }
        }
        return NDArray.fromHost(device, t, new long[] {n}, MemorySegment.ofArray(bytes));
    }
}
