package org.ndgpu.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.structured.Field;
import org.ndgpu.structured.StructuredArray;
import org.ndgpu.structured.StructuredDType;

/**
 * Reads and writes .npy files holding a NumPy structured array ({@code np.save} of an array whose
 * dtype has fields), behind {@code Nd.loadStructured} and {@code Nd.save(Path, StructuredArray)}.
 *
 * <pre>{@code
 * StructuredArray s = StructuredNpy.read(Path.of("points.npy"), Device.current());
 * StructuredNpy.write(Path.of("copy.npy"), s);   // np.load("copy.npy") == np.load("points.npy")
 * }</pre>
 *
 * <p>Reading takes any layout NumPy writes: packed or aligned (padding entries {@code ('', '|V4')}
 * give the offsets), big-endian fields (swapped to little-endian), subarray fields, C or Fortran
 * order, 0-d and empty arrays. The data region is mapped and each field gathered from the records
 * on the host, then copied to that field's device array. Writing does the reverse into records laid
 * out as the dtype says (padding bytes 0), with the header np.save writes for that dtype: so the
 * file is byte-identical to NumPy's for the same values when NumPy's padding bytes are 0 (as
 * np.zeros and np.array make them). The file is always written in C order and little-endian.
 *
 * <p>Fields of nested structured, string, object or void types, and field titles, are refused with
 * an {@link NpyFormatException} naming the file and the field.
 */
public final class StructuredNpy {
    private StructuredNpy() {}

    /**
     * numpy.load of a structured .npy file onto {@code device}.
     * <pre>{@code StructuredArray s = StructuredNpy.read(Path.of("a.npy"), Device.current());}</pre>
     *
     * @param file   the .npy file
     * @param device the device that holds the fields
     * @return a new structured array; the caller closes it
     * @throws NpyFormatException if the file is not a structured .npy file ndgpu reads (a plain array
     *                            is one too: it says to use Nd.load), or its size does not match its header
     * @throws NdIOException      if the file cannot be read
     */
    public static StructuredArray read(Path file, Device device) {
        Objects.requireNonNull(file, "loadStructured: file is null");
        Objects.requireNonNull(device, "loadStructured: device is null");
        String where = file.toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            Map<?, ?> dict = NpyHeader.dict(Npy.readHeaderText(Channels.newInputStream(ch), where), where);
            Layout l = layout(dict, where, "Nd.load");
            long dataOffset = ch.position();
            l.checkSize(fileSize - dataOffset, where);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data =
                        l.nbytes() > 0 ? ch.map(FileChannel.MapMode.READ_ONLY, dataOffset, l.nbytes(), arena) : null;
                return fill(l, data, device);
            }
        } catch (NoSuchFileException e) {
            throw new NdIOException("loadStructured: no such file: " + where, e);
        } catch (IOException e) {
            throw new NdIOException("loadStructured: cannot read " + where + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a structured array from a whole .npy held in memory (an .npz member); {@code where} names
     * it in messages, and {@code plainHint} is the call that reads it if it is a plain array.
     */
    static StructuredArray read(byte[] npy, String where, String plainHint, Device device) {
        ByteArrayInputStream in = new ByteArrayInputStream(npy);
        Map<?, ?> dict;
        try {
            dict = NpyHeader.dict(Npy.readHeaderText(in, where), where);
        } catch (IOException e) {
            throw new NdIOException("loadStructured: cannot read " + where + ": " + e.getMessage(), e);
        }
        Layout l = layout(dict, where, plainHint);
        long dataOffset = npy.length - in.available();
        l.checkSize(npy.length - dataOffset, where);
        return fill(l, MemorySegment.ofArray(npy).asSlice(dataOffset), device);
    }

    /** What a structured .npy header says: the fields, the order, the shape and the data's size. */
    private record Layout(StructuredDescr descr, boolean fortran, long[] shape, long n, long nbytes) {
        void checkSize(long available, String where) {
            if (available != nbytes) {
                throw new NpyFormatException(where + ": "
                        + (available < nbytes ? "truncated data" : "data size mismatch") + ": header says shape "
                        + HostArray.shapeString(shape) + " of " + descr.dtype().itemsize() + "-byte records = "
                        + nbytes + " bytes, file has " + available);
            }
        }
    }

    private static Layout layout(Map<?, ?> dict, String where, String plainHint) {
        if (!(dict.get("descr") instanceof List<?> list)) {
            throw new NpyFormatException(where + ": not a structured array: descr is "
                    + PyLiteral.repr(dict.get("descr")) + ", not a list of fields; load it with " + plainHint);
        }
        StructuredDescr descr = StructuredDescr.parse(list, where);
        boolean fortran = NpyHeader.fortranOrder(dict, where);
        long[] shape = NpyHeader.shape(dict.get("shape"), where);
        StructuredDType dtype = descr.dtype();
        try {
            long n = HostArray.size(shape);
            return new Layout(descr, fortran, shape, n, Math.multiplyExact(n, dtype.itemsize()));
        } catch (ShapeException | ArithmeticException overflow) {
            throw new NpyFormatException(
                    where + ": header shape " + HostArray.shapeString(shape) + " of " + dtype.itemsize()
                            + "-byte records overflows a 64-bit size",
                    overflow);
        }
    }

    /** True when a .npy header dict describes a structured array (its descr is a list of fields). */
    static boolean isStructured(Map<?, ?> dict) {
        return dict.get("descr") instanceof List<?>;
    }

    /** The structured array {@code l} describes, its fields gathered from {@code data} (the records; null if none). */
    private static StructuredArray fill(Layout l, MemorySegment data, Device device) {
        StructuredDType dtype = l.descr().dtype();
        StructuredArray s = StructuredArray.empty(device, dtype, l.shape());
        try {
            if (l.nbytes() > 0) {
                long[] records = l.fortran() && l.shape().length > 1 ? fortranRecords(l.shape()) : null;
                for (int i = 0; i < dtype.fields().size(); i++) {
                    loadField(data, l.n(), records, dtype, i, l.descr().bigEndian()[i], s);
                }
            }
            return s;
        } catch (RuntimeException | Error e) {
            s.close();
            throw e;
        }
    }

    /**
     * Gathers field {@code i} of the {@code n} records into a host buffer, byte-swapped if need be,
     * and copies it to the device; {@code records} gives each record's place in the file (null: in order).
     */
    private static void loadField(
            MemorySegment data,
            long n,
            long[] records,
            StructuredDType dtype,
            int i,
            boolean bigEndian,
            StructuredArray s) {
        Field f = dtype.fields().get(i);
        long fieldBytes = f.itemsize();
        long bytes = n * fieldBytes;
        if (bytes == 0) return;
        int width = f.dtype().isComplex() ? f.dtype().itemsize() / 2 : f.dtype().itemsize();
        boolean swap = bigEndian && width > 1;
        ValueLayout big = swap ? Npy.unaligned(width).withOrder(ByteOrder.BIG_ENDIAN) : null;
        ValueLayout little = swap ? Npy.unaligned(width).withOrder(ByteOrder.LITTLE_ENDIAN) : null;
        try (Arena arena = Arena.ofConfined();
                NDArray v = s.field(f.name())) {
            MemorySegment staging = arena.allocate(bytes, 16);
            for (long r = 0; r < n; r++) {
                long src = (records == null ? r : records[(int) r]) * dtype.itemsize() + f.offset(),
                        dst = r * fieldBytes;
                if (swap) MemorySegment.copy(data, big, src, staging, little, dst, fieldBytes / width);
                else MemorySegment.copy(data, src, staging, dst, fieldBytes);
            }
            Device dev = v.device();
            dev.backend().copyIn(dev.currentStream().backendStream(), staging, v.buffer(), v.offset(), bytes);
        }
    }

    /** For each record in C order, its place in a Fortran-order file (records in column-major order). */
    private static long[] fortranRecords(long[] shape) {
        long n = HostArray.size(shape);
        if (n > Integer.MAX_VALUE - 8) {
            throw new NpyFormatException(
                    "loadStructured: a Fortran-order file of " + n + " records is more than one load reorders (2^31)");
        }
        long[] order = new long[(int) n];
        int nd = shape.length;
        long[] step = new long[nd];
        long s = 1;
        for (int k = 0; k < nd; k++) {
            step[k] = s;
            s *= shape[k];
        }
        long[] idx = new long[nd];
        long at = 0;
        for (int r = 0; r < n; r++) {
            order[r] = at;
            for (int k = nd - 1; k >= 0; k--) {
                at += step[k];
                if (++idx[k] < shape[k]) break;
                at -= step[k] * shape[k];
                idx[k] = 0;
            }
        }
        return order;
    }

    /**
     * numpy.save of a structured array: the header np.save writes for its dtype (the descr with
     * padding entries), then the records in C order, little-endian, padding bytes 0.
     * <pre>{@code StructuredNpy.write(Path.of("out.npy"), s);   // np.load("out.npy") gives s back}</pre>
     *
     * @param file the file to write (replaced)
     * @param a    the structured array; it is only read
     * @throws ArrayClosedException if {@code a} is closed (the file is not touched)
     * @throws NdIOException        if the file cannot be written
     */
    public static void write(Path file, StructuredArray a) {
        Objects.requireNonNull(file, "save: file is null");
        Objects.requireNonNull(a, "save: a is null");
        long nbytes = a.nbytes();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment records = records("save", a, arena);
            try (FileChannel ch = FileChannel.open(
                    file, StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
                Npy.writeFully(ch, ByteBuffer.wrap(NpyHeader.encode(a.dtype().descr(), a.shape(), false)));
                for (long pos = 0; pos < nbytes; pos += 1 << 30) {
                    Npy.writeFully(
                            ch,
                            records.asSlice(pos, Math.min(1L << 30, nbytes - pos))
                                    .asByteBuffer());
                }
            }
        } catch (IOException e) {
            throw new NdIOException("save: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The whole .npy np.save writes for {@code a}, in memory (an .npz member), so at most 2 GiB;
     * {@code op} names the call in messages.
     */
    static byte[] toBytes(String op, StructuredArray a) {
        byte[] header = NpyHeader.encode(a.dtype().descr(), a.shape(), false);
        long nbytes = a.nbytes();
        if (nbytes > Integer.MAX_VALUE - 8 - header.length) {
            throw new ShapeException(op + ": a structured array of " + nbytes
                    + " bytes is more than an .npz member holds (2 GiB: members go through host memory)");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment records = records(op, a, arena);
            byte[] out = new byte[header.length + (int) nbytes];
            System.arraycopy(header, 0, out, 0, header.length);
            MemorySegment.copy(records, 0, MemorySegment.ofArray(out), header.length, nbytes);
            return out;
        }
    }

    /** The records of {@code a} in C order, little-endian, padding bytes 0, as np.save writes them. */
    private static MemorySegment records(String op, StructuredArray a, Arena arena) {
        if (a.isClosed()) throw new ArrayClosedException(op + ": the structured array " + a.dtype() + " was closed");
        StructuredDType dtype = a.dtype();
        long n = a.size(), nbytes = a.nbytes();
        if (n > Integer.MAX_VALUE - 8) {
            throw new ShapeException(op + ": " + n + " records are more than one save writes (2^31)");
        }
        // Arena memory starts zeroed: the padding bytes are 0
        MemorySegment records = arena.allocate(Math.max(1, nbytes), 16);
        for (Field f : dtype.fields()) {
            long fieldBytes = f.itemsize();
            if (n * fieldBytes == 0) continue;
            // a record view (StructuredArray.get) may hold strided fields: copy those to C order first
            try (Arena fieldArena = Arena.ofConfined();
                    NDArray view = a.field(f.name());
                    NDArray v = view.isCContiguous()
                            ? view.view(view.shape(), view.strides(), view.offset())
                            : view.copy(Order.C)) {
                MemorySegment staging = fieldArena.allocate(n * fieldBytes, 16);
                Device dev = v.device();
                dev.backend()
                        .copyOut(dev.currentStream().backendStream(), v.buffer(), v.offset(), staging, n * fieldBytes);
                for (long r = 0; r < n; r++) {
                    MemorySegment.copy(staging, r * fieldBytes, records, r * dtype.itemsize() + f.offset(), fieldBytes);
                }
            }
        }
        return records;
    }
}
