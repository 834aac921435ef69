package org.ndgpu.spark.examples;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.function.MapGroupsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;
import org.ndgpu.spark.GpuColumns;
import org.ndgpu.spark.SparkGpu;
import scala.Tuple2;

/**
 * A DataFrame job: an ElementwiseKernel standardizes a feature column on the GPU (one batch per
 * partition, {@link GpuColumns#map}), then a ReductionKernel reduces each group's standardized
 * vectors to their root mean square on the GPU ({@code groupByKey} / {@code mapGroups} with
 * {@link SparkGpu#run}). Both kernel objects are captured by the closures and travel.
 *
 * <pre>
 * spark-submit --class org.ndgpu.spark.examples.FeatureJob ... [rows] [width] [groups]
 * </pre>
 */
public final class FeatureJob {
    private FeatureJob() {}

    static final ElementwiseKernel STANDARDIZE = new ElementwiseKernel(
            "float32 x, float32 mean, float32 scale", "float32 z", "z = (x - mean) * scale", "standardize");
    static final ReductionKernel RMS =
            new ReductionKernel("T x", "float64 y", "(double) x * (double) x", "a + b", "y = sqrt(a / _r)", "0", "rms");

    /** The input: (id, group, features array&lt;float&gt;), seeded. */
    public static Dataset<Row> data(SparkSession spark, int rows, int width, int groups, long seed) {
        var r = new SplittableRandom(seed);
        List<Row> list = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            float[] f = new float[width];
            for (int k = 0; k < width; k++) f[k] = (float) (r.nextDouble() * 10 - 3);
            list.add(RowFactory.create((long) i, i % groups, f));
        }
        StructType schema = new StructType()
                .add("id", DataTypes.LongType, false)
                .add("group", DataTypes.IntegerType, false)
                .add("features", DataTypes.createArrayType(DataTypes.FloatType, false), false);
        return spark.createDataFrame(list, schema);
    }

    /** Standardize the features ((x - mean) * scale) into a new column "z". */
    public static Dataset<Row> standardize(Dataset<Row> df, float mean, float scale) {
        ElementwiseKernel k = STANDARDIZE;
        return GpuColumns.map(df, "features", "z", x -> k.call(x, mean, scale));
    }

    /** Each group's root mean square of its "z" vectors, computed by one ReductionKernel call on the GPU. */
    public static Map<Integer, Double> rmsPerGroup(Dataset<Row> standardized) {
        ReductionKernel k = RMS;
        MapGroupsFunction<Integer, Row, Tuple2<Integer, Double>> perGroup = (group, rows) -> {
            List<float[]> vectors = new ArrayList<>();
            rows.forEachRemaining(row -> {
                List<Float> z = row.getList(row.fieldIndex("z"));
                float[] v = new float[z.size()];
                for (int i = 0; i < v.length; i++) v[i] = z.get(i);
                vectors.add(v);
            });
            int n = vectors.size(), w = vectors.getFirst().length;
            float[] flat = new float[n * w];
            for (int i = 0; i < n; i++) System.arraycopy(vectors.get(i), 0, flat, i * w, w);
            double rms = SparkGpu.run(d -> {
                try (NDArray x = Nd.array(flat, DType.FLOAT32, n, w)) {
                    return ((Number) k.call(x).item()).doubleValue();
                }
            });
            return new Tuple2<>(group, rms);
        };
        List<Tuple2<Integer, Double>> out = standardized
                .groupByKey(
                        (org.apache.spark.api.java.function.MapFunction<Row, Integer>) row -> row.getInt(1),
                        Encoders.INT())
                .mapGroups(perGroup, Encoders.tuple(Encoders.INT(), Encoders.DOUBLE()))
                .collectAsList();
        Map<Integer, Double> m = new HashMap<>();
        for (var t : out) m.put(t._1(), t._2());
        return m;
    }

    public static void main(String[] args) throws java.io.IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int groups = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        try (SparkSession spark =
                SparkSession.builder().appName("ndgpu FeatureJob").getOrCreate()) {
            Dataset<Row> z = standardize(data(spark, rows, width, groups, 7), 2f, 0.2f);
            z.select("id", "group", "z").show(3, false);
            rmsPerGroup(z).forEach((g, v) -> System.out.printf("group %d: rms %.6f%n", g, v));
        }
    }
}
