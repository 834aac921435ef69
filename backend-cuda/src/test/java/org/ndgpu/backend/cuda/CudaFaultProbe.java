package org.ndgpu.backend.cuda;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.exceptions.DeviceException;

/** Makes an illegal-address fault on purpose and prints what the backend says then and after. Run in its own JVM. */
public final class CudaFaultProbe {
    public static void main(String[] args) {
        CudaBackend cuda =
                (CudaBackend) new CudaProvider().discover().backends().getFirst();
        BackendStream s = cuda.defaultStream();
        BackendKernel k = cuda.kernel(
                cuda.compile(
                        "poke",
                        Dialect.CUDA.prelude()
                                + "ND_KERNEL void poke(ND_GLOBAL float* p) { p[ND_GLOBAL_ID()] = 1.0f; }\n",
                        List.of()),
                "poke");
        int status = 1;
        try {
            cuda.launch(s, k, new long[] {1}, new long[] {32}, 0, args(0x10L)); // a bad device pointer
            cuda.synchronize(s);
            System.out.println("no error?!");
        } catch (DeviceException e) {
            System.out.println("first: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            try {
                cuda.allocate(16);
                System.out.println("allocate after the fault worked?!");
            } catch (DeviceException e2) {
                System.out.println("then: " + e2.getClass().getSimpleName() + ": " + e2.getMessage());
                status = cuda.fault() != null ? 0 : 2;
            }
        }
        System.out.flush();
        System.exit(status);
    }

    /** Launch arguments given as Objects, typed as the backend contract takes them. */
    private static KernelArguments args(Object... values) {
        return ObjectArguments.of(values);
    }
}
