package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class HelloTest {
    @Test
    void columnSumsAsNumPy() {
        assertArrayEquals(new long[]{12, 15, 18, 21}, Hello.columnSums());   // numpy.arange(12).reshape(3, 4).sum(0)
    }
}
