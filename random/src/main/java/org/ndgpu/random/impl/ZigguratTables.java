package org.ndgpu.random.impl;

/**
 * The tables of the 256-layer ziggurats (Marsaglia and Tsang, "The Ziggurat Method for Generating
 * Random Variables", J. Stat. Softw. 5(8), 2000) that NumPy's Generator draws standard_normal and
 * standard_exponential with, in NumPy's layout (its ziggurat_constants.h): layer 0 is the base
 * strip with the tail, layers 1..255 widen from the top down, {@code k[i]} is the bound below which a
 * draw of layer i lies inside the layer below's width (no density test), {@code w[i]} the scale
 * from the draw's integer to x, {@code f[i]} the density at the layer's edge. Computed here once
 * with StrictMath, so the kernels' constants (see {@link #source()}) and a Java model of the kernel
 * hold the same values bit for bit.
 */
final class ZigguratTables {
    private ZigguratTables() {}

    /** NumPy's right end of the normal ziggurat's base strip and the area of each layer. */
    static final double NORMAL_R = 3.654152885361009, NORMAL_V = 0.00492867323399;

    /** NumPy's right end of the exponential ziggurat's base strip and the area of each layer. */
    static final double EXP_R = 7.69711747013105, EXP_V = 0.003949659822581557;

    static final long[] NORMAL_K = new long[256], EXP_K = new long[256];
    static final double[] NORMAL_W = new double[256], NORMAL_F = new double[256];
    static final double[] EXP_W = new double[256], EXP_F = new double[256];
    static final int[] NORMAL_K32 = new int[256], EXP_K32 = new int[256];
    static final float[] NORMAL_W32 = new float[256], NORMAL_F32 = new float[256];
    static final float[] EXP_W32 = new float[256], EXP_F32 = new float[256];

    static {
        // float64 draws carry 52 bits of place in the layer (NumPy's exponential takes 53; 52 convert exactly by
        // distributions.h's nd_u52_to_double), float32 draws 23 of a 32-bit word
        double[] x = widths(true), e = widths(false);
        fill(x, NORMAL_V / normalDensity(NORMAL_R), 0x1p52, NORMAL_K, NORMAL_W, NORMAL_F, true);
        fill(e, EXP_V / StrictMath.exp(-EXP_R), 0x1p52, EXP_K, EXP_W, EXP_F, false);
        long[] k = new long[256];
        double[] w = new double[256], f = new double[256];
        fill(x, NORMAL_V / normalDensity(NORMAL_R), 0x1p23, k, w, f, true);
        narrow(k, w, f, NORMAL_K32, NORMAL_W32, NORMAL_F32);
        fill(e, EXP_V / StrictMath.exp(-EXP_R), 0x1p23, k, w, f, false);
        narrow(k, w, f, EXP_K32, EXP_W32, EXP_F32);
    }

    private static double normalDensity(double x) {
        return StrictMath.exp(-0.5 * x * x);
    }

    /** x[i], the right edges of layers 1..255 (x[255] = r, x[0] = 0): each layer has the area v. */
    private static double[] widths(boolean normal) {
        double[] x = new double[256];
        double r = normal ? NORMAL_R : EXP_R, v = normal ? NORMAL_V : EXP_V;
        x[255] = r;
        for (int i = 254; i >= 1; i--) {
            double d = x[i + 1];
            x[i] = normal
                    ? StrictMath.sqrt(-2 * StrictMath.log(v / d + normalDensity(d)))
                    : -StrictMath.log(v / d + StrictMath.exp(-d));
        }
        return x;
    }

    private static void fill(double[] x, double base, double scale, long[] k, double[] w, double[] f, boolean normal) {
        double r = x[255];
        k[0] = (long) (r / base * scale);
        w[0] = base / scale;
        f[0] = 1;
        for (int i = 1; i < 256; i++) {
            k[i] = (long) (x[i - 1] / x[i] * scale);
            w[i] = x[i] / scale;
            f[i] = normal ? normalDensity(x[i]) : StrictMath.exp(-x[i]);
        }
    }

    private static void narrow(long[] k, double[] w, double[] f, int[] k32, float[] w32, float[] f32) {
        for (int i = 0; i < 256; i++) {
            k32[i] = (int) k[i];
            w32[i] = (float) w[i];
            f32[i] = (float) f[i];
        }
    }

    /**
     * The tables as C arrays for distributions.h: ND_ZIG_TABLE puts them where a divergent index reads them fast;
     * each layer's k and the bits of its w form one pair (one load in the fast case), f apart.
     */
    static String source() {
        var s = new StringBuilder();
        pairs(s, "nd_zig_u64x2 nd_zig_nor_kw", NORMAL_K, NORMAL_W);
        table(s, "double nd_zig_nor_f", NORMAL_F);
        pairs(s, "nd_zig_u64x2 nd_zig_exp_kw", EXP_K, EXP_W);
        table(s, "double nd_zig_exp_f", EXP_F);
        pairs(s, "nd_zig_u32x2 nd_zig_nor_kw32", NORMAL_K32, NORMAL_W32);
        table(s, "float nd_zig_nor_f32", NORMAL_F32);
        pairs(s, "nd_zig_u32x2 nd_zig_exp_kw32", EXP_K32, EXP_W32);
        table(s, "float nd_zig_exp_f32", EXP_F32);
        return s.toString();
    }

    private static void pairs(StringBuilder s, String decl, long[] k, double[] w) {
        open(s, decl);
        for (int i = 0; i < k.length; i++) {
            s.append(i % 3 == 0 ? "\n    " : " ")
                    .append("ND_ZIG_KW64(0x")
                    .append(Long.toHexString(k[i]))
                    .append("UL, 0x")
                    .append(Long.toHexString(Double.doubleToRawLongBits(w[i])))
                    .append("UL),");
        }
        s.append("\n};\n");
    }

    private static void pairs(StringBuilder s, String decl, int[] k, float[] w) {
        open(s, decl);
        for (int i = 0; i < k.length; i++) {
            s.append(i % 4 == 0 ? "\n    " : " ")
                    .append("ND_ZIG_KW32(0x")
                    .append(Integer.toHexString(k[i]))
                    .append("u, 0x")
                    .append(Integer.toHexString(Float.floatToRawIntBits(w[i])))
                    .append("u),");
        }
        s.append("\n};\n");
    }

    private static void open(StringBuilder s, String decl) {
        s.append("ND_ZIG_TABLE ").append(decl).append("[256] = {");
    }

    // Java's shortest decimal that reads back as the same double (or float): C compilers round decimals correctly
    private static void table(StringBuilder s, String decl, double[] v) {
        open(s, decl);
        for (int i = 0; i < v.length; i++)
            s.append(i % 4 == 0 ? "\n    " : " ").append(Double.toString(v[i])).append(',');
        s.append("\n};\n");
    }

    private static void table(StringBuilder s, String decl, float[] v) {
        open(s, decl);
        for (int i = 0; i < v.length; i++)
            s.append(i % 6 == 0 ? "\n    " : " ").append(Float.toString(v[i])).append("f,");
        s.append("\n};\n");
    }
}
