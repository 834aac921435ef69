package org.ndgpu.ndarray;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;

/**
 * An array's elements in host memory, as a .npy file holds them: a dtype, a shape, a flag for
 * Fortran (column-major) order, and exactly {@code product(shape) * itemsize} little-endian bytes.
 * It is the plain form that NDArray copies to and from a device, and that the .npy/.npz reader and
 * writer ({@code org.ndgpu.io.Npy}, {@code Npz}, module routines) and the printer work on, so none of
 * them needs a device.
 *
 * <pre>{@code
 * var buf = ByteBuffer.allocate(6 * 4).order(ByteOrder.LITTLE_ENDIAN);
 * for (int i = 0; i < 6; i++) buf.putFloat(i);
 * var a = new HostArray(DType.FLOAT32, new long[]{2, 3}, false, buf.flip());
 * Npy.write(Path.of("a.npy"), a);               // np.load("a.npy") -> array([[0., 1., 2.], [3., 4., 5.]], dtype=float32)
 * }</pre>
 *
 * @param dtype        the element type
 * @param shape        the extent of each axis; {@code long[0]} for a 0-d array (one element)
 * @param fortranOrder true if {@code data} is in column-major order (NumPy's fortran_order)
 * @param data         the elements, from its position to its limit; read with little-endian order.
 *                     The record shares (does not copy) these bytes; {@link #data()} hands out
 *                     read-only views.
 */
public record HostArray(DType dtype, long[] shape, boolean fortranOrder, ByteBuffer data) {

    /** Checks that the buffer holds exactly the bytes the dtype and shape call for. */
    public HostArray {
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(data, "data");
        shape = shape.clone();
        for (long d : shape) {
            if (d < 0) throw new ShapeException("HostArray: negative dimension in shape " + shapeString(shape));
        }
        long expected = byteSize(dtype, shape);
        if (data.remaining() != expected) {
            throw new ShapeException("HostArray: shape " + shapeString(shape) + " " + dtype + " needs " + expected
                    + " bytes, buffer has " + data.remaining());
        }
        data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Wraps little-endian bytes in C order.
     * <pre>{@code HostArray.of(DType.INT64, bytes, 2, 2)}</pre>
     */
    public static HostArray of(DType dtype, byte[] littleEndianBytes, long... shape) {
        Objects.requireNonNull(littleEndianBytes, "HostArray.of: littleEndianBytes is null");
        return new HostArray(dtype, shape, false, ByteBuffer.wrap(littleEndianBytes));
    }

    /** The shape (a copy: the record keeps its own). */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** A read-only little-endian view of the bytes, positioned at 0. */
    @Override
    public ByteBuffer data() {
        return data.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The number of dimensions. */
    public int ndim() {
        return shape.length;
    }

    /** The number of elements: the product of the shape (1 for a 0-d array). */
    public long size() {
        return size(shape);
    }

    /** The number of data bytes: size() * itemsize. */
    public long nbytes() {
        return data.remaining();
    }

    /** A copy of the data as a byte array (little-endian, in this array's order). */
    public byte[] toBytes() {
        byte[] out = new byte[data.remaining()];
        data.duplicate().get(out);
        return out;
    }

    /** The same elements in C order: this array if it is already, else a reordered copy. */
    public HostArray toCOrder() {
        if (!fortranOrder || shape.length < 2 || size() <= 1) {
            return fortranOrder ? new HostArray(dtype, shape, false, data) : this;
        }
        return new HostArray(
                dtype, shape, false, ByteBuffer.wrap(transposeBytes(toBytes(), shape, dtype.itemsize(), true)));
    }

    /** The same elements in Fortran order: this array if it is already, else a reordered copy. */
    public HostArray toFortranOrder() {
        if (fortranOrder || shape.length < 2 || size() <= 1) {
            return fortranOrder ? this : new HostArray(dtype, shape, true, data);
        }
        return new HostArray(
                dtype, shape, true, ByteBuffer.wrap(transposeBytes(toBytes(), shape, dtype.itemsize(), false)));
    }

    // Reorders between C and F layouts by walking the destination in order and reading the
    // source through its strides; one pass, no recursion, any ndim.
    private static byte[] transposeBytes(byte[] src, long[] shape, int itemsize, boolean fromFortran) {
        int nd = shape.length;
        long[] srcStrides = new long[nd];
        long s = itemsize;
        for (int k = 0; k < nd; k++) {
            int axis = fromFortran ? k : nd - 1 - k;
            srcStrides[axis] = s;
            s *= shape[axis];
        }
        byte[] dst = new byte[src.length];
        long[] idx = new long[nd];
        int pos = 0;
        long n = size(shape);
        for (long e = 0; e < n; e++) {
            long off = 0;
            for (int k = 0; k < nd; k++) off += idx[k] * srcStrides[k];
            System.arraycopy(src, (int) off, dst, pos, itemsize);
            pos += itemsize;
            // advance the destination index in its own order (C when converting from F, and back)
            for (int k = 0; k < nd; k++) {
                int axis = fromFortran ? nd - 1 - k : k;
                if (++idx[axis] < shape[axis]) break;
                idx[axis] = 0;
            }
        }
        return dst;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HostArray h
                && dtype == h.dtype
                && fortranOrder == h.fortranOrder
                && Arrays.equals(shape, h.shape)
                && data.equals(h.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dtype, Arrays.hashCode(shape), fortranOrder, data);
    }

    @Override
    public String toString() {
        return "HostArray[" + dtype + ", shape=" + shapeString(shape) + (fortranOrder ? ", fortran" : "") + "]";
    }

    /** Python's repr of a shape tuple: "()", "(3,)", "(2, 3)". */
    public static String shapeString(long[] shape) {
        Objects.requireNonNull(shape, "HostArray.shapeString: shape is null");
        if (shape.length == 1) return "(" + shape[0] + ",)";
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) sb.append(i == 0 ? "" : ", ").append(shape[i]);
        return sb.append(')').toString();
    }

    /** The product of a shape; a product beyond a long is a ShapeException (Shapes.size). */
    public static long size(long[] shape) {
        return Shapes.size(Objects.requireNonNull(shape, "HostArray.size: shape is null"));
    }

    /** The bytes a shape of this dtype needs; throws a ShapeException past what a ByteBuffer can hold. */
    public static long byteSize(DType dtype, long[] shape) {
        Objects.requireNonNull(dtype, "HostArray.byteSize: dtype is null");
        Objects.requireNonNull(shape, "HostArray.byteSize: shape is null");
        try {
            long n = Math.multiplyExact(size(shape), (long) dtype.itemsize());
            if (n > Integer.MAX_VALUE - 8) {
                throw new ShapeException("HostArray: shape " + shapeString(shape) + " " + dtype + " is " + n
                        + " bytes; a host buffer holds at most 2 GiB");
            }
            return n;
        } catch (ArithmeticException e) {
            throw new ShapeException("HostArray: shape " + shapeString(shape) + " overflows a 64-bit size");
        }
    }
}
