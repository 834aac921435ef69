package org.ndgpu.structure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The layering of the modules, checked so that it cannot rot: calls flow down from the facade
 * {@code Nd} (module ndgpu, on top) through the operation modules to the core and the backends.
 * No module below the facade calls it; the core's service interfaces stay small (what NDArray's own
 * methods and the optional modules need); only the backends and device selection know a
 * backend by its name; and every kernel above the backends is launched through one argument
 * builder, {@code LaunchArgs}.
 */
class LayeringTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Modules above the facade: they may call Nd as users do. */
    private static final Set<String> ABOVE_THE_FACADE = Set.of(
            "ndgpu", "plot", "notebook", "spark", "examples", "benchmarks", "reliability-tests", "consumer", "tools");

    private static final int MAX_SPI_METHODS = 12;
    private static final Pattern CALLS_ND =
            Pattern.compile("\\bNd\\s*\\.|import\\s+org\\.ndgpu\\.Nd\\s*;|\\borg\\.ndgpu\\.Nd\\b");
    /**
     * A call of Backend#launch: {@code .launch(} on a backend ({@code dev.backend().launch(},
     * {@code backend.launch(}), or any {@code .launch(} whose first argument is a backend stream.
     */
    private static final Pattern BACKEND_LAUNCH = Pattern.compile(
            "(?i)\\bbackend\\w*\\s*(\\(\\s*\\))?\\s*\\.\\s*launch\\s*\\(|\\.\\s*launch\\s*\\([\\w.()\\s]*?backendStream\\s*\\(");
    /** The one launcher above the backends (the benchmarks aside, which time the backend's launch itself). */
    private static final String LAUNCHER = "kernels-elementwise/src/main/java/org/ndgpu/codegen/LaunchArgs.java";

    private static final Pattern BACKEND_NAME =
            Pattern.compile("\"(cuda|opencl)\"\\s*\\.equals|equals(IgnoreCase)?\\(\\s*\"(cuda|opencl)\"\\s*\\)");

    private static String module(Path p) {
        return ROOT.relativize(p).getName(0).toString();
    }

    /** The source without comments and string contents, so that Javadoc mentions and messages do not count. */
    private static String code(Path p) throws IOException {
        String s = Files.readString(p);
        s = s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
        return s;
    }

    @Test
    void noModuleBelowTheFacadeCallsNd() throws IOException {
        List<String> bad = new ArrayList<>();
        for (Path p : MainSources.under(ROOT)) {
            if (ABOVE_THE_FACADE.contains(module(p))) continue;
            String s = code(p).replaceAll("\"(?:[^\"\\\\\\n]|\\\\.)*\"", "\"\"");
            if (CALLS_ND.matcher(s).find()) bad.add(ROOT.relativize(p).toString());
        }
        assertEquals(
                List.of(),
                bad,
                "these implementation sources call the facade Nd; call the class that implements the operation");
    }

    @Test
    void theCoresServiceInterfacesHaveAtMost12Methods() throws IOException {
        Path spi = ROOT.resolve("ndarray/src/main/java/org/ndgpu/spi");
        List<String> bad = new ArrayList<>();
        int interfaces = 0;
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null);
                Stream<Path> list = Files.list(spi)) {
            List<Path> files = list.filter(f -> f.toString().endsWith(".java")).toList();
            JavacTask task = (JavacTask)
                    javac.getTask(null, fm, null, List.of("-proc:none"), null, fm.getJavaFileObjectsFromPaths(files));
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (!(type instanceof ClassTree c) || c.getKind() != Tree.Kind.INTERFACE) continue;
                    interfaces++;
                    long methods = c.getMembers().stream()
                            .filter(m -> m instanceof MethodTree mt
                                    && !mt.getModifiers().getFlags().contains(Modifier.STATIC)
                                    && !mt.getModifiers().getFlags().contains(Modifier.PRIVATE))
                            .count();
                    if (methods > MAX_SPI_METHODS) bad.add(c.getSimpleName() + ": " + methods + " methods");
                }
            }
        }
        assertTrue(interfaces >= 5, "expected the core's service interfaces in " + spi + ", found " + interfaces);
        assertEquals(
                List.of(),
                bad,
                "a service interface of the core holds only what NDArray's methods or an optional module need;"
                        + " the facade calls the operation modules directly");
    }

    @Test
    void onlyLaunchArgsCallsTheBackendsLaunch() throws IOException {
        List<String> bad = new ArrayList<>();
        for (Path p : MainSources.under(ROOT)) {
            String rel = ROOT.relativize(p).toString().replace('\\', '/');
            if (module(p).startsWith("backend-") || module(p).equals("benchmarks") || rel.equals(LAUNCHER)) continue;
            String s = code(p).replaceAll("\"(?:[^\"\\\\\\n]|\\\\.)*\"", "\"\"");
            if (BACKEND_LAUNCH.matcher(s).find()) bad.add(rel);
        }
        assertEquals(
                List.of(),
                bad,
                "these sources call Backend#launch; pack the arguments with LaunchArgs and call its launch");
    }

    @Test
    void onlyTheBackendsAndDeviceSelectionCompareABackendsName() throws IOException {
        Set<String> allowedFiles = Set.of(
                "runtime/src/main/java/org/ndgpu/device/Devices.java",
                "runtime/src/main/java/org/ndgpu/device/Device.java");
        List<String> bad = new ArrayList<>();
        for (Path p : MainSources.under(ROOT)) {
            String rel = ROOT.relativize(p).toString().replace('\\', '/');
            if (module(p).startsWith("backend-") || allowedFiles.contains(rel)) continue;
            if (BACKEND_NAME.matcher(code(p)).find()) bad.add(rel);
        }
        assertEquals(List.of(), bad, "ask the device (its facts or dialect) or the provider, not the backend's name");
    }
}
