package org.ndgpu.reliability;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Defects the hostile suite finds that are being fixed elsewhere (issue 35), by area: a case that
 * fails, crashes or hangs and whose text matches an entry here is reported as "known-open" (a
 * skipped test naming the area) instead of failing the build. The list is meant to shrink: once an
 * area's fix is merged, delete its entry; a known-open entry whose cases all pass is named in the
 * summary ("known-open entries now passing") so it can go.
 */
final class KnownOpen {
    private KnownOpen() {}

    /** One open area: the words and the case texts it covers. */
    record Entry(String area, Pattern cases) {
        boolean covers(String caseName) {
            return cases.matcher(caseName).find();
        }
    }

    // an entry: new Entry("area in the words", Pattern.compile("^sweep Class\\.method\\(...\\) ...$"))
    // empty: the nextFastLen(2^62 + 1) hang, the one entry the sweep's first run needed, is fixed (FftHostileSizesTest)
    static final List<Entry> ENTRIES = List.of();

    /** The entry covering a case, or null. */
    static Entry of(String caseName) {
        for (Entry x : ENTRIES) {
            if (x.covers(caseName)) return x;
        }
        return null;
    }
}
