// ndgpu's notebook start-up, after ndgpu.jsh (the JShell start-up's imports): plots and display.
import org.ndgpu.plot.*;
import org.ndgpu.display.Html;
import java.nio.file.Path;
