package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import org.ndgpu.device.Device;

/**
 * What an example computed: named values (numbers, strings, arrays) in the order they were added,
 * named timings in milliseconds, and the device. Tests read the values; timings are only printed.
 *
 * <pre>{@code
 * Result r = Result.on("Hypot", Device.current()).value("max abs error", 0.0).millis("device ufunc", 1.5);
 * r.number("max abs error");   // 0.0
 * r.print(System.out);
 * }</pre>
 */
public final class Result {
    private final String example;
    private final String device;
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, Double> millis = new LinkedHashMap<>();

    private Result(String example, String device) {
        this.example = example;
        this.device = device;
    }

    /** An empty result of {@code example} run on {@code device}. */
    public static Result on(String example, Device device) {
        return new Result(example, String.valueOf(device));
    }

    /** Adds (or replaces) a named value; returns this. */
    public Result value(String name, Object v) {
        values.put(name, v);
        return this;
    }

    /** Adds (or replaces) a named timing in milliseconds; returns this. */
    public Result millis(String name, double ms) {
        millis.put(name, ms);
        return this;
    }

    /** The example's name. */
    public String example() {
        return example;
    }

    /** The device it ran on, as {@code Device.toString()} writes it. */
    public String device() {
        return device;
    }

    /** The values, in the order added. */
    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    /** The timings in milliseconds, in the order added. */
    public Map<String, Double> timings() {
        return Collections.unmodifiableMap(millis);
    }

    /** The value named {@code name}; throws NoSuchElementException naming the ones there are. */
    public Object value(String name) {
        if (!values.containsKey(name))
            throw new NoSuchElementException(example + ": no value '" + name + "'; have " + values.keySet());
        return values.get(name);
    }

    /** The value named {@code name} as a double (it must be a Number or a Boolean: true is 1). */
    public double number(String name) {
        Object v = value(name);
        if (v instanceof Boolean b) return b ? 1 : 0;
        if (v instanceof Number n) return n.doubleValue();
        throw new ClassCastException(example + ": value '" + name + "' is not a number: " + v);
    }

    /** The value named {@code name} as printed (arrays as Arrays.toString does). */
    public String text(String name) {
        return format(value(name));
    }

    /** Prints the values, then the timings, then the device. */
    public void print(PrintStream out) {
        values.forEach((k, v) -> out.printf("  %-34s %s%n", k, format(v)));
        millis.forEach((k, v) -> out.printf("  %-34s %.3f ms%n", "time: " + k, v));
        out.printf("  %-34s %s%n", "device", device);
    }

    @Override
    public String toString() {
        return example + values + " times(ms)" + millis + " on " + device;
    }

    static String format(Object v) {
        return switch (v) {
            case double[] d -> Arrays.toString(d);
            case float[] f -> Arrays.toString(f);
            case long[] l -> Arrays.toString(l);
            case int[] i -> Arrays.toString(i);
            case Double d -> String.format("%.6g", d);
            case Float f -> String.format("%.6g", f);
            case null -> "null";
            default -> v.toString();
        };
    }
}
