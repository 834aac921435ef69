package org.ndgpu.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/** One in-process Spark (local[2]) shared by the test classes of this JVM: starting one costs seconds. */
final class LocalSpark {
    private LocalSpark() {}

    static SparkSession start(String name) {
        return SparkSession.builder()
                .master("local[2]")
                .appName(name)
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
    }

    static JavaSparkContext context(SparkSession s) {
        return JavaSparkContext.fromSparkContext(s.sparkContext());
    }
}
