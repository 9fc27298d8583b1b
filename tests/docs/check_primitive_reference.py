#!/usr/bin/env python3
"""Every scheduling primitive exocc's exo.API_scheduling exports has a reference entry.

The primitives are the public names of exo.API_scheduling that upstream's own predicate
`is_atomic_scheduling_op` accepts (upstream's 57; exocc adds none), listed by the exocc
under test. Each needs, in docs/primitives/*.md, a section `## \`name\`` holding

  - `**Signature:** \`name(...)\``, the text `inspect.signature` gives in exocc, so the
    documented parameters and defaults are the real ones;
  - a runnable ```python block that calls the primitive, followed by its ```output block
    (doc_examples.py runs it and compares the output);
  - a `**Checks:**` paragraph (what makes the primitive refuse).

usage: check_primitive_reference.py EXOCC DOCS_PRIMITIVES_DIR
"""

import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import doc_examples  # noqa: E402

LIST_PRIMITIVES = """
import inspect
import exo.API_scheduling as api
for name in dir(api):
    if not name.startswith("_") and api.is_atomic_scheduling_op(getattr(api, name)):
        print(name + str(inspect.signature(getattr(api, name))))
"""


def sections(path):
    """(name, first line index, end line index) of each `## \\`name\\`` section."""
    with open(path) as f:
        lines = f.readlines()
    heads = [(i, m.group(1)) for i, l in enumerate(lines) if (m := re.match(r"^## `([a-z_]+)`\s*$", l))]
    out = []
    for k, (i, name) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        out.append((name, i, end))
    return lines, out


def main():
    exocc, docs_dir = sys.argv[1], sys.argv[2]
    r = subprocess.run([exocc, "-c", LIST_PRIMITIVES], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        print(f"FAIL: listing the primitives failed:\n{r.stderr}")
        return 1
    signatures = {line.split("(", 1)[0]: line for line in r.stdout.splitlines()}
    if not signatures:
        print("FAIL: exo.API_scheduling lists no primitives")
        return 1

    entries = {}
    for path in sorted(glob.glob(os.path.join(docs_dir, "*.md"))):
        lines, secs = sections(path)
        blocks = doc_examples.parse_blocks(path, lines)
        for name, lo, hi in secs:
            if name in entries:
                print(f"FAIL: {name} has two entries, {entries[name][0]} and {path}:{lo + 1}")
            entries[name] = (f"{path}:{lo + 1}", lines[lo:hi], [b for b in blocks if lo < b.line <= hi])

    failed = incomplete = 0
    for name in sorted(signatures):
        problems = []
        if name not in entries:
            problems.append("no `## `name`` section in " + docs_dir)
        else:
            where, text, blocks = entries[name]
            body = "".join(text)
            if f"**Signature:** `{signatures[name]}`" not in body:
                problems.append(f"{where}: no line '**Signature:** `{signatures[name]}`'")
            if "**Checks:**" not in body:
                problems.append(f"{where}: no **Checks:** paragraph")
            example = False
            for k, b in enumerate(blocks):
                if b.lang == "python" and not b.attrs and re.search(rf"\b{name}\(", b.body) \
                        and k + 1 < len(blocks) and blocks[k + 1].lang == "output":
                    example = True
            if not example:
                problems.append(f"{where}: no runnable python example calling {name}( followed by an output block")
        for p in problems:
            print(f"FAIL {name}: {p}")
        incomplete += bool(problems)
    failed = incomplete
    for name in sorted(set(entries) - set(signatures)):
        print(f"FAIL {name}: documented at {entries[name][0]} but not a primitive of exo.API_scheduling")
        failed += 1
    print(f"{len(signatures)} primitives, {len(signatures) - incomplete} with a complete reference entry, "
          f"{failed - incomplete} entries of no primitive")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
