package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.exceptions.NdException;

/** Devices.checkList, the device-list check of Devices.parallel and Nd.scatter: every bad list names the operation and the index. */
class DeviceListCheckTest {

    @Test
    void badListsNameTheOperationAndIndex() {
        NullPointerException none = assertThrows(NullPointerException.class, () -> Devices.checkList("scatter", null));
        assertEquals("scatter: devices is null", none.getMessage());
        NdException empty = assertThrows(NdException.class, () -> Devices.checkList("scatter", List.of()));
        assertEquals("scatter: expected at least one device, got an empty list", empty.getMessage());
        List<Object> withNull = new ArrayList<>();
        withNull.add(Device.current());
        withNull.add(null);
        NdException nul = assertThrows(NdException.class, () -> Devices.checkList("Devices.parallel", withNull));
        assertEquals("Devices.parallel: expected devices, got null at index 1", nul.getMessage());
        NdException str = assertThrows(
                NdException.class,
                () -> Devices.checkList("scatter", List.of(Device.current(), Device.current(), "cuda:0")));
        assertEquals("scatter: expected devices, got a String at index 2", str.getMessage());
    }

    @Test
    void aListOfDevicesPasses() {
        assertDoesNotThrow(() -> Devices.checkList("scatter", List.of(Device.current(), Device.current())));
    }
}
