package org.ndgpu.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark standalone cluster inside the test JVM ({@code local-cluster[workers,1,mb]}) whose executors are
 * real JVMs, started by Spark's launcher from {@code $SPARK_HOME/jars}. No Spark distribution is needed:
 * <ul>
 * <li>under Maven, {@code ndgpu.spark.jars} names the list of Spark's jars (maven-dependency-plugin's
 *     build-classpath of the provided scope), which is linked into {@code target/spark-home/jars}, and
 *     {@code ndgpu.spark.ndgpuJars} the module's test class path, which the executors get (less Spark's
 *     jars) with the module's own classes;</li>
 * <li>elsewhere (the GPU host's pack), {@code ndgpu.spark.home} is a folder holding {@code jars/} and
 *     {@code ndgpu.spark.executorClassPath} the executors' class path (e.g. {@code .device/lib/*}).</li>
 * </ul>
 * Each worker runs the discovery script once at its start; {@link #oneGpuEach} makes a script that hands
 * each worker a different one of the addresses another source lists, as separate hosts would have.
 */
final class LocalCluster {
    private LocalCluster() {}

    /** The folder that holds {@code jars/}: made from the Maven list, or given. */
    static Path sparkHome() {
        String given = System.getProperty("ndgpu.spark.home");
        if (given != null) return Path.of(given);
        Path list = Path.of(required("ndgpu.spark.jars"));
        Path home = list.getParent().resolve("spark-home");
        Path jars = home.resolve("jars");
        try {
            if (!Files.isDirectory(jars)) {
                Files.createDirectories(jars);
                for (String j : Files.readString(list).strip().split(java.io.File.pathSeparator)) {
                    Path jar = Path.of(j);
                    Files.createSymbolicLink(jars.resolve(jar.getFileName()), jar);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("LocalCluster: cannot make " + jars, e);
        }
        return home;
    }

    /** The executors' class path: ndgpu, its dependencies and the test classes, without Spark's own jars. */
    static String executorClassPath() {
        String given = System.getProperty("ndgpu.spark.executorClassPath");
        if (given != null) return given;
        try {
            Path ndgpu = Path.of(required("ndgpu.spark.ndgpuJars"));
            Set<String> spark = new HashSet<>(List.of(Files.readString(Path.of(required("ndgpu.spark.jars")))
                    .strip()
                    .split(java.io.File.pathSeparator)));
            List<String> cp = new ArrayList<>();
            Path target = ndgpu.getParent();
            cp.add(target.resolve("classes").toString());
            cp.add(target.resolve("test-classes").toString());
            for (String e : Files.readString(ndgpu).strip().split(java.io.File.pathSeparator))
                if (!spark.contains(e)) cp.add(e);
            return String.join(java.io.File.pathSeparator, cp);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException(
                    "LocalCluster: system property " + property + " is not set (the spark module's surefire "
                            + "configuration sets it; outside Maven give ndgpu.spark.home and ndgpu.spark.executorClassPath)");
        }
        return v;
    }

    /**
     * A discovery script that gives each caller one address: the first of {@code addresses} (a shell
     * expression printing them, one per word) not yet claimed in a fresh folder beside the script.
     */
    static Path oneGpuEach(Path dir, String addresses) {
        try {
            Path claims = dir.resolve("claims");
            if (Files.exists(claims)) {
                try (Stream<Path> s = Files.walk(claims)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            Files.createDirectories(claims);
            Path script = dir.resolve("oneGpuEach.sh");
            Files.writeString(
                    script,
                    "#!/usr/bin/env bash\nset -euo pipefail\nfor a in $(" + addresses + "); do\n"
                            + "  if mkdir '" + claims
                            + "'/gpu$a 2>/dev/null; then echo \"{\\\"name\\\":\\\"gpu\\\",\\\"addresses\\\":[\\\"$a\\\"]}\"; exit 0; fi\n"
                            + "done\necho 'oneGpuEach.sh: every address is claimed' >&2; exit 1\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            return script;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shipped discovery script, copied out of the jar (resources lose their execute bit) into {@code dir}. */
    static Path shippedDiscoveryScript(Path dir) {
        try (var in = SparkGpu.class.getResourceAsStream("getGpusResources.sh")) {
            Path script = dir.resolve("getGpusResources.sh");
            Files.createDirectories(dir);
            Files.write(script, in.readAllBytes());
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            return script;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A context on {@code local-cluster[workers,1,memoryMb]}, one GPU per executor and per task when
     * {@code discovery} is not null. Spark core alone: the GPU host carries spark-core's jars, not spark-sql's.
     */
    static JavaSparkContext start(String name, int workers, int memoryMb, Path discovery, String... conf) {
        Path home = sparkHome();
        String env = System.getenv("SPARK_HOME");
        if (env == null
                || !Path.of(env)
                        .toAbsolutePath()
                        .normalize()
                        .equals(home.toAbsolutePath().normalize())) {
            throw new IllegalStateException(
                    "LocalCluster: the workers start executors from $SPARK_HOME/jars: set SPARK_HOME=" + home
                            + " (it is " + env + ")");
        }
        // a local[2] session of another test class holds the JVM's one SparkContext: stop it first
        if (present("org.apache.spark.sql.SparkSession")) Sessions.stopAll();
        var b = new SparkConf()
                .setMaster("local-cluster[" + workers + ",1," + memoryMb + "]")
                .setAppName(name)
                .set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.executor.memory", Math.min(memoryMb, 1536) + "m")
                .set("spark.executor.extraClassPath", executorClassPath())
                .set("spark.executorEnv.CUDA_DEVICE_ORDER", "PCI_BUS_ID");
        if (discovery != null) {
            b.set("spark.worker.resource.gpu.amount", "1")
                    .set("spark.worker.resource.gpu.discoveryScript", discovery.toString())
                    .set("spark.executor.resource.gpu.amount", "1")
                    .set("spark.task.resource.gpu.amount", "1");
        }
        for (int i = 0; i + 1 < conf.length; i += 2) b.set(conf[i], conf[i + 1]);
        return new JavaSparkContext(b);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, LocalCluster.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    // loaded only where spark-sql is on the class path (CI's tests), not on the GPU host
    private static final class Sessions {
        static void stopAll() {
            SparkSession.getDefaultSession().foreach(s -> {
                s.stop();
                return null;
            });
            SparkSession.clearDefaultSession();
            SparkSession.clearActiveSession();
        }
    }
}
