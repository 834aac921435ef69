package com.example;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/** The smallest ndgpu program: column sums of a 3 x 4 arange, on the best device found. */
public final class Hello {
    private Hello() { }

    /** The column sums of arange(12).reshape(3, 4), as a Java array. */
    public static long[] columnSums() {
        try (NDArray a = Nd.arange(12).reshape(3, 4); NDArray s = a.sum(0)) {
            return s.toLongArray();
        }
    }

    public static void main(String[] args) {
        System.out.println("ndgpu on " + Device.current() + ": " + java.util.Arrays.toString(columnSums()));
    }
}
