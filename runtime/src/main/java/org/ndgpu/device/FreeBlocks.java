package org.ndgpu.device;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pool's cached blocks by rounded size, used under the pool's lock. Those up to {@link #SMALL}
 * (512-byte steps) are in an array indexed by size / 512, found on every allocation and release
 * without boxing the size or hashing; larger ones by size. Each size is a stack (most recently
 * returned first), through pollFirst and addFirst rather than pop and push, which delegate to them.
 */
final class FreeBlocks {
    static final long SMALL = 1L << 20;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private final ArrayDeque<MemoryPool.Block>[] small = new ArrayDeque[(int) (SMALL / 512) + 1];

    private final Map<Long, ArrayDeque<MemoryPool.Block>> large = new HashMap<>();
    // every block the pool holds from the driver, cached or handed out: the root that keeps a handed-out
    // block's array memory, and through it its holders' ArrayCleaner registrations, reachable
    private final java.util.Set<MemoryPool.Block> owned =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** A block new from the driver, now the pool's until it is freed ({@link #clear}). */
    MemoryPool.Block own(MemoryPool.Block b) {
        owned.add(b);
        return b;
    }

    /** Sizes are rounded so that blocks can be reused: to 512 bytes below 1 MiB, to 1/8 of the power of two above. */
    static long round(long bytes) {
        if (bytes <= 0) return 512;
        if (bytes <= SMALL) return (bytes + 511) & ~511L;
        long step = Long.highestOneBit(bytes - 1) >> 3;
        // near Long.MAX_VALUE the rounding would wrap to a negative size (and a tiny "successful"
        // allocation); allocate refuses such sizes before it rounds, this only keeps round total
        if (bytes > Long.MAX_VALUE - step) return bytes;
        return (bytes + step - 1) / step * step;
    }

    /** A cached block of the rounded {@code size}, or null. */
    MemoryPool.Block poll(long size) {
        ArrayDeque<MemoryPool.Block> q = size <= SMALL ? small[(int) (size >>> 9)] : large.get(size);
        return q != null ? q.pollFirst() : null;
    }

    /** Caches {@code b}, to be handed out before the blocks of its size cached earlier. */
    void add(MemoryPool.Block b) {
        ArrayDeque<MemoryPool.Block> q;
        if (b.size <= SMALL) {
            int c = (int) (b.size >>> 9);
            q = small[c];
            if (q == null) small[c] = q = new ArrayDeque<>();
        } else {
            q = large.computeIfAbsent(b.size, k -> new ArrayDeque<>());
        }
        q.addFirst(b);
    }

    /** Every list, small and large (some may be empty). */
    List<ArrayDeque<MemoryPool.Block>> all() {
        List<ArrayDeque<MemoryPool.Block>> all = new ArrayList<>(large.values());
        for (ArrayDeque<MemoryPool.Block> q : small) if (q != null) all.add(q);
        return all;
    }

    /** Forgets every cached block (the pool has freed them). */
    void clear() {
        for (ArrayDeque<MemoryPool.Block> q : all()) for (MemoryPool.Block b : q) owned.remove(b);
        Arrays.fill(small, null);
        large.clear();
    }
}
