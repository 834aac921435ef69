// ndgpu JShell start-up: the names a NumPy/CuPy user reaches for, imported.
import org.ndgpu.*;
import org.ndgpu.ndarray.*;
import org.ndgpu.device.*;
import org.ndgpu.elementwise.*;
import org.ndgpu.reduction.*;
import org.ndgpu.raw.*;
import org.ndgpu.fuse.*;
import org.ndgpu.linalg.*;
System.out.println("ndgpu on " + Device.current() + "\nTry: var a = Nd.arange(12).reshape(3, 4); a.sum(0)");
