package org.ndgpu.sparse;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Matrix Market coordinate files, as scipy.io.mmread and mmwrite: reading and writing text is host
 * work, so a file is parsed on the host and its arrays copied to the device once (and back once to
 * write).
 */
final class MatrixMarket {
    private MatrixMarket() {}

    /** What a file's entries hold and how the stored triangle stands for the whole. */
    private record Header(boolean pattern, int mirror) {}

    private static NdException bad(Path file, long line, String what) {
        return new NdException("mmread: " + file + ", line " + line + ": " + what);
    }

    private static Header header(Path file, String first) {
        String[] t = first.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (t.length != 5 || !t[0].equals("%%matrixmarket") || !t[1].equals("matrix"))
            throw bad(
                    file,
                    1,
                    "expected the header '%%MatrixMarket matrix coordinate FIELD SYMMETRY', got '" + first.trim()
                            + "'");
        if (!t[2].equals("coordinate"))
            throw bad(
                    file,
                    1,
                    "expected a 'coordinate' (sparse) file, got '" + t[2]
                            + "' (SciPy reads a dense 'array' file into an ndarray; use Nd's array functions)");
        boolean pattern = switch (t[3]) {
            case "real", "integer", "double" -> false;
            case "pattern" -> true;
            default -> throw bad(file, 1, "expected the field real, integer or pattern, got '" + t[3] + "'");
        };
        int mirror = switch (t[4]) {
            case "general" -> 0;
            case "symmetric" -> 1;
            case "skew-symmetric" -> -1;
            default ->
                throw bad(file, 1, "expected the symmetry general, symmetric or skew-symmetric, got '" + t[4] + "'");
        };
        return new Header(pattern, mirror);
    }

    /** scipy.io.mmread: the file's entries as COO, float64 values, in the file's order (mirrored entries after). */
    static CooMatrix read(Path file) {
        Objects.requireNonNull(file, "mmread: file is null");
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String first = in.readLine();
            if (first == null) throw bad(file, 1, "the file is empty");
            Header h = header(file, first);
            long lineNo = 1;
            String line;
            do {
                line = in.readLine();
                lineNo++;
            } while (line != null && (line.isBlank() || line.startsWith("%")));
            if (line == null) throw bad(file, lineNo, "expected the size line 'ROWS COLUMNS ENTRIES', got the end");
            String[] size = line.trim().split("\\s+");
            long m, n, k;
            try {
                if (size.length != 3) throw new NumberFormatException();
                m = Long.parseLong(size[0]);
                n = Long.parseLong(size[1]);
                k = Long.parseLong(size[2]);
            } catch (NumberFormatException e) {
                throw bad(file, lineNo, "expected the size line 'ROWS COLUMNS ENTRIES', got '" + line.trim() + "'");
            }
            if (m < 0 || n < 0 || k < 0)
                throw bad(file, lineNo, "sizes must not be negative, got '" + line.trim() + "'");
            if (k > Integer.MAX_VALUE / 2)
                throw bad(file, lineNo, "at most " + Integer.MAX_VALUE / 2 + " entries supported, got " + k);
            long[] rows = new long[(int) k], cols = new long[(int) k];
            double[] vals = new double[(int) k];
            int mirrored = 0;
            for (int e = 0; e < k; e++) {
                do {
                    line = in.readLine();
                    lineNo++;
                } while (line != null && (line.isBlank() || line.startsWith("%")));
                if (line == null) throw bad(file, lineNo, "expected " + k + " entries, got " + e);
                String[] f = line.trim().split("\\s+");
                if (f.length < (h.pattern() ? 2 : 3))
                    throw bad(
                            file,
                            lineNo,
                            "expected 'ROW COLUMN" + (h.pattern() ? "" : " VALUE") + "', got '" + line.trim() + "'");
                try {
                    rows[e] = Long.parseLong(f[0]) - 1;
                    cols[e] = Long.parseLong(f[1]) - 1;
                    vals[e] = h.pattern() ? 1.0 : Double.parseDouble(f[2]);
                } catch (NumberFormatException x) {
                    throw bad(file, lineNo, "expected numbers, got '" + line.trim() + "'");
                }
                if (rows[e] < 0 || rows[e] >= m || cols[e] < 0 || cols[e] >= n)
                    throw new IndexException("mmread: " + file + ", line " + lineNo + ": entry (" + (rows[e] + 1) + ", "
                            + (cols[e] + 1) + ") is outside the matrix of " + m + " x " + n + " (1-based)");
                if (h.mirror() != 0 && rows[e] != cols[e]) mirrored++;
            }
            return upload(rows, cols, vals, (int) k, mirrored, h.mirror(), new long[] {m, n});
        } catch (NoSuchFileException e) {
            throw new NdIOException("mmread: no such file: " + file, e);
        } catch (IOException e) {
            throw new NdIOException("mmread: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static CooMatrix upload(
            long[] rows, long[] cols, double[] vals, int k, int mirrored, int mirror, long[] shape) {
        int total = k + mirrored;
        double[] v = java.util.Arrays.copyOf(vals, total);
        long[] r = java.util.Arrays.copyOf(rows, total), c = java.util.Arrays.copyOf(cols, total);
        // SciPy appends each off-diagonal entry's mirror after the file's entries, in their order
        for (int e = 0, w = k; e < k && mirror != 0; e++) {
            if (rows[e] == cols[e]) continue;
            r[w] = cols[e];
            c[w] = rows[e];
            v[w] = mirror * vals[e];
            w++;
        }
        DType index = SparseChecks.indexFor(shape[0], shape[1], total);
        Device device = Device.current();
        long[] len = {total};
        return new CooMatrix(
                NDArray.fromHost(device, DType.FLOAT64, len, MemorySegment.ofArray(v)),
                indexArray(device, index, r),
                indexArray(device, index, c),
                shape,
                true);
    }

    private static NDArray indexArray(Device device, DType index, long[] v) {
        if (index == DType.INT64)
            return NDArray.fromHost(device, index, new long[] {v.length}, MemorySegment.ofArray(v));
        int[] narrow = new int[v.length];
        for (int i = 0; i < v.length; i++) narrow[i] = (int) v[i];
        return NDArray.fromHost(device, index, new long[] {v.length}, MemorySegment.ofArray(narrow));
    }

    /**
     * scipy.io.mmwrite: a "coordinate real" file of the matrix's entries (1-based), each value as
     * Java's shortest repr of its float32 or float64 value. As SciPy, a square matrix of fewer than
     * 100 rows that is symmetric (or skew-symmetric) is written as such, its lower triangle alone;
     * any other is "general".
     */
    static void write(Path file, SparseMatrix a) {
        Objects.requireNonNull(file, "mmwrite: file is null");
        Objects.requireNonNull(a, "mmwrite: a is null");
        Products.liveValues(a, "mmwrite");
        if (a.dtype.isComplex()) throw ComplexParts.unsupported("mmwrite", a.dtype);
        try (CooMatrix coo = a.tocoo();
                BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            long[] r = coo.row.toLongArray(), c = coo.col.toLongArray();
            double[] v = coo.data.toDoubleArray();
            boolean f32 = a.dtype == DType.FLOAT32;
            String symmetry = a.shape[0] == a.shape[1] && a.shape[0] < 100 ? symmetry(r, c, v) : "general";
            boolean lower = !symmetry.equals("general");
            int written = 0;
            for (int e = 0; e < v.length; e++) if (!lower || r[e] >= c[e]) written++;
            out.write("%%MatrixMarket matrix coordinate real " + symmetry + "\n%\n");
            out.write(a.shape[0] + " " + a.shape[1] + " " + written + "\n");
            StringBuilder b = new StringBuilder();
            for (int e = 0; e < v.length; e++) {
                if (lower && r[e] < c[e]) continue;
                b.setLength(0);
                b.append(r[e] + 1).append(' ').append(c[e] + 1).append(' ');
                b.append(f32 ? Float.toString((float) v[e]) : Double.toString(v[e]))
                        .append('\n');
                out.write(b.toString());
            }
        } catch (IOException e) {
            throw new NdIOException("mmwrite: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * SciPy's MMFile._get_symmetry for a sparse matrix: "general" unless the nonzeros above and below
     * the diagonal are as many, then "symmetric" or "skew-symmetric" where every entry (duplicates
     * summed) below the diagonal equals (or negates) its mirror, and for skew the diagonal is 0.
     */
    private static String symmetry(long[] r, long[] c, double[] v) {
        java.util.HashMap<java.util.List<Long>, Double> at = new java.util.HashMap<>();
        for (int e = 0; e < v.length; e++) at.merge(java.util.List.of(r[e], c[e]), v[e], Double::sum);
        long above = 0, below = 0;
        for (var en : at.entrySet()) {
            if (en.getValue() == 0) continue;
            long i = en.getKey().get(0), j = en.getKey().get(1);
            if (i < j) above++;
            else if (i > j) below++;
        }
        if (above != below) return "general";
        boolean symmetric = true, skew = true;
        for (var en : at.entrySet()) {
            long i = en.getKey().get(0), j = en.getKey().get(1);
            double aij = en.getValue();
            if (i == j) {
                skew &= aij == 0;
            } else if (i > j) {
                double aji = at.getOrDefault(java.util.List.of(j, i), 0.0);
                symmetric &= aij == aji;
                skew &= aij == -aji;
            }
        }
        return symmetric ? "symmetric" : skew ? "skew-symmetric" : "general";
    }
}
