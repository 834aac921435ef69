package org.ndgpu.reduction;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.testing.Backends;

class SmokeTest {
    @Test
    void smoke() {
        try (var on = Backends.openclCpu().use()) {
            var a = Nd.arange(24).reshape(2, 3, 4);
            long t0 = System.nanoTime();
            System.out.println(a.sum());
            long t1 = System.nanoTime();
            System.out.println("compile+run ms " + (t1 - t0) / 1e6);
            System.out.println(a.sum(0));
            System.out.println(a.sum(new int[]{1}, true));
            System.out.println(a.astype(DType.FLOAT32).mean(2));
            System.out.println(a.max(1));
            System.out.println(a.argmax(1));
            System.out.println(a.argmax());
            System.out.println(a.var());
            System.out.println(a.std(new int[]{0, 2}, false, 1));
            System.out.println(a.cumsum(1));
            System.out.println(Nd.arange(5000).cumsum().get("-3:"));
            System.out.println(a.all(2));
            var big = Nd.random().uniform(0, 1, DType.FLOAT32, 1 << 20);
            System.out.println(big.sum() + " " + big.mean());
            long t2 = System.nanoTime();
            System.out.println("total ms " + (t2 - t0) / 1e6);
        }
    }
}
