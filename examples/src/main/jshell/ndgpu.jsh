// ndgpu JShell start-up: the names a NumPy/CuPy user reaches for, imported. org.ndgpu.device is
// imported class by class: its Stream would shadow java.util.stream.Stream, which JShell imports;
// write org.ndgpu.device.Stream for a device stream. The device choice is logged once, by ndgpu.
import org.ndgpu.*;
import org.ndgpu.exceptions.*;
import org.ndgpu.config.Config;
import org.ndgpu.ndarray.*;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.elementwise.*;
import org.ndgpu.reduction.*;
import org.ndgpu.raw.*;
import org.ndgpu.fuse.*;
import org.ndgpu.linalg.*;
import org.ndgpu.routines.*;
Device.current();
System.out.println("Try: var a = Nd.arange(12).reshape(3, 4); a.sum(0)");
System.out.println("Temporaries: try (var scope = Nd.scope()) { ... } releases what the block made; Nd.scope(() -> expr) keeps expr");
