package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.KernelArguments;

/**
 * Moving an executable graph's pointers to other buffers, for {@code Graph.launch(bindings)}: the
 * kernels a capture launched are recorded with their packed arguments and which of them are buffers
 * ({@link #record}); at the first launch with bindings the captured graph's nodes are read back
 * (cuGraphGetNodes, cuGraphNodeGetType, cuGraph*NodeGetParams) and each kernel node is matched to
 * its recorded launch by function and argument bytes; a launch then rewrites the affected nodes of
 * the executable graph (cuGraphExec*NodeSetParams), always from the recorded values, so that a
 * launch with other bindings, or none, starts from the work as captured.
 *
 * <p>Copies and fills are moved by their pointers' ranges: their fields are typed pointers. A kernel
 * node that matches no recorded launch (a vendor library's, such as cuBLAS's or cuFFT's) or a node
 * of another kind (events, host nodes, child graphs) is foreign: its arguments are unknown, so a
 * graph holding one refuses bindings.
 */
final class CudaRebinding {
    private CudaRebinding() {}

    // CUgraphNodeType
    private static final int KERNEL = 0, MEMCPY = 1, MEMSET = 2, EMPTY = 5;
    // CUmemorytype: device and unified pointers are the ones a buffer can hold
    private static final int DEVICE = 2, UNIFIED = 4;
    // CUDA_KERNEL_NODE_PARAMS_v2: func, grid and block dims, sharedMemBytes, kernelParams (40), extra (48), kern, ctx
    private static final long KERNEL_PARAMS = 72, KERNEL_ARGS = 40, KERNEL_EXTRA = 48;
    // CUDA_MEMCPY3D: srcMemoryType (32), srcDevice (48), dstMemoryType (120), dstDevice (136)
    private static final long MEMCPY_PARAMS = 200;
    // CUDA_MEMSET_NODE_PARAMS: dst (0), pitch, value, elementSize, width, height
    private static final long MEMSET_PARAMS = 40;

    /** A kernel launched on a capturing stream: its function, its packed parameters, and which are buffers. */
    record Launch(long function, long[] slots, int[] sizes, boolean[] buffer) {}

    /** The launch {@code args} of {@code k} just packed into {@code staged}, as {@link CudaScratch#pack} packed them. */
    static Launch record(CudaKernel k, long[] staged, KernelArguments args) {
        int n = 0;
        for (int i = 0; i < args.size(); i++) if (args.kind(i) != KernelArguments.Kind.LOCAL) n++;
        int[] sizes = new int[n];
        boolean[] buffer = new boolean[n];
        int j = 0;
        for (int i = 0; i < args.size(); i++) {
            KernelArguments.Kind kind = args.kind(i);
            if (kind == KernelArguments.Kind.LOCAL) continue;
            sizes[j] = kind.bytes();
            buffer[j++] = kind == KernelArguments.Kind.BUFFER;
        }
        long[] slots = new long[n];
        System.arraycopy(staged, 0, slots, 0, n);
        return new Launch(k.function.address(), slots, sizes, buffer);
    }

    /** The nodes of one captured graph, read back once; {@link #foreign} says why none may move, or is null. */
    static final class Nodes {
        final Arena arena = Arena.ofShared();
        final List<Object> moving = new ArrayList<>();
        String foreign;
    }

    private record KernelNode(MemorySegment node, MemorySegment params, Launch launch, MemorySegment values) {}

    private record CopyNode(MemorySegment node, MemorySegment recorded, MemorySegment params) {}

    private record FillNode(MemorySegment node, MemorySegment recorded, MemorySegment params) {}

    /** Reads back the nodes of {@code graph} and matches its kernels to the {@code recorded} launches. */
    static Nodes read(CudaBackend cuda, MemorySegment graph, List<Launch> recorded) {
        String missing = problem();
        Nodes nodes = new Nodes();
        if (missing != null) {
            nodes.foreign = missing;
            return nodes;
        }
        cuda.enter("read a graph's nodes");
        Arena a = nodes.arena;
        MemorySegment count = a.allocate(JAVA_LONG);
        cuda.check(CudaDriverGraphs.cuGraphGetNodes(graph, MemorySegment.NULL, count), "count a graph's nodes");
        long n = count.get(JAVA_LONG, 0);
        MemorySegment all = a.allocate(ADDRESS, Math.max(n, 1));
        cuda.check(CudaDriverGraphs.cuGraphGetNodes(graph, all, count), "list a graph's nodes");
        MemorySegment type = a.allocate(JAVA_INT);
        for (long i = 0; i < n; i++) {
            MemorySegment node = all.getAtIndex(ADDRESS, i);
            cuda.check(CudaDriverGraphs.call(CudaDriver.CU_GRAPH_NODE_GET_TYPE, node, type), "read a node's type");
            switch (type.get(JAVA_INT, 0)) {
                case KERNEL -> {
                    MemorySegment p = a.allocate(KERNEL_PARAMS, 8);
                    cuda.check(
                            CudaDriverGraphs.call(CudaDriver.CU_GRAPH_KERNEL_NODE_GET_PARAMS, node, p),
                            "read a kernel node");
                    Launch l = match(p, recorded);
                    if (l == null) {
                        nodes.foreign = "a kernel ndgpu did not launch (a vendor library's)";
                        continue;
                    }
                    MemorySegment values = a.allocate(8L * Math.max(l.slots.length, 1), 8);
                    MemorySegment pointers = a.allocate(ADDRESS, Math.max(l.slots.length, 1));
                    for (int j = 0; j < l.slots.length; j++) pointers.setAtIndex(ADDRESS, j, values.asSlice(8L * j, 8));
                    p.set(ADDRESS, KERNEL_ARGS, pointers);
                    p.set(ADDRESS, KERNEL_EXTRA, MemorySegment.NULL);
                    nodes.moving.add(new KernelNode(node, p, l, values));
                }
                case MEMCPY -> {
                    MemorySegment p = a.allocate(MEMCPY_PARAMS, 8);
                    cuda.check(
                            CudaDriverGraphs.call(CudaDriver.CU_GRAPH_MEMCPY_NODE_GET_PARAMS, node, p),
                            "read a copy node");
                    nodes.moving.add(
                            new CopyNode(node, a.allocate(MEMCPY_PARAMS, 8).copyFrom(p), p));
                }
                case MEMSET -> {
                    MemorySegment p = a.allocate(MEMSET_PARAMS, 8);
                    cuda.check(
                            CudaDriverGraphs.call(CudaDriver.CU_GRAPH_MEMSET_NODE_GET_PARAMS, node, p),
                            "read a fill node");
                    nodes.moving.add(
                            new FillNode(node, a.allocate(MEMSET_PARAMS, 8).copyFrom(p), p));
                }
                case EMPTY -> {}
                default ->
                    nodes.foreign = "a graph node of type " + type.get(JAVA_INT, 0) + " (not a kernel, copy or fill)";
            }
        }
        return nodes;
    }

    // the recorded launch of the node's function whose arguments have the node's bytes
    @SuppressWarnings("restricted") // the driver's argument array and values, widened to the sizes the launch packed
    private static Launch match(MemorySegment params, List<Launch> recorded) {
        long function = params.get(ADDRESS, 0).address();
        MemorySegment args = params.get(ADDRESS, KERNEL_ARGS);
        for (Launch l : recorded) {
            if (l.function != function) continue;
            MemorySegment pointers = args.reinterpret(8L * l.slots.length);
            boolean same = true;
            for (int j = 0; j < l.slots.length && same; j++) {
                MemorySegment v = pointers.getAtIndex(ADDRESS, j).reinterpret(l.sizes[j]);
                long bits = 0;
                for (int b = 0; b < l.sizes[j]; b++) bits |= (v.get(JAVA_BYTE, b) & 0xFFL) << (8 * b);
                same = bits == l.slots[j];
            }
            if (same) return l;
        }
        return null;
    }

    /**
     * Rewrites the nodes of {@code exec} that point into a buffer of {@code target} or of
     * {@code current} (the map the graph was last launched with), so that they point where
     * {@code target} says, and elsewhere as captured.
     */
    static void rebind(
            CudaBackend cuda,
            MemorySegment exec,
            Nodes nodes,
            Map<BackendBuffer, BackendBuffer> target,
            Map<BackendBuffer, BackendBuffer> current) {
        MemorySegment ctx = cuda.enter("launch a graph with other arrays");
        for (Object o : nodes.moving) {
            switch (o) {
                case KernelNode k -> {
                    long[] slots = k.launch.slots;
                    boolean touched = false;
                    for (int j = 0; j < slots.length; j++) {
                        long v = slots[j];
                        if (k.launch.buffer[j]) {
                            touched |= inside(v, target) || inside(v, current);
                            v = moved(v, target);
                        }
                        k.values.setAtIndex(JAVA_LONG, j, v);
                    }
                    if (touched) {
                        cuda.check(
                                CudaDriverGraphs.call(
                                        CudaDriver.CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS, exec, k.node, k.params),
                                "move a kernel node's arrays");
                    }
                }
                case CopyNode c -> {
                    boolean touched = movePointer(c.recorded, c.params, 32, 48, target, current);
                    touched |= movePointer(c.recorded, c.params, 120, 136, target, current);
                    if (touched) {
                        cuda.check(
                                CudaDriverGraphs.call4(
                                        CudaDriver.CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS, exec, c.node, c.params, ctx),
                                "move a copy node's arrays");
                    }
                }
                case FillNode f -> {
                    boolean touched = movePointer(f.recorded, f.params, -1, 0, target, current);
                    if (touched) {
                        cuda.check(
                                CudaDriverGraphs.call4(
                                        CudaDriver.CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS, exec, f.node, f.params, ctx),
                                "move a fill node's arrays");
                    }
                }
                default -> throw new IllegalStateException("unknown node " + o);
            }
        }
    }

    // the pointer at `at` of `recorded`, moved by target into `params`; typeAt < 0: always a device pointer
    private static boolean movePointer(
            MemorySegment recorded,
            MemorySegment params,
            long typeAt,
            long at,
            Map<BackendBuffer, BackendBuffer> target,
            Map<BackendBuffer, BackendBuffer> current) {
        if (typeAt >= 0) {
            int t = recorded.get(JAVA_INT, typeAt);
            if (t != DEVICE && t != UNIFIED) return false;
        }
        long p = recorded.get(JAVA_LONG, at);
        params.set(JAVA_LONG, at, moved(p, target));
        return inside(p, target) || inside(p, current);
    }

    private static boolean inside(long pointer, Map<BackendBuffer, BackendBuffer> buffers) {
        for (BackendBuffer b : buffers.keySet()) {
            CudaBuffer c = (CudaBuffer) b;
            if (pointer >= c.pointer && pointer < c.pointer + c.size) return true;
        }
        return false;
    }

    private static long moved(long pointer, Map<BackendBuffer, BackendBuffer> target) {
        for (Map.Entry<BackendBuffer, BackendBuffer> e : target.entrySet()) {
            CudaBuffer from = (CudaBuffer) e.getKey(), to = (CudaBuffer) e.getValue();
            if (pointer >= from.pointer && pointer < from.pointer + from.size)
                return to.pointer + (pointer - from.pointer);
        }
        return pointer;
    }

    /** Why this driver cannot move a graph's pointers (the functions it lacks), or null. */
    static String problem() {
        if (CudaDriver.CU_GRAPH_NODE_GET_TYPE == null
                || CudaDriver.CU_GRAPH_KERNEL_NODE_GET_PARAMS == null
                || CudaDriver.CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS == null
                || CudaDriver.CU_GRAPH_MEMCPY_NODE_GET_PARAMS == null
                || CudaDriver.CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS == null
                || CudaDriver.CU_GRAPH_MEMSET_NODE_GET_PARAMS == null
                || CudaDriver.CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS == null) {
            return "the NVIDIA driver lacks the cuGraphExec*NodeSetParams functions (CUDA 12.0 or newer is needed)";
        }
        return null;
    }
}
