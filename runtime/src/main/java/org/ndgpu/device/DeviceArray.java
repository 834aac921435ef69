package org.ndgpu.device;

import java.util.Map;

/**
 * An array in a device's memory, as the device runtime sees one: ndarray's {@code NDArray} is the
 * one kind. The runtime sits below the array module, so a {@link Graph} names the arrays it binds
 * by this type ({@link Graph#launch(Map)}), and the array module checks them.
 */
public interface DeviceArray {
    /** The device whose memory holds the array. */
    Device device();

    /** True after the array was closed. */
    boolean isClosed();
}
