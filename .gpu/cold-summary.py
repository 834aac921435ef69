"""One line per build and flags of a cold-ab.sh log: each run's figures and their median.
   python3 .gpu/cold-summary.py $OUT/cold-ab.log"""
import collections
import re
import sys

FIGURES = (("start (ms)", "JVM start"), ("add first 300", "add 1024 f32, per call, first"),
           ("sum first 300", "sum 1024 f32, per call, first"), ("add warm", "add 1024 f32, per call, after"),
           ("sum warm", "sum 1024 f32, per call, after"))
rows = collections.defaultdict(lambda: collections.defaultdict(list))
current = None
for line in open(sys.argv[1]):
    m = re.match(r"=== ColdStartBench (\w+) (?:\((.*)\) )?\(run", line)
    if m:
        flags = (m.group(2) or "").replace("-Djava.lang.invoke.MethodHandle.CUSTOMIZE_THRESHOLD=0", "").strip()
        current = f"{m.group(1)} {flags or '(no extra flags)'}"
        continue
    if line.startswith("=== "):
        current = None
    for name, prefix in FIGURES:
        if current and line.startswith(prefix):
            rows[current][name].append(float(line.split()[-2]))
for variant, figures in rows.items():
    cells = []
    for name, _ in FIGURES:
        v = figures[name]
        if v:
            cells.append(f"{name}: {' '.join(f'{x:.1f}' for x in v)} (median {sorted(v)[len(v) // 2]:.1f})")
    print(f"{variant}\n    " + "\n    ".join(cells))
