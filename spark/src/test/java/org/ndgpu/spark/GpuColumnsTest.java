package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;

/** GpuColumns.map in local[2]: array and binary columns, scalar and vector outputs, and the bad calls. */
class GpuColumnsTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("GpuColumnsTest");
    }

    static Dataset<Row> doubles(int rows, int width, long seed) {
        Random r = new Random(seed);
        List<Row> list = new ArrayList<>();
        for (int i = 0; i < rows; i++)
            list.add(RowFactory.create(i, r.doubles(width, -4, 4).toArray()));
        return spark.createDataFrame(
                        list,
                        new StructType()
                                .add("id", DataTypes.IntegerType)
                                .add("v", DataTypes.createArrayType(DataTypes.DoubleType)))
                .repartition(3);
    }

    @Test
    void scalarAndVectorOutputsMatchJavaLoops() {
        Dataset<Row> df = doubles(200, 9, 4);
        List<Row> norms = GpuColumns.map(
                        df,
                        "v",
                        "norm",
                        DataTypes.DoubleType,
                        x -> x.square().sum(1).sqrt())
                .collectAsList();
        List<Row> halves = GpuColumns.map(df, "v", "h", DataTypes.createArrayType(DataTypes.FloatType), x -> x.mul(0.5))
                .collectAsList();
        assertEquals(200, norms.size());
        for (Row row : norms) {
            List<Double> v = row.getList(1);
            double s = 0;
            for (double e : v) s += e * e;
            assertEquals(Math.sqrt(s), row.getDouble(2), 1e-12 * Math.sqrt(s));
        }
        for (Row row : halves) {
            List<Double> v = row.getList(1);
            List<Float> h = row.getList(2);
            for (int k = 0; k < 9; k++) assertEquals((float) (v.get(k) * 0.5), h.get(k));
        }
    }

    @Test
    void binaryFloat32Column() {
        Random r = new Random(8);
        List<Row> list = new ArrayList<>();
        float[][] data = new float[50][6];
        for (int i = 0; i < 50; i++) {
            ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            for (int k = 0; k < 6; k++) {
                data[i][k] = (float) r.nextGaussian();
                b.putFloat(data[i][k]);
            }
            list.add(RowFactory.create(i, b.array()));
        }
        Dataset<Row> df = spark.createDataFrame(
                list, new StructType().add("id", DataTypes.IntegerType).add("b", DataTypes.BinaryType));
        for (Row row : GpuColumns.map(df, "b", "neg", x -> x.neg()).collectAsList()) {
            float[] got = new float[6];
            ByteBuffer.wrap((byte[]) row.get(2))
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .asFloatBuffer()
                    .get(got);
            float[] want = data[row.getInt(0)].clone();
            for (int k = 0; k < 6; k++) want[k] = -want[k];
            assertArrayEquals(want, got);
        }
    }

    @Test
    void hostileCalls() {
        Dataset<Row> df = doubles(20, 4, 1);
        assertThrows(NullPointerException.class, () -> GpuColumns.map(null, "v", "o", x -> x));
        assertThrows(NullPointerException.class, () -> GpuColumns.map(df, "v", "o", null));
        assertThrows(NullPointerException.class, () -> GpuColumns.map(df, "v", null, x -> x));
        assertTrue(assertThrows(NdException.class, () -> GpuColumns.map(df, "nope", "o", x -> x))
                .getMessage()
                .contains("no column 'nope'"));
        assertTrue(assertThrows(DTypeException.class, () -> GpuColumns.map(df, "id", "o", x -> x))
                .getMessage()
                .contains("column 'id' is int"));
        assertTrue(assertThrows(NdException.class, () -> GpuColumns.map(df, "v", "id", x -> x))
                .getMessage()
                .contains("already has a column 'id'"));
        assertTrue(assertThrows(DTypeException.class, () -> GpuColumns.map(df, "v", "o", DataTypes.StringType, x -> x))
                .getMessage()
                .contains("output type is string"));
        // wrong result shapes fail the task, naming what was expected
        assertTrue(GpuPartitionsTest.failure(() -> GpuColumns.map(df, "v", "o", DataTypes.DoubleType, x -> x)
                        .collectAsList())
                .contains("expected ("));
        assertTrue(GpuPartitionsTest.failure(
                        () -> GpuColumns.map(df, "v", "o", x -> x.sum(1)).collectAsList())
                .contains("for an array or binary output"));
        // ragged rows and null rows
        List<Row> ragged =
                List.of(RowFactory.create(0, new double[] {1, 2}), RowFactory.create(1, new double[] {1, 2, 3}));
        StructType schema = new StructType()
                .add("id", DataTypes.IntegerType)
                .add("v", DataTypes.createArrayType(DataTypes.DoubleType));
        assertTrue(GpuPartitionsTest.failure(() -> GpuColumns.map(
                                spark.createDataFrame(ragged, schema).coalesce(1), "v", "o", x -> x)
                        .collectAsList())
                .contains("row 1 of partition 0 has 3 elements in 'v', row 0 has 2"));
        List<Row> nulls = new ArrayList<>();
        nulls.add(RowFactory.create(0, new double[] {1}));
        nulls.add(RowFactory.create(1, null));
        assertTrue(GpuPartitionsTest.failure(() -> GpuColumns.map(
                                spark.createDataFrame(nulls, schema).coalesce(1), "v", "o", x -> x)
                        .collectAsList())
                .contains("row 1 of partition 0 has a null 'v'"));
        // an empty Dataset gives an empty result, not an error
        assertEquals(0, GpuColumns.map(df.limit(0), "v", "o", x -> x.mul(2)).count());
    }
}
