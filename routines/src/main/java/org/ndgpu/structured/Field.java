package org.ndgpu.structured;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/**
 * One field of a {@link StructuredDType}, as an entry of NumPy's {@code dtype.fields}: its name,
 * its element type, its byte offset inside a record and, for a subarray field such as
 * {@code ('pos', '<f8', (3,))}, the subarray's shape ({@code long[0]} for a plain field).
 *
 * <pre>{@code
 * Field.of("x", DType.FLOAT32);                 // ('x', '<f4'); offset 0 until a layout places it
 * Field.of("pos", DType.FLOAT64, 3);            // ('pos', '<f8', (3,))
 * new Field("y", DType.INT64, 8, new long[0]);  // at byte 8, as np.dtype({'names': ..., 'offsets': ...})
 * }</pre>
 *
 * @param name   the field's name: not empty (NumPy's '' names are padding, which a layout keeps as offsets)
 * @param dtype  the element type: any {@link DType} (bool, integers, floats, complex, datetime64, timedelta64)
 * @param offset the byte offset of the field inside one record, at least 0
 * @param shape  the subarray shape, {@code long[0]} for a plain field
 */
public record Field(String name, DType dtype, long offset, long[] shape) {

    /** Checks the name, offset and shape; keeps its own copy of the shape. */
    public Field {
        Objects.requireNonNull(name, "Field: name is null");
        Objects.requireNonNull(dtype, "Field: dtype is null");
        Objects.requireNonNull(shape, "Field: shape is null");
        if (name.isEmpty()) {
            throw new DTypeException("Field: a field name must not be empty (NumPy reserves '' for padding bytes)");
        }
        if (offset < 0) throw new DTypeException("Field: field '" + name + "' has a negative offset " + offset);
        shape = shape.clone();
        long items = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new ShapeException("Field: field '" + name + "' has a negative dimension in its subarray shape "
                        + HostArray.shapeString(shape));
            }
            items = d == 0 || items == 0 ? 0 : items > Integer.MAX_VALUE / d ? Integer.MAX_VALUE + 1L : items * d;
        }
        if (items * dtype.itemsize() > Integer.MAX_VALUE) {
            throw new ShapeException("Field: field '" + name + "' subarray shape " + HostArray.shapeString(shape)
                    + " of " + dtype + " is too large for one record (at most 2 GiB)");
        }
    }

    /**
     * A field with no offset yet (0), to be placed by {@link StructuredDType#packed} or
     * {@link StructuredDType#aligned}: {@code Field.of("pos", DType.FLOAT64, 3)}.
     *
     * @param name     the field's name
     * @param dtype    its element type
     * @param subshape the subarray shape; none for a plain field
     * @return the field at offset 0
     */
    public static Field of(String name, DType dtype, long... subshape) {
        return new Field(name, dtype, 0, Objects.requireNonNull(subshape, "Field.of: subshape is null"));
    }

    /** The subarray shape (a copy), {@code long[0]} for a plain field. */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** The number of elements of this field in one record: the product of {@link #shape()}, 1 for a plain field. */
    public long count() {
        return HostArray.size(shape);
    }

    /** The bytes this field takes in one record: {@code count() * dtype().itemsize()}. */
    public long itemsize() {
        return count() * dtype.itemsize();
    }

    /** The same field at another offset. */
    Field at(long newOffset) {
        return new Field(name, dtype, newOffset, shape);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Field f
                && name.equals(f.name)
                && dtype == f.dtype
                && offset == f.offset
                && Arrays.equals(shape, f.shape);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, dtype, offset, Arrays.hashCode(shape));
    }

    /** As NumPy lists it in {@code dtype.descr}: {@code ('pos', '<f8', (3,))} (the offset is not shown). */
    @Override
    public String toString() {
        return "(" + PyText.repr(name) + ", '" + dtype.descr() + "'"
                + (shape.length == 0 ? "" : ", " + HostArray.shapeString(shape)) + ")";
    }
}
