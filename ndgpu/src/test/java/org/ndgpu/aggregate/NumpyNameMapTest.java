package org.ndgpu.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;

/**
 * Generates docs/numpy-map.md, the NumPy to ndgpu name map, from the code itself, so it cannot go
 * stale: every function of numpy, numpy.linalg, numpy.random.Generator and numpy.fft (the list in
 * numpy-names.tsv, written by tools/numpy_names.py) with the ndgpu form found by reflection, or
 * "missing". When the committed file differs from what the code gives, the test rewrites it and
 * fails: commit the new file.
 *
 * <p>The naming rule, written once: a NumPy name becomes its lowerCamelCase ({@code count_nonzero}
 * becomes {@code countNonzero}); arithmetic and comparison ufuncs have short names
 * ({@link #SHORT}), as Java has no operator overloading.
 */
class NumpyNameMapTest {
    /** NumPy names whose ndgpu method is a short operator name, not the camelCase of the name. */
    static final Map<String, String> SHORT = Map.ofEntries(
            Map.entry("subtract", "sub"),
            Map.entry("multiply", "mul"),
            Map.entry("divide", "div"),
            Map.entry("true_divide", "div"),
            Map.entry("floor_divide", "floorDiv"),
            Map.entry("remainder", "mod"),
            Map.entry("power", "pow"),
            Map.entry("negative", "neg"),
            Map.entry("absolute", "abs"),
            Map.entry("equal", "eq"),
            Map.entry("not_equal", "ne"),
            Map.entry("less", "lt"),
            Map.entry("less_equal", "le"),
            Map.entry("greater", "gt"),
            Map.entry("greater_equal", "ge"),
            Map.entry("invert", "bitwiseNot"),
            Map.entry("bitwise_not", "bitwiseNot"),
            Map.entry("conjugate", "conj"),
            Map.entry("asarray", "array"));

    /**
     * NumPy functions with no ndgpu form by design, each with the reason the map shows: Python
     * objects and Python-only machinery (issue 39 allows at most {@value #MAX_NOT_APPLICABLE}).
     */
    static final Map<String, String> NOT_APPLICABLE = Map.ofEntries(
            Map.entry("frompyfunc", "wraps a Python function as a ufunc; write an ElementwiseKernel or a Fuse lambda"),
            Map.entry("nested_iters", "a Python iterator object over NumPy's nditer"),
            Map.entry("iterable", "asks whether a Python object can be iterated"),
            Map.entry("info", "prints Python help text; the Javadoc is ndgpu's"),
            Map.entry("get_include", "the C headers for building Python extensions against NumPy"),
            Map.entry("show_config", "NumPy's build and BLAS configuration; ndgpu's is in Config.settings()"),
            Map.entry("show_runtime", "NumPy's CPU and threading runtime; ndgpu's devices are Device.list()"),
            Map.entry(
                    "geterr",
                    "NumPy's floating-point error modes for its CPU loops; device kernels raise no "
                            + "floating-point exceptions and give IEEE inf and nan, as CuPy's"),
            Map.entry("seterr", "see geterr: device kernels have no floating-point error modes"),
            Map.entry("geterrcall", "see geterr: a Python callback for floating-point errors"),
            Map.entry("seterrcall", "see geterr: a Python callback for floating-point errors"),
            Map.entry("getbufsize", "the buffer size of NumPy's CPU ufunc loops; device kernels have none"),
            Map.entry("setbufsize", "the buffer size of NumPy's CPU ufunc loops; device kernels have none"),
            Map.entry("asmatrix", "numpy.matrix, a deprecated ndarray subclass; ndgpu has one array type (matmul)"),
            Map.entry("bmat", "builds a numpy.matrix (deprecated); Nd.block builds the array"),
            Map.entry("typename", "the name of a NumPy type character code; DType.toString() names a dtype"),
            Map.entry("mintypecode", "works on NumPy's type character codes, which DType does not use"),
            Map.entry(
                    "fromregex",
                    "reads structured arrays through a Python regular expression; loadtxt reads " + "numeric text"));

    /** At most this many names may be marked not applicable (issue 39). */
    static final int MAX_NOT_APPLICABLE = 40;

    static String javaName(String numpy) {
        String s = SHORT.get(numpy);
        return s != null ? s : camel(numpy);
    }

    /** NumPy's name in camelCase, without the short forms of the ufuncs (Generator.power stays power). */
    static String camel(String numpy) {
        var sb = new StringBuilder();
        boolean up = false;
        for (int i = 0; i < numpy.length(); i++) {
            char c = numpy.charAt(i);
            if (c == '_') {
                up = sb.length() > 0;
                continue;
            }
            sb.append(up ? Character.toUpperCase(c) : c);
            up = false;
        }
        return sb.toString();
    }

    private static Set<String> publicMethods(Class<?> type, boolean statics) {
        Set<String> names = new TreeSet<>();
        for (Method m : type.getMethods()) {
            if (m.getDeclaringClass() == Object.class) continue;
            if (Modifier.isStatic(m.getModifiers()) == statics) names.add(m.getName());
        }
        return names;
    }

    private static List<String[]> numpyNames() throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = NumpyNameMapTest.class.getResourceAsStream("/numpy-names.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                rows.add(line.split("\t"));
            }
        }
        return rows;
    }

    /** The ndgpu forms of one NumPy function: a facade function, an array method, or a namespace's. */
    static List<String> forms(String namespace, String numpy) {
        String j = javaName(numpy);
        List<String> forms = new ArrayList<>();
        switch (namespace) {
            case "numpy" -> {
                if (publicMethods(Nd.class, true).contains(j)) forms.add("`Nd." + j + "`");
                if (publicMethods(NDArray.class, false).contains(j)) forms.add("`a." + j + "`");
            }
            case "numpy.linalg" -> {
                if (publicMethods(Linalg.class, false).contains(j)) forms.add("`Nd.linalg()." + j + "`");
                else if (publicMethods(Nd.class, true).contains(j)) forms.add("`Nd." + j + "`");
            }
            case "numpy.random.Generator" -> {
                String g = camel(numpy);
                if (publicMethods(Random.class, false).contains(g)) forms.add("`Nd.random()." + g + "`");
            }
            case "numpy.fft" -> {
                Set<String> nd = publicMethods(Nd.class, true);
                if (nd.contains("fft")) forms.add("`Nd.fft()." + j + "`"); // a namespace, once it exists
            }
            default -> throw new IllegalArgumentException("unknown namespace " + namespace);
        }
        return forms;
    }

    static String generate(List<String[]> rows) {
        Map<String, List<String[]>> byNamespace = new LinkedHashMap<>();
        for (String[] r : rows)
            byNamespace.computeIfAbsent(r[0], k -> new ArrayList<>()).add(r);
        var md = new StringBuilder();
        md.append("# NumPy to ndgpu: every name\n\n");
        md.append(
                "Generated by `ndgpu/src/test/java/org/ndgpu/aggregate/NumpyNameMapTest.java` from the code (do not edit by hand;\n");
        md.append("`./nd test` fails and rewrites this file when it is stale). The NumPy names come from\n");
        md.append("`tools/numpy_names.py`.\n\n");
        md.append(
                "**The naming rule.** A NumPy function `numpy.name_with_parts` is `Nd.nameWithParts` (lowerCamelCase),\n");
        md.append(
                "and `a.nameWithParts(...)` where NumPy has the `ndarray` method; `numpy.linalg.x` is `Nd.linalg().x`,\n");
        md.append(
                "`Generator.x` is `Nd.random().x`, `numpy.fft.x` is `Nd.fft().x`. Arithmetic and comparisons have short\n");
        md.append("names, since Java has no operators for arrays:");
        SHORT.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> md.append(" `")
                        .append(e.getKey())
                        .append("` `")
                        .append(e.getValue())
                        .append("`,"));
        md.setLength(md.length() - 1);
        md.append(".\n\n");
        int total = 0, present = 0, notApplicable = 0;
        var body = new StringBuilder();
        for (var e : byNamespace.entrySet()) {
            int nsPresent = 0;
            var table = new StringBuilder("| NumPy | ndgpu |\n|---|---|\n");
            for (String[] r : e.getValue()) {
                List<String> f = forms(r[0], r[1]);
                total++;
                String na = r[0].equals("numpy") ? NOT_APPLICABLE.get(r[1]) : null;
                if (!f.isEmpty()) {
                    present++;
                    nsPresent++;
                } else if (na != null) notApplicable++;
                table.append("| `")
                        .append(r[1])
                        .append("` | ")
                        .append(!f.isEmpty() ? String.join(", ", f) : na != null ? "not applicable: " + na : "missing")
                        .append(" |\n");
            }
            body.append("## `")
                    .append(e.getKey())
                    .append("`: ")
                    .append(nsPresent)
                    .append(" of ")
                    .append(e.getValue().size())
                    .append("\n\n")
                    .append(table)
                    .append('\n');
        }
        md.append("In all: ")
                .append(present)
                .append(" of ")
                .append(total)
                .append(" NumPy names have an ndgpu form; ")
                .append(notApplicable)
                .append(" are marked not applicable, with the reason in the table, so ")
                .append(present)
                .append(" of the ")
                .append(total - notApplicable)
                .append(" applicable names (")
                .append(Math.round(1000.0 * present / (total - notApplicable)) / 10.0)
                .append("%) have one.\n\n");
        return md.append(body).toString();
    }

    @Test
    void namingRule() {
        assertEquals("countNonzero", javaName("count_nonzero"));
        assertEquals("sub", javaName("subtract"));
        assertEquals("fft2", javaName("fft2"));
        assertEquals("sum", javaName("sum"));
    }

    @Test
    void docsNumpyMapIsCurrent() throws IOException {
        List<String[]> rows = numpyNames();
        assertTrue(rows.size() > 400, "numpy-names.tsv lists NumPy's functions");
        assertTrue(NOT_APPLICABLE.size() <= MAX_NOT_APPLICABLE, "at most 40 names are marked not applicable");
        String want = generate(rows);
        assertTrue(want.contains("| `add` | `Nd.add`, `a.add` |"), "the reflection finds Nd.add and a.add");
        assertTrue(want.contains("| `svd` | `Nd.linalg().svd` |"), "the reflection finds linalg's svd");
        Path doc =
                Path.of(System.getProperty("user.dir")).resolveSibling("docs").resolve("numpy-map.md");
        String have = Files.exists(doc) ? Files.readString(doc) : "";
        if (!have.equals(want)) {
            Files.createDirectories(doc.getParent());
            Files.writeString(doc, want);
        }
        assertEquals(want, have, "docs/numpy-map.md was stale and has been rewritten: commit it");
    }
}
