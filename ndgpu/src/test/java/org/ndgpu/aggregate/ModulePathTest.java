package org.ndgpu.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ndgpu on the module path, as a modular application uses it: a module that says only
 * {@code requires org.ndgpu;} is compiled against the ndgpu modules and run with them on the
 * module path, in a child JVM. It proves what the module-info files promise: the API packages are
 * exported (the ufunc names of {@code Nd.ufunc(Ufunc.ADD)} among them), the backends, the ufuncs, the reductions, the routines, linalg and fft (and the FFT
 * providers of the backends) are found through {@code provides}/{@code uses} (not
 * META-INF/services), the internals stay hidden, and the
 * native-access flags the README gives are the ones needed (no restricted-method warning).
 */
class ModulePathTest {

    /** The ndgpu modules and their dependencies on this test's class path; test-only jars stay out. */
    private static String modulePath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> !p.isBlank())
                .filter(p ->
                        !p.contains("test-classes") && !p.matches(".*(junit|opentest4j|apiguardian|jqwik|surefire).*"))
                .filter(p -> !Files.isDirectory(Path.of(p)) || Files.exists(Path.of(p, "module-info.class")))
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void aModularApplicationRunsNdgpuFromTheModulePath(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("src/probe");
        Files.createDirectories(src.resolve("probe"));
        Files.writeString(src.resolve("module-info.java"), "module probe { requires org.ndgpu; }\n");
        Files.writeString(src.resolve("probe/Main.java"), """
                package probe;

                import org.ndgpu.Nd;
                import org.ndgpu.ndarray.NDArray;
                import org.ndgpu.ndarray.Ufunc;

                public class Main {
                    public static void main(String[] args) {
                        NDArray a = Nd.arange(12).reshape(3, 4);
                        System.out.println("sum0=" + a.sum(0));                           // reductions, printing
                        System.out.println("add=" + a.add(1).sum().item());               // ufuncs
                        System.out.println("sorted=" + Nd.sort(a.neg(), 1).get(0, 0).item()); // routines
                        System.out.println("matmul=" + a.matmul(a.T()).get(1, 2).item()); // linalg
                        System.out.println("fft=" + Nd.fft().fft(a).abs().get(0, 0).item()); // fft, FftProvider through `uses`
                        System.out.println("addReduce=" + Nd.ufunc(Ufunc.ADD).reduce(a, 1)); // a ufunc's methods, by a name users can write
                        NDArray acc = Nd.zeros(4);
                        Nd.ufunc(Ufunc.ADD).at(acc, new long[] {0, 0, 3}, 1);
                        System.out.println("addAt=" + acc);
                        try {
                            Class.forName("org.ndgpu.spi.Providers").getMethod("routines").invoke(null);
                            System.out.println("spi=open");
                        } catch (IllegalAccessException e) {
                            System.out.println("spi=hidden");
                        } catch (ReflectiveOperationException e) {
                            System.out.println("spi=" + e);
                        }
                    }
                }
                """);
        String mp = modulePath();
        assertTrue(mp.contains("ndgpu") || mp.contains("classes"), mp);
        Path out = dir.resolve("out");
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        String compiled = run(List.of(
                bin.resolve("javac").toString(),
                "--module-path",
                mp,
                "-d",
                out.toString(),
                src.resolve("module-info.java").toString(),
                src.resolve("probe/Main.java").toString()));
        assertTrue(compiled.isEmpty(), "javac of the probe module against " + mp + ": " + compiled);

        String output = run(List.of(
                bin.resolve("java").toString(),
                "--enable-native-access=org.ndgpu.runtime,org.ndgpu.ndarray,org.ndgpu.backend.cuda,org.ndgpu.backend.opencl,org.ndgpu.routines,org.ndgpu.nccl,org.ndgpu.fft,jocl,jocl.blast",
                "--module-path",
                out + File.pathSeparator + mp,
                "-m",
                "probe/probe.Main"));
        // np.arange(12).reshape(3, 4): column sums, sum of a + 1, -a sorted along rows, (a @ a.T)[1, 2]
        assertTrue(output.contains("sum0=array([12, 15, 18, 21])"), output);
        assertTrue(output.contains("add=78"), output);
        assertTrue(output.contains("sorted=-3"), output);
        assertTrue(output.contains("matmul=214"), output);
        assertTrue(output.contains("fft=6.0"), output);
        // np.add.reduce(a, axis=1); np.add.at(np.zeros(4), [0, 0, 3], 1)
        assertTrue(output.contains("addReduce=array([ 6, 22, 38])"), output);
        assertTrue(output.contains("addAt=array([2., 0., 0., 1.])"), output);
        assertTrue(output.contains("spi=hidden"), "org.ndgpu.spi must not be open to applications: " + output);
        assertFalse(
                output.contains("restricted method"),
                "the README's --enable-native-access list is incomplete: " + output);
    }

    /** Runs {@code cmd}, asserts exit 0 within two minutes, and returns its output (stdout and stderr). */
    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(new ArrayList<>(cmd))
                .redirectErrorStream(true)
                .start();
        String output;
        try (var in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            if (!p.waitFor(120, TimeUnit.SECONDS)) p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + output);
        return output;
    }
}
