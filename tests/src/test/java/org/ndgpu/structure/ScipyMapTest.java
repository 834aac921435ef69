package org.ndgpu.structure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/scipy-map.md follows the code: every row that names an ndgpu form names a public method of
 * the module's facade, and no row says "not yet" for a SciPy name whose lowerCamelCase form the
 * facade has. The map is written by {@code tools/scipy_map.py} (it needs SciPy, which the tests do
 * not), so a stale map fails here with the command that refreshes it. Needs no device.
 */
class ScipyMapTest {
    private static final Path MAP = Path.of("..", "docs", "scipy-map.md");
    private static final Pattern SECTION = Pattern.compile("^## `scipy\\.(\\w+)`");
    private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)` \\| (.*) \\|$");
    private static final Pattern FORM = Pattern.compile("`Nd\\.\\w+\\(\\)\\.(\\w+)`");

    private static final Map<String, Class<?>> FACADES = Map.of(
            "special", org.ndgpu.special.Special.class,
            "ndimage", org.ndgpu.ndimage.Ndimage.class,
            "signal", org.ndgpu.signal.Signal.class);

    static String camel(String name) {
        String[] parts = name.split("_", -1);
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty())
                b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.toString();
    }

    private static Set<String> methods(Class<?> facade) {
        Set<String> names = new HashSet<>();
        for (Method m : facade.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class) names.add(m.getName());
        }
        return names;
    }

    @Test
    void theMapFollowsTheFacades() throws IOException {
        List<String> stale = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String module = null;
        Set<String> methods = Set.of();
        int rows = 0;
        for (String line : Files.readAllLines(MAP)) {
            Matcher s = SECTION.matcher(line);
            if (s.find()) {
                module = s.group(1);
                seen.add(module);
                methods = FACADES.containsKey(module) ? methods(FACADES.get(module)) : Set.of();
                continue;
            }
            Matcher r = ROW.matcher(line);
            if (module == null || !r.matches()) continue;
            rows++;
            String name = r.group(1), cell = r.group(2);
            Matcher f = FORM.matcher(cell);
            if (f.find()) {
                if (!methods.contains(f.group(1))) stale.add(module + "." + name + ": no method " + f.group(1));
            } else if (cell.startsWith("not yet") && methods.contains(camel(name))) {
                stale.add(module + "." + name + ": says not yet, but " + camel(name) + " exists");
            }
        }
        assertEquals(FACADES.keySet(), seen, "the map's sections");
        assertTrue(rows > 500, "rows read: " + rows);
        assertEquals(
                List.of(),
                stale,
                "docs/scipy-map.md is stale: run python3 tools/scipy_map.py from the repository root and commit it");
    }
}
