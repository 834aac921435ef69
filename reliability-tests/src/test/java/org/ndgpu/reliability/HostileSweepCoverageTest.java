package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The sweep covers the whole public API: every public class of every package an ndgpu module
 * exports (module-info) is a target of {@link HostileSweep}, or excluded there with a reason.
 * Needs no device: it only reads classes.
 */
class HostileSweepCoverageTest {
    @Test
    void everyPublicClassOfTheExportedPackagesIsSweptOrExcludedWithAReason() {
        List<PublicApi.Exported> packages = PublicApi.exportedPackages();
        Set<String> names = packages.stream().map(PublicApi.Exported::name).collect(Collectors.toSet());
        for (String expected : List.of(
                "org.ndgpu",
                "org.ndgpu.ndarray",
                "org.ndgpu.device",
                "org.ndgpu.linalg",
                "org.ndgpu.fft",
                "org.ndgpu.random",
                "org.ndgpu.io",
                "org.ndgpu.nccl",
                "org.ndgpu.raw",
                "org.ndgpu.fuse")) {
            assertTrue(names.contains(expected), "the module-info scan missed " + expected + ": " + names);
        }
        Set<String> targets =
                HostileSweep.targets().stream().map(t -> t.type().getName()).collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>();
        Set<String> seen = new TreeSet<>();
        for (Class<?> c : PublicApi.publicClasses()) {
            seen.add(c.getName());
            if (targets.contains(c.getName())
                    || HostileSweep.EXCLUDED.containsKey(c.getName())
                    || HostileSweep.excludedByRule(c)) continue;
            missing.add(c.getName());
        }
        assertEquals(Set.of(), missing, "public classes neither swept nor excluded with a reason");
        Set<String> stale = new TreeSet<>(HostileSweep.EXCLUDED.keySet());
        stale.removeAll(seen);
        assertEquals(Set.of(), stale, "exclusions that name no public class any more");
        Set<String> staleTargets = new TreeSet<>(targets);
        staleTargets.removeAll(seen);
        assertEquals(Set.of(), staleTargets, "targets outside the exported packages");
    }

    @Test
    void thePairwiseSampleIsFixed() {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                HostileSweep.PAIRS_PER_POSITIONS > 0, "pairs are off (-Dndgpu.hostile.pairs=0)");
        List<String> a = HostileSweep.pairs().stream().map(Hostile::name).toList();
        List<String> b = HostileSweep.pairs().stream().map(Hostile::name).toList();
        assertEquals(a, b);
        assertTrue(a.size() > 1000, "pairs: " + a.size());
        assertTrue(
                a.stream().anyMatch(n -> n.startsWith("pair NDArray.") && n.contains(" this = ")),
                "the receiver is a pair position");
    }
}
