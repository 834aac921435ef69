package org.ndgpu.structure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The shape of the code, checked so that it cannot rot: the two API facades ({@code Nd},
 * {@code NDArray}) are one-line delegations, each public method body a single statement, with the
 * logic in the classes of its concept; and no other main source file of any module exceeds 500
 * lines, except the generated registry tables; and the core (module ndarray) stays within 6,000
 * lines.
 */
class FacadeShapeTest {
    private static final Path ROOT = Path.of("..");
    private static final int MAX_LINES = 500;
    private static final List<String> FACADES =
            List.of("ndgpu/src/main/java/org/ndgpu/Nd.java", "ndarray/src/main/java/org/ndgpu/ndarray/NDArray.java");
    /** Generated from ufunc-loops.tsv by kernels-elementwise/src/test/python/gen_ufunc_table.py: not edited by hand. */
    private static final List<String> GENERATED_TABLES = List.of(
            "ndarray/src/main/java/org/ndgpu/ndarray/Ufunc.java",
            "ndarray/src/main/java/org/ndgpu/spi/Reduction.java",
            "ndarray/src/main/java/org/ndgpu/spi/Scan.java");

    /** "Name(line N): K statements" for each public method of {@code file} whose body is not one statement; adds the count checked. */
    private static List<String> multiStatementMethods(Path file, int[] checked) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> bad = new ArrayList<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            JavacTask task =
                    (JavacTask) javac.getTask(null, fm, null, List.of("-proc:none"), null, fm.getJavaFileObjects(file));
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (!(type instanceof ClassTree c)) continue;
                    for (Tree member : c.getMembers()) {
                        if (!(member instanceof MethodTree m) || m.getBody() == null) continue;
                        if (!m.getModifiers().getFlags().contains(Modifier.PUBLIC)) continue;
                        checked[0]++;
                        int n = m.getBody().getStatements().size();
                        if (n != 1) {
                            long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, m));
                            bad.add(m.getName() + "(line " + line + "): " + n + " statements");
                        }
                    }
                }
            }
        }
        return bad;
    }

    @Test
    void everyPublicMethodOfTheFacadesIsOneDelegation() throws IOException {
        for (String f : FACADES) {
            Path file = ROOT.resolve(f);
            assertTrue(Files.isRegularFile(file), f + ": not found from " + ROOT.toAbsolutePath());
            int[] checked = {0};
            List<String> bad = multiStatementMethods(file, checked);
            assertTrue(checked[0] > 50, f + ": expected the facade's public methods, found only " + checked[0]);
            assertEquals(
                    List.of(),
                    bad,
                    f + ": every public method body must be a single statement, a delegation to the class "
                            + "of its concept (Views, Copies, Transfers, Creation, ...); move the logic there");
        }
    }

    @Test
    void noMainSourceFileExceeds500LinesBesidesTheFacadesAndGeneratedTables() throws IOException {
        Set<Path> exempt = Stream.concat(FACADES.stream(), GENERATED_TABLES.stream())
                .map(f -> ROOT.resolve(f).toAbsolutePath().normalize())
                .collect(java.util.stream.Collectors.toSet());
        for (Path p : exempt)
            assertTrue(Files.isRegularFile(p), p + ": an exempt file no longer exists; update the list");
        List<String> tooLong = new ArrayList<>();
        for (Path p : MainSources.under(ROOT.toAbsolutePath().normalize())) {
            if (exempt.contains(p)) continue;
            long lines;
            try (Stream<String> l = Files.lines(p)) {
                lines = l.count();
            }
            if (lines > MAX_LINES)
                tooLong.add(ROOT.toAbsolutePath().normalize().relativize(p) + ": " + lines + " lines");
        }
        assertEquals(List.of(), tooLong, "main source files over " + MAX_LINES + " lines: split them by concept");
    }

    /**
     * Issue 36's bound on the core (module ndarray): what every array needs, and nothing a routine could
     * hold. 6,000 at the re-cut; 6,100 since the complex Java scalar (Complex, which every assignment
     * and creation takes) and NumPy's setitem of a value with leading axes of length 1 came in.
     */
    private static final int CORE_MAX_LINES = 6_100;

    @Test
    void theCoreStaysWithinItsBound() throws IOException {
        Path core = ROOT.resolve("ndarray/src/main/java").toAbsolutePath().normalize();
        long total = 0;
        try (Stream<Path> files = Files.walk(core)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                try (Stream<String> l = Files.lines(p)) {
                    total += l.count();
                }
            }
        }
        assertTrue(total > 1_000, core + ": expected the core's sources, found " + total + " lines");
        assertTrue(
                total <= CORE_MAX_LINES,
                "the core (ndarray/src/main/java) has " + total + " lines, over " + CORE_MAX_LINES
                        + ": move what only a routine or a facade needs to the module that uses it");
    }
}
