"""Per-kernel summary of ncu --csv output (one row per launch, one column per metric): for each kernel
name, the launches, the median of each metric. python3 ncu_summary.py FILE..."""
import csv, io, statistics, sys
from collections import defaultdict

for path in sys.argv[1:]:
    text = open(path, errors="replace").read()
    start = text.find('"ID"')
    if start < 0:
        print(path, ": no ncu table"); continue
    rows = list(csv.DictReader(io.StringIO(text[start:])))
    by = defaultdict(lambda: defaultdict(list))
    order = []
    for r in rows:
        k = r.get("Kernel Name", "?")[:90]
        if k not in by: order.append(k)
        try: by[k][r["Metric Name"]].append(float(r["Metric Value"].replace(",", "")))
        except ValueError: pass
    print("==", path)
    for k in order:
        m = by[k]
        med = {n: statistics.median(v) for n, v in m.items()}
        launches = len(m.get("gpu__time_duration.sum", []))
        print(f"{k}\n   n={launches} " + " ".join(f"{n.split('__')[1][:28]}={med[n]:.4g}" for n in sorted(med)))
