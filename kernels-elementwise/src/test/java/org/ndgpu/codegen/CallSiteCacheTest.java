package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one-entry memo of the per-call paths: a hit needs the same key instance and the same bits. */
class CallSiteCacheTest {
    private record Key(String name) {}

    @Test
    void aHitNeedsTheSameKeyInstanceAndBits() {
        CallSiteCache<Key, Object> cache = new CallSiteCache<>();
        Key key = new Key("add");
        assertNull(cache.get(key, 1));
        Object v = new Object();
        assertSame(v, cache.put(key, 1, v));
        assertSame(v, cache.get(key, 1));
        assertNull(cache.get(key, 2));
        assertNull(cache.get(key));
        assertNull(cache.get(new Key("add"), 1)); // equal is not enough: keys are matched by identity
    }

    @Test
    void aPutReplacesThePreviousEntry() {
        CallSiteCache<String, Object> cache = new CallSiteCache<>();
        Object a = new Object(), b = new Object();
        cache.put("a", a);
        cache.put("b", b);
        assertNull(cache.get("a"));
        assertSame(b, cache.get("b"));
        cache.put(null, 7, a); // a null key is a key like any other
        assertSame(a, cache.get(null, 7));
        assertNull(cache.get("b"));
    }

    @Test
    void aNullValueIsRefused() {
        CallSiteCache<String, Object> cache = new CallSiteCache<>();
        assertThrows(NullPointerException.class, () -> cache.put("a", null));
        assertThrows(NullPointerException.class, () -> cache.put("a", 1, null));
    }
}
