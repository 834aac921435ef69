package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.DeviceTestBase;

/**
 * Every ufunc x every dtype it accepts, against NumPy (fixtures/ufuncs/ufuncs.tsv): on contiguous
 * inputs, on a transposed view and a strided view, and with the second input broadcast from one
 * row. Outputs are poisoned first where passed in.
 */
public abstract class UfuncConformance extends DeviceTestBase {
    private static final long[] SHAPE = {3, 4};

    @TestFactory
    Stream<DynamicTest> everyUfuncEveryDtype() {
        return Fixtures.rows("/fixtures/ufuncs/ufuncs.tsv").stream().map(r -> DynamicTest.dynamicTest(r[0] + "(" + r[1] + ")", () -> {
            try (var on = device().use()) {
                check(r);
            }
        }));
    }

    private void check(String[] r) {
        String name = r[0];
        DType d = DType.of(r[1]);
        DType outType = DType.of(r[2]);
        int nin = r.length - 5;
        double[][] want = Fixtures.parse(r[3 + nin]);
        double[][] wantBc = Fixtures.parse(r[4 + nin]);
        NDArray[] ins = new NDArray[nin];
        for (int k = 0; k < nin; k++) ins[k] = Fixtures.array(device(), d, SHAPE, Fixtures.parse(r[3 + k]));

        // contiguous
        NDArray got = call(name, null, ins);
        assertEquals(outType, got.dtype(), name + " result dtype");
        assertNull(Fixtures.compare(outType, want, Fixtures.values(got)), name + "(" + d + ") contiguous");

        // views: first input a transposed copy seen through .T(), second a strided view, into a poisoned out
        NDArray[] views = ins.clone();
        views[0] = ins[0].T().copy().T();
        if (nin > 1) {
            NDArray wide = Nd.zeros(d, 3, 8);
            wide.set(":, ::2", ins[1]);
            views[1] = wide.get(":, ::2");
        }
        NDArray out = Nd.zeros(outType, 3, 4);
        if (outType.isInexact()) out.fill(Double.NaN); else out.fill(7);
        call(name, out, views);
        assertNull(Fixtures.compare(outType, want, Fixtures.values(out)), name + "(" + d + ") transposed/strided into out");

        if (nin == 2 && !name.equals("clip")) {
            NDArray bc = call(name, null, ins[0], ins[1].get("0:1, :"));
            assertNull(Fixtures.compare(outType, wantBc, Fixtures.values(bc)), name + "(" + d + ") broadcast");
        }
    }

    private static NDArray call(String name, NDArray out, NDArray... ins) {
        if (name.equals("clip")) return out == null ? Nd.clip(ins[0], ins[1], ins[2]) : Nd.clip(ins[0], ins[1], ins[2], out);
        return Nd.ufunc(name, out, (Object[]) Arrays.copyOf(ins, ins.length, Object[].class));
    }
}
