package org.ndgpu.device;

import java.util.ArrayList;
import java.util.List;

/**
 * The memory pool blocks a graph owns: those allocated while its body was captured. Its replays
 * write them again, so none returns to the pool while the graph lives, even when the array that held
 * it is closed or collected: {@link MemoryPool#release} keeps such a block in {@link #released}, and
 * {@link MemoryPool#graphClosed} hands them back when the graph is closed. Guarded by the pool's lock.
 */
final class GraphMemory {
    final List<MemoryPool.Block> owned = new ArrayList<>();
    final List<MemoryPool.Block> released = new ArrayList<>();
}
