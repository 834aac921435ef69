package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_program;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.opencl.OpenClBackend.Kernel;
import org.ndgpu.backend.opencl.OpenClBackend.Program;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.KernelLaunchException;

/**
 * The programs of an {@link OpenClBackend}: built from OpenCL C source or from a binary with the
 * device's options ({@link OpenClBackend#deviceOptions}), a failed build reported with its log, and
 * a kernel of a built program looked up with the limits a launch checks against (work-group size,
 * argument count). Static methods taking the backend.
 */
final class OpenClPrograms {
    private OpenClPrograms() {}

    static BackendProgram compile(OpenClBackend cl, String name, String source, List<String> options) {
        int[] err = new int[1];
        cl_program p =
                clCreateProgramWithSource(cl.context(), 1, new String[] {source}, new long[] {source.length()}, err);
        cl.check(err[0], "clCreateProgramWithSource");
        return build(cl, name, p, source, options);
    }

    static BackendProgram load(OpenClBackend cl, String name, byte[] binary, List<String> options) {
        int[] err = new int[1];
        int[] status = new int[1];
        cl_program p = clCreateProgramWithBinary(
                cl.context(),
                1,
                new cl_device_id[] {cl.device()},
                new long[] {binary.length},
                new byte[][] {binary},
                status,
                err);
        if (err[0] != CL_SUCCESS || status[0] != CL_SUCCESS) {
            throw new DeviceException(cl.id() + " load program '" + name + "' from binary: "
                    + CL.stringFor_errorCode(err[0] != CL_SUCCESS ? err[0] : status[0]));
        }
        return build(cl, name, p, null, options);
    }

    private static Program build(OpenClBackend cl, String name, cl_program p, String source, List<String> options) {
        String all = (cl.deviceOptions + " " + String.join(" ", options)).strip();
        int st = clBuildProgram(p, 1, new cl_device_id[] {cl.device()}, all, null, null);
        if (st != CL_SUCCESS) {
            String log = buildLog(cl.device(), p);
            clReleaseProgram(p);
            if (st == CL_BUILD_PROGRAM_FAILURE || st == CL_INVALID_BUILD_OPTIONS || st == CL_INVALID_BINARY) {
                throw new KernelCompileException(
                        cl.id() + " (" + cl.facts().name() + ")",
                        name,
                        options,
                        CL.stringFor_errorCode(st) + "\n" + log,
                        source == null ? "(program binary)" : source);
            }
            cl.check(st, "clBuildProgram(" + name + ")");
        }
        return new Program(p, binaryOf(p), kernelNamesOf(p));
    }

    private static String buildLog(cl_device_id device, cl_program p) {
        long[] size = new long[1];
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, null, size);
        byte[] log = new byte[(int) Math.max(size[0], 1)];
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, log.length, Pointer.to(log), null);
        return new String(log, StandardCharsets.UTF_8).replace("\0", "");
    }

    private static byte[] binaryOf(cl_program p) {
        long[] sizes = new long[1];
        if (clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(sizes), null) != CL_SUCCESS
                || sizes[0] <= 0) {
            return null;
        }
        byte[] bin = new byte[(int) sizes[0]];
        Pointer ptr = Pointer.to(bin);
        if (clGetProgramInfo(p, CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(ptr), null) != CL_SUCCESS) return null;
        return bin;
    }

    private static List<String> kernelNamesOf(cl_program p) {
        long[] size = new long[1];
        if (clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, null, size) != CL_SUCCESS) return List.of();
        byte[] b = new byte[(int) size[0]];
        clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, b.length, Pointer.to(b), null);
        String s = new String(b, StandardCharsets.UTF_8).replace("\0", "").strip();
        return s.isEmpty() ? List.of() : List.of(s.split(";"));
    }

    /** A new cl_kernel of {@code k}'s program and name, with no arguments set (a capture binds each launch's). */
    static Kernel copy(OpenClBackend cl, Kernel k) {
        int[] err = new int[1];
        cl_kernel c = clCreateKernel(k.program(), k.name(), err);
        cl.check(err[0], "clCreateKernel(" + k.name() + ")");
        return new Kernel(k.name(), c, k.program(), k.maxBlockSize(), k.parameterCount());
    }

    static BackendKernel kernel(OpenClBackend cl, BackendProgram program, String name) {
        Program p = (Program) program;
        int[] err = new int[1];
        cl_kernel k = clCreateKernel(p.program(), name, err);
        if (err[0] == CL_INVALID_KERNEL_NAME) {
            throw new KernelLaunchException(
                    cl.id() + ": no kernel named '" + name + "' in the program; it has " + p.kernelNames());
        }
        cl.check(err[0], "clCreateKernel(" + name + ")");
        long[] wg = new long[1];
        cl.check(
                clGetKernelWorkGroupInfo(
                        k, cl.device(), CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(wg), null),
                "clGetKernelWorkGroupInfo");
        int[] nargs = new int[1];
        cl.check(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, Sizeof.cl_uint, Pointer.to(nargs), null), "clGetKernelInfo");
        return new Kernel(name, k, p.program(), (int) Math.min(wg[0], Integer.MAX_VALUE), nargs[0]);
    }
}
