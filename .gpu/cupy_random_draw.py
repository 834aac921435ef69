"""How the CuPy random anchor scripts time one of the Generator's methods: on cupy.random.default_rng()
   where the Generator has it, else on the legacy cupy.random.RandomState (the row says which, after its
   figures), else a row saying CuPy lacks it. Each row runs on its own: a failure prints why."""
import cupy as cp
from cupy_timing import bench


def draw(sources, name, method, args, kwargs, nbytes, reps=10, warm=2):
    """Times getattr(source, method)(*args, **kwargs) on the first of sources (label, object) that has it
       and takes these arguments, and prints the row."""
    why = "no such method"
    for label, obj in sources:
        fn = getattr(obj, method, None)
        if fn is None:
            continue
        try:
            fn(*args, **kwargs)  # one call first: arguments this source refuses fall through to the next
        except Exception as ex:  # noqa: BLE001 - missing, refused or failing: the next source
            why = f"{label}: {type(ex).__name__}: {ex}"
            continue
        try:
            ms = bench(lambda: fn(*args, **kwargs), reps=reps, warm=warm)
        except Exception as ex:  # noqa: BLE001 - the row says why and the next row runs
            print(f"{name:40s} failed on {label}: {type(ex).__name__}: {ex}")
            return
        print(f"{name:40s} {ms:9.3f} ms {nbytes / ms / 1e6:9.1f} GB/s  [{label}]")
        return
    print(f"{name:40s} not in CuPy {cp.__version__}: {why}")
