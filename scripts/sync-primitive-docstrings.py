#!/usr/bin/env python3
"""Keeps the scheduling primitives' docstrings in step with their reference entries.

The reference (docs/primitives/*.md) is the one source of truth. A primitive's
docstring in generator/lib/exo/API_scheduling.py, what `help(divide_loop)` prints, is
made from its entry: the paragraphs between the signature line and the first code
block (what it does, and **Checks:**), then a line naming the entry.

  scripts/sync-primitive-docstrings.py           rewrite the docstrings
  scripts/sync-primitive-docstrings.py --check   change nothing; exit 1 and name each
                                                 docstring that differs (ctest
                                                 primitive_docstrings runs this)
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API = os.path.join(ROOT, "generator", "lib", "exo", "API_scheduling.py")
DOCS = os.path.join(ROOT, "docs", "primitives")


def reference_texts():
    """name -> docstring body (lines without indentation) from the reference."""
    out = {}
    for path in sorted(glob.glob(os.path.join(DOCS, "*.md"))):
        rel = os.path.relpath(path, ROOT)
        with open(path) as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines):
            m = re.match(r"^## `([a-z_]+)`$", lines[i])
            if not m:
                i += 1
                continue
            name = m.group(1)
            j = i + 1
            while j < len(lines) and not lines[j].startswith("**Signature:**"):
                j += 1
            body = []
            k = j + 1
            while k < len(lines) and not lines[k].startswith("```") and not lines[k].startswith("## "):
                body.append(lines[k])
                k += 1
            while body and not body[0].strip():
                body.pop(0)
            while body and not body[-1].strip():
                body.pop()
            text = [l.replace("**Checks:**", "Checks:") for l in body]
            text += ["", f"Reference, with an example: {rel}#{name}"]
            out[name] = text
            i = k
    return out


def docstring_literal(lines):
    indented = ['    ' + l if l.strip() else '' for l in lines]
    first = indented[0].lstrip()
    body = "\n".join([first] + indented[1:])
    if '"""' in body or body.endswith("\\"):
        raise SystemExit(f"a reference text cannot be a docstring as is: {lines[0]!r}")
    return '    """' + body + '\n    """'


DEF = re.compile(r'^(@sched_op\(.*?\)\)?\n(?:@[^\n]*\n)*def (\w+)\((?:[^)]|\n)*?\):\n)(    """(?:.|\n)*?"""\n|    \'\'\'(?:.|\n)*?\'\'\'\n)?', re.M | re.S)


def main():
    check = "--check" in sys.argv[1:]
    texts = reference_texts()
    with open(API) as f:
        source = f.read()
    seen, stale = set(), []

    def replace(m):
        head, name, old = m.group(1), m.group(2), m.group(3)
        if name not in texts:
            return m.group(0)
        seen.add(name)
        new = docstring_literal(texts[name]) + "\n"
        if old != new:
            stale.append(name)
        return head + new

    updated = DEF.sub(replace, source)
    missing = sorted(set(texts) - seen)
    for name in missing:
        print(f"{name}: has a reference entry but no sched_op definition in {os.path.relpath(API, ROOT)}")
    if check:
        for name in stale:
            print(f"{name}: its docstring differs from its reference entry "
                  "(run scripts/sync-primitive-docstrings.py)")
        print(f"{len(seen)} docstrings checked, {len(stale)} stale")
        return 1 if stale or missing else 0
    if updated != source:
        with open(API, "w") as f:
            f.write(updated)
    print(f"{len(stale)} of {len(seen)} docstrings rewritten")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
