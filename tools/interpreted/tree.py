import sys, collections
f = sys.argv[1]; root = sys.argv[2]; maxd = int(sys.argv[3]) if len(sys.argv) > 3 else 12; minv = float(sys.argv[4]) if len(sys.argv) > 4 else 8
ch = collections.defaultdict(list)
for line in open(f + '.edges'):
    p = line.split()
    incl, n, a, b = float(p[0]), float(p[1]), p[2], p[4]
    ch[a].append((incl, n, b))
def short(m): return m.replace('Lorg/ndgpu/', '').replace(';', '').replace('Ljava/', 'java/').replace('Ljdk/', 'jdk/')
def walk(m, d, seen):
    if d > maxd: return
    for incl, n, b in sorted(ch[m], reverse=True):
        if incl < minv: continue
        print('  ' * d + '%7.1f %5.2f %s' % (incl, n, short(b)))
        if b not in seen: walk(b, d + 1, seen | {b})
walk(root, 0, {root})
