package org.ndgpu.codegen;

/**
 * What a hot call site worked out for its previous call, kept for the next one: a loop of one
 * operation (the common case) then skips the lookups, hashing and string building behind it. Every
 * per-call path keeps its previous call in one of these: ufunc resolution, built-in reduction
 * specs, the kernel of an elementwise launch, a reduction's plan, a user kernel's spec, a raw
 * kernel's compiled form.
 *
 * <p>The key is an object compared by identity (an enum constant, a spec, a device) and a
 * {@code long} of facts the caller packs (dtype ordinals, array flags); a call with another key
 * replaces the entry. A miss returns null and the caller works the value out and {@link #put}s it:
 *
 * <pre>{@code
 * Resolved r = LAST.get(op, signature);
 * if (r == null) r = LAST.put(op, signature, resolve(op, operands));
 * }</pre>
 *
 * <p>No compute function is passed in: a lambda that captures the call's arguments is allocated on
 * every call, hit or miss, and this sits on paths that allocate nothing else. A hit costs one
 * volatile read and two compares. Facts compared by value (a loop layout, an array geometry) go in
 * the value and are checked by the caller.
 *
 * <p>Thread-safe: each entry is immutable and published whole through a volatile field, so a reader
 * sees a key with its own value; concurrent callers with different keys at worst replace each
 * other's entry and miss.
 *
 * @param <K> the key's type
 * @param <V> the value's type
 */
public final class CallSiteCache<K, V> {
    private static final class Entry<V> {
        final Object key;
        final long bits;
        final V value;

        Entry(Object key, long bits, V value) {
            this.key = key;
            this.bits = bits;
            this.value = value;
        }
    }

    // the entry of an empty cache: its key is no caller's, so get needs no null check
    private static final Entry<Object> EMPTY = new Entry<>(new Object(), 0, null);

    @SuppressWarnings("unchecked") // EMPTY's value is null, of every type
    private volatile Entry<V> entry = (Entry<V>) (Entry<?>) EMPTY;

    /** An empty cache. */
    public CallSiteCache() {}

    /** The value remembered for {@code key} (by identity), or null. */
    @SuppressWarnings("ReferenceEquality") // keys are matched by identity
    public V get(K key) {
        Entry<V> e = entry;
        return e.key == key && e.bits == 0 ? e.value : null;
    }

    /** The value remembered for {@code key} (by identity) and {@code bits}, or null. */
    @SuppressWarnings("ReferenceEquality") // keys are matched by identity: the same spec, enum constant or device
    public V get(K key, long bits) {
        Entry<V> e = entry;
        return e.key == key && e.bits == bits ? e.value : null;
    }

    /** Remembers {@code value} (not null) for {@code key}, replacing the previous entry; returns {@code value}. */
    public V put(K key, V value) {
        return put(key, 0, value);
    }

    /** Remembers {@code value} (not null) for {@code key} and {@code bits}, replacing the previous entry; returns {@code value}. */
    public V put(K key, long bits, V value) {
        if (value == null) throw new NullPointerException("CallSiteCache.put: value is null");
        entry = new Entry<>(key, bits, value);
        return value;
    }
}
