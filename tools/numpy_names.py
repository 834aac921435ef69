#!/usr/bin/env python3
"""Writes every public function of numpy, numpy.linalg, numpy.random.Generator and numpy.fft, one per
line as 'namespace<TAB>name', to ndgpu/src/test/resources/numpy-names.tsv. NumpyNameMapTest reads it
to generate docs/numpy-map.md (run this again when NumPy grows)."""
import inspect, sys
import numpy as np

def functions(mod):
    out = []
    for n in dir(mod):
        if n.startswith('_') or n == 'test':
            continue
        o = getattr(mod, n)
        if inspect.ismodule(o) or (inspect.isclass(o) and not isinstance(o, np.ufunc)):
            continue
        if callable(o):
            out.append(n)
    return sorted(out)

rows = [('numpy', n) for n in functions(np)]
rows += [('numpy.linalg', n) for n in functions(np.linalg)]
rows += [('numpy.random.Generator', n) for n in sorted(n for n in dir(np.random.default_rng())
                                                       if not n.startswith('_') and n not in ('bit_generator', 'spawn'))]
rows += [('numpy.fft', n) for n in functions(np.fft)]
path = sys.argv[1] if len(sys.argv) > 1 else 'ndgpu/src/test/resources/numpy-names.tsv'
with open(path, 'w') as f:
    f.write('# numpy %s: python3 tools/numpy_names.py\n' % np.__version__)
    for ns, n in rows:
        f.write('%s\t%s\n' % (ns, n))
