package org.ndgpu.backend.opencl.blas;

import java.util.Arrays;
import java.util.List;

/**
 * One set of parameters of CLBlast's Xgemm kernel, the kernel of its indirect GEMM path (large
 * matrices), in the order CLBlast names them: {@link #NAMES}. {@link #problem} checks the kernel's
 * constraints (CLBlast's tuner and xgemm_part1.opencl state them) before a set reaches CLBlast, since
 * CLBlast takes any values through its override call and a wrong set may compute wrong results.
 *
 * <pre>{@code
 * GemmParameters p = GemmParameters.parse("GEMMK=0,KREG=1,KWG=16,KWI=2,MDIMA=16,MDIMC=16,MWG=128,"
 *         + "NDIMB=16,NDIMC=16,NWG=128,SA=1,SB=1,STRM=1,STRN=1,VWM=4,VWN=4");
 * p.problem(1024, 49152, 4);   // null: the set fits a device with 1024 threads and 48 KiB local memory
 * }</pre>
 */
record GemmParameters(long[] values) {
    /** Xgemm's parameter names, in CLBlast's order. */
    static final List<String> NAMES = List.of(
            "GEMMK", "KREG", "KWG", "KWI", "MDIMA", "MDIMC", "MWG", "NDIMB", "NDIMC", "NWG", "SA", "SB", "STRM", "STRN",
            "VWM", "VWN");

    GemmParameters {
        if (values.length != NAMES.size())
            throw new IllegalArgumentException(
                    "Xgemm parameters: expected " + NAMES.size() + " values, got " + values.length);
        values = values.clone();
    }

    /** The set from values in {@link #NAMES}' order. */
    static GemmParameters of(long... values) {
        return new GemmParameters(values);
    }

    long get(String name) {
        int i = NAMES.indexOf(name);
        if (i < 0) throw new IllegalArgumentException("Xgemm has no parameter " + name);
        return values[i];
    }

    /** The names, as CLBlast's override call takes them. */
    String[] names() {
        return NAMES.toArray(String[]::new);
    }

    @Override
    public long[] values() {
        return values.clone();
    }

    /**
     * Null if the set is one Xgemm compiles and computes correctly with on a device allowing
     * {@code maxWorkGroup} work-items and {@code localBytes} of local memory for elements of
     * {@code elementBytes}; otherwise the first constraint it breaks.
     */
    String problem(long maxWorkGroup, long localBytes, int elementBytes) {
        long gemmk = get("GEMMK"), kreg = get("KREG"), kwg = get("KWG"), kwi = get("KWI");
        long mdima = get("MDIMA"), mdimc = get("MDIMC"), mwg = get("MWG");
        long ndimb = get("NDIMB"), ndimc = get("NDIMC"), nwg = get("NWG");
        long sa = get("SA"), sb = get("SB"), vwm = get("VWM"), vwn = get("VWN");
        for (String flag : List.of("SA", "SB", "STRM", "STRN", "GEMMK"))
            if (get(flag) != 0 && get(flag) != 1) return flag + " must be 0 or 1, is " + get(flag);
        for (long v : values) if (v < 0) return "negative value in " + this;
        if (!List.of(1L, 2L, 4L, 8L).contains(vwm) || !List.of(1L, 2L, 4L, 8L).contains(vwn))
            return "VWM and VWN must be 1, 2, 4 or 8, are " + vwm + " and " + vwn;
        if (kwg < 1 || kwi < 1 || kreg < 1 || mdima < 1 || mdimc < 1 || ndimb < 1 || ndimc < 1 || mwg < 1 || nwg < 1)
            return "every size must be at least 1: " + this;
        if (mdimc * ndimc > maxWorkGroup)
            return "MDIMC*NDIMC = " + mdimc * ndimc + " work-items, more than the device's " + maxWorkGroup;
        if (mwg % (mdimc * vwm) != 0) return "MWG must be a multiple of MDIMC*VWM";
        if (nwg % (ndimc * vwn) != 0) return "NWG must be a multiple of NDIMC*VWN";
        // CLBlast's second variant (GEMMK=1, 2D register tiling, database entries of a few Intel
        // devices) wrote outside its buffers on PoCL with every set tried (the heap of the process
        // corrupted): never used
        if (gemmk != 0) return "GEMMK=1 (CLBlast's 2D register-tiled Xgemm) is not used";
        if (kreg != 1) return "GEMMK=0 needs KREG=1";
        if (mwg % (mdima * vwm) != 0) return "MWG must be a multiple of MDIMA*VWM";
        if (nwg % (ndimb * vwn) != 0) return "NWG must be a multiple of NDIMB*VWN";
        if (kwg % kwi != 0) return "KWG must be a multiple of KWI";
        long threads = mdimc * ndimc;
        if (threads % mdima != 0 || kwg % (threads / mdima) != 0) return "KWG must be a multiple of MDIMC*NDIMC/MDIMA";
        if (threads % ndimb != 0 || kwg % (threads / ndimb) != 0) return "KWG must be a multiple of MDIMC*NDIMC/NDIMB";
        long local = (sa * kwg * mwg + sb * kwg * nwg) * elementBytes;
        if (local > localBytes) return "needs " + local + " bytes of local memory, the device has " + localBytes;
        return null;
    }

    /** "GEMMK=0,KREG=1,...": the form of the cache file and of {@link #parse}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < values.length; i++)
            s.append(i == 0 ? "" : ",").append(NAMES.get(i)).append('=').append(values[i]);
        return s.toString();
    }

    /** A short label for tables: the tile, the threads, the vector widths and what sits in local memory. */
    String label() {
        return get("MWG") + "x" + get("NWG") + "x" + get("KWG") + " thr" + get("MDIMC") + "x" + get("NDIMC") + " ld"
                + get("MDIMA") + "x" + get("NDIMB") + " v" + get("VWM") + "x" + get("VWN") + " kwi" + get("KWI")
                + (get("SA") == 1 ? " SA" : "") + (get("SB") == 1 ? " SB" : "") + (get("STRM") == 1 ? " STRM" : "")
                + (get("STRN") == 1 ? " STRN" : "");
    }

    /** The set written as {@link #toString}; every name once, integers; IllegalArgumentException otherwise. */
    static GemmParameters parse(String text) {
        long[] v = new long[NAMES.size()];
        boolean[] seen = new boolean[v.length];
        for (String part : text.strip().split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("expected NAME=VALUE, got '" + part + "'");
            int i = NAMES.indexOf(part.substring(0, eq).strip());
            if (i < 0) throw new IllegalArgumentException("unknown Xgemm parameter '" + part.substring(0, eq) + "'");
            if (seen[i]) throw new IllegalArgumentException(NAMES.get(i) + " given twice");
            try {
                v[i] = Long.parseLong(part.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        NAMES.get(i) + ": expected an integer, got '" + part.substring(eq + 1) + "'");
            }
            seen[i] = true;
        }
        for (int i = 0; i < v.length; i++)
            if (!seen[i]) throw new IllegalArgumentException("Xgemm parameter " + NAMES.get(i) + " is missing");
        return new GemmParameters(v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GemmParameters p && Arrays.equals(values, p.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }
}
