package org.ndgpu.reliability;

/**
 * Java semantics that HotSpot implements with signals: an integer division by zero in JIT-compiled
 * code is a SIGFPE turned into ArithmeticException, an implicit null check a SIGSEGV turned into
 * NullPointerException. A native library that takes those signals from the JVM breaks them silently.
 */
final class JavaSignals {
    private JavaSignals() {}

    private static int divide(int a, int b) {
        return a / b;
    }

    private static int length(String s) {
        return s.length();
    }

    /** Runs both checks hot enough for C2 to compile them; throws AssertionError when an exception went missing. */
    static void checkDivisionAndNullChecks() {
        int thrown = 0;
        long sum = 0;
        for (int i = 0; i < 400_000; i++) {
            try {
                sum += divide(i, i % 1000 == 0 ? 0 : 1);
            } catch (ArithmeticException e) {
                thrown++;
            }
        }
        long expectedSum = 399_999L * 400_000 / 2 - 1000L * (399 * 400 / 2);
        if (thrown != 400 || sum != expectedSum) {
            throw new AssertionError("integer division by zero: " + thrown + " ArithmeticExceptions of 400, sum " + sum
                    + " (expected " + expectedSum + "): a native library holds SIGFPE");
        }
        int npes = 0;
        String[] strings = {"ab", null};
        for (int i = 0; i < 400_000; i++) {
            try {
                length(strings[i % 1000 == 0 ? 1 : 0]);
            } catch (NullPointerException e) {
                npes++;
            }
        }
        if (npes != 400) throw new AssertionError("null checks: " + npes + " NullPointerExceptions of 400");
    }
}
