package org.ndgpu.config;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/** Byte sizes as the settings write them, for {@link Config#parseBytes}: one concept out of Config. */
final class ByteSizes {
    private ByteSizes() {}

    /** "512m", "4g", "1024", or a fraction of {@code whole} such as "0.8". */
    static long parse(String text, long whole, String what) {
        java.util.Objects.requireNonNull(text, "Config.parseBytes: text is null");
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.contains(".")) {
                double f = Double.parseDouble(t);
                if (!(f > 0) || Double.isInfinite(f)) throw new NumberFormatException();
                return (long) Math.min(f * whole, Long.MAX_VALUE);
            }
            long mul = 1;
            char last = t.charAt(t.length() - 1);
            if (Character.isLetter(last)) {
                mul = switch (last) {
                    case 'k' -> 1L << 10;
                    case 'm' -> 1L << 20;
                    case 'g' -> 1L << 30;
                    case 't' -> 1L << 40;
                    default -> throw new NumberFormatException();
                };
                t = t.substring(0, t.length() - 1);
            }
            return Math.multiplyExact(Long.parseLong(t), mul);
        } catch (RuntimeException e) {
            throw new NdException(
                    what + ": expected bytes such as 512m, 4g or a fraction such as 0.8, got '" + text + "'");
        }
    }
}
