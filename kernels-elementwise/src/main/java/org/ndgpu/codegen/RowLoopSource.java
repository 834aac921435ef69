package org.ndgpu.codegen;

import static org.ndgpu.codegen.ElementwiseSource.address;
import static org.ndgpu.codegen.ElementwiseSource.laneOperand;
import static org.ndgpu.codegen.ElementwiseSource.laneStores;
import static org.ndgpu.codegen.ElementwiseSource.operand;
import static org.ndgpu.codegen.ElementwiseSource.readsOutput;
import static org.ndgpu.codegen.ElementwiseSource.statement;
import static org.ndgpu.codegen.ElementwiseSource.stores;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;

/**
 * The loop of an elementwise kernel of a row layout, which {@link ElementwiseSource} puts between
 * the kernel's pointer setup and its end: rows of the innermost dim to work-groups, its elements to
 * the group's threads.
 */
final class RowLoopSource {
    private RowLoopSource() {}

    /**
     * The loop of a row layout: work-group g takes rows g, g + groups, ...; the row's base offset of
     * each operand comes from decomposing the row index over the outer dims (once per row), then the
     * group's threads walk the innermost dim, {@code width} elements per step (one wide store per
     * output when {@code width} &gt; 1). {@code i} is still the flat C-order element index.
     */
    static String loop(Spec spec, List<Param> indexed, String ix, int nd, int width) {
        int in = nd - 1;
        var sb = new StringBuilder();
        sb.append("    const ")
                .append(ix)
                .append(" _inner = (")
                .append(ix)
                .append(")_d")
                .append(in)
                .append(";\n");
        sb.append("    const ").append(ix).append(" _rows = _n / _inner;\n");
        sb.append("    for (")
                .append(ix)
                .append(" _row = (")
                .append(ix)
                .append(")ND_GROUP_ID(); _row < _rows; _row += (")
                .append(ix)
                .append(")ND_NUM_GROUPS()) {\n");
        sb.append("        ").append(ix).append(" _r = _row, _q;\n");
        ElementwiseSource.offsets(sb, indexed, ix, in);
        for (Param p : indexed) {
            sb.append("        const ")
                    .append(ix)
                    .append(" _t_")
                    .append(p.name())
                    .append(" = (")
                    .append(ix)
                    .append(")_s")
                    .append(in)
                    .append("_")
                    .append(p.name())
                    .append(";\n");
        }
        sb.append("        for (")
                .append(ix)
                .append(" _c = (")
                .append(ix)
                .append(")ND_LOCAL_ID() * ")
                .append(width)
                .append("; _c < _inner; _c += (")
                .append(ix)
                .append(")ND_LOCAL_SIZE() * ")
                .append(width)
                .append(") {\n");
        for (Param p : indexed) {
            if (width > 1 && p.kind() == Kind.OUT) {
                String vt = CTypes.storage(p.dtype()) + width;
                sb.append("            ND_GLOBAL ")
                        .append(vt)
                        .append("* _a_")
                        .append(p.name())
                        .append(" = ")
                        .append(address(vt, p.name(), "_x_" + p.name() + " + _c * _t_" + p.name()))
                        .append(";\n");
                sb.append("            ").append(vt).append(" _w_").append(p.name());
                if (readsOutput(spec.body(), p.name())) sb.append(" = *_a_").append(p.name());
                sb.append(";\n");
            }
        }
        for (int l = 0; l < width; l++) {
            String c = width > 1 ? "(_c + " + l + ")" : "_c";
            sb.append("            {\n                const ")
                    .append(ix)
                    .append(" i = _row * _inner + ")
                    .append(c)
                    .append(";\n");
            for (Param p : indexed) {
                if (width > 1 && p.kind() == Kind.OUT) {
                    laneOperand(sb, "                ", spec, p, l);
                    continue;
                }
                String offset = "_x_" + p.name() + " + " + c + " * _t_" + p.name();
                operand(sb, "                ", spec, p, address(CTypes.storage(p.dtype()), p.name(), offset));
            }
            statement(sb, "                ", spec);
            if (width > 1) laneStores(sb, "                ", indexed, l);
            else stores(sb, "                ", indexed);
            sb.append("            }\n");
        }
        if (width > 1) {
            for (Param p : indexed)
                if (p.kind() == Kind.OUT)
                    sb.append("            *_a_")
                            .append(p.name())
                            .append(" = _w_")
                            .append(p.name())
                            .append(";\n");
        }
        sb.append("        }\n    }\n");
        return sb.toString();
    }
}
