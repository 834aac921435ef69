package org.ndgpu.config;

import java.util.List;
import java.util.Locale;
import org.ndgpu.config.Config.Setting;

/**
 * The checked readings shared by {@link Config}'s accessors: a positive integer, a power of two
 * that tiles a block, a boolean, auto or own, one of a list. Each names the setting, the form expected and the
 * value given when it cannot use the value, as {@link ByteSizes} does for sizes.
 */
final class SettingValues {
    private SettingValues() {}

    static boolean own(Setting s) {
        String v = s.read();
        if (v != null && !v.equalsIgnoreCase("auto") && !v.equalsIgnoreCase("own")) throw s.bad("auto or own", v);
        return v != null && v.equalsIgnoreCase("own");
    }

    static int positive(Setting s, int dflt) {
        String v = s.read();
        if (v == null) return dflt;
        try {
            int n = Integer.parseInt(v);
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw s.bad("a positive integer", v);
    }

    /** A power of two up to a reduction block (256 threads), so that the threads tile the block. */
    static int blockShare(Setting s, int dflt) {
        int n = positive(s, dflt);
        if (n > 256 || Integer.bitCount(n) != 1) throw s.bad("a power of two from 1 to 256", String.valueOf(n));
        return n;
    }

    /** One of {@code choices} (any case), the first when unset; {@code expected} lists them for the message. */
    static String oneOf(Setting s, List<String> choices, String expected) {
        String v = s.read();
        if (v == null) return choices.get(0);
        String c = v.toLowerCase(Locale.ROOT);
        if (!choices.contains(c)) throw s.bad(expected, v);
        return c;
    }

    static boolean bool(Setting s, boolean dflt) {
        String v = s.read();
        if (v == null) return dflt;
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false")) return false;
        throw s.bad("true or false", v);
    }
}
