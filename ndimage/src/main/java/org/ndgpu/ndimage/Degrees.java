package org.ndgpu.ndimage;

/**
 * scipy.special.sindg and cosdg (Cephes), which rotate's matrix is made of: the angle reduced to
 * within 45 degrees of a multiple of 90 and the sine or cosine of the rest by Cephes's polynomials,
 * so that multiples of 90 degrees are exact and every angle gives SciPy's bits (a rotation landing
 * on half-pixel ties at order 0 then picks SciPy's neighbour).
 */
final class Degrees {
    private Degrees() {}

    private static final double[] SIN = {
        1.5896230157221844E-10,
        -2.5050747762850355E-08,
        2.7557313621385676E-06,
        -0.0001984126982958954,
        0.008333333333322118,
        -0.1666666666666663
    };
    private static final double[] COS = {
        1.1367817138204455E-11,
        -2.0875883375768363E-09,
        2.7557315542981663E-07,
        -2.480158729361863E-05,
        0.0013888888888880667,
        -0.04166666666666664,
        0.5
    };
    private static final double PI180 = 0.017453292519943295;

    private static double polevl(double x, double[] c) {
        double a = c[0];
        for (int k = 1; k < c.length; k++) a = a * x + c[k];
        return a;
    }

    /** sin of {@code x} degrees. */
    static double sindg(double x) {
        int sign = 1;
        if (x < 0) {
            x = -x;
            sign = -1;
        }
        double y = Math.floor(x / 45.0);
        int j = octant(y);
        if ((j & 1) != 0) y += 1.0;
        j = (j + (j & 1)) & 7;
        if (j > 3) {
            sign = -sign;
            j -= 4;
        }
        double z = (x - y * 45.0) * PI180, zz = z * z;
        double r = j == 1 || j == 2 ? 1.0 - zz * polevl(zz, COS) : z + z * (zz * polevl(zz, SIN));
        return sign < 0 ? -r : r;
    }

    /** cos of {@code x} degrees. */
    static double cosdg(double x) {
        int sign = 1;
        if (x < 0) x = -x;
        double y = Math.floor(x / 45.0);
        int j = octant(y);
        if ((j & 1) != 0) y += 1.0;
        j = (j + (j & 1)) & 7;
        if (j > 3) {
            j -= 4;
            sign = -sign;
        }
        if (j > 1) sign = -sign;
        double z = (x - y * 45.0) * PI180, zz = z * z;
        double r = j == 1 || j == 2 ? z + z * (zz * polevl(zz, SIN)) : 1.0 - zz * polevl(zz, COS);
        return sign < 0 ? -r : r;
    }

    // y modulo 16, as Cephes takes it: y - 16 floor(y / 16)
    private static int octant(double y) {
        return (int) (y - Math.scalb(Math.floor(Math.scalb(y, -4)), 4));
    }
}
