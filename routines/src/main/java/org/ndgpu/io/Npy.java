package org.ndgpu.io;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Sizes;

/**
 * Reads and writes NumPy's .npy format (versions 1.0, 2.0 and 3.0 read; 1.0 written, or 2.0 when
 * the header needs more than 65535 bytes), byte-identical to {@code np.save} for the same array.
 * Big-endian files are read and converted to little-endian. Object and string dtypes are refused
 * with an NpyFormatException that names the file and the dtype; a structured array is refused too,
 * pointing at {@link StructuredNpy} ({@code Nd.loadStructured}), which reads it into a
 * {@link org.ndgpu.structured.StructuredArray}.
 *
 * <pre>{@code
 * HostArray a = Npy.read(Path.of("weights.npy"));      // np.save("weights.npy", w)
 * a.dtype(); a.shape();                                // FLOAT32, [64, 64]
 * Npy.write(Path.of("copy.npy"), a);                   // np.load("copy.npy") gives w back
 * }</pre>
 *
 * <p>Headers longer than {@link #MAX_HEADER_LEN} (1 MiB) are refused before anything is allocated.
 * NumPy itself refuses headers over 10000 bytes by default because it evaluates them with
 * ast.literal_eval; ndgpu parses them with a small literal parser instead, so the cap only guards
 * memory against a corrupt length field.
 *
 * <p>A {@link HostArray} holds at most 2 GiB, so {@link #read(Path)} and {@link #write(Path, HostArray)}
 * are limited to that. {@link #readToDevice(Path, Device)} and {@link #writeToFile(Path, NDArray)}
 * (behind {@code Nd.load} and {@code Nd.save}) have no such cap: they move the data between the file
 * and device memory in chunks through a mapped {@link MemorySegment} and {@link FileChannel}, with
 * no byte array of the whole array on the Java heap.
 *
 * <p>IO failures surface as {@link NdIOException}; format problems as {@link NpyFormatException}.
 */
public final class Npy {
    /** The first six bytes of every .npy file: "\x93NUMPY". */
    static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};

    /** The longest header this reader accepts, in bytes: 1 MiB. */
    public static final int MAX_HEADER_LEN = 1 << 20;

    /**
     * The most bytes one host-device copy moves (64 MiB), and the size of the staging buffer for
     * big-endian reads and for writes. Not a setting: tests lower it to exercise the chunking.
     */
    static long chunkBytes = 64L << 20;

    private Npy() {}

    /**
     * Reads a .npy file.
     * <pre>{@code HostArray a = Npy.read(Path.of("x.npy"));}</pre>
     */
    public static HostArray read(Path file) {
        java.util.Objects.requireNonNull(file, "Npy.read: file is null");
        String where = file.toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            InputStream in = java.nio.channels.Channels.newInputStream(ch);
            NpyHeader h = readHeader(in, where);
            long nbytes = dataBytes(h, where);
            long available = fileSize - ch.position();
            if (available != nbytes) throw dataSizeError(where, h, nbytes, available);
            ByteBuffer data = ByteBuffer.allocate((int) nbytes);
            while (data.hasRemaining()) {
                if (ch.read(data) < 0) throw dataSizeError(where, h, nbytes, data.position());
            }
            return finish(h, data.array());
        } catch (NoSuchFileException e) {
            throw new NdIOException("npy: no such file: " + where, e);
        } catch (IOException e) {
            throw new NdIOException("npy: cannot read " + where + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads one array from a stream, leaving the stream just past its data (so several arrays
     * written one after another can be read in turn, as np.load on an open file does).
     * <pre>{@code try (var in = Files.newInputStream(p)) { HostArray a = Npy.read(in); }}</pre>
     */
    public static HostArray read(InputStream in) {
        java.util.Objects.requireNonNull(in, "Npy.read: in is null");
        return read(in, "npy stream", false);
    }

    /**
     * Reads a .npy file held in memory; the bytes must hold exactly one array.
     * <pre>{@code HostArray a = Npy.read(Files.readAllBytes(p));}</pre>
     */
    public static HostArray read(byte[] npyBytes) {
        java.util.Objects.requireNonNull(npyBytes, "Npy.read: npyBytes is null");
        return read(new ByteArrayInputStream(npyBytes), "npy bytes", true);
    }

    /** Reads one array; {@code where} names the source in messages; {@code wholeInput} refuses trailing bytes. */
    static HostArray read(InputStream in, String where, boolean wholeInput) {
        try {
            NpyHeader h = readHeader(in, where);
            long nbytes = dataBytes(h, where);
            // readNBytes grows its buffer as data arrives, so a header that lies about a huge
            // shape in a short stream fails on the short read, not on a huge allocation
            byte[] data = in.readNBytes((int) nbytes);
            if (data.length != nbytes) throw dataSizeError(where, h, nbytes, data.length);
            if (wholeInput) {
                long extra = in.transferTo(OutputStream.nullOutputStream());
                if (extra > 0) throw dataSizeError(where, h, nbytes, nbytes + extra);
            }
            return finish(h, data);
        } catch (IOException e) {
            throw new NdIOException("npy: cannot read " + where + ": " + e.getMessage(), e);
        }
    }

    private static NpyHeader readHeader(InputStream in, String where) throws IOException {
        return NpyHeader.parse(readHeaderText(in, where), where);
    }

    /** The header dict's text, after the magic, version and length are checked; the stream is left at the data. */
    static String readHeaderText(InputStream in, String where) throws IOException {
        byte[] magic = in.readNBytes(MAGIC.length);
        if (magic.length < MAGIC.length || !java.util.Arrays.equals(magic, MAGIC)) {
            throw new NpyFormatException(where + ": not a .npy file: magic is " + pyBytes(magic)
                    + (magic.length < MAGIC.length ? " (the file ends after " + magic.length + " bytes)" : "")
                    + ", expected b'\\x93NUMPY'");
        }
        int major = readByte(in, where, "format version"), minor = readByte(in, where, "format version");
        if (major < 1 || major > 3 || minor != 0) {
            throw new NpyFormatException(
                    where + ": unsupported .npy format version " + major + "." + minor + "; expected 1.0, 2.0 or 3.0");
        }
        int lenBytes = major == 1 ? 2 : 4;
        long headerLen = 0;
        for (int i = 0; i < lenBytes; i++) headerLen |= (long) readByte(in, where, "header length") << (8 * i);
        if (headerLen > MAX_HEADER_LEN) {
            throw new NpyFormatException(where + ": header length " + headerLen + " bytes exceeds the limit of "
                    + MAX_HEADER_LEN + " bytes (Npy.MAX_HEADER_LEN); the file is corrupt or not a plain array");
        }
        byte[] header = in.readNBytes((int) headerLen);
        if (header.length < headerLen) {
            throw new NpyFormatException(where + ": truncated header: the header length field says " + headerLen
                    + " bytes, the file has only " + header.length + " more");
        }
        // versions 1.0 and 2.0 are latin-1; 3.0 allows UTF-8 (structured field names)
        return new String(header, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }

    /** The data size a header calls for, which a host array must hold (at most 2 GiB). */
    private static long dataBytes(NpyHeader h, String where) {
        long n = deviceDataBytes(h, where);
        try {
            return HostArray.byteSize(h.dtype(), h.shape());
        } catch (org.ndgpu.exceptions.ShapeException e) {
            throw new NpyFormatException(
                    where + ": header says " + h.describe(n) + "; a host array holds at most 2 GiB", e);
        }
    }

    private static int readByte(InputStream in, String where, String what) throws IOException {
        int b = in.read();
        if (b < 0) throw new NpyFormatException(where + ": truncated header: the file ends inside the " + what);
        return b;
    }

    private static NpyFormatException dataSizeError(String where, NpyHeader h, long nbytes, long found) {
        String kind = found < nbytes ? "truncated data" : "data size mismatch";
        return new NpyFormatException(where + ": " + kind + ": header says " + h.describe(nbytes) + ", file has "
                + found + (found > nbytes ? " (" + (found - nbytes) + " bytes after the array)" : ""));
    }

    private static HostArray finish(NpyHeader h, byte[] data) {
        if (h.bigEndian())
            swapBytes(
                    data,
                    h.dtype().isComplex() ? h.dtype().itemsize() / 2 : h.dtype().itemsize());
        // the flag is kept as the file says; for 0-d and 1-d arrays both orders are the same bytes
        return new HostArray(h.dtype(), h.shape(), h.fortranOrder(), ByteBuffer.wrap(data));
    }

    /** Reverses every {@code width}-byte group in place (big-endian to little-endian). */
    static void swapBytes(byte[] data, int width) {
        if (width <= 1) return;
        for (int off = 0; off + width <= data.length; off += width) {
            for (int i = 0, j = width - 1; i < j; i++, j--) {
                byte t = data[off + i];
                data[off + i] = data[off + j];
                data[off + j] = t;
            }
        }
    }

    /**
     * Reads a .npy file into a new C-ordered array on {@code device}, as numpy.load followed by a copy
     * to the device, with no 2 GiB limit: the header is parsed and the data size checked against the
     * file size before any device memory is taken; then the data region is mapped
     * ({@link FileChannel#map(FileChannel.MapMode, long, long, Arena)}) and copied to the device in
     * chunks of at most 64 MiB. A big-endian file is byte-swapped chunk by chunk in a host staging
     * buffer of one chunk; a Fortran-order file is copied as it is into an array of the reversed
     * shape and reordered to C order on the device (so it needs twice its size of device memory for
     * a moment).
     * <pre>{@code NDArray w = Npy.readToDevice(Path.of("weights.npy"), Device.current());}</pre>
     *
     * @param file   the .npy file
     * @param device the device that holds the result
     * @return a new C-contiguous array; the caller closes it
     * @throws NpyFormatException if the file is not a .npy file ndgpu can read, or its data size does
     *                            not match its header (nothing is allocated then)
     * @throws NdIOException      if the file cannot be read
     */
    public static NDArray readToDevice(Path file, Device device) {
        java.util.Objects.requireNonNull(file, "readToDevice: file is null");
        java.util.Objects.requireNonNull(device, "readToDevice: device is null");
        String where = file.toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            NpyHeader h = readHeader(java.nio.channels.Channels.newInputStream(ch), where);
            long nbytes = deviceDataBytes(h, where);
            long dataOffset = ch.position();
            long available = fileSize - dataOffset;
            if (available != nbytes) throw dataSizeError(where, h, nbytes, available);
            long[] shape = h.shape();
            // a Fortran-order file holds the C-order bytes of the transpose
            boolean reorder = h.fortranOrder() && shape.length > 1 && HostArray.size(shape) > 1;
            long[] stored = reorder ? reversed(shape) : shape;
            NDArray raw = NDArray.empty(device, h.dtype(), stored, Order.C);
            try {
                if (nbytes > 0) {
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, dataOffset, nbytes, arena);
                        copyToDevice(data, raw, h, arena);
                    }
                }
                if (!reorder) return raw;
                try (NDArray t = raw.T()) {
                    return t.copy(Order.C);
                } finally {
                    raw.close();
                }
            } catch (RuntimeException | Error e) {
                raw.close();
                throw e;
            }
        } catch (NoSuchFileException e) {
            throw new NdIOException("npy: no such file: " + where, e);
        } catch (IOException e) {
            throw new NdIOException("npy: cannot read " + where + ": " + e.getMessage(), e);
        }
    }

    /** Copies the file's data into {@code dst}'s buffer chunk by chunk, byte-swapping big-endian elements on the way. */
    private static void copyToDevice(MemorySegment data, NDArray dst, NpyHeader h, Arena arena) {
        Device dev = dst.device();
        Backend backend = dev.backend();
        BackendStream stream = dev.currentStream().backendStream();
        int width = h.dtype().isComplex() ? h.dtype().itemsize() / 2 : h.dtype().itemsize();
        boolean swap = h.bigEndian() && width > 1;
        long chunk = chunkSize(h.dtype().itemsize(), data.byteSize());
        MemorySegment staging = swap ? arena.allocate(chunk, 16) : null;
        ValueLayout big = swap ? unaligned(width).withOrder(ByteOrder.BIG_ENDIAN) : null;
        ValueLayout little = swap ? unaligned(width).withOrder(ByteOrder.LITTLE_ENDIAN) : null;
        for (long pos = 0; pos < data.byteSize(); pos += chunk) {
            long n = Math.min(chunk, data.byteSize() - pos);
            MemorySegment src = data.asSlice(pos, n);
            if (swap) {
                // copy() between layouts of different byte order swaps every element
                MemorySegment.copy(src, big, 0, staging, little, 0, n / width);
                src = staging.asSlice(0, n);
            }
            // copyIn returns once the host memory may be reused: the staging buffer is free again
            backend.copyIn(stream, src, dst.buffer(), dst.offset() + pos, n);
        }
    }

    /** The unaligned layout of an element of {@code width} bytes (2, 4 or 8), for byte-swapping reads. */
    static ValueLayout unaligned(int width) {
        return switch (width) {
            case 2 -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case 4 -> ValueLayout.JAVA_INT_UNALIGNED;
            case 8 -> ValueLayout.JAVA_LONG_UNALIGNED;
            default -> throw new IllegalArgumentException("element width " + width);
        };
    }

    /** The chunk size: {@link #chunkBytes} rounded down to whole elements, at least one element, at most {@code total}. */
    private static long chunkSize(int itemsize, long total) {
        long c = Math.max(itemsize, chunkBytes - chunkBytes % itemsize);
        return Math.max(1, Math.min(c, total));
    }

    private static long[] reversed(long[] shape) {
        long[] r = new long[shape.length];
        for (int i = 0; i < shape.length; i++) r[i] = shape[shape.length - 1 - i];
        return r;
    }

    /** The data size a header calls for, with no host-buffer cap. */
    private static long deviceDataBytes(NpyHeader h, String where) {
        // a size no array can have is the file's fault: a format error naming the file, not a ShapeException
        try {
            return Sizes.bytes(where, h.shape(), h.dtype());
        } catch (ShapeException overflow) {
            throw new NpyFormatException(
                    where + ": header shape " + HostArray.shapeString(h.shape()) + " overflows a 64-bit size",
                    overflow);
        }
    }

    /**
     * Writes a device array to a .npy file (replacing any file there), as numpy.save, with no 2 GiB
     * limit: the header, then the elements streamed from the device in chunks of at most 64 MiB
     * through one host staging buffer and {@link FileChannel} writes. An F-contiguous array (not also
     * C-contiguous) is written in Fortran order, as NumPy does; any other array in C order, made
     * C-contiguous on the device first when it is not (a temporary device copy).
     * <pre>{@code Npy.writeToFile(Path.of("x.npy"), a);   // np.load("x.npy") gives a back}</pre>
     *
     * @param file the file to write
     * @param a    the array; it is only read
     * @throws NdIOException if the file cannot be written
     */
    public static void writeToFile(Path file, NDArray a) {
        java.util.Objects.requireNonNull(file, "writeToFile: file is null");
        java.util.Objects.requireNonNull(a, "writeToFile: a is null");
        a.live("save");
        boolean fortran = a.ndim() > 1 && a.isFContiguous() && !a.isCContiguous();
        // the transpose of an F-contiguous array is C-contiguous: its C-order bytes are the F-order bytes
        NDArray view = fortran ? a.T() : a;
        NDArray c = view.isCContiguous() ? view : view.copy(Order.C);
        try (FileChannel ch = FileChannel.open(
                        file,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING);
                Arena arena = Arena.ofConfined()) {
            writeFully(ch, ByteBuffer.wrap(NpyHeader.encode(a.dtype(), a.shape(), fortran)));
            long nbytes = c.nbytes();
            if (nbytes > 0) {
                Device dev = c.device();
                Backend backend = dev.backend();
                BackendStream stream = dev.currentStream().backendStream();
                long chunk = chunkSize(a.dtype().itemsize(), nbytes);
                MemorySegment staging = arena.allocate(chunk, 16);
                for (long pos = 0; pos < nbytes; pos += chunk) {
                    long n = Math.min(chunk, nbytes - pos);
                    MemorySegment part = staging.asSlice(0, n);
                    backend.copyOut(stream, c.buffer(), c.offset() + pos, part, n);
                    writeFully(ch, part.asByteBuffer());
                }
            }
        } catch (IOException e) {
            throw new NdIOException("npy: cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            if (c != view) c.close();
            if (view != a) view.close();
        }
    }

    static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) ch.write(buf);
    }

    /**
     * Writes a .npy file (replacing any file there).
     * <pre>{@code Npy.write(Path.of("x.npy"), a);}</pre>
     */
    public static void write(Path file, HostArray array) {
        java.util.Objects.requireNonNull(file, "Npy.write: file is null");
        java.util.Objects.requireNonNull(array, "Npy.write: array is null");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(out, array);
        } catch (IOException e) {
            throw new NdIOException("npy: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes one array to a stream, as np.save(f, a) does on an open file; the stream stays open.
     * <pre>{@code try (var out = Files.newOutputStream(p)) { Npy.write(out, a); }}</pre>
     */
    public static void write(OutputStream out, HostArray array) {
        java.util.Objects.requireNonNull(out, "Npy.write: out is null");
        java.util.Objects.requireNonNull(array, "Npy.write: array is null");
        try {
            out.write(NpyHeader.encode(array.dtype(), array.shape(), fortranFlag(array)));
            ByteBuffer data = array.data();
            byte[] chunk = new byte[Math.min(data.remaining(), 1 << 16)];
            while (data.hasRemaining()) {
                int n = Math.min(chunk.length, data.remaining());
                data.get(chunk, 0, n);
                out.write(chunk, 0, n);
            }
            out.flush();
        } catch (IOException e) {
            throw new NdIOException("npy: cannot write: " + e.getMessage(), e);
        }
    }

    /**
     * The bytes of a .npy file for this array.
     * <pre>{@code byte[] b = Npy.toBytes(a);   // what np.save would write}</pre>
     */
    public static byte[] toBytes(HostArray array) {
        java.util.Objects.requireNonNull(array, "Npy.toBytes: array is null");
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) array.nbytes() + 128);
        write(out, array);
        return out.toByteArray();
    }

    // np.save writes fortran_order=True only for arrays that are F- but not C-contiguous: those
    // with two or more axes longer than 1. Same bytes either way, but this keeps files identical.
    private static boolean fortranFlag(HostArray a) {
        if (!a.fortranOrder() || a.size() == 0) return false;
        int longAxes = 0;
        for (long d : a.shape()) if (d > 1) longAxes++;
        return longAxes > 1;
    }

    /** Python's repr of a bytes object, so the message shows the magic as NumPy users know it. */
    static String pyBytes(byte[] b) {
        StringBuilder sb = new StringBuilder("b'");
        for (byte x : b) {
            int c = x & 0xFF;
            if (c == '\\' || c == '\'') sb.append('\\').append((char) c);
            else if (c >= 0x20 && c < 0x7F) sb.append((char) c);
            else sb.append("\\x").append(HexFormat.of().toHexDigits((byte) c));
        }
        return sb.append('\'').toString();
    }
}
