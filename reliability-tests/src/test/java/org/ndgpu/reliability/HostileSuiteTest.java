package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.testing.TestDevice;
import org.ndgpu.testing.TestDevices;

/**
 * The hostile-input suite on one device: every case of {@link Hostile#all()} (the named cases of
 * issue 15 and their neighbours, and the reflection sweep over the public API) runs in a child JVM
 * ({@link HostileChild}). When the child dies, the case it was running is a crash and a new child
 * goes on from the next case. Each case becomes one test in the report; the summary (cases, passed,
 * crashes, hangs, failures) is printed and written to target/hostile-&lt;device&gt;.txt for RELIABILITY.md.
 */
@ParameterizedClass(name = "[{0}]", allowZeroInvocations = true)
@ArgumentsSource(TestDevices.class)
@Tag(PerDeviceTest.TAG)
class HostileSuiteTest {
    /**
     * The device the child runs on, as a kind the child resolves itself: this JVM does not open the
     * device, so the child never competes with it for one. Run once per tested kind, as a
     * {@link PerDeviceTest}, which it is not only because that would open the device here.
     */
    @Parameter
    TestDevice kind;

    private record Outcome(String name, String verdict, String detail) {}

    @TestFactory
    Stream<DynamicTest> everyHostileCaseRaisesCleanlyAndTheJvmLives() throws Exception {
        String id = kind.id();
        Map<Integer, Outcome> outcomes = new LinkedHashMap<>();
        int total = -1;
        int next = 0;
        int children = 0;
        while (total < 0 || next < total) {
            children++;
            assertTrue(
                    children < 200,
                    "too many child JVMs died: "
                            + outcomes.values().stream()
                                    .filter(o -> !o.verdict().equals("pass"))
                                    .toList());
            Child run = runChild(id, next);
            if (run.absent != null) {
                // one skipped test with the reason: an aborted factory would not be counted in the report
                return Stream.of(DynamicTest.dynamicTest("no " + id + " device", () -> Assumptions.abort(run.absent)));
            }
            outcomes.putAll(run.outcomes);
            if (run.total < 0)
                throw new AssertionError(
                        "the child JVM ended before its first case (exit " + run.exit + "): " + run.tail);
            total = run.total;
            if (run.done) {
                next = total;
            } else if (run.open >= 0) {
                outcomes.put(
                        run.open,
                        new Outcome(run.openName, "crash", "the JVM died (exit " + run.exit + "): " + run.tail));
                next = run.open + 1;
            } else if (run.resume >= 0) {
                next = run.resume;
            } else {
                throw new AssertionError("the child JVM ended between cases (exit " + run.exit + "): " + run.tail);
            }
        }
        long crashes = outcomes.values().stream()
                .filter(o -> o.verdict().equals("crash") && KnownOpen.of(o.name()) == null)
                .count();
        long hangs = outcomes.values().stream()
                .filter(o -> o.verdict().equals("hang") && KnownOpen.of(o.name()) == null)
                .count();
        long failures = outcomes.values().stream()
                .filter(o -> o.verdict().equals("fail") && KnownOpen.of(o.name()) == null)
                .count();
        long known = outcomes.values().stream()
                .filter(o -> !o.verdict().equals("pass") && KnownOpen.of(o.name()) != null)
                .count();
        long sweep = outcomes.values().stream()
                .filter(o -> o.name().startsWith("sweep "))
                .count();
        long pairs = outcomes.values().stream()
                .filter(o -> o.name().startsWith("pair "))
                .count();
        // an entry of KnownOpen whose cases all pass now can be deleted
        List<String> cleared = KnownOpen.ENTRIES.stream()
                .filter(k ->
                        outcomes.values().stream().noneMatch(o -> !o.verdict().equals("pass") && k.covers(o.name())))
                .map(KnownOpen.Entry::area)
                .toList();
        String summary = String.format(
                "hostile suite on %s: %d cases (%d named, %d from the sweep with one hostile argument, %d with a pair), "
                        + "%d passed, %d crashes, %d hangs, %d failures, %d known-open (KnownOpen), %d child JVMs; known-open entries now passing: %s",
                id,
                outcomes.size(),
                outcomes.size() - sweep - pairs,
                sweep,
                pairs,
                outcomes.size() - crashes - hangs - failures - known,
                crashes,
                hangs,
                failures,
                known,
                children,
                cleared);
        System.out.println(summary);
        Path target = Path.of("target");
        if (Files.isDirectory(target)) {
            List<String> lines = new ArrayList<>(List.of(summary));
            outcomes.forEach((i, o) -> {
                KnownOpen.Entry k = o.verdict().equals("pass") ? null : KnownOpen.of(o.name());
                lines.add(i + "\t" + o.verdict() + (k != null ? " (known-open: " + k.area() + ")" : "") + "\t"
                        + o.name() + "\t" + o.detail());
            });
            Files.write(target.resolve("hostile-" + id + ".txt"), lines);
        }
        return outcomes.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        "#" + e.getKey() + " " + e.getValue().name(), () -> {
                            Outcome o = e.getValue();
                            if (o.verdict().equals("pass")) return;
                            KnownOpen.Entry k = KnownOpen.of(o.name());
                            if (k != null)
                                Assumptions.abort("known-open (" + k.area() + "), being fixed elsewhere: " + o.verdict()
                                        + ": " + o.detail());
                            throw new AssertionError(o.verdict() + ": " + o.detail());
                        }));
    }

    private static final class Child {
        final Map<Integer, Outcome> outcomes = new LinkedHashMap<>();
        int total = -1;
        int resume = -1;
        boolean done;
        int open = -1;
        String openName;
        int exit;
        String tail = "";
        String absent;
    }

    private static Child runChild(String deviceId, int first) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-Xmx2g",
                "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=/dev/null"));
        // the child sees the devices this JVM sees: ndgpu's and JOCL's settings and the native library path travel with
        // it
        System.getProperties().stringPropertyNames().stream()
                .sorted()
                .filter(k -> k.startsWith("ndgpu.") || k.startsWith("jocl.") || k.equals("java.library.path"))
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                HostileChild.class.getName(),
                deviceId,
                Integer.toString(first)));
        var pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        Child c = new Child();
        List<String> recent = new ArrayList<>();
        try (var in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.startsWith("@@ ")) {
                    recent.add(line);
                    if (recent.size() > 20) recent.remove(0);
                    continue;
                }
                String[] f = line.split(" ", 4);
                switch (f[1]) {
                    case "BEGIN" -> {
                        c.open = Integer.parseInt(f[2]);
                        c.openName = f.length > 3 ? f[3] : "?";
                        recent.clear();
                    }
                    case "PASS" -> {
                        c.outcomes.put(c.open, new Outcome(c.openName, "pass", ""));
                        c.open = -1;
                    }
                    case "FAIL" -> {
                        c.outcomes.put(c.open, new Outcome(c.openName, "fail", f.length > 3 ? f[3] : ""));
                        c.open = -1;
                    }
                    case "HANG" -> {
                        c.outcomes.put(c.open, new Outcome(c.openName, "hang", f.length > 3 ? f[3] : "no answer"));
                        c.resume = c.open + 1;
                        c.open = -1;
                    }
                    case "TOTAL" -> c.total = Integer.parseInt(f[2]);
                    case "DONE" -> c.done = true;
                    case "NODEVICE" -> c.absent = line.substring("@@ NODEVICE ".length());
                    default -> {}
                }
            }
        }
        c.exit = p.waitFor();
        c.tail = String.join(" / ", recent);
        return c;
    }
}
