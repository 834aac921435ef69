"""Writes docs/scipy-map.md: every public name of scipy.special, scipy.ndimage and scipy.signal (their
__all__, from the SciPy installed here) with its ndgpu form, "not yet", or "not applicable" with the
reason, and the counts per module and in all.

A name counts as done when the module's facade (Special, Ndimage, Signal) or a supertype of its
package (a class it extends, an interface it implements) declares its lowerCamelCase form; the Java
sources are read, the class's extends and implements clauses included, so the
table follows the code (run it again after merging a branch that adds functions or interfaces).
Run from the repository root: python3 tools/scipy_map.py"""
import re
from pathlib import Path

import scipy
import scipy.ndimage
import scipy.signal
import scipy.special

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs/scipy-map.md"


class Module:
    def __init__(self, scipy_module, java_dir, facade, accessor, doc, not_applicable, aliases):
        self.scipy = scipy_module
        self.src = ROOT / java_dir
        self.facade = facade
        self.accessor = accessor
        self.doc = doc
        self.not_applicable = not_applicable
        self.aliases = aliases


MODULES = [
    Module(
        scipy.special,
        "special/src/main/java/org/ndgpu/special",
        "Special",
        "Nd.special()",
        "special.md",
        {
            "errstate": "a Python context manager for SciPy's error reporting; ndgpu's special functions follow "
            "SciPy's default ('ignore': NaN and infinities in the result, nothing raised)",
            "geterr": "reads SciPy's global error-reporting setting; ndgpu has no such global state "
            "(see `errstate`)",
            "seterr": "sets SciPy's global error-reporting setting; ndgpu has no such global state "
            "(see `errstate`)",
            "SpecialFunctionWarning": "a Python warning class of SciPy's error reporting; ndgpu raises no warnings",
            "SpecialFunctionError": "a Python exception class of SciPy's error reporting (see `errstate`)",
        },
        {},
    ),
    Module(
        scipy.ndimage,
        "ndimage/src/main/java/org/ndgpu/ndimage",
        "Ndimage",
        "Nd.ndimage()",
        "ndimage.md",
        {},
        {"sum": "sumLabels"},  # SciPy keeps sum as the old name of sum_labels
    ),
    Module(
        scipy.signal,
        "signal/src/main/java/org/ndgpu/signal",
        "Signal",
        "Nd.signal()",
        "signal.md",
        {
            "BadCoefficients": "a Python warning class; ndgpu raises no warnings (a bad design is an NdException)",
            "windows": "a submodule; its windows are reached by name through `getWindow`",
        },
        {},
    ),
]


def camel(name):
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def facade_files(m):
    """The facade class and the supertypes it extends or implements (those in the same package), and theirs."""
    files = [m.src / f"{m.facade}.java"]
    todo = [m.facade]
    while todo:
        cls = todo.pop()
        text = (m.src / f"{cls}.java").read_text()
        # the class's supertypes in its package: what it extends (Special's BesselFunctions, whose superclass
        # is ExpLogAndBetaFunctions) and implements; a sealed class's permits clause is not a supertype
        clause = re.search(r"\b(?:class|interface)\s+" + cls + r"\b([^{]*)\{", text, re.S)
        if clause:
            supers = re.sub(r"\bpermits\b.*", " ", clause.group(1), flags=re.S)
            for name in re.findall(r"\w+", re.sub(r"\b(extends|implements)\b", " ", supers)):
                f = m.src / f"{name}.java"
                if f.exists() and f not in files:
                    files.append(f)
                    todo.append(name)
    return files


def facade_methods(m):
    names = set()
    for f in facade_files(m):
        text = f.read_text()
        names.update(re.findall(r"^\s+(?:public|default)\s+(?!static)[\w<>\[\], ?.]+?\s+(\w+)\(", text, re.M))
    return names


def table(m):
    methods = facade_methods(m)
    rows, done, na = [], 0, 0
    for name in sorted(m.scipy.__all__, key=str.lower):
        c = m.aliases.get(name, camel(name))
        if c in methods:
            note = f" (SciPy's other name of `{_scipy_name(m, c)}`)" if name in m.aliases else ""
            rows.append(f"| `{name}` | `{m.accessor}.{c}`{note} |")
            done += 1
        elif name in m.not_applicable:
            rows.append(f"| `{name}` | not applicable: {m.not_applicable[name]} |")
            na += 1
        else:
            rows.append(f"| `{name}` | not yet |")
    return rows, done, na


def _scipy_name(m, c):
    return next(n for n in m.scipy.__all__ if camel(n) == c)


def main():
    sections, summary = [], []
    all_total = all_done = all_na = 0
    for m in MODULES:
        rows, done, na = table(m)
        total = len(rows)
        all_total += total
        all_done += done
        all_na += na
        name = m.scipy.__name__
        summary.append(f"| `{name}` | {done} | {na} | {total - done - na} | {total} |")
        sections.append(
            f"## `{name}`: {done} of {total}\n\n"
            f"`{m.accessor}`; parameters, dtypes and tolerances in [{m.doc}]({m.doc}).\n\n"
            "| SciPy | ndgpu |\n|---|---|\n" + "\n".join(rows) + "\n"
        )
    applicable = all_total - all_na
    summary.append(f"| in all | {all_done} | {all_na} | {all_total - all_done - all_na} | {all_total} |")
    text = (
        f"""# SciPy to ndgpu: scipy.special, scipy.ndimage, scipy.signal

Generated by `tools/scipy_map.py` from the code (the facades `Special`, `Ndimage` and `Signal` and the
interfaces they implement) and SciPy {scipy.__version__}'s `__all__` of each module; do not edit by hand, run
the script again.

**The naming rule.** `scipy.<module>.name_with_parts` is `Nd.<module>().nameWithParts` (lowerCamelCase),
SciPy's positional parameters in its order; results of several parts are records.

In all: {all_done} of {all_total} names have an ndgpu form; {all_na} are marked not applicable, with the
reason in the table, so {all_done} of the {applicable} applicable names ({100.0 * all_done / applicable:.1f}%)
have one.

| module | ndgpu form | not applicable | not yet | names |
|---|---|---|---|---|
"""
        + "\n".join(summary)
        + "\n\n"
        + "\n".join(sections)
    )
    OUT.write_text(text)
    print(f"{all_done} of {all_total} -> {OUT}")


if __name__ == "__main__":
    main()
