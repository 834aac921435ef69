package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * expm in float32 and complex64 where the high powers of |A| that SciPy's degree and scaling bounds
 * read overflow single precision: the answer is SciPy's finite one (not NaN, nor solve's
 * "Singular matrix"), alone and in a stack. Expected values from scipy.linalg.expm on the same
 * single-precision input (SciPy 1.17), compared relative to the largest magnitude.
 */
class ExpmSinglePrecisionTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    // B[i][j] = ((7i + 3j) % 11 - 5) * 2, 5 x 5, as the NumPy expressions in the comments build it
    private static double[] b5() {
        double[] v = new double[25];
        for (int i = 0; i < 5; i++) for (int j = 0; j < 5; j++) v[i * 5 + j] = ((i * 7 + j * 3) % 11 - 5) / 5.0 * 10;
        return v;
    }

    private static double[] scaled(double[] v, double s) {
        double[] r = v.clone();
        for (int k = 0; k < r.length; k++) r[k] *= s;
        return r;
    }

    private static void assertNear(double[] want, double[] got, double rel, String what) {
        assertEquals(want.length, got.length, what);
        double big = 0;
        for (double w : want) big = Math.max(big, Math.abs(w));
        for (int k = 0; k < want.length; k++)
            assertTrue(Math.abs(got[k] - want[k]) <= rel * big, what + " at " + k + ": " + got[k] + " vs " + want[k]);
    }

    // scipy.linalg.expm(np.array([[-80, 60], [60, -80]], np.float32))
    private static final double[] E80 = {
        1.0305882813810285e-09, 1.030588614447936e-09, 1.030588392403331e-09, 1.0305888364925408e-09
    };
    // scipy.linalg.expm(np.array([[-150, 100], [100, -150]], np.float32))
    private static final double[] E150 = {
        9.643794274068109e-23, 9.643796798423006e-23, 9.643794905156833e-23, 9.643796798423006e-23
    };
    // scipy.linalg.expm((B * 2).astype(np.float32))
    private static final double[] EB2 = {
        6211620569088.0,
        -3904405241856.0,
        -7032411258880.0,
        12633577095168.0,
        -6085996445696.0,
        -2419643121664.0,
        17761768046592.0,
        -7431554859008.0,
        -11204302995456.0,
        17067951521792.0,
        -10440628240384.0,
        -19419807875072.0,
        28091852259328.0,
        -11183008514048.0,
        -13283431022592.0,
        14529613266944.0,
        -169657860096.0,
        -22062739488768.0,
        26083665641472.0,
        -6124527943680.0,
        -2705199464448.0,
        16280612503552.0,
        -6068278132736.0,
        -11142633095168.0,
        15844924981248.0
    };
    // scipy.linalg.expm((B * 0.2).astype(np.float32))
    private static final double[] EB02 = {
        -2.7557785511016846,
        -5.326278209686279,
        8.235067367553711,
        -2.9411983489990234,
        -4.107518196105957,
        4.873682498931885,
        1.8995356559753418,
        -6.6255083084106445,
        8.239307403564453,
        -2.001875638961792,
        -0.0542757511138916,
        13.421768188476562,
        -6.317060470581055,
        -5.154256343841553,
        10.897197723388672,
        -4.74809455871582,
        -13.579813957214355,
        17.004289627075195,
        -3.124929904937744,
        -11.01955795288086,
        4.28554630279541,
        0.6065239906311035,
        -7.204410076141357,
        7.313215255737305,
        -0.48495960235595703
    };
    // scipy.linalg.expm(((B + 1j * B.T) * 2).astype(np.complex64)): real parts, then imaginary parts
    private static final double[] EC5_RE = {
        -9.393577703471896e+21,
        4.16843949130177e+21,
        9.811024234232215e+21,
        -1.5995868267995925e+22,
        5.341760613370745e+21,
        1.1764820860574357e+22,
        -3.0024221945184737e+22,
        9.59604265421987e+21,
        2.24546527562937e+22,
        -2.9072820761304024e+22,
        3.108878169920267e+21,
        2.050411448428196e+22,
        -2.2554603394623747e+22,
        3.158036930177853e+21,
        1.7979873914738562e+22,
        -1.6737300378249557e+22,
        9.848153035460164e+21,
        1.5345179186634181e+22,
        -2.873742418625486e+22,
        1.1702467397833506e+22,
        1.2196710435339654e+22,
        -2.7794967151234106e+22,
        7.009041046169343e+21,
        2.2953806969193496e+22,
        -2.7133800445339285e+22
    };
    private static final double[] EC5_IM = {
        2.4133200069460073e+21,
        -1.683075570001703e+22,
        1.1384038134380461e+22,
        5.647738549754017e+21,
        -1.5593982799848078e+22,
        1.2737312401510046e+22,
        7.713575164675929e+21,
        -2.5095757232567736e+22,
        2.0385203691520684e+22,
        4.818051649402619e+21,
        -1.470331153104255e+22,
        1.7362673600205945e+22,
        5.794542386807413e+21,
        -2.6095382961258332e+22,
        1.814138988587467e+22,
        2.7617975685878446e+21,
        -2.868417812786046e+22,
        2.13416894393807e+22,
        7.38298393042917e+21,
        -2.634908874266662e+22,
        1.1088141505763058e+22,
        9.791950363910394e+21,
        -2.456133307918619e+22,
        1.7445484664254127e+22,
        6.970991258817597e+21
    };

    @Test
    void float32Finite() {
        try (NDArray a = Nd.array(new double[] {-80, 60, 60, -80}, DType.FLOAT32, 2, 2);
                NDArray e = LA.expm(a);
                NDArray b = Nd.array(new double[] {-150, 100, 100, -150}, DType.FLOAT32, 2, 2);
                NDArray f = LA.expm(b);
                NDArray c = Nd.array(scaled(b5(), 2), DType.FLOAT32, 5, 5);
                NDArray g = LA.expm(c)) {
            assertEquals(DType.FLOAT32, e.dtype());
            assertNear(E80, values(e), 1e-4, "[[-80, 60], [60, -80]]");
            assertNear(E150, values(f), 1e-4, "[[-150, 100], [100, -150]]");
            assertNear(EB2, values(g), 1e-3, "B * 2");
        }
    }

    @Test
    void complex64Finite() {
        double[] pairs = new double[8];
        double[] re = {-80, 60, 60, -80};
        for (int k = 0; k < 4; k++) pairs[2 * k] = re[k];
        double[] b = b5(), p5 = new double[50];
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++) {
                p5[2 * (i * 5 + j)] = b[i * 5 + j] * 2;
                p5[2 * (i * 5 + j) + 1] = b[j * 5 + i] * 2;
            }
        try (NDArray w = LinalgComplexTest.cx(pairs, 2, 2);
                NDArray a = w.astype(DType.COMPLEX64);
                NDArray e = LA.expm(a);
                NDArray w5 = LinalgComplexTest.cx(p5, 5, 5);
                NDArray c = w5.astype(DType.COMPLEX64);
                NDArray g = LA.expm(c)) {
            // scipy.linalg.expm(np.array([[-80, 60], [60, -80]], np.complex64)): E80 + 0j, complex64
            assertEquals(DType.COMPLEX64, e.dtype());
            double[] want = new double[8];
            for (int k = 0; k < 4; k++) want[2 * k] = E80[k];
            assertNear(want, values(e), 1e-4, "complex64 [[-80, 60], [60, -80]]");
            double[] want5 = new double[50];
            for (int k = 0; k < 25; k++) {
                want5[2 * k] = EC5_RE[k];
                want5[2 * k + 1] = EC5_IM[k];
            }
            assertNear(want5, values(g), 1e-3, "complex64 (B + 1j B^T) * 2");
        }
    }

    @Test
    void aStackWithOneSuchMatrixDoesNotThrow() {
        try (NDArray small = Nd.array(scaled(b5(), 0.2), DType.FLOAT32, 5, 5);
                NDArray large = Nd.array(scaled(b5(), 2), DType.FLOAT32, 5, 5);
                NDArray s = Nd.stack(small, large);
                NDArray e = LA.expm(s);
                NDArray e0 = e.get(0);
                NDArray e1 = e.get(1)) {
            assertNear(EB02, values(e0), 1e-4, "stack member 0");
            assertNear(EB2, values(e1), 1e-3, "stack member 1");
        }
    }

    @Test
    void negativeDefinite33() {
        // P = M^T M + I with M[i][j] = ((5i + 3j) % 7 - 3) / 3, 33 x 33; scipy.linalg.expm((-3 *
        // P).astype(np.float32)):
        // sum of the entries 1.6264142425497994, trace 1.344252109527588
        double[] m = new double[33 * 33];
        for (int i = 0; i < 33; i++) for (int j = 0; j < 33; j++) m[i * 33 + j] = ((i * 5 + j * 3) % 7 - 3) / 3.0;
        double[] p = new double[33 * 33];
        for (int i = 0; i < 33; i++)
            for (int j = 0; j < 33; j++) {
                double s = i == j ? 1 : 0;
                for (int k = 0; k < 33; k++) s += m[k * 33 + i] * m[k * 33 + j];
                p[i * 33 + j] = -3 * s;
            }
        try (NDArray a = Nd.array(p, DType.FLOAT32, 33, 33);
                NDArray e = LA.expm(a)) {
            double[] v = values(e);
            double sum = 0, trace = 0;
            for (int k = 0; k < v.length; k++) sum += v[k];
            for (int i = 0; i < 33; i++) trace += v[i * 33 + i];
            assertEquals(1.6264142425497994, sum, 1e-3);
            assertEquals(1.344252109527588, trace, 1e-3);
        }
    }
}
