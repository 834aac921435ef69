package org.ndgpu.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real JShell session, started as {@code ./nd jshell} starts it (the jshell tool of this JDK, the
 * start-up file, native access for the remote VM) with this test's class path, fed a script on
 * stdin. It runs on the default device, PoCL in CI.
 */
class JShellSessionTest {
    static final Path STARTUP = Path.of("src", "main", "jshell", "ndgpu.jsh");

    /** The test class path: surefire's property when it runs us through a manifest-only jar. */
    static String classPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
    }

    static String session(String script) throws Exception {
        Path jshell = Path.of(System.getProperty("java.home"), "bin", "jshell");
        assertTrue(Files.isExecutable(jshell), "no jshell in " + jshell);
        var pb = new ProcessBuilder(List.of(
                        jshell.toString(),
                        "-R--enable-native-access=ALL-UNNAMED",
                        "--class-path",
                        classPath(),
                        STARTUP.toString()))
                .redirectErrorStream(true);
        // jshell keeps its preferences under the user's home; a temporary one keeps the run clean
        Path home = Files.createTempDirectory("jshell-home");
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Duser.home=" + home);
        try {
            Process p = pb.start();
            try (var in = p.getOutputStream()) {
                in.write((script + "\n/exit\n").getBytes(StandardCharsets.UTF_8));
            }
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jshell did not exit");
            assertEquals(0, p.exitValue(), new String(out, StandardCharsets.UTF_8));
            return new String(out, StandardCharsets.UTF_8);
        } finally {
            try (var files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }

    @Test
    void theReadmeLinePrintsANumPyStyleArray() throws Exception {
        String out = session("var a = Nd.arange(12).reshape(3, 4); a.sum(0)");
        assertFalse(out.contains("Error:"), "the start-up file failed:\n" + out);
        // one device line, ndgpu's log, not a second one from the start-up file
        assertEquals(1, out.split("ndgpu: using ", -1).length - 1, out);
        assertTrue(out.contains("==> array([12, 15, 18, 21])"), out);
    }

    @Test
    void kernelClassesAreImported() throws Exception {
        String out = session("""
                var k = new ElementwiseKernel("float32 x", "float32 y", "y = x * 2", "twice");
                k.call(Nd.arange(0, 3, 1, DType.FLOAT32))
                new ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm").call(Nd.array(new float[]{3, 4}))
                Nd.linalg().det(Nd.eye(2)).item()""");
        assertFalse(out.contains("Error:"), out);
        assertTrue(out.contains("==> array([0., 2., 4.], dtype=float32)"), out);
        assertTrue(out.contains("==> array(5., dtype=float32)"), out);
        assertTrue(out.contains("==> 1.0"), out);
    }

    @Test
    void aScopeOpenedInOneSnippetClosesInAnother() throws Exception {
        // JShell runs every snippet on one thread, so that a scope (which belongs to its thread) spans snippets
        String out = session("""
                var scope = Nd.scope("jshell");
                var t = Nd.arange(3).add(1);
                scope.close();
                t.isClosed()
                Nd.scope(() -> Nd.arange(3).mul(2))""");
        assertFalse(out.contains("Error:"), out);
        assertFalse(out.contains("NdException"), out);
        assertTrue(out.contains("==> true"), out);
        assertTrue(out.contains("==> array([0, 2, 4])"), out);
    }

    @Test
    void startupFileImportsOnlyPackagesThatExist() throws Exception {
        for (String line : Files.readAllLines(STARTUP)) {
            if (!line.startsWith("import ")) continue;
            String name = line.substring(7, line.indexOf(';'));
            if (name.endsWith(".*")) {
                String pkg = name.substring(0, name.length() - 2);
                assertTrue(
                        Thread.currentThread()
                                        .getContextClassLoader()
                                        .getResources(pkg.replace('.', '/'))
                                        .hasMoreElements()
                                || new File("target/classes/" + pkg.replace('.', '/')).isDirectory(),
                        "no package " + pkg);
            } else {
                assertEquals(name, Class.forName(name).getName(), "no class " + name); // a class imported by name
            }
        }
    }
}
