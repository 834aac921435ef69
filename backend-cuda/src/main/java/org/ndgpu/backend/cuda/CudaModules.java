package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.KernelLaunchException;

/**
 * The CUDA modules of one {@link CudaBackend}: compiling source with NVRTC, loading cubin, fatbin or
 * PTX images into the device's context, and looking up a kernel of a loaded module with the
 * attributes a launch checks against (threads per block, shared memory, registers, parameter sizes).
 * Owns the list of loaded modules, which the backend unloads when it closes.
 */
final class CudaModules {
    private final CudaBackend backend;
    private final String id;
    private final List<CudaProgram> programs = new ArrayList<>();
    private volatile String nvrtcArchitecture;

    CudaModules(CudaBackend backend) {
        this.backend = backend;
        this.id = backend.id();
    }

    /** The --gpu-architecture NVRTC is given for this device: sm_XY, or compute_XY when NVRTC predates the device. */
    String nvrtcArchitecture() {
        String a = nvrtcArchitecture;
        if (a == null) nvrtcArchitecture = a = Nvrtc.architectureFor(backend.computeCapability());
        return a;
    }

    BackendProgram compile(String name, String source, List<String> options) {
        if (!Nvrtc.available()) throw new DeviceException(id + " compile '" + name + "': " + Nvrtc.problem());
        List<String> opts = new ArrayList<>(options);
        boolean hasArch = opts.stream().anyMatch(o -> o.startsWith("--gpu-architecture") || o.startsWith("-arch"));
        if (!hasArch) opts.addFirst("--gpu-architecture=" + nvrtcArchitecture());
        Nvrtc.Output out = Nvrtc.compile(name, source, opts);
        return loadModule(name, out.binary(), out.ptx(), out.log(), opts, source);
    }

    BackendProgram load(String name, byte[] binary, List<String> options) {
        boolean elf =
                binary.length >= 4 && binary[0] == 0x7f && binary[1] == 'E' && binary[2] == 'L' && binary[3] == 'F';
        boolean fatbin = binary.length >= 4
                && (binary[0] & 0xff) == 0x50
                && (binary[1] & 0xff) == 0xed
                && (binary[2] & 0xff) == 0x55
                && (binary[3] & 0xff) == 0xba;
        return loadModule(name, binary, !elf && !fatbin, "", options, null);
    }

    private CudaProgram loadModule(
            String name, byte[] image, boolean ptx, String log, List<String> options, String source) {
        backend.enter("load '" + name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment img = a.allocate(image.length + 1L, 16);
            MemorySegment.copy(image, 0, img, JAVA_BYTE, 0, image.length); // and a trailing NUL, which PTX needs
            int logSize = 16 * 1024;
            MemorySegment errLog = a.allocate(logSize);
            MemorySegment jitOptions = a.allocate(JAVA_INT, 2);
            jitOptions.setAtIndex(JAVA_INT, 0, CudaDriverModules.CU_JIT_ERROR_LOG_BUFFER);
            jitOptions.setAtIndex(JAVA_INT, 1, CudaDriverModules.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
            MemorySegment values = a.allocate(ADDRESS, 2);
            values.setAtIndex(ADDRESS, 0, errLog);
            values.setAtIndex(ADDRESS, 1, MemorySegment.ofAddress(logSize));
            MemorySegment p = a.allocate(ADDRESS);
            int r = CudaDriverModules.cuModuleLoadDataEx(p, img, 2, jitOptions, values);
            if (r != 0) {
                String jitLog = errLog.getString(0);
                String msg = backend.noteSticky(
                        r, id + " load '" + name + "' (" + (ptx ? "PTX" : "cubin") + "): " + CudaDriver.describe(r));
                if (ptx && !jitLog.isBlank() && !CudaError.isSticky(r)) {
                    String text = new String(image, StandardCharsets.UTF_8).replace("\0", "");
                    throw new KernelCompileException(
                            "cuda", name, options, msg + "\n" + jitLog, source != null ? source : text);
                }
                throw r == CudaError.OUT_OF_MEMORY
                        ? new DeviceOutOfMemoryException(msg)
                        : new DeviceException(msg + (jitLog.isBlank() ? "" : "\n" + jitLog));
            }
            MemorySegment module = p.get(ADDRESS, 0);
            byte[] binary = image.clone();
            CudaProgram program = new CudaProgram(backend, name, module, binary, ptx, log, kernelNamesOf(a, module));
            synchronized (programs) {
                programs.add(program);
            }
            return program;
        }
    }

    @SuppressWarnings(
            "restricted") // the driver returns each name as a zero-length segment: widened to read the C string
    private List<String> kernelNamesOf(Arena a, MemorySegment module) {
        if (!CudaDriverModules.hasModuleEnumeration()) return List.of();
        MemorySegment n = a.allocate(JAVA_INT);
        if (CudaDriverModules.cuModuleGetFunctionCount(n, module) != 0) return List.of();
        int count = n.get(JAVA_INT, 0);
        if (count == 0) return List.of();
        MemorySegment fs = a.allocate(ADDRESS, count);
        if (CudaDriverModules.cuModuleEnumerateFunctions(fs, count, module) != 0) return List.of();
        List<String> names = new ArrayList<>();
        MemorySegment np = a.allocate(ADDRESS);
        for (int i = 0; i < count; i++) {
            if (CudaDriverModules.cuFuncGetName(np, fs.getAtIndex(ADDRESS, i)) == 0) {
                names.add(np.get(ADDRESS, 0).reinterpret(4096).getString(0));
            }
        }
        names.sort(null);
        return names;
    }

    BackendKernel kernel(BackendProgram program, String name) {
        if (!(program instanceof CudaProgram p) || p.owner != backend) {
            throw new DeviceException(id + " kernel '" + name + "': " + program + " is not a program of " + id);
        }
        CudaKernel k = p.kernels.get(name);
        if (k != null) return k;
        k = lookUp(p, name);
        CudaKernel prev = p.kernels.putIfAbsent(name, k);
        return prev != null ? prev : k;
    }

    private CudaKernel lookUp(CudaProgram p, String name) {
        backend.enter("kernel '" + name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment f = a.allocate(ADDRESS);
            int r = CudaDriverModules.cuModuleGetFunction(f, p.module, a.allocateFrom(name));
            if (r == CudaError.NOT_FOUND) {
                throw new KernelLaunchException(
                        id + ": no kernel '" + name + "' in program '" + p.name + "'"
                                + (p.kernelNames().isEmpty()
                                        ? ""
                                        : " (its kernels: " + String.join(", ", p.kernelNames()) + ")")
                                + "; a CUDA kernel is found by its unmangled name only when declared extern \"C\" (ND_KERNEL does so)");
            }
            backend.check(r, "kernel '" + name + "' of '" + p.name + "'");
            MemorySegment fn = f.get(ADDRESS, 0);
            // under the driver's lazy loading a kernel loads at its first launch; a kernel first launched
            // by a graph replay (its launch at capture only recorded) would pay that at the replay
            backend.check(CudaDriverModules.cuFuncLoad(fn), "load kernel '" + name + "' of '" + p.name + "'");
            MemorySegment v = a.allocate(JAVA_INT);
            backend.check(
                    CudaDriverModules.cuFuncGetAttribute(
                            v, CudaDriverModules.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn),
                    "attributes of kernel '" + name + "'");
            int maxThreads = v.get(JAVA_INT, 0);
            backend.check(
                    CudaDriverModules.cuFuncGetAttribute(v, CudaDriverModules.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn),
                    "attributes of kernel '" + name + "'");
            int staticShared = v.get(JAVA_INT, 0);
            backend.check(
                    CudaDriverModules.cuFuncGetAttribute(v, CudaDriverModules.CU_FUNC_ATTRIBUTE_NUM_REGS, fn),
                    "attributes of kernel '" + name + "'");
            int regs = v.get(JAVA_INT, 0);
            backend.check(
                    CudaDriverModules.cuFuncGetAttribute(
                            v, CudaDriverModules.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, fn),
                    "attributes of kernel '" + name + "'");
            int dynLimit = v.get(JAVA_INT, 0);
            return new CudaKernel(p, name, fn, maxThreads, staticShared, regs, paramSizes(a, fn), dynLimit);
        }
    }

    private static int[] paramSizes(Arena a, MemorySegment fn) {
        if (!CudaDriverModules.hasParamInfo()) return null;
        MemorySegment off = a.allocate(JAVA_LONG), size = a.allocate(JAVA_LONG);
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < 4096; i++) {
            int r = CudaDriverModules.cuFuncGetParamInfo(fn, i, off, size);
            if (r == CudaError.INVALID_VALUE) break; // past the last parameter
            if (r != 0) return null; // the driver cannot tell
            sizes.add((int) size.get(JAVA_LONG, 0));
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Unloads every module; the caller has made the context current. Best effort, never throws on a driver error. */
    void unloadAll() {
        synchronized (programs) {
            for (CudaProgram p : programs) CudaDriverModules.cuModuleUnload(p.module);
            programs.clear();
        }
    }
}
