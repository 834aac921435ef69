package org.ndgpu.ndarray;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * New Java arrays that a device read is about to overwrite whole ({@code a.toFloatArray()}).
 *
 * <p>{@code new float[n]} zeroes the array on the calling thread before anything else, and a
 * large array lands on heap pages the process has never touched: for 256 MiB the allocation alone
 * cost 36 ms on the H200 host, seven times the 5 ms the copy from the device takes. When the JVM
 * exports {@code jdk.internal.misc} to ndgpu ({@code --add-exports
 * java.base/jdk.internal.misc=ALL-UNNAMED}, which {@code ./nd} passes) large arrays are made
 * with {@code Unsafe.allocateUninitializedArray}, the JDK's own way for arrays it fills at once
 * (String concatenation uses it), and the first touch of each page happens in the staging copy's
 * worker threads, in parallel. Without the export, a plain {@code new} array: correct, slower.
 *
 * <p>An array from here is garbage until written: callers fill every element before anyone sees
 * it, and drop it if the fill fails.
 */
public final class HostArrays {
    private HostArrays() { }

    /** Below this many bytes zeroing costs less than a microsecond per KiB: plain arrays. */
    private static final long LARGE = 1L << 20;

    /** {@code jdk.internal.misc.Unsafe.allocateUninitializedArray(Class, int)} bound to the instance, or null. */
    private static final MethodHandle UNINITIALIZED = find();

    private static MethodHandle find() {
        if (Boolean.getBoolean("ndgpu.zeroedHostArrays")) return null;
        try {
            Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
            if (!unsafe.getModule().isExported("jdk.internal.misc", HostArrays.class.getModule())) return null;
            Object u = unsafe.getMethod("getUnsafe").invoke(null);
            MethodHandle h = MethodHandles.lookup().findVirtual(unsafe, "allocateUninitializedArray",
                    MethodType.methodType(Object.class, Class.class, int.class));
            return h.bindTo(u);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether large arrays are made without zeroing in this JVM. */
    public static boolean uninitializedAvailable() { return UNINITIALIZED != null; }

    /** A float[n] to be overwritten whole. */
    public static float[] floats(int n) {
        return 4L * n >= LARGE && UNINITIALIZED != null ? (float[]) make(float.class, n) : new float[n];
    }

    /** A double[n] to be overwritten whole. */
    public static double[] doubles(int n) {
        return 8L * n >= LARGE && UNINITIALIZED != null ? (double[]) make(double.class, n) : new double[n];
    }

    /** A long[n] to be overwritten whole. */
    public static long[] longs(int n) {
        return 8L * n >= LARGE && UNINITIALIZED != null ? (long[]) make(long.class, n) : new long[n];
    }

    /** An int[n] to be overwritten whole. */
    public static int[] ints(int n) {
        return 4L * n >= LARGE && UNINITIALIZED != null ? (int[]) make(int.class, n) : new int[n];
    }

    private static Object make(Class<?> component, int n) {
        try {
            return UNINITIALIZED.invokeExact(component, n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
