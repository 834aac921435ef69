package org.ndgpu.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The complex transcendental functions are compiled only into kernels that call one: the prelude's
 * ND_COMPLEX_MATH section is switched on by a call of each function it defines (read from the header),
 * and by nothing else.
 */
class DialectPreludeTest {
    private static final List<String> FUNCTIONS = List.of(
            "sin", "cos", "tan", "sinh", "cosh", "tanh", "exp2", "expm1", "log1p", "log2", "log10", "asin", "acos",
            "atan", "asinh", "acosh", "atanh");

    @Test
    void everyComplexMathFunctionSwitchesTheSectionOn() {
        for (Dialect d : Dialect.values()) {
            for (String f : FUNCTIONS) {
                for (String p : List.of("c64", "c128")) {
                    String body = "y = nd_" + p + "_" + f + "(x);";
                    String prelude = d.preludeFor(body);
                    assertTrue(prelude.startsWith("#define ND_COMPLEX_MATH 1\n"), d + " " + body);
                    assertTrue(prelude.endsWith(d.prelude()), d + " " + body);
                }
            }
        }
    }

    @Test
    void otherCallsLeaveItOff() {
        for (Dialect d : Dialect.values()) {
            for (String body : List.of(
                    "y = nd_c64_add(x, x);",
                    "y = nd_c128_exp(x);",
                    "y = nd_c128_log(x);",
                    "y = nd_c64_sqrt(x);",
                    "y = sin(x);",
                    "y = nd_c64_sinc(x);",
                    "")) {
                assertEquals(d.prelude(), d.preludeFor(body), d + " " + body);
            }
            assertFalse(d.prelude().startsWith("#define ND_COMPLEX_MATH"));
            var e = assertThrows(NullPointerException.class, () -> d.preludeFor(null));
            assertTrue(e.getMessage().contains("body is null"), e.getMessage());
        }
    }
}
