package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;

import java.util.ArrayList;
import java.util.List;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendProvider;

/** Finds every device of every OpenCL platform, numbered opencl:0, opencl:1, ... in platform order. */
public final class OpenClProvider implements BackendProvider {

    @Override
    public String name() {
        return "opencl";
    }

    @Override
    public Discovery discover() {
        List<Backend> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        cl_platform_id[] platforms;
        try {
            CL.setExceptionsEnabled(false);
            int[] n = new int[1];
            int st = clGetPlatformIDs(0, null, n);
            if (st == CL_PLATFORM_NOT_FOUND_KHR || n[0] == 0) {
                problems.add("OpenCL: the ICD loader lists no platform (status " + CL.stringFor_errorCode(st)
                        + "); install one, e.g. apt-get install pocl-opencl-icd, or check /etc/OpenCL/vendors");
                return new Discovery(found, problems);
            }
            platforms = new cl_platform_id[n[0]];
            clGetPlatformIDs(n[0], platforms, null);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            problems.add("OpenCL: the loader library libOpenCL.so could not be opened (" + e.getMessage()
                    + "); install it: apt-get install ocl-icd-opencl-dev pocl-opencl-icd");
            return new Discovery(found, problems);
        }
        if (OpenClLaunch.problem() != null) { // JOCL opened a loader that java.lang.foreign cannot find by name
            problems.add(OpenClLaunch.problem());
            return new Discovery(found, problems);
        }
        boolean anyGpu = false;
        for (cl_platform_id p : platforms) {
            String pname = OpenClInfo.platformString(p, CL_PLATFORM_NAME);
            int[] n = new int[1];
            int st = clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, null, n);
            if (st != CL_SUCCESS || n[0] == 0) {
                problems.add("OpenCL platform '" + pname + "' has no devices (" + CL.stringFor_errorCode(st) + ")");
                continue;
            }
            cl_device_id[] devs = new cl_device_id[n[0]];
            clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n[0], devs, null);
            for (cl_device_id d : devs) {
                try {
                    OpenClBackend b = new OpenClBackend(found.size(), p, d);
                    anyGpu |= b.facts().isGpu();
                    found.add(b);
                } catch (RuntimeException e) {
                    problems.add("OpenCL platform '" + pname + "': a device could not be opened: " + e.getMessage());
                }
            }
        }
        if (!anyGpu && !found.isEmpty()) {
            problems.add(
                    "OpenCL lists no GPU. If this machine has one, the loader named libOpenCL.so may not know its ICD: "
                            + "check /etc/OpenCL/vendors (e.g. nvidia.icd) or put the vendor's libOpenCL.so first on LD_LIBRARY_PATH");
        }
        return new Discovery(found, problems);
    }
}
