package org.ndgpu.ndarray;

import java.lang.ref.Cleaner;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.ndgpu.device.Allocation;
import org.ndgpu.exceptions.NdException;

/**
 * Arrays released together, as DJL's NDManager and ND4J's workspaces release theirs: every array
 * made on this thread while the scope is its innermost open one belongs to the scope, whatever
 * made it (ufuncs, reductions, kernels, fuse, linalg, fft, routines, random, views, copies), and
 * {@link #close()} releases them all, except those marked with {@link #keep}, which move to the
 * enclosing scope (or belong to no scope when there is none). An array used after its scope closed
 * throws ArrayClosedException naming the scope. Users open one with {@code Nd.scope()}.
 *
 * <pre>{@code
 * NDArray result;
 * try (Scope scope = Nd.scope()) {
 *     NDArray t = x;
 *     for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
 *     result = scope.keep(t);        // survives; the 19 temporaries are released here
 * }
 * NDArray z = Nd.scope(() -> x.sub(x.mean()).div(x.std()));   // the returned array is kept
 * }</pre>
 *
 * <p>The rules:
 *
 * <ul>
 *   <li>Scopes nest: each thread has its own stack of them. Closing a scope first closes the scopes
 *       opened inside it that are still open.
 *   <li>A scope belongs to the thread that opened it: {@code close} and {@code keep} on another
 *       thread throw NdException. Arrays made on other threads (for example inside {@code
 *       Devices.parallel}) are not the scope's; arrays of the scope may be used on other threads
 *       until it closes.
 *   <li>{@code close()} is idempotent, as AutoCloseable asks: a second close does nothing, and no
 *       memory is ever released twice.
 *   <li>Releasing an array is its {@code close()}: the memory goes back to the pool once no view
 *       uses it. So closing a scope never frees the memory of an outer array that one of its views
 *       looks into, and a kept view keeps its base's memory alive.
 *   <li>A scope holds no array reachable: one its code drops is still released by the Cleaner (and
 *       the pool's early collection) as without a scope, so a long loop inside one scope holds no
 *       more memory than without it.
 *   <li>Library caches that outlive any call (FFT tables, plan work areas, DLPack exports) make
 *       their arrays in {@link #unscoped}.
 *   <li>A capture ({@code Nd.capture}) inside a scope: the arrays its body makes are the scope's
 *       like any other (keep those read after it closes); their memory stays the graph's until the
 *       graph closes, so replays never write freed memory. The Graph is not the scope's: it is
 *       closed by its own close(), as a Stream.
 * </ul>
 */
public final class Scope implements AutoCloseable {
    private static final ThreadLocal<Scope> CURRENT = new ThreadLocal<>();
    static volatile int open; // scopes open on any thread (none: making an array reads only this)
    private static final AtomicLong IDS = new AtomicLong();
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    // the facade's frames are skipped with the scope's own: the opening frame named is the user's
    private static final String FACADE = "org.ndgpu.Nd";
    // how deep the value of scope(body) is searched for arrays (records, lists, arrays, maps)
    private static final int KEEP_DEPTH = 16;

    // the scope of the arrays kept out of the outermost one: never closed, never on a thread's stack
    static final Scope NONE = new Scope();

    private final long id;
    private final String name;
    private final StackWalker.StackFrame openedAt;
    private final long ownerId;
    private final String ownerName;
    private final Scope parent;
    // the arrays' references to their memory (Allocation.retain), not the arrays: the Cleaner may
    // still release an array the code dropped; null entries were kept
    private Cleaner.Cleanable[] held = new Cleaner.Cleanable[16];
    private int count;
    volatile boolean closed;

    private Scope(String name) {
        Thread t = Thread.currentThread();
        this.id = IDS.incrementAndGet();
        this.name = name;
        this.openedAt = WALKER.walk(s -> s.dropWhile(f ->
                        f.getDeclaringClass() == Scope.class || f.getClassName().equals(FACADE))
                .findFirst()
                .orElse(null));
        this.ownerId = t.threadId();
        this.ownerName = t.getName();
        this.parent = CURRENT.get();
        CURRENT.set(this);
        opened(1);
    }

    private Scope() {
        this.id = 0;
        this.name = null;
        this.openedAt = null;
        this.ownerId = -1;
        this.ownerName = "none";
        this.parent = null;
        this.held = null;
    }

    /**
     * Opens a scope on this thread, the innermost from now until it closes; {@code name} (may be
     * null) appears in its messages. Users write {@code Nd.scope()} or {@code Nd.scope("step")}.
     */
    public static Scope open(String name) {
        return new Scope(name);
    }

    /**
     * Runs {@code body} in a new scope and returns its value, whose arrays are kept: an NDArray, or
     * the NDArrays inside a record, a Java array, an Iterable or a Map's values (nested). Every
     * other array the body made is released, also when it throws. Arrays of the value that belong
     * to another scope (an input returned as it is) are returned untouched.
     */
    public static <T> T run(Supplier<T> body) {
        if (body == null) throw new NullPointerException("scope: body is null");
        try (Scope scope = new Scope(null)) {
            T value = body.get();
            scope.keepFound(value, 0);
            return value;
        }
    }

    /**
     * Runs {@code body} outside every scope of this thread: the arrays it makes belong to no
     * scope and live until closed or unreachable. For arrays that outlive the code that asked for
     * them, such as a cache's. A scope the body opens and leaves open is closed when it returns.
     */
    public static <T> T unscoped(Supplier<T> body) {
        if (body == null) throw new NullPointerException("unscoped: body is null");
        Scope saved = CURRENT.get();
        CURRENT.remove();
        T value;
        try {
            value = body.get();
        } catch (Throwable t) {
            restore(saved, t);
            throw t;
        }
        restore(saved, null);
        return value;
    }

    // closes what an unscoped body left open, then puts the thread's stack back
    private static void restore(Scope saved, Throwable thrown) {
        Throwable failure = null;
        for (Scope s = CURRENT.get(); s != null; s = s.parent) failure = s.release(failure);
        if (saved == null) CURRENT.remove();
        else CURRENT.set(saved);
        if (failure == null) return;
        if (thrown != null) thrown.addSuppressed(failure);
        else rethrow(failure);
    }

    /** The innermost open scope of this thread, or null when none is open. */
    public static Scope current() {
        return CURRENT.get();
    }

    /**
     * Keeps {@code a} when this scope closes: it moves to the enclosing scope, or belongs to no
     * scope when there is none. Returns {@code a}, for {@code return scope.keep(x.add(y))}.
     * The array must be one this scope holds, open; keeping moves it once.
     */
    public NDArray keep(NDArray a) {
        if (a == null) throw new NullPointerException("Scope.keep: a is null");
        requireOwner("keep");
        if (closed) throw new NdException("Scope.keep: expected an open scope, got " + this + ", already closed");
        a.live("Scope.keep");
        Scope of = a.scope();
        if (of != this) {
            throw new NdException("Scope.keep: expected an array made inside " + this + ", got one "
                    + (of == null || of == NONE ? "that belongs to no scope" : "of " + of));
        }
        moveOut(a);
        return a;
    }

    /**
     * Releases every array of this scope but the kept ones, after closing the scopes opened inside
     * it that are still open. A second close does nothing.
     */
    @Override
    public void close() {
        requireOwner("close");
        if (closed) return;
        Scope top = CURRENT.get();
        Scope s = top;
        while (s != null && s != this) s = s.parent;
        if (s == null) {
            throw new NdException("Scope.close: expected " + this + " on this thread's stack of open scopes, but a "
                    + "Scope.unscoped call that runs now hides it; close it after that call returns");
        }
        Throwable failure = null;
        for (s = top; s != this; s = s.parent) failure = s.release(failure);
        failure = release(failure);
        if (parent == null) CURRENT.remove();
        else CURRENT.set(parent);
        if (failure != null) rethrow(failure);
    }

    /** True after close(). */
    public boolean isClosed() {
        return closed;
    }

    /** The name given to {@code Nd.scope(name)}, or null. */
    public String name() {
        return name;
    }

    /** "scope 7 'step' (opened at Train.step(Train.java:42) on thread 'main')". */
    @Override
    public String toString() {
        String at = openedAt == null
                ? "?"
                : openedAt.getClassName() + "." + openedAt.getMethodName() + "(" + openedAt.getFileName() + ":"
                        + openedAt.getLineNumber() + ")";
        return "scope " + id + (name == null ? "" : " '" + name + "'") + " (opened at " + at + " on thread '"
                + ownerName + "')";
    }

    // ---------------------------------------------------------------- for NDArray

    /** The innermost open scope of this thread, which now holds {@code ref}; null when there is none. */
    static Scope adopt(Cleaner.Cleanable ref) {
        Scope s = CURRENT.get();
        if (s != null) s.add(ref);
        return s;
    }

    // ---------------------------------------------------------------- internals

    private static synchronized void opened(int change) {
        open += change;
    }

    private void requireOwner(String op) {
        Thread t = Thread.currentThread();
        if (t.threadId() != ownerId) {
            throw new NdException(
                    "Scope." + op + ": expected the thread that opened " + this + ", got thread '" + t.getName() + "'");
        }
    }

    private void add(Cleaner.Cleanable ref) {
        if (count == held.length) compact();
        held[count++] = ref;
    }

    // forgets the references already dropped (closed arrays, and those the Cleaner found), then grows
    // if still more than half full: amortized O(1) per array, and a long loop holds no dead entries
    private void compact() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            Cleaner.Cleanable r = held[i];
            if (r != null && !Allocation.isReleased(r)) held[n++] = r;
        }
        Arrays.fill(held, n, count, null);
        count = n;
        if (n > held.length / 2) held = Arrays.copyOf(held, held.length * 2);
    }

    private void moveOut(NDArray a) {
        Cleaner.Cleanable ref = a.heldReference();
        // the array kept is most often one of the last made: search from the end
        for (int i = count - 1; i >= 0; i--) {
            if (held[i] == ref) {
                held[i] = null;
                break;
            }
        }
        a.moveTo(parent != null ? parent : NONE);
        if (parent != null) parent.add(ref);
    }

    private void keepFound(Object value, int depth) {
        if (value == null || depth > KEEP_DEPTH) return;
        switch (value) {
            case NDArray a -> {
                if (a.scope() == this && !a.isClosed()) moveOut(a);
            }
            case Object[] values -> {
                for (Object v : values) keepFound(v, depth + 1);
            }
            case Iterable<?> values -> {
                for (Object v : values) keepFound(v, depth + 1);
            }
            case Map<?, ?> map -> {
                for (Object v : map.values()) keepFound(v, depth + 1);
            }
            case Record r -> {
                for (RecordComponent c : r.getClass().getRecordComponents()) keepFound(component(r, c), depth + 1);
            }
            default -> {}
        }
    }

    private static Object component(Record r, RecordComponent c) {
        Method m = c.getAccessor();
        try {
            if (!m.canAccess(r) && !m.trySetAccessible()) {
                throw new NdException("scope: cannot read component '" + c.getName() + "' of the returned "
                        + r.getClass().getName() + " (not accessible to ndgpu): return a public record, or keep its "
                        + "arrays with scope.keep");
            }
            return m.invoke(r);
        } catch (IllegalAccessException e) {
            throw new NdException(
                    "scope: cannot read component '" + c.getName() + "' of the returned "
                            + r.getClass().getName() + ": " + e.getMessage(),
                    e);
        } catch (InvocationTargetException e) {
            throw new NdException(
                    "scope: component '" + c.getName() + "' of the returned "
                            + r.getClass().getName() + " threw " + e.getCause(),
                    e.getCause());
        }
    }

    // marks this scope closed and drops its arrays' references, newest first; the first failure is
    // returned (later ones suppressed in it) so that every array is released before it is thrown
    private Throwable release(Throwable failure) {
        closed = true;
        opened(-1);
        Cleaner.Cleanable[] refs = held;
        int n = count;
        held = null;
        count = 0;
        for (int i = n - 1; i >= 0; i--) {
            if (refs[i] == null) continue;
            try {
                refs[i].clean();
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        }
        return failure;
    }

    private static void rethrow(Throwable t) {
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
        throw new NdException("scope: " + t, t);
    }
}
