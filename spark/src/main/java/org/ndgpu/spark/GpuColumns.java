package org.ndgpu.spark;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StructType;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A Dataset column of fixed-length vectors on the GPU: per partition, the column's rows are stacked
 * into one {@code (rows, width)} device array (one transfer), {@code fn} maps it, and its result comes
 * back (one transfer) as a new column.
 *
 * <pre>{@code
 * var scale = new ElementwiseKernel("float32 x, float32 s", "float32 y", "y = x * s", "scale");
 * Dataset<Row> out = GpuColumns.map(df, "features", "scaled", x -> scale.call(x, 0.5f));   // array<float> -> array<float>
 * Dataset<Row> norms = GpuColumns.map(df, "features", "norm", DataTypes.DoubleType,
 *         x -> x.astype(DType.FLOAT64).square().sum(1).sqrt());                            // one double per row
 * }</pre>
 *
 * <p>Input columns: {@code array<float>}, {@code array<double>}, {@code array<int>}, {@code array<bigint>}
 * (float32, float64, int32, int64), or {@code binary} holding little-endian float32 values. Every row of
 * a partition must hold the same number of elements, and none may be null: a row that does not fails the
 * task with a message naming the row and the lengths. Output types: {@code float}, {@code double},
 * {@code int}, {@code bigint} want a result of shape {@code (rows,)}; {@code array<...>} and
 * {@code binary} (float32) want {@code (rows, m)}. The result is cast to the output type on the device.
 * A partition is held in memory while it is batched; size partitions so one fits the executor and its GPU.
 */
public final class GpuColumns {
    private GpuColumns() {}

    /** A function of one partition's batch, shipped to the executors (so serializable). */
    @FunctionalInterface
    public interface BatchFunction extends Serializable {
        /** The output for {@code batch}, a {@code (rows, width)} array on the task's device. */
        NDArray apply(NDArray batch);
    }

    /** {@link #map(Dataset, String, String, DataType, BatchFunction)} whose output column has the input column's type. */
    public static Dataset<Row> map(Dataset<Row> ds, String inputCol, String outputCol, BatchFunction fn) {
        Objects.requireNonNull(ds, "GpuColumns.map: ds is null");
        Objects.requireNonNull(inputCol, "GpuColumns.map: inputCol is null");
        return map(ds, inputCol, outputCol, inputType(ds, inputCol), fn);
    }

    /** {@code ds} with a new column {@code outputCol} of {@code outputType}: {@code fn} of each partition's batch of {@code inputCol}. */
    public static Dataset<Row> map(
            Dataset<Row> ds, String inputCol, String outputCol, DataType outputType, BatchFunction fn) {
        Objects.requireNonNull(ds, "GpuColumns.map: ds is null");
        Objects.requireNonNull(inputCol, "GpuColumns.map: inputCol is null");
        Objects.requireNonNull(outputCol, "GpuColumns.map: outputCol is null");
        Objects.requireNonNull(outputType, "GpuColumns.map: outputType is null");
        Objects.requireNonNull(fn, "GpuColumns.map: fn is null");
        DataType in = inputType(ds, inputCol);
        DType inDtype = dtypeOf(in, "input column '" + inputCol + "'");
        DType outDtype = dtypeOf(outputType, "output type");
        boolean outVector = outputType instanceof ArrayType || outputType instanceof BinaryType;
        if (Arrays.asList(ds.columns()).contains(outputCol)) {
            throw new NdException(
                    "GpuColumns.map: the Dataset already has a column '" + outputCol + "'; expected a new column name");
        }
        StructType schema = ds.schema().add(outputCol, outputType, false);
        int index = ds.schema().fieldIndex(inputCol);
        var batch = new Batch(
                inputCol,
                index,
                in instanceof BinaryType,
                inDtype,
                outDtype,
                outVector,
                outputType instanceof BinaryType,
                fn);
        return ds.mapPartitions(batch, Encoders.row(schema));
    }

    private static DataType inputType(Dataset<Row> ds, String inputCol) {
        if (!Arrays.asList(ds.columns()).contains(inputCol)) {
            throw new NdException(
                    "GpuColumns.map: no column '" + inputCol + "'; the Dataset has " + Arrays.toString(ds.columns()));
        }
        DataType t = ds.schema().apply(inputCol).dataType();
        if (!(t instanceof ArrayType || t instanceof BinaryType)) {
            throw new DTypeException(
                    "GpuColumns.map: column '" + inputCol + "' is " + t.simpleString()
                            + "; expected array<float>, array<double>, array<int>, array<bigint> or binary (little-endian float32)");
        }
        return t;
    }

    private static DType dtypeOf(DataType t, String what) {
        DataType e = t instanceof ArrayType a ? a.elementType() : t;
        if (e instanceof FloatType || e instanceof BinaryType) return DType.FLOAT32;
        if (e instanceof DoubleType) return DType.FLOAT64;
        if (e instanceof IntegerType) return DType.INT32;
        if (e instanceof LongType) return DType.INT64;
        throw new DTypeException("GpuColumns.map: the " + what + " is " + t.simpleString()
                + "; expected float, double, int, bigint, an array of one of them, or binary");
    }

    /** The per-partition work: stack, one transfer in, fn, one transfer out, the new rows. */
    private record Batch(
            String column,
            int index,
            boolean binaryIn,
            DType inDtype,
            DType outDtype,
            boolean outVector,
            boolean binaryOut,
            BatchFunction fn)
            implements MapPartitionsFunction<Row, Row> {
        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            List<Row> list = new ArrayList<>();
            rows.forEachRemaining(list::add);
            if (list.isEmpty()) return Collections.emptyIterator();
            int n = list.size();
            int width = length(list.getFirst(), 0);
            long total = (long) n * width;
            if (total > Integer.MAX_VALUE - 8) {
                throw new ShapeException(
                        "GpuColumns.map: a partition of column '" + column + "' holds " + n + " rows of " + width
                                + " elements, more than one Java array can (2^31 - 9); use more partitions");
            }
            Object data = pack(list, width);
            Object result = SparkGpu.run(device -> compute(device, data, n, width));
            List<Row> out = new ArrayList<>(n);
            for (int r = 0; r < n; r++) {
                Row row = list.get(r);
                Object[] values = new Object[row.length() + 1];
                for (int c = 0; c < row.length(); c++) values[c] = row.get(c);
                values[row.length()] = element(result, r);
                out.add(RowFactory.create(values));
            }
            return out.iterator();
        }

        private Object compute(Device device, Object data, int n, int width) {
            try (NDArray x = Nd.array(data, inDtype, n, width)) {
                NDArray y = fn.apply(x);
                if (y == null)
                    throw new NdException(
                            "GpuColumns.map: fn returned null for column '" + column + "'; expected an NDArray");
                long[] s = y.shape();
                boolean ok = outVector ? s.length == 2 && s[0] == n : s.length == 1 && s[0] == n;
                if (!ok) {
                    throw new ShapeException(
                            "GpuColumns.map: fn returned shape " + Arrays.toString(s) + " for a batch of " + n
                                    + " rows of column '" + column + "'; expected "
                                    + (outVector
                                            ? "(" + n + ", m) for an array or binary output"
                                            : "(" + n + ",) for a scalar output"));
                }
                if (y.device() != device) {
                    throw new NdException("GpuColumns.map: fn returned an array on "
                            + y.device().id() + ", expected the task's device " + device.id());
                }
                NDArray z = y.dtype() == outDtype ? y : y.astype(outDtype);
                Object host = switch (outDtype) {
                    case FLOAT32 -> z.toFloatArray();
                    case FLOAT64 -> z.toDoubleArray();
                    case INT32 -> z.toIntArray();
                    default -> z.toLongArray();
                };
                if (z != y) z.close();
                if (y != x) y.close();
                return new Result(host, outVector ? (int) s[1] : 1);
            }
        }

        private record Result(Object host, int m) {}

        private Object element(Object result, int r) {
            Result res = (Result) result;
            int m = res.m;
            if (!outVector) {
                return switch (res.host) {
                    case float[] f -> f[r];
                    case double[] d -> d[r];
                    case int[] i -> i[r];
                    case long[] l -> l[r];
                    default -> throw new IllegalStateException();
                };
            }
            if (binaryOut) {
                ByteBuffer b = ByteBuffer.allocate(m * 4).order(ByteOrder.LITTLE_ENDIAN);
                b.asFloatBuffer().put((float[]) res.host, r * m, m);
                return b.array();
            }
            return switch (res.host) {
                case float[] f -> Arrays.copyOfRange(f, r * m, r * m + m);
                case double[] d -> Arrays.copyOfRange(d, r * m, r * m + m);
                case int[] i -> Arrays.copyOfRange(i, r * m, r * m + m);
                case long[] l -> Arrays.copyOfRange(l, r * m, r * m + m);
                default -> throw new IllegalStateException();
            };
        }

        private int length(Row row, int r) {
            if (row.isNullAt(index)) {
                throw new NdException("GpuColumns.map: row " + r + " of partition " + partition() + " has a null '"
                        + column + "'; expected a vector of fixed length");
            }
            if (binaryIn) {
                byte[] b = (byte[]) row.get(index);
                if (b.length % 4 != 0) {
                    throw new ShapeException("GpuColumns.map: row " + r + " of partition " + partition() + " holds "
                            + b.length + " bytes in '" + column
                            + "'; expected little-endian float32 values, a multiple of 4 bytes");
                }
                return b.length / 4;
            }
            return row.getList(index).size();
        }

        private Object pack(List<Row> list, int width) {
            int n = list.size();
            Object data = switch (inDtype) {
                case FLOAT32 -> new float[n * width];
                case FLOAT64 -> new double[n * width];
                case INT32 -> new int[n * width];
                default -> new long[n * width];
            };
            for (int r = 0; r < n; r++) {
                Row row = list.get(r);
                int len = length(row, r);
                if (len != width) {
                    throw new ShapeException("GpuColumns.map: row " + r + " of partition " + partition() + " has " + len
                            + " elements in '" + column + "', row 0 has " + width
                            + "; every row of a partition must have the same length");
                }
                if (binaryIn) {
                    ByteBuffer.wrap((byte[]) row.get(index))
                            .order(ByteOrder.LITTLE_ENDIAN)
                            .asFloatBuffer()
                            .get((float[]) data, r * width, width);
                    continue;
                }
                List<Object> v = row.getList(index);
                for (int k = 0; k < width; k++) {
                    Object e = v.get(k);
                    if (e == null) {
                        throw new NdException("GpuColumns.map: element " + k + " of row " + r + " of partition "
                                + partition() + " in '" + column + "' is null; expected numbers");
                    }
                    Number num = (Number) e;
                    switch (data) {
                        case float[] f -> f[r * width + k] = num.floatValue();
                        case double[] d -> d[r * width + k] = num.doubleValue();
                        case int[] i -> i[r * width + k] = num.intValue();
                        case long[] l -> l[r * width + k] = num.longValue();
                        default -> throw new IllegalStateException();
                    }
                }
            }
            return data;
        }

        private static int partition() {
            var t = org.apache.spark.TaskContext.get();
            return t == null ? -1 : t.partitionId();
        }
    }
}
