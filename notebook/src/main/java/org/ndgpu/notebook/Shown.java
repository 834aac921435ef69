package org.ndgpu.notebook;

/**
 * The hand-over of a cell's value from JShell's snippet to the kernel: both run in one JVM and
 * see this class through the application class loader, so the kernel gets the object itself
 * (to display an array as a table or a figure as an image), not only its text.
 */
public final class Shown {
    private static Object last;

    private Shown() {}

    /** Called by the kernel's hidden snippet {@code org.ndgpu.notebook.Shown.keep($1)}. */
    public static void keep(Object value) {
        last = value;
    }

    static Object take() {
        Object v = last;
        last = null;
        return v;
    }
}
