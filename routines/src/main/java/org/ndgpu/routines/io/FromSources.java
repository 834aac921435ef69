package org.ndgpu.routines.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Transfers;
import org.ndgpu.routines.indexing.IndexGrids;

/**
 * NumPy's array makers from other sources: fromiter (Java numbers), frombuffer (bytes), fromstring
 * and fromfile (text or raw bytes) and fromfunction. The data is gathered on the host, where it is,
 * and crosses to the device once; fromfunction runs its function on device index arrays.
 */
public final class FromSources {
    private FromSources() {}

    /** numpy.fromiter(iterable, dtype): the numbers, in order, as a 1-d array. */
    public static NDArray fromiter(Iterable<? extends Number> values, DType dtype) {
        Objects.requireNonNull(values, "fromiter: values is null");
        Objects.requireNonNull(dtype, "fromiter: dtype is null");
        List<Double> f = new ArrayList<>();
        List<Long> l = new ArrayList<>();
        boolean integral = dtype.isInteger();
        for (Object o : values) { // read as Object: a raw or unchecked Iterable may hold anything
            Objects.requireNonNull(o, "fromiter: values holds a null");
            if (!(o instanceof Number n)) {
                throw new NdException("fromiter: values must be Java numbers, got a "
                        + o.getClass().getSimpleName());
            }
            if (integral) l.add(n.longValue());
            else f.add(n.doubleValue());
        }
        return integral
                ? cast(l.stream().mapToLong(Long::longValue).toArray(), dtype)
                : cast(f.stream().mapToDouble(Double::doubleValue).toArray(), dtype);
    }

    /** numpy.frombuffer(buffer, dtype): little-endian elements, as a 1-d array (a copy on the device). */
    public static NDArray frombuffer(byte[] buffer, DType dtype) {
        Objects.requireNonNull(buffer, "frombuffer: buffer is null");
        Objects.requireNonNull(dtype, "frombuffer: dtype is null");
        if (buffer.length % dtype.itemsize() != 0) {
            throw new ShapeException("frombuffer: buffer size " + buffer.length + " must be a multiple of the " + dtype
                    + " element size " + dtype.itemsize());
        }
        return Transfers.fromHost(
                Device.current(),
                dtype,
                new long[] {buffer.length / dtype.itemsize()},
                MemorySegment.ofArray(buffer.clone()));
    }

    /** numpy.fromstring(text, dtype, sep): numbers separated by {@code sep} (blank: whitespace). */
    public static NDArray fromstring(String text, DType dtype, String sep) {
        Objects.requireNonNull(text, "fromstring: text is null");
        Objects.requireNonNull(dtype, "fromstring: dtype is null");
        Objects.requireNonNull(sep, "fromstring: sep is null");
        if (sep.isEmpty()) {
            throw new NdException("fromstring: sep must not be empty (binary mode is frombuffer, as NumPy 2 says)");
        }
        String t = text.strip();
        String[] parts = t.isEmpty()
                ? new String[0]
                : sep.isBlank() ? t.split("\\s+") : t.split("\\s*" + Pattern.quote(sep.strip()) + "\\s*");
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new NdException(
                        "fromstring: could not convert '" + parts[i] + "' (element " + i + ") to " + dtype);
            }
        }
        return cast(v, dtype);
    }

    /** numpy.fromfile(file, dtype): the file's raw little-endian elements, as a 1-d array. */
    public static NDArray fromfile(Path file, DType dtype) {
        Objects.requireNonNull(file, "fromfile: file is null");
        try {
            return frombuffer(Files.readAllBytes(file), dtype);
        } catch (IOException e) {
            throw new NdIOException("fromfile: cannot read " + file + ": " + e, e);
        }
    }

    /** numpy.fromfile(file, dtype, sep): the file read as text, numbers separated by {@code sep}. */
    public static NDArray fromfile(Path file, DType dtype, String sep) {
        Objects.requireNonNull(file, "fromfile: file is null");
        try {
            return fromstring(Files.readString(file, StandardCharsets.UTF_8), dtype, sep);
        } catch (IOException e) {
            throw new NdIOException("fromfile: cannot read " + file + ": " + e, e);
        }
    }

    /**
     * numpy.fromfunction(f, shape, dtype): f called once with one index array per axis (each of
     * {@code shape}, of {@code dtype}), on the device.
     */
    public static NDArray fromfunction(Function<NDArray[], NDArray> f, DType dtype, long... shape) {
        Objects.requireNonNull(f, "fromfunction: f is null");
        Objects.requireNonNull(dtype, "fromfunction: dtype is null");
        Objects.requireNonNull(shape, "fromfunction: shape is null");
        NDArray[] axes = new NDArray[shape.length];
        NDArray result = null;
        try (NDArray grid = IndexGrids.indices("fromfunction", shape, dtype)) {
            for (int d = 0; d < shape.length; d++) {
                try (NDArray slab = org.ndgpu.ndarray.Views.slab(grid, 0, d, 1)) {
                    axes[d] = slab.reshape(shape);
                }
            }
            Object r = ((Function<NDArray[], ?>) f).apply(axes); // read as Object: an unchecked f may return anything
            if (!(r instanceof NDArray y)) {
                throw new NdException("fromfunction: f must return an NDArray, got "
                        + (r == null ? "null" : "a " + r.getClass().getSimpleName()));
            }
            result = y;
            return result;
        } finally {
            for (NDArray a : axes) if (a != null && a != result) a.close(); // f may return an index array itself
        }
    }

    private static NDArray cast(double[] v, DType dtype) {
        NDArray w =
                Transfers.fromHost(Device.current(), DType.FLOAT64, new long[] {v.length}, MemorySegment.ofArray(v));
        if (dtype == DType.FLOAT64) return w;
        try (w) {
            return w.astype(dtype);
        }
    }

    private static NDArray cast(long[] v, DType dtype) {
        NDArray w = Transfers.fromHost(Device.current(), DType.INT64, new long[] {v.length}, MemorySegment.ofArray(v));
        if (dtype == DType.INT64) return w;
        try (w) {
            return w.astype(dtype);
        }
    }
}
