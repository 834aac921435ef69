package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;

/** The source rewriting of checked mode, without a device: which subscripts become checked accesses, and the checked spec. */
class CheckedIndexTest {
    private static final List<CheckedIndex.Target> X = List.of(
            new CheckedIndex.Target(null, "x", "float", "_nd_len_x", 0),
            new CheckedIndex.Target(null, "ix", "long", "_nd_len_ix", 1));

    private static String at(String array, int k, String index) {
        String storage = k == 0 ? "float" : "long";
        return "(*nd_checked_" + storage + "(" + array + ", _nd_len_" + array + ", rec, " + k + ", (long)(" + index
                + ")))";
    }

    @Test
    void subscriptsOfTheArraysAreRewrittenAndNothingElse() {
        assertEquals("y = " + at("x", 0, "i") + ";", CheckedIndex.rewrite("y = x[i];", X, "rec"));
        // spaces, an lvalue, a compound assignment, an address
        assertEquals(
                at("x", 0, "i + 1") + " = 2; " + at("x", 0, "0") + " += 1; p = &" + at("x", 0, "k") + ";",
                CheckedIndex.rewrite("x [i + 1] = 2; x[0] += 1; p = &x[k];", X, "rec"));
        // nested subscripts, brackets and a ternary inside the index
        assertEquals(
                at("x", 0, at("ix", 1, "a[i]") + " % (n - 1)"),
                CheckedIndex.rewrite("x[ix[a[i]] % (n - 1)]", X, "rec"));
        // other names, members, longer identifiers, comments and strings stay
        String untouched = "xs[i] + c.x[i] + p->x[i] + ax[i] + x_1[i] /* x[i] */ + f(\"x[i]\") // x[i]\n+ 'x'";
        assertEquals(untouched, CheckedIndex.rewrite(untouched, X, "rec"));
        // a name not followed by '[' stays (a pointer handed on is not checked: documented)
        assertEquals("f(x, i) + *(x + i)", CheckedIndex.rewrite("f(x, i) + *(x + i)", X, "rec"));
        // unbalanced text is left for the compiler to report
        assertEquals("y = x[i;", CheckedIndex.rewrite("y = x[i;", X, "rec"));
    }

    @Test
    void anOwnersMembersAreRewrittenWithTheOwner() {
        var t = List.of(new CheckedIndex.Target("this", "a", "int", "this->_nd_len_a", 0));
        assertEquals(
                "v = (*nd_checked_int(this->a, this->_nd_len_a, this->rec, 0, (long)(i)));",
                CheckedIndex.rewrite("v = this->a[i];", t, "this->rec"));
        assertEquals(
                "v = (*nd_checked_int(this->a, this->_nd_len_a, this->rec, 0, (long)(i)));",
                CheckedIndex.rewrite("v = this -> a[i];", t, "this->rec"));
        // a plain 'a', another owner's 'a', and 'this->a' not subscripted stay
        String untouched = "a[i] + that->a[i] + f(this->a) + this->a + other_this->a[i]";
        assertEquals(untouched, CheckedIndex.rewrite(untouched, t, "this->rec"));
    }

    @Test
    void theCheckedSpecAddsSizesAndTheRecord() {
        Spec s = new Spec(
                "k",
                List.of(
                        new Param("x", DType.FLOAT32, Kind.RAW),
                        new Param("v", DType.INT32, Kind.IN),
                        new Param("y", DType.FLOAT64, Kind.OUT)),
                "y = x[v];",
                "#define P 1\n",
                "int z = x[0];",
                "",
                List.of("-DQ=2"));
        Spec c = CheckedIndex.elementwise(s);
        assertEquals(
                List.of(
                        s.params().get(0),
                        s.params().get(1),
                        s.params().get(2),
                        new Param("_nd_len_x", DType.INT64, Kind.SCALAR),
                        new Param(CheckedIndex.RECORD, DType.INT64, Kind.RAW)),
                c.params());
        assertEquals("y = (*nd_checked_float(x, _nd_len_x, _nd_check, 0, (long)(v)));", c.body());
        assertEquals("int z = (*nd_checked_float(x, _nd_len_x, _nd_check, 0, (long)(0)));", c.loopPrep());
        assertTrue(c.preamble().endsWith("ND_CHECKED_ACCESS(float)\n#define P 1\n"), c.preamble());
        assertEquals(s.options(), c.options());
        assertEquals(
                List.of(new CheckedIndex.Target(null, "x", "float", "_nd_len_x", 0)), CheckedIndex.targets(c.params()));
        assertFalse(s.equals(c), "the checked spec is another kernel-cache key");
    }
}
