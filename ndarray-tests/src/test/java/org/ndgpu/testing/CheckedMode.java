package org.ndgpu.testing;

import java.util.function.Supplier;

/**
 * Runs a test body with checked mode ({@code ndgpu.debug}) set one way, then puts the setting back:
 * the setting is read at each call, so one JVM tests both modes.
 *
 * <pre>{@code
 * IndexException e = CheckedMode.with("true", () -> assertThrows(IndexException.class, () -> k.call(x, y)));
 * }</pre>
 */
public final class CheckedMode {
    private CheckedMode() {}

    /** {@code body} with ndgpu.debug set to {@code value} (null: unset, the device's default), then the setting as it was. */
    public static <T> T with(String value, Supplier<T> body) {
        String old = System.getProperty("ndgpu.debug");
        if (value == null) System.clearProperty("ndgpu.debug");
        else System.setProperty("ndgpu.debug", value);
        try {
            return body.get();
        } finally {
            if (old == null) System.clearProperty("ndgpu.debug");
            else System.setProperty("ndgpu.debug", old);
        }
    }
}
