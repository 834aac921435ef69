package org.ndgpu.structured;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/**
 * A structured dtype, as NumPy's {@code np.dtype([('x', '<f4'), ('y', '<i8')])}: named fields, each
 * with an element type, a byte offset in the record and an optional subarray shape, and the record's
 * size in bytes. Fields hold plain numeric types (bool, integers, floats, complex) or datetime64 and
 * timedelta64; nested structured fields, strings and objects are not supported.
 *
 * <pre>{@code
 * var dt = StructuredDType.packed(Field.of("x", DType.FLOAT32), Field.of("pos", DType.FLOAT64, 3));
 * dt.itemsize();   // 28, as np.dtype([('x', '<f4'), ('pos', '<f8', (3,))]).itemsize
 * dt.descr();      // "[('x', '<f4'), ('pos', '<f8', (3,))]"
 * StructuredDType.aligned(Field.of("a", DType.FLOAT32), Field.of("b", DType.FLOAT64)).field("b").offset();  // 8
 * }</pre>
 *
 * <p>The fields must be in offset order and must not overlap, and every field must end within the
 * record: that is what a .npy header can describe (NumPy's {@code dtype.descr}), and what NumPy
 * writes. Gaps between fields and after the last are padding bytes.
 *
 * @param fields   the fields in order (an unmodifiable copy)
 * @param itemsize the bytes of one record, padding included
 * @param aligned  NumPy's {@code isalignedstruct}: made with {@code align=True} (it only changes how
 *                 the dtype prints, and is checked: every field aligned to its type)
 */
public record StructuredDType(List<Field> fields, long itemsize, boolean aligned) {

    /** Checks names, order, overlap and size. */
    public StructuredDType {
        Objects.requireNonNull(fields, "StructuredDType: fields is null");
        for (Field f : fields) Objects.requireNonNull(f, "StructuredDType: a field is null");
        fields = List.copyOf(fields);
        if (fields.isEmpty()) throw new DTypeException("StructuredDType: expected at least one field, found none");
        Set<String> names = new HashSet<>();
        long end = 0;
        for (Field f : fields) {
            if (!names.add(f.name())) {
                throw new DTypeException("StructuredDType: field name '" + f.name() + "' appears twice in "
                        + names(fields) + "; NumPy requires unique names");
            }
            if (f.offset() < end) {
                throw new DTypeException("StructuredDType: field '" + f.name() + "' at offset " + f.offset()
                        + " overlaps the field before it, which ends at byte " + end
                        + "; fields must be in offset order and not overlap (as a .npy descr lays them out)");
            }
            end = f.offset() + f.itemsize();
            if (aligned && f.offset() % alignment(f.dtype()) != 0) {
                throw new DTypeException("StructuredDType: field '" + f.name() + "' at offset " + f.offset()
                        + " is not aligned to " + alignment(f.dtype()) + " bytes in an aligned dtype");
            }
        }
        if (itemsize < end) {
            throw new DTypeException(
                    "StructuredDType: itemsize " + itemsize + " is smaller than the fields' end at byte " + end
                            + " (field '" + fields.getLast().name() + "' goes past the record)");
        }
        if (itemsize > Integer.MAX_VALUE) {
            throw new DTypeException("StructuredDType: itemsize " + itemsize + " is over the 2 GiB a record may take");
        }
        if (aligned && itemsize % maxAlignment(fields) != 0) {
            throw new DTypeException("StructuredDType: itemsize " + itemsize
                    + " of an aligned dtype must be a multiple of its largest field alignment " + maxAlignment(fields));
        }
    }

    /**
     * numpy.dtype(list of fields): the fields one after another with no padding; the fields' own
     * offsets are ignored. {@code StructuredDType.packed(Field.of("x", DType.FLOAT32), Field.of("y", DType.INT64))}
     *
     * @param fields the fields, in order
     * @return a dtype whose itemsize is the sum of the fields' sizes
     */
    public static StructuredDType packed(Field... fields) {
        Objects.requireNonNull(fields, "StructuredDType.packed: fields is null");
        List<Field> placed = new ArrayList<>();
        long at = 0;
        for (Field f : fields) {
            Objects.requireNonNull(f, "StructuredDType.packed: a field is null");
            placed.add(f.at(at));
            at += f.itemsize();
        }
        return new StructuredDType(placed, at, false);
    }

    /**
     * numpy.dtype(list of fields, align=True): each field at the next multiple of its type's
     * alignment, as a C compiler lays out a struct, and the record padded to its largest alignment.
     * The fields' own offsets are ignored.
     * {@code StructuredDType.aligned(Field.of("a", DType.FLOAT32), Field.of("b", DType.FLOAT64))}: b at 8, itemsize 16.
     *
     * @param fields the fields, in order
     * @return the aligned dtype
     */
    public static StructuredDType aligned(Field... fields) {
        Objects.requireNonNull(fields, "StructuredDType.aligned: fields is null");
        List<Field> placed = new ArrayList<>();
        long at = 0;
        for (Field f : fields) {
            Objects.requireNonNull(f, "StructuredDType.aligned: a field is null");
            at = roundUp(at, alignment(f.dtype()));
            placed.add(f.at(at));
            at += f.itemsize();
        }
        return new StructuredDType(placed, placed.isEmpty() ? 0 : roundUp(at, maxAlignment(placed)), true);
    }

    /** The field names in order, as NumPy's {@code dtype.names}. */
    public List<String> names() {
        return names(fields);
    }

    /**
     * The field of this name, as NumPy's {@code dtype.fields[name]}.
     *
     * @param name a field name
     * @return the field
     * @throws DTypeException naming the fields there are, when none has this name
     */
    public Field field(String name) {
        Objects.requireNonNull(name, "StructuredDType.field: name is null");
        for (Field f : fields) if (f.name().equals(name)) return f;
        throw new DTypeException("field: no field named " + PyText.repr(name) + "; the fields are " + names());
    }

    /**
     * NumPy's {@code dtype.descr} as Python text, what a .npy header holds: the fields in order, with
     * padding as {@code ('', '|V4')} entries: {@code [('a', '<f4'), ('', '|V4'), ('b', '<f8')]}.
     */
    public String descr() {
        StringBuilder sb = new StringBuilder("[");
        long at = 0;
        for (Field f : fields) {
            if (f.offset() > at) padding(sb, f.offset() - at);
            if (sb.length() > 1) sb.append(", ");
            sb.append(f);
            at = f.offset() + f.itemsize();
        }
        if (itemsize > at) padding(sb, itemsize - at);
        return sb.append(']').toString();
    }

    private static void padding(StringBuilder sb, long bytes) {
        if (sb.length() > 1) sb.append(", ");
        sb.append("('', '|V").append(bytes).append("')");
    }

    /**
     * NumPy's {@code str(dtype)}: the list form {@code [('x', '<f8'), ('y', '<i8')]} when the fields
     * follow each other with no padding, else (or when aligned, a flag the list form cannot show) the
     * dict form {@code {'names': [...], 'formats': [...], 'offsets': [...], 'itemsize': 24}}, with
     * {@code 'aligned': True} for an aligned dtype.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (!aligned && isPacked()) {
            sb.append('[');
            for (Field f : fields) {
                if (sb.length() > 1) sb.append(", ");
                sb.append('(').append(PyText.repr(f.name())).append(", ").append(shortText(f.dtype()));
                if (f.shape().length > 0) sb.append(", ").append(HostArray.shapeString(f.shape()));
                sb.append(')');
            }
            return sb.append(']').toString();
        }
        List<String> names = new ArrayList<>(), formats = new ArrayList<>(), offsets = new ArrayList<>();
        for (Field f : fields) {
            names.add(PyText.repr(f.name()));
            formats.add(
                    f.shape().length == 0
                            ? shortText(f.dtype())
                            : "(" + shortText(f.dtype()) + ", " + HostArray.shapeString(f.shape()) + ")");
            offsets.add(Long.toString(f.offset()));
        }
        sb.append("{'names': [").append(String.join(", ", names));
        sb.append("], 'formats': [").append(String.join(", ", formats));
        sb.append("], 'offsets': [").append(String.join(", ", offsets));
        sb.append("], 'itemsize': ").append(itemsize);
        return sb.append(aligned ? ", 'aligned': True}" : "}").toString();
    }

    // NumPy's _is_packed for an unaligned dtype: each field where the one before ends, no tail padding
    private boolean isPacked() {
        long at = 0;
        for (Field f : fields) {
            if (f.offset() != at) return false;
            at += f.itemsize();
        }
        return at == itemsize;
    }

    // NumPy's short construction text: '?' for bool, 'u1' and 'i1' without a byte order, '<f4' otherwise
    private static String shortText(DType d) {
        if (d == DType.BOOL) return "'?'";
        String descr = d.descr();
        return "'" + (descr.charAt(0) == '|' ? descr.substring(1) : descr) + "'";
    }

    /** A type's alignment in an aligned struct: its size, or its component's size for complex. */
    static int alignment(DType d) {
        return d.isComplex() ? d.itemsize() / 2 : d.itemsize();
    }

    private static int maxAlignment(List<Field> fields) {
        int m = 1;
        for (Field f : fields) m = Math.max(m, alignment(f.dtype()));
        return m;
    }

    private static long roundUp(long at, int alignment) {
        return (at + alignment - 1) / alignment * alignment;
    }

    private static List<String> names(List<Field> fields) {
        return fields.stream().map(Field::name).toList();
    }
}
