package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ndgpu.spark.examples.FeatureJob;
import org.ndgpu.spark.examples.LogisticRegressionJob;
import org.ndgpu.spark.examples.SumOfSquares;

/** The two examples in local[2], against the same arithmetic in plain Java on the driver. */
class ExamplesTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("ExamplesTest");
    }

    @Test
    void sumOfSquares() {
        List<float[]> data = SumOfSquares.blocks(10, 20_000, 1);
        double got = SumOfSquares.run(LocalSpark.context(spark).parallelize(data, 3));
        double want = SumOfSquares.host(data);
        assertTrue(Math.abs(got - want) <= 1e-12 * want, got + " vs " + want);
    }

    @Test
    void logisticRegressionAllReducedEqualsOneDevice() {
        List<LogisticRegressionJob.Block> blocks = LogisticRegressionJob.blocks(2, 400, 8, 5);
        double[] got = LogisticRegressionJob.train(LocalSpark.context(spark).parallelize(blocks, 2), 800);
        double[] want = LogisticRegressionJob.singleDevice(blocks);
        for (int i = 0; i < want.length; i++)
            assertTrue(
                    Math.abs(got[i] - want[i]) <= 1e-10 * Math.max(1, Math.abs(want[i])),
                    i + ": " + got[i] + " vs " + want[i]);
        assertTrue(Math.abs(want[0]) > 1e-3, "the model learned nothing: " + want[0]);
    }

    @Test
    void featureJob() {
        int rows = 600, width = 16, groups = 4;
        Dataset<Row> df = FeatureJob.data(spark, rows, width, groups, 3).repartition(3);
        Dataset<Row> z = FeatureJob.standardize(df, 2f, 0.2f);
        double[] sumSq = new double[groups];
        int[] count = new int[groups];
        for (Row row : z.collectAsList()) {
            List<Float> f = row.getList(2), zz = row.getList(3);
            assertEquals(width, zz.size());
            for (int k = 0; k < width; k++) {
                double want = ((double) f.get(k) - 2) * 0.2;
                assertEquals(want, zz.get(k), 1e-6 * Math.max(1, Math.abs(want)));
                sumSq[row.getInt(1)] += (double) zz.get(k) * zz.get(k);
            }
            count[row.getInt(1)] += width;
        }
        Map<Integer, Double> rms = FeatureJob.rmsPerGroup(z);
        assertEquals(groups, rms.size());
        for (int g = 0; g < groups; g++) {
            double want = Math.sqrt(sumSq[g] / count[g]);
            assertEquals(want, rms.get(g), 1e-9 * want, "group " + g);
        }
    }
}
