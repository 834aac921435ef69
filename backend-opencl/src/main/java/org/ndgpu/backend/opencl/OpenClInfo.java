package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;

import java.nio.charset.StandardCharsets;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.ndgpu.backend.DeviceFacts;

/** Reads device and platform facts through clGetDeviceInfo / clGetPlatformInfo. */
final class OpenClInfo {
    private OpenClInfo() {}

    static String platformString(cl_platform_id p, int param) {
        long[] size = new long[1];
        clGetPlatformInfo(p, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(p, param, b.length, Pointer.to(b), null);
        return new String(b, StandardCharsets.UTF_8).replace("\0", "").strip();
    }

    static String deviceString(cl_device_id d, int param) {
        long[] size = new long[1];
        clGetDeviceInfo(d, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(d, param, b.length, Pointer.to(b), null);
        return new String(b, StandardCharsets.UTF_8).replace("\0", "").strip();
    }

    static long deviceLong(cl_device_id d, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(d, param, Sizeof.cl_ulong, Pointer.to(v), null);
        return v[0];
    }

    static int deviceInt(cl_device_id d, int param) {
        int[] v = new int[1];
        clGetDeviceInfo(d, param, Sizeof.cl_uint, Pointer.to(v), null);
        return v[0];
    }

    static long deviceSize(cl_device_id d, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(d, param, Sizeof.size_t, Pointer.to(v), null);
        return v[0];
    }

    static DeviceFacts facts(int index, cl_platform_id platform, cl_device_id d) {
        long type = deviceLong(d, CL_DEVICE_TYPE);
        String ext = deviceString(d, CL_DEVICE_EXTENSIONS);
        String platformName = platformString(platform, CL_PLATFORM_NAME);
        int warp = 1;
        String vendor = deviceString(d, CL_DEVICE_VENDOR);
        if (vendor.toUpperCase(java.util.Locale.ROOT).contains("NVIDIA")) warp = 32;
        boolean gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
        return new DeviceFacts(
                "opencl",
                index,
                deviceString(d, CL_DEVICE_NAME),
                platformName + " / " + vendor,
                gpu,
                deviceLong(d, CL_DEVICE_GLOBAL_MEM_SIZE),
                deviceInt(d, CL_DEVICE_MAX_COMPUTE_UNITS),
                (int) deviceSize(d, CL_DEVICE_MAX_WORK_GROUP_SIZE),
                deviceLong(d, CL_DEVICE_LOCAL_MEM_SIZE),
                warp,
                ext.contains("cl_khr_fp64"),
                ext.contains("cl_khr_fp16"),
                platformString(platform, CL_PLATFORM_VERSION) + " / " + deviceString(d, CL_DRIVER_VERSION),
                deviceString(d, CL_DEVICE_VERSION),
                !gpu,
                OpenClSvm.offered(svmCapabilities(d)));
    }

    /** CL_DEVICE_SVM_CAPABILITIES; 0 on an OpenCL 1.2 device, which does not know the query. */
    static long svmCapabilities(cl_device_id d) {
        long[] v = new long[1];
        int st = clGetDeviceInfo(d, CL_DEVICE_SVM_CAPABILITIES, Sizeof.cl_ulong, Pointer.to(v), null);
        return st == CL_SUCCESS ? v[0] : 0;
    }
}
