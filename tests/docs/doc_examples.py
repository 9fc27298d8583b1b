#!/usr/bin/env python3
"""Runs the code examples of the documentation and compares what they print.

Convention (docs/README.md, "Examples are tested"): every fenced block of a markdown
file is one of

  ```python              a program, run with `exocc run` in the file's scratch directory
  ```sh                  shell commands, run by bash -e in that directory, with the
                         exocc under test first on PATH as `exocc`
  ```LANG file=NAME      a file (any language) written into the scratch directory
                         for later blocks; not run (`python file=m.py` is a module)
  ```output              what the runnable block just before it prints (stdout and
                         stderr together), compared exactly; `output exit=N` when that
                         block ends with status N (otherwise it must end with 0)
  ```LANG no-run         shown only: a fragment, a command of this machine's setup,
                         a sketch of a format

A runnable block with no output block must print nothing. Any other block is an error,
so a new example cannot silently go unchecked. Blocks of one markdown file share one
scratch directory, in file order; each file gets a fresh one.

usage: doc_examples.py --exocc EXOCC [--update] [--list] (--root REPO | FILE.md...)
  --root     the repository's README.md and every docs/**/*.md
  --update   rewrite each output block with what its example prints now
  --list     print each example's location and kind, run nothing
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(?P<indent> *)(?P<ticks>```+)(?P<info>.*)$")
RUNNABLE = {"python", "sh"}


class Block:
    def __init__(self, path, line, indent, info, body_lines, start, end):
        self.path = path
        self.line = line  # 1-based line of the opening fence
        self.indent = indent
        self.info = info
        words = info.split()
        self.lang = words[0] if words else ""
        self.attrs = {}
        for w in words[1:]:
            key, _, value = w.partition("=")
            self.attrs[key] = value if value else True
        self.body = "".join(body_lines)
        self.start = start  # index of the first body line in the file's lines
        self.end = end  # index of the closing fence

    def where(self):
        return f"{self.path}:{self.line}"


def parse_blocks(path, lines):
    blocks = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i].rstrip("\n"))
        if not m:
            i += 1
            continue
        indent, ticks = len(m.group("indent")), m.group("ticks")
        body = []
        j = i + 1
        while j < len(lines):
            close = lines[j].rstrip("\n")
            if close.strip() == ticks and close.startswith(" " * indent):
                break
            body.append(lines[j][indent:] if lines[j].startswith(" " * indent) else lines[j].lstrip(" "))
            j += 1
        if j == len(lines):
            raise SystemExit(f"{path}:{i + 1}: error: code block never closed")
        blocks.append(Block(path, i + 1, indent, m.group("info").strip(), body, i + 1, j))
        i = j + 1
    return blocks


def only_blank_between(lines, a, b):
    return all(not lines[k].strip() for k in range(a + 1, b))


class Example:
    def __init__(self, code, output):
        self.code = code
        self.output = output  # the output Block, or None


def plan(path, lines, blocks):
    """Pairs runnable blocks with their output blocks; returns the steps in file order
    (('file', block) or ('run', Example)) and the errors of the convention."""
    steps, errors = [], []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        if b.lang == "output":
            errors.append(f"{b.where()}: error: output block follows no runnable block")
        elif "no-run" in b.attrs:
            pass
        elif "file" in b.attrs:
            if b.attrs["file"] is True or os.path.isabs(b.attrs["file"]) or ".." in b.attrs["file"].split("/"):
                errors.append(f"{b.where()}: error: file= needs a relative name inside the scratch directory")
            else:
                steps.append(("file", b))
        elif b.lang in RUNNABLE:
            out = None
            if i + 1 < len(blocks) and blocks[i + 1].lang == "output" and only_blank_between(lines, b.end, blocks[i + 1].line - 1):
                out = blocks[i + 1]
                i += 1
            steps.append(("run", Example(b, out)))
        else:
            errors.append(f"{b.where()}: error: a ```{b.info} block must be "
                          "python, sh, output, or say file=NAME or no-run")
        i += 1
    return steps, errors


def run_example(ex, scratch, exocc_dir, exocc):
    env = dict(os.environ)
    env["PATH"] = exocc_dir + os.pathsep + env.get("PATH", "")
    env["EXO_CACHE_DIR"] = os.path.join(scratch, ".exo-cache")
    env["EXOCC"] = exocc
    env.pop("PYTHONPATH", None)
    if ex.code.lang == "python":
        script = os.path.join(scratch, "example.py")
        with open(script, "w") as f:
            f.write(ex.code.body)
        cmd = [exocc, "run", "example.py"]
    else:
        cmd = ["bash", "-e", "-o", "pipefail", "-c", ex.code.body]
    try:
        r = subprocess.run(cmd, cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out after 120 s"
    return r.returncode, r.stdout.decode("utf-8", "replace")


def expected_status(ex):
    if ex.output is None:
        return 0
    v = ex.output.attrs.get("exit", "0")
    return int(v) if str(v).isdigit() else 0


def diff(expected, actual):
    import difflib
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "documented", "printed"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exocc", required=True)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--root")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if args.root:
        args.files += [os.path.join(args.root, "README.md")]
        args.files += sorted(glob.glob(os.path.join(args.root, "docs", "**", "*.md"), recursive=True))
    if not args.files:
        ap.error("no markdown files (give FILE.md... or --root)")
    exocc = os.path.abspath(args.exocc)
    # `exocc` on PATH for sh blocks, whatever the built binary is called.
    bindir = tempfile.mkdtemp(prefix="exocc-doc-bin-")
    os.symlink(exocc, os.path.join(bindir, "exocc"))

    ran = failed = 0
    convention_errors = 0
    try:
        for path in args.files:
            with open(path) as f:
                lines = f.readlines()
            blocks = parse_blocks(path, lines)
            steps, errors = plan(path, lines, blocks)
            for e in errors:
                print(e)
            convention_errors += len(errors)
            if args.list:
                for kind, x in steps:
                    b = x if kind == "file" else x.code
                    print(f"{b.where()}: {kind} {b.lang}" + (f" {b.attrs['file']}" if kind == "file" else ""))
                continue
            scratch = tempfile.mkdtemp(prefix="exocc-doc-")
            replacements = []
            try:
                for kind, x in steps:
                    if kind == "file":
                        dest = os.path.join(scratch, x.attrs["file"])
                        os.makedirs(os.path.dirname(dest), exist_ok=True)
                        with open(dest, "w") as f:
                            f.write(x.body)
                        continue
                    ran += 1
                    status, out = run_example(x, scratch, bindir, exocc)
                    want = x.output.body if x.output else ""
                    if args.update and x.output is not None and status is not None:
                        replacements.append((x.output, out))
                        want = out
                    if status is None:
                        failed += 1
                        print(f"FAIL {x.code.where()}: {out}")
                    elif status != expected_status(x):
                        failed += 1
                        print(f"FAIL {x.code.where()}: exited {status}, documented {expected_status(x)}\n{out}")
                    elif out != want:
                        failed += 1
                        if x.output is None:
                            print(f"FAIL {x.code.where()}: printed output but has no ```output block:\n{out}")
                        else:
                            print(f"FAIL {x.code.where()}: output differs from {x.output.where()}:\n{diff(want, out)}")
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            if replacements:
                for block, out in sorted(replacements, key=lambda r: -r[0].start):
                    pad = " " * block.indent
                    new = [pad + l if l.strip() else l for l in out.splitlines(True)]
                    if new and not new[-1].endswith("\n"):
                        new[-1] += "\n"
                    lines[block.start:block.end] = new
                with open(path, "w") as f:
                    f.writelines(lines)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    if args.list:
        return 1 if convention_errors else 0
    print(f"{ran} examples run in {len(args.files)} files, {failed} failed, {convention_errors} blocks break the convention")
    return 1 if failed or convention_errors else 0


if __name__ == "__main__":
    sys.exit(main())
