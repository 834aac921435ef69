"""Each launch of an ncu --csv metrics table as one line: kernel name (shortened), grid, block, and each metric.
python3 ncu_kernels.py FILE"""
import csv, io, sys
from collections import OrderedDict

text = open(sys.argv[1], errors="replace").read()
start = text.find('"ID"')
rows = list(csv.DictReader(io.StringIO(text[start:]))) if start >= 0 else []
launches = OrderedDict()
for r in rows:
    key = r["ID"]
    launches.setdefault(key, [r.get("Kernel Name", "?")[:70], r.get("Grid Size", ""), r.get("Block Size", "")]).append(
        r["Metric Name"].split("__")[-1][:20] + "=" + r["Metric Value"])
for v in launches.values():
    print(" | ".join(v))
