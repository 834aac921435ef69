package org.ndgpu.structured;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * A NumPy structured array on a device: an array of records whose dtype is a
 * {@link StructuredDType}, as {@code np.zeros(3, dtype=[('x', '<f4'), ('y', '<i8')])}. It is not an
 * {@link NDArray} (whose elements are one {@link org.ndgpu.ndarray.DType}); each field is one,
 * reached by name as NumPy's {@code a['x']}.
 *
 * <pre>{@code
 * StructuredArray s = Nd.loadStructured(Path.of("particles.npy"));   // np.save of a structured array
 * s.fieldNames();                  // [x, y, pos]
 * NDArray x = s.field("x");        // a['x']: float32, shape s.shape()
 * NDArray pos = s.field("pos");    // a['pos']: shape s.shape() + (3,)
 * x.set("...", 0.0);               // writes through: s's x field is now 0
 * Nd.save(Path.of("out.npy"), s);  // np.load gives back an equal structured array
 * var t = StructuredArray.of(new LinkedHashMap<>(Map.of("x", Nd.arange(3))));   // np.rec.fromarrays
 * }</pre>
 *
 * <p><b>Layout.</b> On the device, each field lives in its own C-contiguous array (a struct of
 * arrays, so that a kernel over one field reads it coalesced; {@link #get(String)} gives views of
 * them); the record layout (offsets, padding,
 * itemsize) is the dtype's, and is what {@code Nd.save} writes and {@code Nd.loadStructured} reads.
 * So {@link #field(String)} is a true view, as NumPy's {@code a['x']} is: no copy, and writes through
 * it change this array; but its strides are those of a plain array ({@code itemsize} of the field),
 * not NumPy's record stride.
 *
 * <p>It is AutoCloseable: {@link #close()} releases every field's memory once no field view uses
 * it. A closed array refuses every call that needs its elements with an
 * {@link ArrayClosedException} naming the call.
 */
public final class StructuredArray implements AutoCloseable {
    private final StructuredDType dtype;
    private final long[] shape;
    // one array per field, in the dtype's order: shape + the field's subarray shape; C-contiguous
    // unless this array is a view of records (get)
    private final NDArray[] values;
    private volatile boolean closed;

    private StructuredArray(StructuredDType dtype, long[] shape, NDArray[] values) {
        this.dtype = dtype;
        this.shape = shape;
        this.values = values;
    }

    /**
     * numpy.empty(shape, dtype) on {@code device}: the fields' values are whatever the memory holds.
     * {@code StructuredArray.empty(Device.current(), dt, 2, 3)}
     *
     * @param device the device that holds the fields
     * @param dtype  the record type
     * @param shape  the array's shape (records), {@code long[0]} for a 0-d array
     * @return a new array; the caller closes it
     */
    public static StructuredArray empty(Device device, StructuredDType dtype, long... shape) {
        Objects.requireNonNull(device, "StructuredArray.empty: device is null");
        Objects.requireNonNull(dtype, "StructuredArray.empty: dtype is null");
        Objects.requireNonNull(shape, "StructuredArray.empty: shape is null");
        long[] s = shape.clone();
        for (long d : s) {
            if (d < 0) throw new ShapeException("StructuredArray.empty: negative dimension in shape " + shapeText(s));
        }
        List<Field> fields = dtype.fields();
        NDArray[] values = new NDArray[fields.size()];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = NDArray.empty(
                        device, fields.get(i).dtype(), concat(s, fields.get(i).shape()), Order.C);
            }
        } catch (RuntimeException | Error e) {
            for (NDArray v : values) if (v != null) v.close();
            throw e;
        }
        return new StructuredArray(dtype, s, values);
    }

    /**
     * numpy.zeros(shape, dtype) on the current device: every field 0.
     * {@code StructuredArray.zeros(StructuredDType.packed(Field.of("x", DType.FLOAT64)), 4)}
     *
     * @param dtype the record type
     * @param shape the array's shape, {@code long[0]} for a 0-d array
     * @return a new array; the caller closes it
     */
    public static StructuredArray zeros(StructuredDType dtype, long... shape) {
        StructuredArray a = empty(Device.current(), dtype, shape);
        for (NDArray v : a.values) {
            // a memset, as np.zeros: every field type's zero is all zero bytes
            Device dev = v.device();
            dev.backend().fill(dev.currentStream().backendStream(), v.buffer(), v.offset(), v.nbytes(), (byte) 0);
        }
        return a;
    }

    /**
     * numpy.rec.fromarrays(arrays, names=...): a packed structured array with one field per entry,
     * in the map's order, each field of its array's dtype; every array must have the first one's
     * shape. The values are copied, as fromarrays copies.
     * <pre>{@code
     * var m = new LinkedHashMap<String, NDArray>();
     * m.put("x", Nd.array(new double[] {1, 3}));
     * m.put("y", Nd.array(new long[] {2, 4}));
     * StructuredArray.of(m);   // array([(1., 2), (3., 4)], dtype=[('x', '<f8'), ('y', '<i8')])
     * }</pre>
     *
     * @param fields name to values, in field order
     * @return a new array on the first values' device; the caller closes it
     */
    public static StructuredArray of(SequencedMap<String, NDArray> fields) {
        Objects.requireNonNull(fields, "StructuredArray.of: fields is null");
        Field[] list = new Field[fields.size()];
        int i = 0;
        for (Map.Entry<String, NDArray> e : fields.entrySet()) {
            NDArray v = Objects.requireNonNull(
                    e.getValue(), "StructuredArray.of: the values of field " + e.getKey() + " are null");
            list[i++] = Field.of(
                    Objects.requireNonNull(e.getKey(), "StructuredArray.of: a field name is null"),
                    v.live("StructuredArray.of").dtype());
        }
        if (list.length == 0) throw new DTypeException("StructuredArray.of: expected at least one field, found none");
        return of(StructuredDType.packed(list), fields);
    }

    /**
     * numpy.rec.fromarrays(arrays, dtype=dtype): a structured array of {@code dtype} whose fields
     * take these values, cast to each field's type as NumPy assigns. The shape is the first field's
     * values' shape less its subarray axes; every field's values must have that shape followed by
     * the field's subarray shape. The values are copied.
     * {@code StructuredArray.of(dt, Map.of("x", xs, "pos", positions))}
     *
     * @param dtype  the record type
     * @param values one array per field, by name (every field, no other name)
     * @return a new array on the first field's values' device; the caller closes it
     */
    public static StructuredArray of(StructuredDType dtype, Map<String, NDArray> values) {
        Objects.requireNonNull(dtype, "StructuredArray.of: dtype is null");
        Objects.requireNonNull(values, "StructuredArray.of: values is null");
        for (String name : values.keySet()) {
            if (name == null || !dtype.names().contains(name)) {
                throw new DTypeException("StructuredArray.of: values for " + (name == null ? "null" : PyText.repr(name))
                        + ", which is not a field of " + dtype);
            }
        }
        NDArray[] given = new NDArray[dtype.fields().size()];
        for (int i = 0; i < given.length; i++) {
            Field f = dtype.fields().get(i);
            given[i] = values.get(f.name());
            if (given[i] == null) {
                throw new DTypeException(
                        "StructuredArray.of: no values for field " + PyText.repr(f.name()) + " of " + dtype);
            }
            given[i].live("StructuredArray.of");
        }
        Field first = dtype.fields().getFirst();
        long[] s0 = given[0].shape();
        int nd = s0.length - first.shape().length;
        if (nd < 0 || !Arrays.equals(Arrays.copyOfRange(s0, nd, s0.length), first.shape())) {
            throw new ShapeException("StructuredArray.of: field " + PyText.repr(first.name()) + " has subarray shape "
                    + HostArray.shapeString(first.shape()) + ", its values have shape " + shapeText(s0));
        }
        long[] shape = Arrays.copyOf(s0, nd);
        for (int i = 0; i < given.length; i++) {
            long[] want = concat(shape, dtype.fields().get(i).shape());
            if (!Arrays.equals(given[i].shape(), want)) {
                throw new ShapeException("StructuredArray.of: array-shape mismatch in field "
                        + PyText.repr(dtype.fields().get(i).name()) + ": expected " + shapeText(want) + ", found "
                        + shapeText(given[i].shape()));
            }
        }
        StructuredArray a = empty(given[0].device(), dtype, shape);
        try {
            for (int i = 0; i < given.length; i++) a.values[i].set("...", given[i]);
        } catch (RuntimeException | Error e) {
            a.close();
            throw e;
        }
        return a;
    }

    /** The record type, as NumPy's {@code a.dtype}. */
    public StructuredDType dtype() {
        return dtype;
    }

    /** The shape in records, as {@code a.shape} (a copy). */
    public long[] shape() {
        return shape.clone();
    }

    /** Number of dimensions, as {@code a.ndim}. */
    public int ndim() {
        return shape.length;
    }

    /** Number of records, as {@code a.size}. */
    public long size() {
        return HostArray.size(shape);
    }

    /** Bytes per record, padding included, as {@code a.itemsize}. */
    public long itemsize() {
        return dtype.itemsize();
    }

    /** Bytes of the records as NumPy lays them out, as {@code a.nbytes}: {@code size() * itemsize()}. */
    public long nbytes() {
        return size() * dtype.itemsize();
    }

    /** The device holding the fields. */
    public Device device() {
        return live("device")[0].device();
    }

    /** The field names in order, as {@code a.dtype.names}. */
    public List<String> fieldNames() {
        return dtype.names();
    }

    /**
     * NumPy's {@code a['name']}: the field's values as an NDArray of its dtype, shape
     * {@code shape()} followed by the field's subarray shape. A view of this array's memory, not a
     * copy: writes through it are writes to this array. Closing the view leaves this array whole.
     * {@code s.field("x").sum()}
     *
     * @param name a field name
     * @return a new view (the caller may close it)
     * @throws DTypeException when there is no such field (the message lists those there are)
     * @throws ArrayClosedException when this array is closed
     */
    public NDArray field(String name) {
        Objects.requireNonNull(name, "field: name is null");
        NDArray[] v = live("field");
        int i = dtype.names().indexOf(name);
        if (i < 0) {
            throw new DTypeException("field: no field named " + PyText.repr(name) + "; the fields are " + fieldNames());
        }
        return v[i].view(v[i].shape(), v[i].strides(), v[i].offset());
    }

    /**
     * NumPy's {@code a[index]} on the records: {@code s.get("1:3")}, {@code s.get("::-1")},
     * {@code s.get("0")} (a 0-d structured array), {@code s.get("1, :")} for a 2-d array. The index
     * reaches the record axes only, never a subarray field's own axes. A basic index (integers,
     * slices, None, ...) gives views of this array's fields, so writes go through, as NumPy's
     * {@code a[1:3]['x'] = 0}; an advanced one (a list, an index or mask array) gives copies.
     *
     * @param index an index expression, as {@link NDArray#get(String)} takes
     * @return a new structured array over the selected records (closing it leaves this array whole)
     * @throws org.ndgpu.exceptions.IndexException naming the index and the record shape when it does not fit
     */
    public StructuredArray get(String index) {
        Objects.requireNonNull(index, "StructuredArray.get: index is null");
        NDArray[] picked = RecordIndex.apply(dtype, shape, live("StructuredArray.get"), index);
        return new StructuredArray(dtype, RecordIndex.recordShape(dtype, picked), picked);
    }

    /**
     * NumPy's {@code a[i, j]} with integers: {@code s.get(0)} is record 0 as a 0-d structured array
     * (a view). Negative integers count from the end.
     *
     * @param index one integer per leading record axis
     * @return a new structured array (a view of this one's fields)
     */
    public StructuredArray get(long... index) {
        Objects.requireNonNull(index, "StructuredArray.get: index is null");
        StringBuilder sb = new StringBuilder();
        for (long i : index) sb.append(sb.isEmpty() ? "" : ", ").append(i);
        return get(sb.isEmpty() ? "..." : sb.toString());
    }

    /**
     * Every field's values by name, in field order (views, as {@link #field(String)} gives).
     * {@code s.fields().forEach((name, x) -> System.out.println(name + " " + x.sum()))}
     */
    public SequencedMap<String, NDArray> fields() {
        live("fields");
        SequencedMap<String, NDArray> m = new LinkedHashMap<>();
        for (String n : fieldNames()) m.put(n, field(n));
        return m;
    }

    /**
     * NumPy's {@code repr}: {@code array([(1., 2), (3., 4)], dtype=[('x', '<f8'), ('y', '<i8')])},
     * the print options in force applying (a long array shows its first and last records, and only
     * those leave the device). A closed array says so.
     */
    @Override
    public String toString() {
        // a debugger or a log may print a closed array (or one whose scope closed its fields): say so, never throw
        if (isClosed()) return "array(<closed>, dtype=" + dtype + ", shape=" + shapeText(shape) + ")";
        return StructuredFormat.repr(this, values);
    }

    /** NumPy's {@code str}, what {@code print(a)} shows: {@code [(1., 2) (3., 4)]}. */
    public String str() {
        return StructuredFormat.str(this, live("str"));
    }

    /** True once {@link #close()} was called, or the scope it was made in ({@code Nd.scope()}) closed. */
    public boolean isClosed() {
        if (closed) return true;
        for (NDArray v : values) if (v.isClosed()) return true;
        return false;
    }

    /** Releases the fields' memory (once no field view uses it); idempotent. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (NDArray v : values) v.close();
    }

    /** The field arrays, after checking that this array and each of them is open. */
    private NDArray[] live(String op) {
        if (closed) {
            throw new ArrayClosedException(op + ": the structured array " + dtype + shapeText(shape) + " was closed");
        }
        for (NDArray v : values) v.live(op);
        return values;
    }

    static long[] concat(long[] a, long[] b) {
        long[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static String shapeText(long[] s) {
        return HostArray.shapeString(s);
    }
}
